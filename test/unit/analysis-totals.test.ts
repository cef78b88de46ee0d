import { describe, expect, it } from 'vitest';
import {
  ADJUSTABLE_PARAM_KEYS,
  DEFAULT_ADJUSTABLE_PARAMS,
  parseAdjustableParams,
  parseStoredAdjustableParams,
} from '../../shared/analysis/adjustable.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { windowTotals } from '../../shared/analysis/window-totals.ts';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { DEFAULT_SUMMARY_PARAMS } from '../../shared/track/summary.ts';

/**
 * One day whose every interval is worked out by hand, analysed with the default parameters (stop 5 min,
 * gap 20 min, trip gap 60 min, trips from 1 mile). Readings go due north along -100° from 40° N, so a
 * distance is the latitude difference times 69.0934 mi per degree (2π × 3958.7613 / 360), a literal here.
 *
 *  min  miles  mph  status       interval to the next reading
 *   0    0     12   IN_MOTION    moving 60 s, 0.2 mi (a yard move: below 1 mile, no trip)
 *   1    0.2    0   STATIONARY   stopped 6 min (stop A, 1 → 7)
 *   7    0.2   60   IN_MOTION    moving 1 mi                        ┐
 *   8    1.2   60   IN_MOTION    moving 1 mi                        │
 *   9    2.2   60   IN_MOTION    moving 1 mi                        │ trip 1: 7 → 13, 5 mi driven,
 *  10    3.2    0   STATIONARY   stopped 60 s, yet 1 mi on          │ 300 s moving, nothing unaccounted
 *  11    4.2   60   IN_MOTION    moving 1 mi                        │
 *  12    5.2   60   IN_MOTION    moving 1 mi                        ┘
 *  13    6.2    0   STATIONARY   stopped 7 min   ┐ stop B, 13 → 43
 *  20    6.2    0   STATIONARY   stopped 23 min  ┘ (a parked silence is a stop)
 *  43    6.2    0   STATIONARY   gap 30 min, 5 mi on (unaccounted; under the trip gap, so no split)
 *  73   11.2   60   IN_MOTION    moving 60 s, 1.5 mi   trip 2: 73 → 74 (trimmed to its moving interval)
 *  74   12.7    0   STATIONARY   stopped 60 s (too short for a stop; ends the day)
 *  75   12.7    0   STATIONARY
 */
const MILES_PER_DEGREE = 69.0934;
const T0 = Date.UTC(2026, 4, 4, 8);
const MIN = 60_000;
const M: MotionStatus = 'IN_MOTION';
const S: MotionStatus = 'STATIONARY';
const DAY_ROWS: [number, number, number, MotionStatus][] = [
  [0, 0, 12, M],
  [1, 0.2, 0, S],
  [7, 0.2, 60, M],
  [8, 1.2, 60, M],
  [9, 2.2, 60, M],
  [10, 3.2, 0, S],
  [11, 4.2, 60, M],
  [12, 5.2, 60, M],
  [13, 6.2, 0, S],
  [20, 6.2, 0, S],
  [43, 6.2, 0, S],
  [73, 11.2, 60, M],
  [74, 12.7, 0, S],
  [75, 12.7, 0, S],
];

function day(rows: [number, number, number, MotionStatus][]) {
  return buildDayChunk(
    'v1',
    '2026-05-04',
    rows.map(([min, miles, speed, status], k) => ({
      id: `r${k}`,
      t: T0 + min * MIN,
      lat: 40 + miles / MILES_PER_DEGREE,
      lng: -100,
      speed,
      status,
      direction: 0,
      location: `place ${k}`,
      vehicleNumber: 'T-1',
      vin: 'VIN',
    })),
  );
}

const at = (min: number) => T0 + min * MIN;

describe('the totals of a day worked out interval by interval', () => {
  const a = analyzeTrack([day(DAY_ROWS)]);

  it('splits the 75 minutes into moving, stopped and offline time, and the miles into driven and unaccounted', () => {
    expect(a.totals.movingSeconds).toBe(60 + 300 + 60);
    expect(a.totals.stationarySeconds).toBe(360 + 60 + 420 + 1380 + 60);
    expect(a.totals.offlineSeconds).toBe(1800);
    expect(a.totals.distanceMiles).toBeCloseTo(0.2 + 5 + 1.5, 3);
    expect(a.totals.unaccountedMiles).toBeCloseTo(5, 3);
    expect(a.totals.outliers).toBe(0);
  });

  it('counts only the yard move as moving time outside trips', () => {
    expect(a.totals.movingSecondsOutsideTrips).toBe(60);
  });

  it('finds the two trips, each trimmed to its moving intervals, the stopped mile of trip 1 neither driven nor unaccounted', () => {
    expect(a.trips.map((t) => [t.startMs, t.endMs, t.movingSeconds, t.durationSeconds, t.maxSpeedMph])).toEqual([
      [at(7), at(13), 300, 360, 60],
      [at(73), at(74), 60, 60, 60],
    ]);
    expect(a.trips.map((t) => t.distanceMiles)).toEqual([expect.closeTo(5, 3), expect.closeTo(1.5, 3)]);
    expect(a.trips.map((t) => t.unaccountedMiles)).toEqual([0, 0]);
    expect(a.trips[0]!.avgSpeedMph).toBeCloseTo(60, 2);
  });

  it('finds the two stops and one gap event, and nothing else', () => {
    expect(a.stops.map((s) => [s.startMs, s.endMs, s.durationSeconds, s.place])).toEqual([
      [at(1), at(7), 360, 'place 1'],
      [at(13), at(43), 1800, 'place 8'],
    ]);
    expect(a.events.map((e) => [e.kind, e.startMs, e.endMs])).toEqual([['gap', at(43), at(73)]]);
  });
});

describe('a day that starts parked', () => {
  it('has a stop from its first reading; exactly the stop minimum (5 min) is a stop', () => {
    const a = analyzeTrack([
      day([
        [0, 0, 0, S],
        [4, 0, 0, S],
        [5, 1, 60, M],
        [6, 2, 60, M],
      ]),
    ]);
    expect(a.stops.map((s) => [s.startMs, s.endMs, s.durationSeconds])).toEqual([[at(0), at(5), 300]]);
  });
});

describe('window totals', () => {
  it('a window between two readings of a day holds no day at all', () => {
    const c = day(DAY_ROWS);
    const w = windowTotals([c], at(21), at(42), DEFAULT_SUMMARY_PARAMS);
    expect([w.days, w.points]).toEqual([0, 0]);
    expect(windowTotals([c], at(20), at(43), DEFAULT_SUMMARY_PARAMS).points).toBe(2);
  });
});

describe('adjustable parameters from outside', () => {
  const bad = (v: unknown) => () => parseAdjustableParams(v);

  it('refuses anything but a plain object, saying so', () => {
    for (const v of [null, undefined, 5, 'x', [], [DEFAULT_ADJUSTABLE_PARAMS]]) {
      expect(bad(v)).toThrow(new RangeError('Analysis parameters must be an object'));
      expect(() => parseStoredAdjustableParams(v)).toThrow(new RangeError('Analysis parameters must be an object'));
    }
  });

  it('names an unknown key (its first 40 characters) and a missing one', () => {
    const long = `k${'x'.repeat(60)}`;
    expect(bad({ ...DEFAULT_ADJUSTABLE_PARAMS, [long]: 1 })).toThrow(
      new RangeError(`Unknown analysis parameter ${long.slice(0, 40)}`),
    );
    for (const k of ADJUSTABLE_PARAM_KEYS) {
      const partial: Record<string, unknown> = { ...DEFAULT_ADJUSTABLE_PARAMS };
      delete partial[k];
      expect(bad(partial)).toThrow(new RangeError(`Analysis parameter ${k} is missing`));
    }
  });
});
