import type { DailyPoint } from './facts.ts';

/**
 * Means of per-day figures over the days with driving only (issue 31, item 7): a rest day (nobody drove)
 * is not a day of zero miles per truck, so it neither pulls a mean towards 0 nor draws a line down to 0.
 */

/** Miles per truck that drove that day; null on a rest day or a day not held (a gap in the line, not a 0). */
export function milesPerDrivingVehicle(d: DailyPoint): number | null {
  return d.miles === null || !d.drivingVehicles ? null : d.miles / d.drivingVehicles;
}

/** Whether anyone drove that day. */
export function isDrivingDay(d: DailyPoint): boolean {
  return (d.drivingVehicles ?? 0) > 0;
}

/** The mean of `value` over the driving days of `daily` (days whose value is null are left out too); null without any. */
export function meanPerDrivingDay(
  daily: readonly DailyPoint[],
  value: (d: DailyPoint) => number | null,
): number | null {
  let sum = 0;
  let n = 0;
  for (const d of daily) {
    if (!isDrivingDay(d)) continue;
    const v = value(d);
    if (v === null || !Number.isFinite(v)) continue;
    sum += v;
    n++;
  }
  return n === 0 ? null : sum / n;
}
