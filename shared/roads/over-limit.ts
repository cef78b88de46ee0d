/**
 * "Over the limit" runs: a vehicle at least the tolerance over its road's
 * limit for at least the duration and two readings. The event spans its
 * certain readings: a reading whose limit is uncertain (shared/roads/match.ts)
 * that is over by its best match bridges a run (it neither counts nor breaks
 * it), so a run of uncertain readings alone is no event, and an event starts
 * and ends on a certain reading.
 */
import type { RoadMatch } from './match.ts';
import { checkTiers, DEFAULT_TIERS, tierOf, toleranceOf, type OverLimitTier, type TierBound } from './tiers.ts';
import type { LimitSource, RoadIndex, RoadWay } from './types.ts';

export interface OverLimitParams {
  /** Tier bounds; the first is the tolerance. */
  tiers: readonly TierBound[];
  /** From the first to the last certain reading over, at least this long. */
  minSeconds: number;
  /** At least this many certain readings over. */
  minReadings: number;
  /** A longer silence between readings ends a run (nothing is known in between): 2.5 × the API's moving cadence. */
  maxGapSeconds: number;
}

export const OVER_LIMIT_DEFAULTS: Readonly<OverLimitParams> = {
  tiers: DEFAULT_TIERS,
  minSeconds: 60,
  minReadings: 2,
  maxGapSeconds: 150,
};

export interface OverLimitRun {
  /** Index of the first and last certain reading over. */
  start: number;
  end: number;
  /** The reading furthest over the limit (the first of equals). */
  peak: number;
  overMph: number;
  limitMph: number;
  source: LimitSource;
  /** The road at the peak: its name, its ref, or both ("Name (ref)"); '' when untagged. */
  road: string;
  wayId: number;
  tier: OverLimitTier;
}

/** The readings the runs read: times and speeds (a subset of TrackColumns). */
export interface SpeedReadings {
  length: number;
  t: ArrayLike<number>;
  speed: ArrayLike<number>;
}

/** Bounds of the run rules a fleet (or a CLI flag) may set: a day at most, and at least one reading. */
const MAX_SECONDS = 86_400;
const MAX_READINGS = 10_000;

/** The parameters, or an error naming the one out of bounds. */
export function checkOverLimitParams(p: OverLimitParams): OverLimitParams {
  const bounded = (name: string, x: number, min: number, max: number) => {
    if (!Number.isFinite(x) || x < min || x > max)
      throw new RangeError(`over the limit: ${name} must be a number from ${min} to ${max}, got ${x}`);
  };
  bounded('minSeconds', p.minSeconds, 0, MAX_SECONDS);
  bounded('maxGapSeconds', p.maxGapSeconds, 1, MAX_SECONDS);
  bounded('minReadings', p.minReadings, 1, MAX_READINGS);
  if (!Number.isInteger(p.minReadings))
    throw new RangeError(`over the limit: minReadings must be whole, got ${p.minReadings}`);
  checkTiers(p.tiers);
  return p;
}

/** The tiers with the light tier starting at `toleranceMph` (a --speed-tolerance flag), checked. */
export function tiersWithTolerance(tiers: readonly TierBound[], toleranceMph: number): readonly TierBound[] {
  return checkTiers(tiers.map((b, k) => (k === 0 ? { ...b, fromMph: toleranceMph } : b)));
}

export function overLimitRuns(
  index: RoadIndex,
  readings: SpeedReadings,
  match: RoadMatch,
  params: Partial<OverLimitParams> = {},
): OverLimitRun[] {
  const p = checkOverLimitParams({ ...OVER_LIMIT_DEFAULTS, ...params });
  const tolerance = toleranceOf(p.tiers);
  if (match.length !== readings.length) throw new RangeError('overLimitRuns: one match per reading is needed');
  const overAt = (i: number) => readings.speed[i]! - match.limitMph[i]!;
  const isOver = (i: number) => match.way[i]! >= 0 && overAt(i) >= tolerance;
  const runs: OverLimitRun[] = [];
  let anchors: number[] = [];
  const close = () => {
    const run = anchors.length > 0 ? runOf(index, readings, match, anchors, overAt, p) : null;
    if (run) runs.push(run);
    anchors = [];
  };
  for (let i = 0; i < readings.length; i++) {
    const linked = i > 0 && readings.t[i]! - readings.t[i - 1]! <= p.maxGapSeconds * 1000;
    if (!linked || !isOver(i)) close();
    if (isOver(i) && match.certain[i]) anchors.push(i);
  }
  close();
  return runs;
}

function runOf(
  index: RoadIndex,
  readings: SpeedReadings,
  match: RoadMatch,
  anchors: readonly number[],
  overAt: (i: number) => number,
  p: OverLimitParams,
): OverLimitRun | null {
  const start = anchors[0]!;
  const end = anchors[anchors.length - 1]!;
  if (anchors.length < p.minReadings || readings.t[end]! - readings.t[start]! < p.minSeconds * 1000) return null;
  let peak = start;
  for (const i of anchors) if (overAt(i) > overAt(peak)) peak = i;
  const way = index.ways[match.way[peak]!]!;
  return {
    start,
    end,
    peak,
    overMph: overAt(peak),
    limitMph: match.limitMph[peak]!,
    source: match.source[peak]!,
    road: roadNameOf(way),
    wayId: way.wayId,
    tier: tierOf(overAt(peak), p.tiers)!,
  };
}

/** How a road is named in events and hover text: its name, its ref, or both ("Name (ref)"); '' when untagged. */
export function roadNameOf(way: RoadWay): string {
  return way.name && way.ref ? `${way.name} (${way.ref})` : way.name || way.ref;
}
