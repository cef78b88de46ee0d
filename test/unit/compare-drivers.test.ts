import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { compareFacts, metricRows } from '../../shared/compare/compare.ts';
import { comparisonCsv } from '../../shared/compare/csv.ts';
import { driverFacts, withDriverFacts, type DriverSpans } from '../../shared/compare/driver-facts.ts';
import type { CarrierData, CarrierFacts } from '../../shared/compare/facts.ts';
import { resolveCompareParams, summaryParamsOf } from '../../shared/compare/params.ts';
import type { Assignment, DriverName } from '../../shared/drivers/types.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { dayStartMs } from '../../shared/util/day.ts';
import { roadsAlong } from '../support/day-parts.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const H = 3_600_000;
const params = resolveCompareParams();
const range = { from: '2026-03-02', to: '2026-03-02' };

function assignment(vehicleId: string, driverId: string, fromMs: number | null, toMs: number | null): Assignment {
  const id = `${vehicleId}|${fromMs ?? 'regular'}`;
  return { id, carrierId: 'a', driverId, vehicleId, fromMs, toMs, source: 'import', createdAt: 0 };
}

/**
 * ann drives v1 (regular), bob v2 until 10 h (dated), cal v4 (regular), dan v5 (regular, never moves);
 * v3, and v2 from 10 h, have nobody.
 */
const assignments = [
  assignment('v1', 'ann', null, null),
  assignment('v2', 'bob', 0, 10 * H),
  assignment('v4', 'cal', null, null),
  assignment('v5', 'dan', null, null),
];
const trip = (vehicleId: string, startMs: number, miles: number) => ({ vehicleId, startMs, miles });
const event = (vehicleId: string, startMs: number, kind: 'speeding' | 'over-limit' = 'speeding') => ({
  vehicleId,
  startMs,
  kind,
});
const spans: DriverSpans = {
  // ann 500 mi, bob 150 mi, cal 50 mi (too few to rank); 1,400 mi nobody's.
  trips: [
    trip('v1', 1 * H, 200),
    trip('v1', 5 * H, 300),
    trip('v2', 2 * H, 150),
    trip('v2', 12 * H, 400),
    trip('v3', 1 * H, 1000),
    trip('v4', 1 * H, 50),
  ],
  // ann 3 (6.00 per 1,000 mi), bob 1 (6.67), cal 1; 3 nobody's.
  events: [
    event('v1', 1.5 * H),
    event('v1', 6 * H),
    event('v1', 7 * H, 'over-limit'),
    event('v2', 9.9 * H),
    event('v2', 12.5 * H),
    event('v3', 2 * H),
    event('v3', 3 * H, 'over-limit'),
    event('v4', 1.2 * H),
  ],
};
const names = new Map<string, DriverName>([
  ['ann', { driverId: 'ann', username: 'ann.lee', firstName: 'Ann', lastName: 'Lee' }],
  ['bob', { driverId: 'bob', username: 'bob.ray', firstName: 'Bob', lastName: 'Ray' }],
]);

/** A compared carrier with `spans` analysed (the other facts empty). */
function carrier(id: string): CarrierFacts {
  const [f] = compareFacts(
    [{ carrierId: id, label: id.toUpperCase(), roster: [], days: [], driverSnapshots: [] }],
    range,
    params,
  ).carriers;
  return { ...f!, driverSpans: spans };
}
const cell = (f: CarrierFacts[], id: string, i = 0) => metricRows(f).find((r) => r.def.id === id)!.cells[i]!;

describe('Compare: drivers with events, from constructed assignments and analysis', () => {
  const d = driverFacts(spans, assignments, names)!;

  it('counts the drivers with an event at its start and the events nobody was assigned to', () => {
    expect(d.assignedDrivers).toBe(4);
    expect(d.driversWithEvents).toBe(3);
    expect([d.events, d.unassignedEvents]).toEqual([8, 3]);
  });

  it('ranks by events per 1,000 miles of the trips each driver started, leaving out drivers under 100 mi', () => {
    expect(d.top.map((t) => [t.driverId, t.events, t.miles])).toEqual([
      ['bob', 1, 150],
      ['ann', 3, 500],
    ]);
    expect(d.top[0]!.per1000Mi).toBeCloseTo(1000 / 150, 12);
    expect(d.rankedDrivers).toBe(2);
  });

  it("the table's rows: the figures, their basis, the worst drivers named", () => {
    const [f] = withDriverFacts([carrier('a')], new Map([['a', { assignments, names }]]));
    expect(cell([f!], 'drivers-with-events')).toMatchObject({ value: 3, text: '3', detail: 'of 4 assigned' });
    expect(cell([f!], 'drivers-unassigned-events')).toMatchObject({ value: 3 / 8, detail: '3 of 8 events' });
    expect(cell([f!], 'drivers-worst-per-1000mi')).toMatchObject({
      text: '6.67',
      detail: 'B. Ray (bob.ray) 6.67 (1 in 150 mi) · A. Lee (ann.lee) 6.00 (3 in 500 mi)',
    });
  });

  it('a carrier with no assignments shows "no assignments", never 0', () => {
    const [f] = withDriverFacts([carrier('b')], new Map([['b', { assignments: [], names: new Map() }]]));
    expect(f!.drivers).toBeNull();
    for (const id of ['drivers-with-events', 'drivers-unassigned-events', 'drivers-worst-per-1000mi'])
      expect(cell([f!], id), id).toMatchObject({ value: null, text: '—', detail: 'no assignments' });
  });

  it('a carrier whose assignments are not read yet is left pending, not "no assignments"', () => {
    const [f] = withDriverFacts([carrier('c')], new Map());
    expect(f!.drivers).toBeUndefined();
    expect(cell([f!], 'drivers-with-events')).toMatchObject({ value: null, detail: null });
  });

  it('the CSV carries the rows and each carrier\u2019s worst drivers with their figures', () => {
    const carriers = withDriverFacts(
      [carrier('a'), carrier('b')],
      new Map([
        ['a', { assignments, names }],
        ['b', { assignments: [], names: new Map() }],
      ]),
    );
    const rows = parseCsv(comparisonCsv({ range, params, carriers }));
    expect(rows.find((r) => r[1] === 'drivers-with-events')!.slice(5, 7)).toEqual(['3', '3']);
    expect(rows.filter((r) => r[0] === 'top-driver').map((r) => r.slice(1, 9))).toEqual([
      ['a', 'A', '1', 'bob', 'B. Ray (bob.ray)', '1', '150.00', '6.67'],
      ['a', 'A', '2', 'ann', 'A. Lee (ann.lee)', '3', '500.00', '6.00'],
      ['b', 'B', 'no assignments'],
    ]);
  });
});

describe('Compare: the drivers join reads the trip analysis', () => {
  // One truck on a road posted 50 mph: one run above the flat 70 mph (severe over the limit too) and one
  // moderate over the limit, then a stop.
  const day = range.from;
  const start = dayStartMs(day) + 6 * H;
  const points = generateTrack(
    [
      { kind: 'drive', minutes: 30, mph: 55 },
      { kind: 'drive', minutes: 10, mph: 72 },
      { kind: 'drive', minutes: 20, mph: 55 },
      { kind: 'drive', minutes: 10, mph: 63 },
      { kind: 'stop', minutes: 30 },
    ],
    { startMs: start, vehicleNumber: 'A-100' },
  );
  const chunks = toDayChunks('a-veh-0', points);
  const data: CarrierData = {
    carrierId: 'a',
    label: 'A',
    roster: [{ vehicleId: 'a-veh-0', number: 'A-100' }],
    days: chunks.map((chunk) => ({
      vehicleId: 'a-veh-0',
      day,
      chunk,
      summary: summarizeDay(chunk, summaryParamsOf(params)),
    })),
    driverSnapshots: [],
  };
  const [f] = compareFacts([data], range, params, analyzeTrack, roadsAlong(chunks, 50)).carriers;

  it("keeps the analysis's trips and its speeding and over-the-limit events, nothing else", () => {
    expect(f!.driverSpans!.trips).toHaveLength(f!.trips!.count);
    expect(f!.driverSpans!.trips.reduce((s, t) => s + t.miles, 0)).toBeCloseTo(f!.trips!.miles, 9);
    expect(f!.driverSpans!.events.map((e) => e.kind).sort()).toEqual(['over-limit', 'over-limit', 'speeding']);
  });

  it('a regular driver gets every event; an assignment starting after the drive leaves them all unassigned', () => {
    const regular = driverFacts(f!.driverSpans!, [{ ...assignment('a-veh-0', 'ann', null, null) }], names)!;
    expect([regular.driversWithEvents, regular.unassignedEvents, regular.events]).toEqual([1, 0, 3]);
    const later = driverFacts(f!.driverSpans!, [assignment('a-veh-0', 'ann', start + 4 * H, null)], names)!;
    expect([later.driversWithEvents, later.unassignedEvents, later.top]).toEqual([0, 3, []]);
  });

  it('the metrics alone (before the trip analysis) carry nothing to join', () => {
    expect(compareFacts([data], range, params).carriers[0]!.driverSpans).toBeUndefined();
  });
});
