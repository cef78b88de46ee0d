import { MotionCode } from '../domain/status.ts';
import type { UtcDay } from '../util/day.ts';
import { DEFAULT_GAP_SECONDS, DEFAULT_PARKED_GAP_SECONDS, gapRule, isGapAt } from './gaps.ts';
import { haversineMiles } from './geo.ts';
import type { DayChunk } from './types.ts';

/**
 * Per-day figures computed once at ingest, so screens and range totals never
 * rescan raw points.
 *
 * Attribution rule used throughout: readings are samples, so the interval from
 * reading i to reading i + 1 is attributed to the state of reading i. The
 * interval that crosses midnight (last reading of a day to the first of the
 * next) belongs to neither day: per-day figures must not depend on a
 * neighbouring day that may not be downloaded yet (at 60 s sampling this drops
 * at most a minute and about a mile per day).
 */
export interface SummaryParams {
  /** A reading is speeding when its speed is strictly above this. */
  speedingThresholdMph: number;
  /** A speeding run shorter than this is not an event (sensor spikes, brief overtakes). */
  speedingMinSeconds: number;
  /** An interval longer than this is a gap (shared/track/gaps.ts). */
  gapSeconds: number;
  /** Parked silence (shared/track/gaps.ts) longer than this is a gap. */
  parkedGapSeconds: number;
}

export const DEFAULT_SUMMARY_PARAMS: Readonly<SummaryParams> = Object.freeze({
  speedingThresholdMph: 70,
  speedingMinSeconds: 60,
  gapSeconds: DEFAULT_GAP_SECONDS,
  parkedGapSeconds: DEFAULT_PARKED_GAP_SECONDS,
});

export interface DaySummary {
  vehicleId: string;
  day: UtcDay;
  /** Number of readings. */
  points: number;
  /** Time of the first / last reading (epoch ms UTC); null for an empty day. */
  firstMs: number | null;
  lastMs: number | null;
  /**
   * Sum of great-circle (haversine) distances between consecutive readings,
   * gaps included: across a gap the truck did move, and the straight line is a
   * lower bound of how far. `gapDistanceMiles` is the part of it measured across gaps,
   * so a screen can say how much is inferred rather than tracked.
   */
  distanceMiles: number;
  gapDistanceMiles: number;
  /** Time in non-gap intervals whose reading is IN_MOTION. */
  movingSeconds: number;
  /** Time in non-gap intervals whose reading is STATIONARY. */
  stationarySeconds: number;
  /**
   * Time in gap intervals (shared/track/gaps.ts: longer than `gapSeconds`, or
   * `parkedGapSeconds` for parked silence, or starting at an OFFLINE reading).
   * A parked truck's sparse heartbeats are stationary time, not offline.
   * moving + stationary + offline = lastMs - firstMs.
   */
  offlineSeconds: number;
  /** Highest speed of any reading (0 for an empty day). */
  maxSpeedMph: number;
  /** Time in non-gap intervals whose reading is above the threshold. */
  speedingSeconds: number;
  /**
   * Maximal runs of consecutive speeding intervals (a gap ends a run) lasting at
   * least `speedingMinSeconds`. A run crossing midnight counts once per day.
   */
  speedingEvents: number;
  /** Number of gap intervals. */
  gaps: number;
  /** Total time in gaps (equal to offlineSeconds by definition; kept for readability of callers). */
  gapSeconds: number;
  /** The parameters these figures were computed with (stored summaries are recomputed when they change). */
  params: SummaryParams;
}

export interface SpeedingRun {
  /** First reading of the run. */
  startIndex: number;
  /** The reading that ends the run (exclusive): the run covers intervals startIndex..endIndex-1. */
  endIndex: number;
  startMs: number;
  endMs: number;
  seconds: number;
  maxMph: number;
}

export function resolveSummaryParams(params?: Partial<SummaryParams>): SummaryParams {
  return { ...DEFAULT_SUMMARY_PARAMS, ...params };
}

/** Every speeding run of the day, including those shorter than speedingMinSeconds. */
export function forEachSpeedingRun(chunk: DayChunk, p: SummaryParams, onRun: (run: SpeedingRun) => void): void {
  const { t, speed } = chunk;
  const rule = gapRule(p);
  let start = -1;
  let max = 0;
  const close = (end: number) => {
    const startMs = t[start]!;
    const endMs = t[end]!;
    onRun({ startIndex: start, endIndex: end, startMs, endMs, seconds: (endMs - startMs) / 1000, maxMph: max });
    start = -1;
  };
  for (let i = 0; i + 1 < chunk.length; i++) {
    const s = speed[i]!;
    const speeding = s > p.speedingThresholdMph && !isGapAt(chunk, i, rule);
    if (speeding) {
      if (start < 0) {
        start = i;
        max = s;
      } else if (s > max) max = s;
    } else if (start >= 0) close(i);
  }
  if (start >= 0) close(chunk.length - 1);
}

/** Speeding events: runs lasting at least speedingMinSeconds. */
export function speedingEvents(chunk: DayChunk, params?: Partial<SummaryParams>): SpeedingRun[] {
  const p = resolveSummaryParams(params);
  const out: SpeedingRun[] = [];
  forEachSpeedingRun(chunk, p, (run) => {
    if (run.seconds >= p.speedingMinSeconds) out.push(run);
  });
  return out;
}

export function summarizeDay(chunk: DayChunk, params?: Partial<SummaryParams>): DaySummary {
  const p = resolveSummaryParams(params);
  const { t, lat, lng, speed, status } = chunk;
  const n = chunk.length;
  const rule = gapRule(p);
  let distance = 0;
  let gapDistance = 0;
  let movingMs = 0;
  let stationaryMs = 0;
  let gapMsTotal = 0;
  let gaps = 0;
  let speedingMs = 0;
  let maxSpeed = 0;
  for (let i = 0; i < n; i++) {
    const s = speed[i]!;
    if (s > maxSpeed) maxSpeed = s;
    if (i + 1 === n) break;
    const dt = t[i + 1]! - t[i]!;
    const code = status[i]!;
    const d = haversineMiles(lat[i]!, lng[i]!, lat[i + 1]!, lng[i + 1]!);
    distance += d;
    if (isGapAt(chunk, i, rule)) {
      gaps++;
      gapMsTotal += dt;
      gapDistance += d;
      continue;
    }
    if (code === MotionCode.IN_MOTION) movingMs += dt;
    else stationaryMs += dt;
    if (s > p.speedingThresholdMph) speedingMs += dt;
  }
  let events = 0;
  forEachSpeedingRun(chunk, p, (run) => {
    if (run.seconds >= p.speedingMinSeconds) events++;
  });
  return {
    vehicleId: chunk.vehicleId,
    day: chunk.day,
    points: n,
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
  };
}

/** Totals over a range of days (any order). Same field meanings as DaySummary. */
export interface RangeSummary {
  vehicleIds: string[];
  /** Number of day summaries combined (days with no readings included). */
  days: number;
  fromDay: UtcDay | null;
  toDay: UtcDay | null;
  points: number;
  firstMs: number | null;
  lastMs: number | null;
  distanceMiles: number;
  gapDistanceMiles: number;
  movingSeconds: number;
  stationarySeconds: number;
  offlineSeconds: number;
  maxSpeedMph: number;
  speedingSeconds: number;
  speedingEvents: number;
  gaps: number;
  gapSeconds: number;
  /** The common parameters, or null when the summaries were computed with different ones. */
  params: SummaryParams | null;
}

export function combineSummaries(list: Iterable<DaySummary>): RangeSummary {
  const r: RangeSummary = {
    vehicleIds: [],
    days: 0,
    fromDay: null,
    toDay: null,
    points: 0,
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
    params: null,
  };
  const vehicles = new Set<string>();
  let first: SummaryParams | null = null;
  let sameParams = true;
  for (const s of list) {
    vehicles.add(s.vehicleId);
    r.days++;
    if (r.fromDay === null || s.day < r.fromDay) r.fromDay = s.day;
    if (r.toDay === null || s.day > r.toDay) r.toDay = s.day;
    r.points += s.points;
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
  return { speedingThresholdMph: p.speedingThresholdMph, speedingMinSeconds: p.speedingMinSeconds, gapSeconds: p.gapSeconds, parkedGapSeconds: p.parkedGapSeconds };
}

/**
 * Whether figures computed with `a` hold for `b`. Summaries stored before
 * `parkedGapSeconds` existed lack it, so they compare different and are
 * recomputed from their chunk, never shown with the old gap rule.
 */
export function sameSummaryParams(a: SummaryParams, b: SummaryParams): boolean {
  return (
    a.speedingThresholdMph === b.speedingThresholdMph &&
    a.speedingMinSeconds === b.speedingMinSeconds &&
    a.gapSeconds === b.gapSeconds &&
    a.parkedGapSeconds === b.parkedGapSeconds
  );
}
