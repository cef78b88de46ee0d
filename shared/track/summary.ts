// Over 300 lines: the per-day figures and the one attribution rule they all follow belong together.
import type { UtcDay } from '../util/day.ts';
import { DEFAULT_GAP_PARAMS, gapRule, Interval, intervalAt, isGapAt, type GapParams, type GapRule } from './gaps.ts';
import { haversineMiles } from './geo.ts';
import { withoutOutliers } from './outliers.ts';
import type { DayChunk } from './types.ts';

/**
 * Per-day figures computed once at ingest, so screens and range totals never
 * rescan raw points.
 *
 * Attribution rule used throughout: readings are samples, so the interval from
 * reading i to reading i + 1 is attributed to the state of reading i, as
 * shared/track/gaps.ts classifies it (moving, stopped or gap). The interval
 * that crosses midnight (last reading of a day to the first of the next)
 * belongs to neither day: per-day figures must not depend on a neighbouring
 * day that may not be downloaded yet (at 60 s sampling this drops at most a
 * minute and about a mile per day). Outliers (shared/track/outliers.ts) are
 * counted and otherwise left out.
 */
export interface SummaryParams extends GapParams {
  /** A reading is speeding when its speed is strictly above this. */
  speedingThresholdMph: number;
  /** A speeding run shorter than this is not an event (sensor spikes, brief overtakes). */
  speedingMinSeconds: number;
}

export const DEFAULT_SUMMARY_PARAMS: Readonly<SummaryParams> = Object.freeze({
  speedingThresholdMph: 70,
  speedingMinSeconds: 60,
  ...DEFAULT_GAP_PARAMS,
});

/**
 * Version of the rules a summary was computed with. A stored summary of an
 * older version (or none: summaries stored before this field) is recomputed
 * from its chunk by every reader (isCurrentSummary), whatever its params.
 * 2: outliers, sustained speeding, parked silence after any status, one
 * moving-time definition.
 */
export const SUMMARY_RULE = 2;

export interface DaySummary {
  vehicleId: string;
  day: UtcDay;
  /** Number of readings, outliers included. */
  points: number;
  /** Readings left out as outliers. */
  outliers: number;
  /** Time of the first / last kept reading (epoch ms UTC); null for a day without one. */
  firstMs: number | null;
  lastMs: number | null;
  /**
   * Great-circle (haversine) distance over the moving intervals: the same
   * stretches as movingSeconds, so distance / moving time is a true average.
   */
  distanceMiles: number;
  /**
   * Straight-line distance across gaps ("unaccounted"): the truck did move
   * there, by at least this much, but nothing says how or how fast.
   */
  gapDistanceMiles: number;
  /** Time in moving intervals (shared/track/gaps.ts). */
  movingSeconds: number;
  /** Time in stopped intervals, parked silences included. */
  stationarySeconds: number;
  /** Time in gap intervals. moving + stationary + offline = lastMs - firstMs. */
  offlineSeconds: number;
  /** Highest known speed of any kept reading (0 for a day without one: an unknown speed is skipped, so combining days by max stays a number). */
  maxSpeedMph: number;
  /** Total duration of the speeding events. */
  speedingSeconds: number;
  /** Speeding events (speedingRuns): sustained runs only. A run crossing midnight counts once per day. */
  speedingEvents: number;
  /** Number of gap intervals. */
  gaps: number;
  /** Total time in gaps (equal to offlineSeconds by definition; kept for readability of callers). */
  gapSeconds: number;
  /** The parameters these figures were computed with (stored summaries are recomputed when they change). */
  params: SummaryParams;
  /** SUMMARY_RULE when computed; absent on summaries stored by earlier versions. */
  rule?: number;
}

/**
 * A speeding event: consecutive readings above the threshold, at least two,
 * lasting at least `speedingMinSeconds` from the first to the last of them.
 * A gap, or any interval longer than `gapSeconds`, ends a run: a single reading
 * over the limit followed by a long silence is never an event, and an event
 * never claims time nobody measured.
 */
export interface SpeedingRun {
  /** First reading over the limit. */
  startIndex: number;
  /** Last reading over the limit (inclusive). */
  endIndex: number;
  startMs: number;
  endMs: number;
  seconds: number;
  maxMph: number;
  readings: number;
}

export function resolveSummaryParams(params?: Partial<SummaryParams>): SummaryParams {
  return { ...DEFAULT_SUMMARY_PARAMS, ...params };
}

/** Every run of consecutive readings above the threshold in a day without outliers, events or not. */
export function forEachSpeedingRun(
  chunk: DayChunk,
  p: SummaryParams,
  onRun: (run: SpeedingRun) => void,
  rule: GapRule = gapRule(p),
): void {
  const { t, speed } = chunk;
  let start = -1;
  let max = 0;
  const close = (last: number) => {
    const startMs = t[start]!;
    const endMs = t[last]!;
    onRun({
      startIndex: start,
      endIndex: last,
      startMs,
      endMs,
      seconds: (endMs - startMs) / 1000,
      maxMph: max,
      readings: last - start + 1,
    });
    start = -1;
  };
  for (let i = 0; i < chunk.length; i++) {
    const s = speed[i]!;
    if (!(s > p.speedingThresholdMph)) {
      if (start >= 0) close(i - 1);
      continue;
    }
    if (start >= 0 && (t[i]! - t[i - 1]! > rule.gapMs || isGapAt(chunk, i - 1, rule))) close(i - 1);
    if (start < 0) {
      start = i;
      max = s;
    } else if (s > max) max = s;
  }
  if (start >= 0) close(chunk.length - 1);
}

export function isSpeedingEvent(run: SpeedingRun, p: Pick<SummaryParams, 'speedingMinSeconds'>): boolean {
  return run.readings >= 2 && run.seconds >= p.speedingMinSeconds;
}

/**
 * Speeding events of a day (outliers removed here). Indices refer to the
 * chunk as given: an outlier never starts, ends or peaks an event.
 */
export function speedingEvents(chunk: DayChunk, params?: Partial<SummaryParams>): SpeedingRun[] {
  const p = resolveSummaryParams(params);
  const clean = withoutOutliers(chunk, p.maxPlausibleMph);
  const out: SpeedingRun[] = [];
  const at = (k: number) => (clean.origin ? clean.origin[k]! : k);
  forEachSpeedingRun(clean.chunk, p, (run) => {
    if (isSpeedingEvent(run, p)) out.push({ ...run, startIndex: at(run.startIndex), endIndex: at(run.endIndex) });
  });
  return out;
}

export function summarizeDay(chunk: DayChunk, params?: Partial<SummaryParams>): DaySummary {
  const p = resolveSummaryParams(params);
  const clean = withoutOutliers(chunk, p.maxPlausibleMph);
  const day = clean.chunk;
  const { t, lat, lng, speed } = day;
  const n = day.length;
  const rule = gapRule(p);
  let distance = 0;
  let gapDistance = 0;
  let movingMs = 0;
  let stationaryMs = 0;
  let gapMsTotal = 0;
  let gaps = 0;
  let maxSpeed = 0;
  for (let i = 0; i < n; i++) {
    const s = speed[i]!;
    if (s > maxSpeed) maxSpeed = s;
    if (i + 1 === n) break;
    const dt = t[i + 1]! - t[i]!;
    const state = intervalAt(day, i, rule);
    if (state === Interval.GAP) {
      gaps++;
      gapMsTotal += dt;
      gapDistance += haversineMiles(lat[i]!, lng[i]!, lat[i + 1]!, lng[i + 1]!);
    } else if (state === Interval.MOVING) {
      movingMs += dt;
      distance += haversineMiles(lat[i]!, lng[i]!, lat[i + 1]!, lng[i + 1]!);
    } else stationaryMs += dt;
  }
  let events = 0;
  let speedingMs = 0;
  forEachSpeedingRun(
    day,
    p,
    (run) => {
      if (!isSpeedingEvent(run, p)) return;
      events++;
      speedingMs += run.endMs - run.startMs;
    },
    rule,
  );
  return {
    vehicleId: chunk.vehicleId,
    day: chunk.day,
    points: chunk.length,
    outliers: clean.outliers,
    firstMs: n > 0 ? t[0]! : null,
    lastMs: n > 0 ? t[n - 1]! : null,
    distanceMiles: distance,
    gapDistanceMiles: gapDistance,
    movingSeconds: movingMs / 1000,
    stationarySeconds: stationaryMs / 1000,
    offlineSeconds: gapMsTotal / 1000,
    maxSpeedMph: maxSpeed,
    speedingSeconds: speedingMs / 1000,
    speedingEvents: events,
    gaps,
    gapSeconds: gapMsTotal / 1000,
    params: p,
    rule: SUMMARY_RULE,
  };
}

/** Totals over a range of days (any order). Same field meanings as DaySummary. */
export type RangeSummary = Omit<DaySummary, 'vehicleId' | 'day' | 'params' | 'rule'> & {
  vehicleIds: string[];
  /** Number of day summaries combined (days with no readings included). */
  days: number;
  fromDay: UtcDay | null;
  toDay: UtcDay | null;
  /** The common parameters, or null when the summaries were computed with different ones. */
  params: SummaryParams | null;
};

/** The figures of a day (or range) with no readings: what sums and maxima start from. */
export const NO_FIGURES: Readonly<Omit<RangeSummary, 'vehicleIds' | 'days' | 'fromDay' | 'toDay' | 'params'>> =
  Object.freeze({
    points: 0,
    outliers: 0,
    firstMs: null,
    lastMs: null,
    distanceMiles: 0,
    gapDistanceMiles: 0,
    movingSeconds: 0,
    stationarySeconds: 0,
    offlineSeconds: 0,
    maxSpeedMph: 0,
    speedingSeconds: 0,
    speedingEvents: 0,
    gaps: 0,
    gapSeconds: 0,
  });

export function combineSummaries(list: Iterable<DaySummary>): RangeSummary {
  const r: RangeSummary = { vehicleIds: [], days: 0, fromDay: null, toDay: null, ...NO_FIGURES, params: null };
  const vehicles = new Set<string>();
  let first: SummaryParams | null = null;
  let sameParams = true;
  for (const s of list) {
    vehicles.add(s.vehicleId);
    r.days++;
    if (r.fromDay === null || s.day < r.fromDay) r.fromDay = s.day;
    if (r.toDay === null || s.day > r.toDay) r.toDay = s.day;
    r.points += s.points;
    r.outliers += s.outliers ?? 0;
    if (s.firstMs !== null && (r.firstMs === null || s.firstMs < r.firstMs)) r.firstMs = s.firstMs;
    if (s.lastMs !== null && (r.lastMs === null || s.lastMs > r.lastMs)) r.lastMs = s.lastMs;
    r.distanceMiles += s.distanceMiles;
    r.gapDistanceMiles += s.gapDistanceMiles;
    r.movingSeconds += s.movingSeconds;
    r.stationarySeconds += s.stationarySeconds;
    r.offlineSeconds += s.offlineSeconds;
    r.maxSpeedMph = Math.max(r.maxSpeedMph, s.maxSpeedMph);
    r.speedingSeconds += s.speedingSeconds;
    r.speedingEvents += s.speedingEvents;
    r.gaps += s.gaps;
    r.gapSeconds += s.gapSeconds;
    if (first === null) first = s.params;
    else if (!sameSummaryParams(first, s.params)) sameParams = false;
  }
  r.vehicleIds = [...vehicles].sort();
  r.params = sameParams && first ? { ...first } : null;
  return r;
}

/** Only the summary's fields of a larger parameter set (the analysis', the comparison's). */
export function summaryParamsOf(p: Readonly<SummaryParams>): SummaryParams {
  return {
    speedingThresholdMph: p.speedingThresholdMph,
    speedingMinSeconds: p.speedingMinSeconds,
    gapSeconds: p.gapSeconds,
    minStopSeconds: p.minStopSeconds,
    stopSpeedMph: p.stopSpeedMph,
    maxPlausibleMph: p.maxPlausibleMph,
  };
}

const SUMMARY_PARAM_KEYS = Object.keys(DEFAULT_SUMMARY_PARAMS) as (keyof SummaryParams)[];

/** Whether figures computed with `a` hold for `b` (a missing field, from an older version, never matches). */
export function sameSummaryParams(a: SummaryParams, b: SummaryParams): boolean {
  return SUMMARY_PARAM_KEYS.every((k) => a[k] === b[k]);
}

/**
 * Whether a stored summary can be shown for `params`: computed by the current
 * rules (SUMMARY_RULE) with the same parameters. Every reader recomputes the
 * others from their chunk ("recompute on read", docs/architecture.md).
 */
export function isCurrentSummary(s: Pick<DaySummary, 'params' | 'rule'>, params: SummaryParams): boolean {
  return s.rule === SUMMARY_RULE && sameSummaryParams(s.params, params);
}
