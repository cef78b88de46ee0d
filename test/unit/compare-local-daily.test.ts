import { describe, expect, it } from 'vitest';
import { localDailyPoints, utcDaysForLocalRange } from '../../shared/compare/local-daily.ts';
import { DEFAULT_COMPARE_PARAMS } from '../../shared/compare/params.ts';
import type { VehicleDay } from '../../shared/compare/facts.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

/**
 * The comparison's per-day series in a carrier's local days. Truth by
 * construction: speeding runs placed at instants whose Chicago date is known
 * (CDT, UTC−5, until 2026-11-01 07:00Z; CST, UTC−6, after), so each belongs
 * to a local day other than its UTC day.
 */
const CHICAGO = 'America/Chicago';
const MIN = 60_000;
const TODAY = '2026-11-20';

/** Readings every minute from `startIso` for `minutes`, at `mph`, heading north. */
function run(prefix: string, startIso: string, minutes: number, mph: number): Breadcrumb[] {
  const t0 = Date.parse(startIso);
  return Array.from({ length: minutes + 1 }, (_, i) => ({
    id: `${prefix}-${i}`,
    t: t0 + i * MIN,
    lat: 35 + (i * mph) / 60 / 69,
    lng: -101.8,
    speed: mph,
    status: 'IN_MOTION' as const,
    direction: 0,
    location: '',
    vehicleNumber: 'T-1',
    vin: 'VIN1',
  }));
}

/** A vehicle's stored UTC days: the chunk of each day from the readings (summary as ingest stores it). */
function stored(vehicleId: string, days: string[], points: Breadcrumb[]): VehicleDay[] {
  return days.map((day) => {
    const chunk = buildDayChunk(vehicleId, day, points);
    return { vehicleId, day, chunk, summary: summarizeDay(chunk) };
  });
}

describe('per-day series in local days of the home zone', () => {
  // 23:10–23:40 Chicago time on 2026-10-31 (CDT) and on 2026-11-01 (CST): each on the next UTC day.
  const points = [...run('a', '2026-11-01T04:10:00Z', 30, 80), ...run('b', '2026-11-02T05:10:00Z', 30, 80)];

  it('counts a speeding event in the local day it happens, not its UTC day', () => {
    const days = stored('v1', ['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'], points);
    const local = localDailyPoints(
      days,
      CHICAGO,
      { from: '2026-10-31', to: '2026-11-01' },
      DEFAULT_COMPARE_PARAMS,
      TODAY,
    );
    expect(local.map((d) => [d.day, d.events])).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 1],
    ]);
    expect(local.every((d) => d.miles! > 30 * (80 / 60) * 0.9)).toBe(true);
    // In UTC the same readings fall on 2026-11-01 and 2026-11-02.
    const utc = localDailyPoints(days, 'UTC', { from: '2026-10-31', to: '2026-11-02' }, DEFAULT_COMPARE_PARAMS, TODAY);
    expect(utc.map((d) => d.events)).toEqual([0, 1, 1]);
  });

  it('leaves a gap for a local day whose UTC days are not all stored, and 0 for a stored day without readings', () => {
    const days = stored('v1', ['2026-11-01', '2026-11-02'], points);
    const local = localDailyPoints(
      days,
      CHICAGO,
      { from: '2026-10-31', to: '2026-11-02' },
      DEFAULT_COMPARE_PARAMS,
      TODAY,
    );
    // 10-31 needs UTC 10-31 (absent); 11-01 needs UTC 11-01 and 11-02 (stored); 11-02 needs 11-03 (absent).
    expect(local).toEqual([
      { day: '2026-10-31', miles: null, events: null, drivingVehicles: null, partial: false },
      { day: '2026-11-01', miles: expect.any(Number), events: 1, drivingVehicles: 1, partial: false },
      { day: '2026-11-02', miles: null, events: null, drivingVehicles: null, partial: false },
    ]);
    const quiet = stored('v2', ['2026-11-05', '2026-11-06'], []);
    expect(
      localDailyPoints(quiet, CHICAGO, { from: '2026-11-05', to: '2026-11-05' }, DEFAULT_COMPARE_PARAMS, TODAY),
    ).toEqual([{ day: '2026-11-05', miles: 0, events: 0, drivingVehicles: 0, partial: false }]);
  });

  it("charts today's local day with what is stored, marked partial: a UTC day after today is not required", () => {
    const range = { from: '2026-11-01', to: '2026-11-01' };
    // Today is 2026-11-01 (UTC): its local day is charted from UTC 11-01 alone (its readings are all of the evening before).
    expect(
      localDailyPoints(stored('v1', ['2026-11-01'], points), CHICAGO, range, DEFAULT_COMPARE_PARAMS, '2026-11-01'),
    ).toEqual([{ day: '2026-11-01', miles: 0, events: 0, drivingVehicles: 0, partial: true }]);
    // Chicago's 10-31 ends at 05:00 UTC on 11-01: still partial while 11-01 (UTC) is today; 10-30 is whole.
    expect(
      localDailyPoints(
        stored('v1', ['2026-10-30', '2026-10-31', '2026-11-01'], []),
        CHICAGO,
        { from: '2026-10-30', to: '2026-10-31' },
        DEFAULT_COMPARE_PARAMS,
        '2026-11-01',
      ).map((d) => d.partial),
    ).toEqual([false, true]);
    // The next UTC day: Chicago's 11-01 reaches into it (until 05:00 UTC on 11-02), so it is partial still.
    expect(
      localDailyPoints(stored('v1', ['2026-11-01'], points), CHICAGO, range, DEFAULT_COMPARE_PARAMS, '2026-11-02')[0]!
        .partial,
    ).toBe(true);
    // A day later, without UTC 11-02 stored, it is a gap; with it, the evening's event counts.
    expect(
      localDailyPoints(stored('v1', ['2026-11-01'], points), CHICAGO, range, DEFAULT_COMPARE_PARAMS, '2026-11-02')[0]!
        .events,
    ).toBeNull();
    expect(
      localDailyPoints(
        stored('v1', ['2026-11-01', '2026-11-02'], points),
        CHICAGO,
        range,
        DEFAULT_COMPARE_PARAMS,
        '2026-11-02',
      )[0]!.events,
    ).toBe(1);
  });

  it('reads one UTC day more on each side of the range', () => {
    expect(utcDaysForLocalRange({ from: '2026-11-01', to: '2026-11-07' })).toEqual({
      from: '2026-10-31',
      to: '2026-11-08',
    });
  });
});
