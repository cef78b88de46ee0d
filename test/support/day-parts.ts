/** The check of a range joined from its days' parts (shared/analysis/day-parts.ts) against analyzeTrack over it. */
import { expect } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { dayPart, joinDayParts } from '../../shared/analysis/day-parts.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadWay } from '../../shared/roads/types.ts';
import { localDayInterval } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import type { DayChunk } from '../../shared/track/types.ts';

/** Each local day's part computed as the inbox computes it: from that day's readings alone. */
export function partsOf(utc: readonly DayChunk[], zone: string, p: AnalysisParams, roads?: RoadLimits) {
  const local = localDayChunks(utc, zone);
  const parts = local.map((c) => {
    const [alone] = localDayChunks(utc, zone, localDayInterval(c.day, zone));
    return dayPart(alone!, p, roads);
  });
  return { local, parts };
}

/**
 * Roads along where the truck drove: one way per UTC day through every `step`-th reading of it (speeds
 * over 110 mph, the outliers, left out), posted at `limitMph`, so that a generated track is over its
 * road's limit wherever it drives faster than that.
 */
export function roadsAlong(utc: readonly DayChunk[], limitMph = 50, step = 3): RoadLimits {
  const ways: RoadWay[] = utc.map((_, k) => ({
    wayId: 1000 + k,
    highway: 'primary',
    name: `Route ${k + 1}`,
    ref: '',
    oneway: 0,
    forwardMph: limitMph,
    backwardMph: limitMph,
    source: 'posted',
    limitText: `${limitMph} mph`,
    conditional: '',
  }));
  const geometries = utc.map((c) => {
    const g: number[] = [];
    for (let i = 0; i < c.length; i += step) if (!(c.speed[i]! > 110)) g.push(c.lat[i]!, c.lng[i]!);
    return g;
  });
  return { index: createRoadIndex(ways, geometries) };
}

/** Joined equals whole (road limits along the track by default, so over-the-limit events are in it): events field for field, outliers exactly, sums to 1e-6 s and 1e-9 mi (another order). */
export function expectJoinedEqualsWhole(
  utc: readonly DayChunk[],
  zone: string,
  p: AnalysisParams,
  roads: RoadLimits = roadsAlong(utc),
) {
  const { local, parts } = partsOf(utc, zone, p, roads);
  const whole = analyzeTrack(local, p, roads);
  const joined = joinDayParts(local[0]!.vehicleId, parts, p);
  expect(joined.events).toEqual(whole.events);
  expect(joined.totals.outliers).toBe(whole.totals.outliers);
  expect(joined.totals.movingSeconds).toBeCloseTo(whole.totals.movingSeconds, 6);
  expect(joined.totals.distanceMiles).toBeCloseTo(whole.totals.distanceMiles, 9);
  return { whole, joined, local };
}
