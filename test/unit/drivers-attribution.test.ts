import { describe, expect, it } from 'vitest';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import { createAttributor, driverCells, driverLabel } from '../../shared/drivers/attribution.ts';
import { parseLocalDateTime } from '../../shared/drivers/local-date-time.ts';
import type { Assignment, DriverName, SpanAttribution } from '../../shared/drivers/types.ts';

const H = 3_600_000;
const ZONE = 'America/Chicago';

function dated(driverId: string, fromMs: number, toMs: number | null, vehicleId = 'v1'): Assignment {
  return {
    id: assignmentId(vehicleId, fromMs),
    carrierId: 'c1',
    driverId,
    vehicleId,
    fromMs,
    toMs,
    source: 'manual',
    createdAt: 0,
  };
}
function regular(driverId: string, vehicleId = 'v1'): Assignment {
  return { ...dated(driverId, 0, null, vehicleId), id: assignmentId(vehicleId, null), fromMs: null };
}
/** A Chicago wall-clock time, through the same reader an import uses. */
function local(text: string): number {
  const r = parseLocalDateTime(text, ZONE);
  if (!r.ok) throw new Error(r.problem);
  return r.ms;
}

const DAY = Date.UTC(2026, 4, 12);

describe('attribution at an instant', () => {
  it('a dated assignment wins over the regular driver only inside [from, to)', () => {
    const a = createAttributor([regular('alice'), dated('bob', DAY + 10 * H, DAY + 14 * H)]);
    expect(a.at('v1', DAY + 10 * H - 1)).toEqual({ kind: 'regular', driverId: 'alice', assignmentId: 'v1|regular' });
    expect(a.at('v1', DAY + 10 * H)).toEqual({ kind: 'dated', driverId: 'bob', assignmentId: `v1|${DAY + 10 * H}` });
    expect(a.at('v1', DAY + 14 * H - 1)).toMatchObject({ kind: 'dated', driverId: 'bob' });
    expect(a.at('v1', DAY + 14 * H)).toMatchObject({ kind: 'regular', driverId: 'alice' });
  });

  it('is unassigned where nothing covers: no assignments, or outside a vehicle’s dated ones', () => {
    const a = createAttributor([dated('bob', DAY + 10 * H, DAY + 14 * H, 'v3')]);
    expect(a.at('v2', DAY + 12 * H)).toEqual({ kind: 'unassigned' });
    expect(a.at('v3', DAY + 9 * H)).toEqual({ kind: 'unassigned' });
    expect(a.at('v3', DAY + 15 * H)).toEqual({ kind: 'unassigned' });
    expect(a.at('v3', DAY + 11 * H)).toMatchObject({ driverId: 'bob' });
  });

  it('an open-ended dated assignment covers every later instant, and finds the right one among many', () => {
    const rows = Array.from({ length: 50 }, (_, i) => dated(`d${i}`, DAY + i * H, DAY + i * H + H / 2));
    rows.push(dated('last', DAY + 100 * H, null));
    const a = createAttributor(rows.reverse());
    for (let i = 0; i < 50; i++) {
      expect(a.at('v1', DAY + i * H + H / 4)).toMatchObject({ driverId: `d${i}` });
      expect(a.at('v1', DAY + i * H + (3 * H) / 4)).toEqual({ kind: 'unassigned' });
    }
    expect(a.at('v1', DAY + 10_000 * H)).toMatchObject({ kind: 'dated', driverId: 'last' });
  });
});

describe('attribution over a span', () => {
  it('an assignment change mid-day: trips before keep one driver, the trip across it names both', () => {
    const a = createAttributor([dated('alice', DAY + 6 * H, DAY + 12 * H), dated('bob', DAY + 12 * H, null)]);
    expect(a.during('v1', DAY + 8 * H, DAY + 11 * H)).toEqual({
      start: { kind: 'dated', driverId: 'alice', assignmentId: `v1|${DAY + 6 * H}` },
      changedTo: [],
    });
    expect(a.during('v1', DAY + 11 * H, DAY + 13 * H).changedTo).toEqual(['bob']);
    expect(a.during('v1', DAY + 12 * H, DAY + 13 * H)).toMatchObject({ start: { driverId: 'bob' }, changedTo: [] });
  });

  it('a change back to the same driver is listed; a change to nobody is null', () => {
    const a = createAttributor([regular('alice'), dated('bob', DAY + 10 * H, DAY + 11 * H)]);
    expect(a.during('v1', DAY + 9 * H, DAY + 12 * H).changedTo).toEqual(['bob', 'alice']);
    const b = createAttributor([dated('alice', DAY + 10 * H, DAY + 11 * H)]);
    expect(b.during('v1', DAY + 10.5 * H, DAY + 11.5 * H).changedTo).toEqual([null]);
    expect(b.during('v1', DAY + 9 * H, DAY + 12 * H)).toEqual({
      start: { kind: 'unassigned' },
      changedTo: ['alice', null],
    });
  });

  it('a dated assignment of the regular driver is no change of driver', () => {
    const a = createAttributor([regular('alice'), dated('alice', DAY + 10 * H, DAY + 11 * H)]);
    expect(a.during('v1', DAY + 9 * H, DAY + 12 * H).changedTo).toEqual([]);
  });

  it('back-to-back assignments of one driver collapse into no change', () => {
    const a = createAttributor([dated('alice', DAY, DAY + H), dated('alice', DAY + H, DAY + 2 * H)]);
    expect(a.during('v1', DAY, DAY + 2 * H - 1).changedTo).toEqual([]);
  });

  it('counts a change at the span’s end instant, not at its start instant', () => {
    const a = createAttributor([regular('alice'), dated('bob', DAY + 10 * H, null)]);
    expect(a.during('v1', DAY + 9 * H, DAY + 10 * H).changedTo).toEqual(['bob']);
    expect(a.during('v1', DAY + 9 * H, DAY + 10 * H - 1).changedTo).toEqual([]);
    expect(a.during('v1', DAY + 10 * H, DAY + 11 * H)).toMatchObject({ start: { driverId: 'bob' }, changedTo: [] });
  });

  it('across the home zone’s midnight: an overnight assignment covers both local days', () => {
    // 22:00 CDT on May 1 is 03:00 UTC on May 2; 06:00 CDT on May 2 is 11:00 UTC.
    const from = local('2026-05-01T22:00');
    const to = local('2026-05-02T06:00');
    expect([from, to]).toEqual([Date.UTC(2026, 4, 2, 3), Date.UTC(2026, 4, 2, 11)]);
    const a = createAttributor([regular('day'), dated('night', from, to)]);
    expect(a.at('v1', local('2026-05-01T23:59'))).toMatchObject({ driverId: 'night' });
    expect(a.at('v1', local('2026-05-02T00:30'))).toMatchObject({ driverId: 'night' });
    expect(a.at('v1', local('2026-05-01T21:59'))).toMatchObject({ driverId: 'day' });
    expect(a.during('v1', local('2026-05-01T23:00'), local('2026-05-02T01:00')).changedTo).toEqual([]);
    expect(a.during('v1', local('2026-05-02T05:00'), local('2026-05-02T07:00')).changedTo).toEqual(['day']);
  });

  it('across the spring-forward change: a 00:00–04:00 local assignment lasts three hours', () => {
    const from = local('2026-03-08T00:00'); // CST, 06:00 UTC
    const to = local('2026-03-08T04:00'); // CDT, 09:00 UTC
    expect([from, to]).toEqual([Date.UTC(2026, 2, 8, 6), Date.UTC(2026, 2, 8, 9)]);
    const a = createAttributor([dated('alice', from, to), dated('bob', to, null)]);
    expect(a.at('v1', to - 1)).toMatchObject({ driverId: 'alice' });
    expect(a.at('v1', to)).toMatchObject({ driverId: 'bob' });
    expect(a.during('v1', local('2026-03-08T01:30'), local('2026-03-08T03:30')).changedTo).toEqual([]);
    expect(a.during('v1', local('2026-03-08T03:30'), local('2026-03-08T04:30')).changedTo).toEqual(['bob']);
  });

  it('across the fall-back change: a 00:00–03:00 local assignment lasts four hours, 01:30 is the first one', () => {
    const from = local('2026-11-01T00:00'); // CDT, 05:00 UTC
    const to = local('2026-11-01T03:00'); // CST, 09:00 UTC
    expect([from, to]).toEqual([Date.UTC(2026, 10, 1, 5), Date.UTC(2026, 10, 1, 9)]);
    expect(local('2026-11-01T01:30')).toBe(Date.UTC(2026, 10, 1, 6, 30));
    expect(local('2026-11-01T01:30-06:00')).toBe(Date.UTC(2026, 10, 1, 7, 30));
    const a = createAttributor([dated('alice', from, to), dated('bob', to, null)]);
    expect(a.at('v1', local('2026-11-01T01:30-06:00'))).toMatchObject({ driverId: 'alice' });
    expect(a.at('v1', to)).toMatchObject({ driverId: 'bob' });
  });
});

const NAMES = new Map<string, DriverName>([
  ['alice', { driverId: 'alice', username: 'asmith', firstName: 'Alice', lastName: 'Smith' }],
  ['bob', { driverId: 'bob', username: 'bjones', firstName: 'Bob', lastName: 'Jones' }],
]);
const span = (start: SpanAttribution['start'], changedTo: (string | null)[] = []): SpanAttribution => ({
  start,
  changedTo,
});

describe('driver cells and labels', () => {
  it('name the start driver and how the attribution was made', () => {
    const s = span({ kind: 'dated', driverId: 'alice', assignmentId: 'x' });
    expect(driverCells(s, NAMES)).toEqual({
      driver_username: 'asmith',
      driver_name: 'Alice Smith',
      assignment: 'dated',
    });
    expect(driverLabel(s, NAMES)).toBe('A. Smith (asmith)');
    const r = span({ kind: 'regular', driverId: 'bob', assignmentId: 'y' });
    expect(driverCells(r, NAMES).assignment).toBe('regular');
  });

  it('leave the driver empty when unassigned, and show a driver the roster lacks by id', () => {
    expect(driverCells(span({ kind: 'unassigned' }), NAMES)).toEqual({
      driver_username: '',
      driver_name: '',
      assignment: 'unassigned',
    });
    expect(driverLabel(span({ kind: 'unassigned' }), NAMES)).toBe('Unassigned');
    const ghost = span({ kind: 'regular', driverId: 'd9', assignmentId: 'z' });
    expect(driverCells(ghost, NAMES)).toEqual({ driver_username: 'd9', driver_name: '', assignment: 'regular' });
    expect(driverLabel(ghost, NAMES)).toBe('d9');
  });

  it('name every driver of a span whose assignment changed', () => {
    const s = span({ kind: 'dated', driverId: 'alice', assignmentId: 'x' }, ['bob', null]);
    expect(driverCells(s, NAMES)).toEqual({
      driver_username: 'asmith',
      driver_name: 'Alice Smith',
      assignment: 'changed: asmith → bjones → unassigned',
    });
    expect(driverLabel(span({ kind: 'dated', driverId: 'alice', assignmentId: 'x' }, ['bob']), NAMES)).toBe(
      'A. Smith → B. Jones (assignment changed during the trip)',
    );
    expect(driverCells(span({ kind: 'unassigned' }, ['alice']), NAMES)).toMatchObject({
      driver_username: '',
      assignment: 'changed: unassigned → asmith',
    });
  });
});
