import { gapRule, Interval, intervalAt, type GapParams, type IntervalColumns } from '../track/gaps.ts';
import { partitionPoint, upperBound } from '../util/search.ts';

/**
 * "Skip stationary and offline": playback runs on a played-time axis from
 * which the skipped intervals are removed, so at 60× a ten-hour rest passes
 * in no time while driving still plays at 60×. Mapping real time to played
 * time and back keeps the scrubber, the charts and the map on real time.
 */
export interface SkipMap {
  /** Skipped intervals, ascending and disjoint: [start, end) in epoch ms. */
  starts: Float64Array;
  ends: Float64Array;
  /** Skipped milliseconds before interval k (cum[k]); cum[n] is the total. */
  cum: Float64Array;
}

export const EMPTY_SKIP: SkipMap = { starts: new Float64Array(0), ends: new Float64Array(0), cum: new Float64Array(1) };

export interface SkipOptions {
  /** Intervals shorter than this stay (a red light is not a stop). Default 2 min. */
  minSkipMs?: number;
  /** Gap thresholds (shared/track/gaps.ts); missing ones take the rule's defaults. */
  gap: Partial<GapParams>;
}

/**
 * Merges consecutive intervals that are not moving (stopped or gaps, as
 * shared/track/gaps.ts classifies them for the summary) into skipped runs.
 */
export function buildSkipMap(track: IntervalColumns, opts: SkipOptions): SkipMap {
  const { t } = track;
  const minSkip = opts.minSkipMs ?? 120_000;
  const rule = gapRule(opts.gap);
  const starts: number[] = [];
  const ends: number[] = [];
  let runStart = -1;
  const close = (endMs: number) => {
    if (runStart >= 0 && endMs - runStart >= minSkip) {
      starts.push(runStart);
      ends.push(endMs);
    }
    runStart = -1;
  };
  for (let i = 0; i + 1 < t.length; i++) {
    if (intervalAt(track, i, rule) !== Interval.MOVING) {
      if (runStart < 0) runStart = t[i]!;
    } else close(t[i]!);
  }
  if (t.length > 0) close(t[t.length - 1]!);
  const cum = new Float64Array(starts.length + 1);
  for (let k = 0; k < starts.length; k++) cum[k + 1] = cum[k]! + (ends[k]! - starts[k]!);
  return { starts: Float64Array.from(starts), ends: Float64Array.from(ends), cum };
}

/** Number of skipped intervals that start at or before ms. */
function countStartedBy(map: SkipMap, ms: number): number {
  return upperBound(map.starts, ms);
}

/** Played time of real time `ms` (a time inside a skipped interval maps to its start). */
export function toPlayed(map: SkipMap, ms: number): number {
  const k = countStartedBy(map, ms);
  if (k === 0) return ms;
  const s = map.starts[k - 1]!;
  const e = map.ends[k - 1]!;
  return (ms < e ? s : ms - (e - s)) - map.cum[k - 1]!;
}

/** Real time of played time `p`: the inverse of toPlayed outside skipped intervals (lands on their end). */
export function fromPlayed(map: SkipMap, p: number): number {
  // Played start of interval k is starts[k] - cum[k]; find the last interval whose played start is <= p.
  const k = partitionPoint(0, map.starts.length, (i) => map.starts[i]! - map.cum[i]! <= p);
  return p + map.cum[k]!;
}

/** Real time after playing `deltaMs` of played time from real time `ms`. */
export function advance(map: SkipMap, ms: number, deltaMs: number): number {
  return fromPlayed(map, toPlayed(map, ms) + deltaMs);
}
