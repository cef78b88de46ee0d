/**
 * The derived rows' window (shared/lake/derived-rows.ts), on generated tracks whose truth is known by
 * construction: the rows of each home-zone day, gathered, are exactly the app's analysis of the whole range
 * (a trip and a long stop across local midnight included, whole and once, on their start day); a stop that
 * outlasts the next day is cut at its end, the documented bound; the day row is the app's day summary.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { tripIds } from '../../shared/export/trip-id.ts';
import { deriveDayRows, type DerivedVehicle } from '../../shared/lake/derived-rows.ts';
import { EVENTS_TABLE, TRIPS_TABLE, type EventRow, type TripRow } from '../../shared/lake/derived-tables.ts';
import { wkbPoint } from '../../shared/lake/wkb.ts';
import { localDayOfMs, localDayStartMs } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { summarizeDay, summaryParamsOf } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const ZONE = 'America/Chicago';
const NUMBER = 'TRK-101';
const params = { ...DEFAULT_ANALYSIS_PARAMS };
const HOUR = 3_600_000;

/** The local-day chunks of a plan starting at `startLocal` (YYYY-MM-DD HH in ZONE). */
function localChunks(plan: readonly Leg[], day: string, hour: number): Map<string, DayChunk> {
  const points = generateTrack(plan, { startMs: localDayStartMs(day, ZONE) + hour * HOUR, vehicleNumber: NUMBER });
  const chunks = localDayChunks(toDayChunks('v1', points), ZONE);
  return new Map(chunks.map((c) => [c.day, c]));
}

function vehicleOf(chunks: Map<string, DayChunk>, held: readonly string[]): DerivedVehicle {
  return {
    vehicleId: 'v1',
    vehicleNumber: NUMBER,
    zone: ZONE,
    states: new Map(held.map((d) => [d, 'complete'])),
    chunks,
  };
}

const tripCells = (r: TripRow) => TRIPS_TABLE.columns.map((c) => c.value(r));
const eventCells = (r: EventRow) => EVENTS_TABLE.columns.map((c) => c.value(r));

// 2026-11-19 20:00 local: a drive, a night's long stop across midnight, a day's trip, a long stop, then a
// 75 mph trip from 21:00 across midnight into 11-21 (speeding on both days), a stop and one more trip.
const PLAN: Leg[] = [
  { kind: 'drive', minutes: 120, mph: 50 },
  { kind: 'stop', minutes: 600 },
  { kind: 'drive', minutes: 180, mph: 55 },
  { kind: 'stop', minutes: 600 },
  { kind: 'drive', minutes: 240, mph: 75 },
  { kind: 'stop', minutes: 60 },
  { kind: 'drive', minutes: 60, mph: 50 },
  { kind: 'stop', minutes: 30 },
];
const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21'];

describe('derived rows of a home-zone day', () => {
  const chunks = localChunks(PLAN, '2026-11-19', 20);
  const vehicle = vehicleOf(chunks, DAYS);
  const perDay = DAYS.map((d) => deriveDayRows(vehicle, d, params));

  it('gathered over the days, are exactly the analysis of the whole range, ids included', () => {
    const whole = analyzeTrack(
      DAYS.map((d) => chunks.get(d)!),
      params,
    );
    const ids = tripIds(whole.trips, NUMBER, ZONE);
    const ref = (ms: number) => ({ vehicleId: 'v1', vehicleNumber: NUMBER, day: localDayOfMs(ms, ZONE) });
    const expectedTrips = whole.trips.map((trip, i) => tripCells({ ...ref(trip.startMs), tripId: ids[i]!, trip }));
    const ordinal = new Map<string, number>();
    const expectedEvents = whole.events.map((event) => {
      const day = localDayOfMs(event.startMs, ZONE);
      const n = (ordinal.get(day) ?? 0) + 1;
      ordinal.set(day, n);
      const geometry = wkbPoint(event.lng, event.lat);
      return eventCells({ ...ref(event.startMs), eventId: `${NUMBER}-${day}-e${n}`, event, geometry });
    });
    expect(perDay.flatMap((r) => r.trips.map(tripCells))).toEqual(expectedTrips);
    expect(perDay.flatMap((r) => r.events.map(eventCells))).toEqual(expectedEvents);
    expect(expectedTrips).toHaveLength(4);
  });

  it('keeps a trip across local midnight whole, once, on the day it starts', () => {
    const [, d, next] = perDay;
    const crossing = d!.trips.at(-1)!;
    expect(crossing.tripId).toBe(`${NUMBER}-2026-11-20-2`);
    expect(crossing.trip.startMs).toBe(localDayStartMs('2026-11-20', ZONE) + 21 * HOUR);
    // Four hours at 75 mph: 240 readings a minute apart, the last one ending the drive at 01:00.
    expect(crossing.trip.endMs).toBe(localDayStartMs('2026-11-21', ZONE) + 1 * HOUR);
    expect(crossing.trip.distanceMiles).toBeCloseTo(300, 1);
    expect(next!.trips.map((t) => t.tripId)).toEqual([`${NUMBER}-2026-11-21-1`]);
    expect(next!.trips[0]!.trip.startMs).toBe(localDayStartMs('2026-11-21', ZONE) + 2 * HOUR);
    // Speeding is decided per day (the day summaries' rule): one run each side of midnight.
    const speeding = (r: (typeof perDay)[number]) => r.events.filter((e) => e.event.kind === 'speeding');
    expect(speeding(d!)).toHaveLength(1);
    expect(speeding(next!)).toHaveLength(1);
  });

  it('keeps a long stop across midnight on its start day, whole', () => {
    const [before, d] = perDay;
    const night = before!.events.filter((e) => e.event.kind === 'long-stop');
    expect(night.map((e) => e.event.durationSeconds)).toEqual([600 * 60]);
    expect(d!.events.filter((e) => e.event.kind === 'long-stop').map((e) => e.event.startMs)).toEqual([
      localDayStartMs('2026-11-20', ZONE) + 11 * HOUR,
    ]);
  });

  it("gives each day the app's day summary, and a held day without readings its empty one", () => {
    for (const [i, d] of DAYS.entries())
      expect(perDay[i]!.day).toEqual({
        vehicleId: 'v1',
        vehicleNumber: NUMBER,
        day: d,
        state: 'complete',
        summary: summarizeDay(chunks.get(d)!, summaryParamsOf(params)),
      });
    const empty = deriveDayRows(vehicleOf(chunks, [...DAYS, '2026-11-22']), '2026-11-22', params);
    expect(empty.day.summary).toMatchObject({ points: 0, firstMs: null, lastMs: null, distanceMiles: 0 });
    expect(empty.trips).toEqual([]);
    expect(() => deriveDayRows(vehicle, '2026-11-22', params)).toThrow(/not in the lake/);
  });
});

describe('the bound of the window', () => {
  it('cuts a stop that outlasts the next day at the last reading of that day', () => {
    // 20:00 on 11-20: an hour's drive, then parked (a reading every 5 minutes) for 40 hours.
    const chunks = localChunks(
      [
        { kind: 'drive', minutes: 60, mph: 50 },
        { kind: 'stop', minutes: 40 * 60 },
      ],
      '2026-11-20',
      20,
    );
    const days = [...chunks.keys()];
    expect(days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    const rows = deriveDayRows(vehicleOf(chunks, days), '2026-11-20', params);
    const stop = rows.events.find((e) => e.event.kind === 'long-stop')!.event;
    expect(stop.startMs).toBe(localDayStartMs('2026-11-20', ZONE) + 21 * HOUR);
    expect(stop.endMs).toBe(localDayStartMs('2026-11-22', ZONE) - 5 * 60_000);
    const whole = analyzeTrack([...chunks.values()], params).events.find((e) => e.kind === 'long-stop')!;
    expect(whole.endMs).toBe(localDayStartMs('2026-11-20', ZONE) + 61 * HOUR);
  });
});
