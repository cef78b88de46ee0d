import { describe, expect, it } from 'vitest';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import {
  ASSIGNMENTS_CSV_LIMITS,
  assignmentsCsv,
  checkAssignment,
  isAssignment,
  parseAssignmentsCsv,
  type AssignmentsImportContext,
} from '../../shared/drivers/assignments-csv.ts';
import type { Assignment, DriverName, VehicleName } from '../../shared/drivers/types.ts';

const ZONE = 'America/Chicago';
const NOW = Date.UTC(2026, 10, 20, 12);
const DRIVERS: DriverName[] = [
  { driverId: 'd1', username: 'asmith', firstName: 'Alice', lastName: 'Smith' },
  { driverId: 'd2', username: 'bjones', firstName: 'Bob', lastName: 'Jones' },
  { driverId: 'd3', username: '=odd,name', firstName: 'Odd', lastName: 'Name' },
];
const VEHICLES: VehicleName[] = [
  { vehicleId: 'v1', number: 'T-101', vin: '1HGCM82633A004352' },
  { vehicleId: 'v2', number: 'T-102', vin: '1HGCM82633A004353' },
  { vehicleId: 'v3', number: 'DUP', vin: '1HGCM82633A004354' },
  { vehicleId: 'v4', number: 'DUP', vin: '1HGCM82633A004355' },
];
const ctx = (over: Partial<AssignmentsImportContext> = {}): AssignmentsImportContext => ({
  carrierId: 'c1',
  zone: ZONE,
  drivers: DRIVERS,
  vehicles: VEHICLES,
  kept: [],
  now: NOW,
  ...over,
});
const file = (...rows: string[]) => ['driver,vehicle,from,to', ...rows].join('\n');

function parsed(text: string, c = ctx()): Assignment[] {
  const r = parseAssignmentsCsv(text, c);
  if (!r.ok) throw new Error(r.errors.join(' '));
  return r.assignments;
}
function errors(text: string, c = ctx()): string[] {
  const r = parseAssignmentsCsv(text, c);
  return r.ok ? [] : r.errors;
}

describe('reading an assignments file', () => {
  it('resolves drivers and vehicles by every name the issue allows, and local times in the home zone', () => {
    const rows = parsed(
      file(
        'ASMITH,T-101,2026-05-01T08:00,2026-05-01 17:30:15',
        'd2,1hgcm82633a004353,2026-05-01T08:00Z,',
        'bjones,v1,,',
        'asmith,v3,2026-05-02T08:00+02:00,',
      ),
    );
    expect(rows).toEqual([
      {
        id: `v1|${Date.UTC(2026, 4, 1, 13)}`,
        carrierId: 'c1',
        driverId: 'd1',
        vehicleId: 'v1',
        fromMs: Date.UTC(2026, 4, 1, 13),
        toMs: Date.UTC(2026, 4, 1, 22, 30, 15),
        source: 'import',
        createdAt: NOW,
      },
      expect.objectContaining({ driverId: 'd2', vehicleId: 'v2', fromMs: Date.UTC(2026, 4, 1, 8), toMs: null }),
      expect.objectContaining({ id: 'v1|regular', driverId: 'd2', vehicleId: 'v1', fromMs: null, toMs: null }),
      expect.objectContaining({ vehicleId: 'v3', fromMs: Date.UTC(2026, 4, 2, 6) }),
    ]);
  });

  it('tolerates a BOM, CRLF, quoted cells, blank lines and columns in another order', () => {
    const text = '\uFEFFTo,Vehicle,Driver,From\r\n\r\n"2026-05-01T17:00","T-101","asmith","2026-05-01T08:00"\r\n';
    expect(parsed(text)).toEqual([
      expect.objectContaining({ driverId: 'd1', fromMs: Date.UTC(2026, 4, 1, 13), toMs: Date.UTC(2026, 4, 1, 22) }),
    ]);
  });

  it('names the line of each bad row, counting line breaks inside quoted cells', () => {
    const text = file('"bob\nby",T-101,,', 'nobody,T-101,,', 'asmith,T-999,,');
    expect(errors(text)).toEqual([
      'Row 2: unknown driver "bob\nby" (no username or driver id of this carrier).',
      'Row 4: unknown driver "nobody" (no username or driver id of this carrier).',
      'Row 5: unknown vehicle "T-999" (no unit number, VIN or vehicle id of this carrier).',
    ]);
  });

  it('refuses an ambiguous unit number but takes the same vehicle by VIN', () => {
    expect(errors(file('asmith,DUP,,'))).toEqual([
      'Row 2: the unit number "DUP" names 2 vehicles; give the VIN or vehicle id.',
    ]);
    expect(parsed(file('asmith,1HGCM82633A004355,,'))[0]!.vehicleId).toBe('v4');
  });

  it('refuses a `to` at or before `from`, a `to` without `from`, and bad date-times', () => {
    expect(errors(file('asmith,T-101,2026-05-01T08:00,2026-05-01T08:00'))).toEqual([
      'Row 2: `to` (2026-05-01T08:00) is not after `from` (2026-05-01T08:00).',
    ]);
    expect(errors(file('asmith,T-101,2026-05-01T08:00,2026-05-01T07:00'))).toHaveLength(1);
    expect(errors(file('asmith,T-101,,2026-05-01T07:00'))[0]).toMatch(/^Row 2: has a `to` without a `from`/);
    expect(errors(file('asmith,T-101,2026-02-30T08:00,'))).toEqual([
      'Row 2: from: "2026-02-30T08:00" is not a real date and time.',
    ]);
    expect(errors(file('asmith,T-101,May 1,'))[0]).toMatch(/^Row 2: from: "May 1" is not a date-time like/);
    expect(errors(file('asmith,T-101,2026-05-01T08:00+15:00,'))[0]).toMatch(/offset no zone uses/);
  });

  it('refuses a local time the zone skips, naming it, and takes the first of a repeated one', () => {
    expect(errors(file('asmith,T-101,2026-03-08T02:30,'))).toEqual([
      'Row 2: from: "2026-03-08T02:30" does not exist in America/Chicago (the clocks skip it); give a time outside the skipped hour or an offset.',
    ]);
    expect(parsed(file('asmith,T-101,2026-11-01T01:30,'))[0]!.fromMs).toBe(Date.UTC(2026, 10, 1, 6, 30));
  });

  it('refuses overlapping rows of one vehicle within the file, and two regular drivers', () => {
    const text = file(
      'asmith,T-101,2026-05-01T08:00,2026-05-01T12:00',
      'bjones,T-102,2026-05-01T09:00,',
      'bjones,T-101,2026-05-01T11:59,2026-05-01T18:00',
      'asmith,T-101,2026-05-01T12:00,',
      'asmith,T-102,,',
      'bjones,v2,,',
    );
    expect(errors(text)).toEqual([
      'Row 4: overlaps row 2; T-101 cannot have two drivers at once.',
      'Row 5: overlaps row 4; T-101 cannot have two drivers at once.',
      'Row 7: T-102 already has a regular driver in row 6.',
    ]);
  });

  it('finds an overlap with an earlier open-ended row even past rows in between', () => {
    const text = file('asmith,T-101,2026-05-01T08:00,', 'bjones,T-101,2026-05-03T08:00,2026-05-03T09:00');
    expect(errors(text)).toEqual(['Row 3: overlaps row 2; T-101 cannot have two drivers at once.']);
  });

  it('refuses a row overlapping a kept assignment that is not the same, and counts identical rows unchanged', () => {
    const first = parsed(file('asmith,T-101,2026-05-01T08:00,2026-05-01T12:00', 'bjones,T-102,,'));
    const again = parseAssignmentsCsv(
      file('asmith,T-101,2026-05-01T08:00,2026-05-01T12:00', 'bjones,T-102,,'),
      ctx({ kept: first }),
    );
    expect(again).toEqual({ ok: true, assignments: [], unchanged: 2 });
    expect(errors(file('bjones,T-101,2026-05-01T11:00,2026-05-01T13:00'), ctx({ kept: first }))).toEqual([
      "Row 2: overlaps T-101's kept assignment from 2026-05-01T08:00:00-05:00 to 2026-05-01T12:00:00-05:00; remove or end that one first.",
    ]);
    // Another carrier's assignments never clash.
    const elsewhere = first.map((a) => ({ ...a, carrierId: 'c2' }));
    expect(parsed(file('bjones,T-101,2026-05-01T11:00,2026-05-01T13:00'), ctx({ kept: elsewhere }))).toHaveLength(1);
    // A new regular driver replaces the kept one (same id).
    expect(parsed(file('asmith,T-102,,'), ctx({ kept: first }))).toEqual([
      expect.objectContaining({ id: 'v2|regular', driverId: 'd1' }),
    ]);
  });

  it('requires the header', () => {
    expect(errors('asmith,T-101,,')).toEqual([
      'The first line must be the header driver,vehicle,from,to (any order); it is "asmith,T-101,,".',
    ]);
    expect(errors('driver,vehicle,from,to,notes\nasmith,T-101,,,')[0]).toMatch(/^The first line must be the header/);
    expect(errors('driver,vehicle,from,from\n')[0]).toMatch(/^The first line must be the header/);
    expect(errors('')).toEqual(['The file is empty; it needs the header driver,vehicle,from,to.']);
    expect(errors(file('asmith,T-101,'))).toEqual(['Row 2: has 3 cells where the header has 4.']);
  });

  it('is bounded: text size, rows and cells', () => {
    expect(errors('x'.repeat(ASSIGNMENTS_CSV_LIMITS.maxChars + 1))).toEqual([
      'The file is larger than 2 MB of text; split it.',
    ]);
    const many = file(...Array.from({ length: ASSIGNMENTS_CSV_LIMITS.maxRows + 1 }, () => 'asmith,T-101,,'));
    expect(errors(many)).toEqual([
      `The file has ${ASSIGNMENTS_CSV_LIMITS.maxRows + 1} rows; at most 20000 are read at once.`,
    ]);
    expect(errors(file(`${'a'.repeat(201)},T-101,,`))).toEqual([
      'Row 2: the driver cell is longer than 200 characters.',
    ]);
    expect(errors('driver,vehicle,from,to\n"asmith,T-101,,')[0]).toMatch(/^The file is not a readable CSV/);
  });

  it('is all-or-nothing: one bad row refuses the good ones', () => {
    const r = parseAssignmentsCsv(file('asmith,T-101,,', 'nobody,T-102,,'), ctx());
    expect(r.ok).toBe(false);
  });
});

describe('writing an assignments file', () => {
  const names = {
    zone: ZONE,
    drivers: new Map(DRIVERS.map((d) => [d.driverId, d])),
    vehicles: new Map(VEHICLES.map((v) => [v.vehicleId, v])),
  };

  it('reads back to the same assignments, across both DST changes and with cells needing quotes', () => {
    const original = parsed(
      file(
        'bjones,T-102,2026-11-01T01:30-05:00,2026-11-01T01:30-06:00',
        'asmith,T-101,2026-03-07T22:00,2026-03-08T04:00',
        '"=odd,name",T-101,2026-03-08T04:00,',
        'asmith,T-102,,',
        'bjones,v4,2026-06-01T00:00,',
        'bjones,v3,,',
      ),
    );
    const text = assignmentsCsv(original, names);
    expect(text.split('\r\n')).toEqual([
      'driver,vehicle,from,to',
      'asmith,T-101,2026-03-07T22:00:00-06:00,2026-03-08T04:00:00-05:00',
      `"'=odd,name",T-101,2026-03-08T04:00:00-05:00,`,
      'asmith,T-102,,',
      'bjones,T-102,2026-11-01T01:30:00-05:00,2026-11-01T01:30:00-06:00',
      'bjones,v3,,',
      'bjones,v4,2026-06-01T00:00:00-05:00,',
      '',
    ]);
    const back = parseAssignmentsCsv(text, ctx());
    expect(back.ok && back.assignments).toEqual(expect.arrayContaining(original));
    expect(back.ok && back.assignments.length).toBe(original.length);
    expect(parseAssignmentsCsv(text, ctx({ kept: original }))).toEqual({ ok: true, assignments: [], unchanged: 6 });
  });
});

describe('single assignments', () => {
  const base: Assignment = {
    id: assignmentId('v1', 1000),
    carrierId: 'c1',
    driverId: 'd1',
    vehicleId: 'v1',
    fromMs: 1000,
    toMs: 5000,
    source: 'manual',
    createdAt: NOW,
  };
  const at = (fromMs: number, toMs: number | null, vehicleId = 'v1'): Assignment => ({
    ...base,
    id: assignmentId(vehicleId, fromMs),
    vehicleId,
    fromMs,
    toMs,
  });

  it('checkAssignment refuses overlaps of one vehicle, allows touching ones, other vehicles and edits of itself', () => {
    expect(checkAssignment(at(4000, 6000), [base])).toMatch(/already has a driver assigned/);
    expect(checkAssignment(at(0, null), [base])).toMatch(/already has a driver assigned/);
    expect(checkAssignment(at(5000, 6000), [base])).toBeNull();
    expect(checkAssignment(at(4000, 6000, 'v2'), [base])).toBeNull();
    expect(checkAssignment({ ...base, toMs: 9000 }, [base])).toBeNull();
    expect(checkAssignment({ ...base, toMs: 1000 }, [])).toMatch(/incomplete or malformed/);
  });

  it('isAssignment takes exactly the fields, the id form and bounded text', () => {
    expect(isAssignment(base)).toBe(true);
    expect(isAssignment({ ...base, id: 'v1|regular' })).toBe(false);
    expect(isAssignment({ ...base, extra: 1 })).toBe(false);
    expect(isAssignment({ ...base, driverId: 'x'.repeat(201) })).toBe(false);
    expect(isAssignment({ ...base, driverId: '' })).toBe(false);
    expect(isAssignment({ ...base, toMs: 1000 })).toBe(false);
    expect(isAssignment({ ...base, fromMs: 1.5, id: 'v1|1.5' })).toBe(false);
    expect(isAssignment({ ...base, source: 'guess' })).toBe(false);
    expect(isAssignment({ ...base, id: 'v1|regular', fromMs: null, toMs: 5000 })).toBe(false);
    expect(isAssignment({ ...base, id: 'v1|regular', fromMs: null, toMs: null })).toBe(true);
    expect(isAssignment(null)).toBe(false);
  });
});
