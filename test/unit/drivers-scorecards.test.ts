import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../shared/export/csv.ts';
import {
  DRIVER_SCORECARD_CSV_HEADER,
  driverScorecards,
  driverScorecardsCsv,
  type DriverEventInput,
  type DriverTripInput,
} from '../../shared/drivers/scorecards.ts';
import type { DriverName, ProbableHosConflict, SpanAttribution } from '../../shared/drivers/types.ts';
import type { InboxEvent, InboxKind } from '../../shared/inbox/events.ts';
import type { ReviewMark } from '../../shared/inbox/trail.ts';
import type { OverLimitTier } from '../../shared/roads/tiers.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 4, 8);
const RANGE = { startMs: START, endMs: START + 7 * DAY };
const NAMES = new Map<string, DriverName>([
  ['d1', { driverId: 'd1', username: 'asmith', firstName: 'Alice', lastName: 'Smith' }],
  ['d2', { driverId: 'd2', username: '=bjones', firstName: 'Bob', lastName: 'Jones' }],
]);

const by = (driverId: string | null, changedTo: (string | null)[] = []): SpanAttribution => ({
  start: driverId === null ? { kind: 'unassigned' } : { kind: 'regular', driverId, assignmentId: 'x' },
  changedTo,
});
const trip = (
  driverId: string | null,
  startMs: number,
  miles: number,
  hours: number,
  changedTo: (string | null)[] = [],
): DriverTripInput => ({
  startMs,
  distanceMiles: miles,
  movingSeconds: hours * 3600,
  driver: by(driverId, changedTo),
});
function event(
  driverId: string | null,
  kind: InboxKind,
  startMs: number,
  seconds: number,
  tier: OverLimitTier | null = null,
): DriverEventInput {
  const e = {
    key: `v1|${kind}|${startMs}`,
    carrierId: 'c1',
    vehicleId: 'v1',
    vehicleNumber: 'T-1',
    kind,
    tier,
    startMs,
    endMs: startMs + seconds * 1000,
    durationSeconds: seconds,
    lat: 40,
    lng: -90,
    place: '',
    day: '2026-05-08',
  } as InboxEvent;
  return { event: e, driver: by(driverId) };
}
const conflict = (driverId: string, atMs: number, carrierId = 'c1'): ProbableHosConflict => ({
  carrierId,
  driverId,
  vehicleId: 'v1',
  atMs,
  clocks: ['drive'],
  driveMs: 0,
  shiftMs: null,
  cycleMs: null,
  breakMs: null,
});
const mark = (e: DriverEventInput, state: ReviewMark['state']): ReviewMark => ({
  key: e.event.key,
  vehicleId: 'v1',
  kind: e.event.kind,
  startMs: e.event.startMs,
  endMs: e.event.endMs,
  state,
  note: '',
  reviewedAt: 0,
});

describe('driver scorecards', () => {
  const speeding1 = event('d1', 'speeding', START + DAY, 120);
  const speeding2 = event('d1', 'speeding', START + 2 * DAY, 60);
  const input = {
    carrierId: 'c1',
    range: RANGE,
    trips: [
      trip('d1', START + DAY, 300, 5),
      // Changed mid-trip: all of it stays with the start driver.
      trip('d1', START + 2 * DAY, 200, 3, ['d2']),
      trip('d2', START + 3 * DAY, 100, 2),
      trip(null, START + 4 * DAY, 50, 1),
      trip('d1', START - DAY, 250, 4),
      // Outside both ranges.
      trip('d1', START - 8 * DAY, 999, 9),
      trip('d1', RANGE.endMs, 999, 9),
    ],
    events: [
      speeding1,
      speeding2,
      event('d1', 'over-limit', START + DAY, 360, 'severe'),
      event('d1', 'over-limit', START + DAY + 1000, 180, 'light'),
      event('d1', 'gap', START + 2 * DAY, 600),
      event('d1', 'speeding', START - 2 * DAY, 30),
      event(null, 'speeding', START + 4 * DAY, 30),
    ],
    conflicts: [conflict('d1', START + DAY), conflict('d1', START - DAY), conflict('d1', START, 'c2')],
    marks: [mark(speeding1, 'coached'), mark(speeding2, 'reviewed')],
    names: NAMES,
    roadLimits: true,
  };
  const rows = driverScorecards(input);

  it('attributes each trip and event to its start driver, in the range or the one before', () => {
    // By username ('=' sorts before letters), the unassigned row last.
    expect(rows.map((r) => [r.driverId, r.username, r.name])).toEqual([
      ['d2', '=bjones', 'Bob Jones'],
      ['d1', 'asmith', 'Alice Smith'],
      [null, '', 'Unassigned'],
    ]);
    const d1 = rows.find((r) => r.driverId === 'd1')!;
    expect(d1.current).toMatchObject({
      trips: 2,
      miles: 500,
      drivingHours: 8,
      speedingEvents: 2,
      gaps: 1,
      hosConflicts: 1,
    });
    expect(d1.current.speedingPer1000Mi).toBe(4);
    expect(d1.current.speedingHours).toBeCloseTo(180 / 3600, 12);
    expect(d1.current.overLimitByTier).toEqual({ light: 1, moderate: 0, heavy: 0, severe: 1 });
    expect(d1.current.overLimitPer1000Mi).toBe(4);
    expect(d1.current.overLimitPer1000MiByTier).toEqual({ light: 2, moderate: 0, heavy: 0, severe: 2 });
    expect(d1.current.overLimitHours).toBeCloseTo(540 / 3600, 12);
    expect(d1.current).toMatchObject({ reviewed: 2, coached: 1 });
    expect(d1.previous).toMatchObject({
      trips: 1,
      miles: 250,
      drivingHours: 4,
      speedingEvents: 1,
      hosConflicts: 1,
      reviewed: 0,
    });
    const d2 = rows.find((r) => r.driverId === 'd2')!;
    expect(d2.current).toMatchObject({ trips: 1, miles: 100, speedingEvents: 0, speedingPer1000Mi: 0 });
    expect(d2.previous).toMatchObject({ trips: 0, miles: 0, speedingPer1000Mi: null, overLimitPer1000Mi: null });
    const nobody = rows.find((r) => r.driverId === null)!;
    expect(nobody.current).toMatchObject({ trips: 1, miles: 50, speedingEvents: 1 });
  });

  it('leaves the over-limit rates and time empty when the events were not judged against road limits', () => {
    const unjudged = driverScorecards({ ...input, roadLimits: false }).find((r) => r.driverId === 'd1')!;
    expect(unjudged.current).toMatchObject({ overLimitPer1000Mi: null, overLimitHours: null, speedingPer1000Mi: 4 });
    expect(unjudged.current.overLimitPer1000MiByTier.severe).toBeNull();
  });

  it('adds up to the fleet: every trip in the range lands in exactly one row', () => {
    const miles = rows.reduce((s, r) => s + r.current.miles, 0);
    expect(miles).toBe(300 + 200 + 100 + 50);
  });

  it('writes one CSV row per scorecard with the previous range beside, text neutralised', () => {
    const table = parseCsv(driverScorecardsCsv(rows));
    expect(table[0]).toEqual([...DRIVER_SCORECARD_CSV_HEADER]);
    expect(table).toHaveLength(rows.length + 1);
    const col = (name: string) => table[0]!.indexOf(name);
    const d1 = table.find((r) => r[0] === 'asmith')!;
    expect([
      d1[col('miles')],
      d1[col('previous_miles')],
      d1[col('over_limit_severe')],
      d1[col('probable_hos_conflicts')],
    ]).toEqual(['500.00', '250.00', '1', '1']);
    expect(table.find((r) => r[1] === 'Bob Jones')![0]).toBe("'=bjones");
    expect(table.find((r) => r[1] === 'Bob Jones')![col('previous_speeding_per_1000_mi')]).toBe('');
  });
});
