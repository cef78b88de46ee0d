/** The check of a range joined from its days' parts (shared/analysis/day-parts.ts) against analyzeTrack over it. */
import { expect } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { dayPart, joinDayParts } from '../../shared/analysis/day-parts.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import { localDayInterval } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import type { DayChunk } from '../../shared/track/types.ts';

/** Each local day's part computed as the inbox computes it: from that day's readings alone. */
export function partsOf(utc: readonly DayChunk[], zone: string, p: AnalysisParams) {
  const local = localDayChunks(utc, zone);
  const parts = local.map((c) => {
    const [alone] = localDayChunks(utc, zone, localDayInterval(c.day, zone));
    return dayPart(alone!, p);
  });
  return { local, parts };
}

/** Joined equals whole: events field for field, outliers exactly, sums to 1e-6 s and 1e-9 mi (another order). */
export function expectJoinedEqualsWhole(utc: readonly DayChunk[], zone: string, p: AnalysisParams) {
  const { local, parts } = partsOf(utc, zone, p);
  const whole = analyzeTrack(local, p);
  const joined = joinDayParts(local[0]!.vehicleId, parts, p);
  expect(joined.events).toEqual(whole.events);
  expect(joined.totals.outliers).toBe(whole.totals.outliers);
  expect(joined.totals.movingSeconds).toBeCloseTo(whole.totals.movingSeconds, 6);
  expect(joined.totals.distanceMiles).toBeCloseTo(whole.totals.distanceMiles, 9);
  return { whole, joined, local };
}
