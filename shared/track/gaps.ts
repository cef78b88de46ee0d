import { MotionCode } from '../domain/status.ts';
import { haversineMiles, surelyWithinMiles } from './geo.ts';
import type { DayChunk } from './types.ts';

/**
 * One definition of what happened between two consecutive readings, used by
 * everything that decides it: the day summary (moving, stationary and offline
 * time), the analysis (stops, trips, gap events, moving figures), the chart
 * series and status bands, the map's gap lines, playback and the GPX writer
 * (a gap starts a new <trkseg>). A screen and an export therefore never
 * disagree about where the record breaks or when the truck moved.
 *
 * The interval from reading A to the next reading B (the state of the
 * interval is A's, the summary's attribution rule) is exactly one of:
 * - GAP: the record breaks. B is farther from A than the truck could drive at
 *   `maxPlausibleMph` (a position jump, reason "jump"); or the truck moved
 *   more than PARKED_RADIUS_METERS and either A says OFFLINE (reason
 *   "offline") or nothing was reported for longer than `gapSeconds` (reason
 *   "silence").
 * - STOPPED: A is not a moving reading, or nothing was reported for at least
 *   `minStopSeconds` and B is within PARKED_RADIUS_METERS of A ("parked
 *   silence"), whatever A's status: loggers that record only while moving
 *   fall silent after a last slow IN_MOTION reading, and the spec's parked
 *   trucks report "less often when stationary". (With the default 5 min, 250 m
 *   is under 2 mph; a parked silence also never averages more than
 *   `stopSpeedMph`, which only matters for a much shorter stop minimum.)
 * - MOVING: otherwise; A is a moving reading.
 *
 * A moving reading: its status allows motion (IN_MOTION, or unknown: the
 * record had none) and its speed is above `stopSpeedMph`; when its speed is
 * unknown, the positions speak instead: the speed implied by A → B is above
 * `stopSpeedMph`. An unknown is never read as zero: a truck that drove with
 * no speed in its records still has its distance and moving time.
 *
 * A silence that begins and ends at the same place is never a data gap: the
 * truck stood still (a loop that left and came back unseen cannot be told
 * apart, as in every tracker that reads positions only).
 */

/** Longer than this between readings of a truck that moved, the record is broken (moving trucks report every ~60 s). */
export const DEFAULT_GAP_SECONDS = 20 * 60;

/** A halt at least this long is a stop; also the shortest silence that counts as parked. */
export const DEFAULT_MIN_STOP_SECONDS = 5 * 60;

/** A reading at or below this speed is not moving (GPS speed jitters by a few mph while parked). */
export const DEFAULT_STOP_SPEED_MPH = 3;

/**
 * Above this a reported speed or a speed implied by two positions is not a
 * truck's: trucks are governed at 65-75 mph and rarely exceed 90 mph downhill.
 */
export const DEFAULT_MAX_PLAUSIBLE_MPH = 110;

/**
 * How far the reading after a silence may be and still count as the same
 * place: GPS scatter of a parked truck plus a move across a yard or a truck
 * stop, well short of any drive worth reviewing.
 */
export const PARKED_RADIUS_METERS = 250;

/**
 * Position error allowed on top of the plausible speed when judging a jump:
 * consumer GPS fixes scatter by tens of metres, which at one-second logging
 * would otherwise read as hundreds of mph.
 */
export const JUMP_TOLERANCE_METERS = 50;

const METERS_PER_MILE = 1609.344;
const PARKED_RADIUS_MILES = PARKED_RADIUS_METERS / METERS_PER_MILE;
const JUMP_TOLERANCE_MILES = JUMP_TOLERANCE_METERS / METERS_PER_MILE;

/** State of an interval; the codes match MotionCode (IN_MOTION, STATIONARY, OFFLINE) so a band can show them as statuses. */
export const Interval = { MOVING: 0, STOPPED: 1, GAP: 2 } as const;
export type Interval = (typeof Interval)[keyof typeof Interval];

/** The parameters of the rule as the analysis, the summaries and the screens carry them. */
export interface GapParams {
  gapSeconds: number;
  minStopSeconds: number;
  stopSpeedMph: number;
  maxPlausibleMph: number;
}

export const DEFAULT_GAP_PARAMS: Readonly<GapParams> = Object.freeze({
  gapSeconds: DEFAULT_GAP_SECONDS,
  minStopSeconds: DEFAULT_MIN_STOP_SECONDS,
  stopSpeedMph: DEFAULT_STOP_SPEED_MPH,
  maxPlausibleMph: DEFAULT_MAX_PLAUSIBLE_MPH,
});

/** Only the rule's fields of `p` (an AnalysisParams, say), e.g. to post them to a worker. */
export function gapParamsOf(p: Readonly<GapParams>): GapParams {
  return {
    gapSeconds: p.gapSeconds,
    minStopSeconds: p.minStopSeconds,
    stopSpeedMph: p.stopSpeedMph,
    maxPlausibleMph: p.maxPlausibleMph,
  };
}

/** The same thresholds in the units the loops use, computed once per loop. */
export interface GapRule {
  gapMs: number;
  minStopMs: number;
  stopSpeedMph: number;
  /** stopSpeedMph in miles per millisecond. */
  stopMilesPerMs: number;
  /** maxPlausibleMph in miles per millisecond. */
  maxMilesPerMs: number;
}

/** Missing fields take the defaults. */
export function gapRule(p: Partial<GapParams> = {}): GapRule {
  return {
    gapMs: (p.gapSeconds ?? DEFAULT_GAP_SECONDS) * 1000,
    minStopMs: (p.minStopSeconds ?? DEFAULT_MIN_STOP_SECONDS) * 1000,
    stopSpeedMph: p.stopSpeedMph ?? DEFAULT_STOP_SPEED_MPH,
    stopMilesPerMs: (p.stopSpeedMph ?? DEFAULT_STOP_SPEED_MPH) / 3_600_000,
    maxMilesPerMs: (p.maxPlausibleMph ?? DEFAULT_MAX_PLAUSIBLE_MPH) / 3_600_000,
  };
}

/** What a reading says on its own (readingMotion): moving, stopped (Interval's codes), or undecided (unknown speed: its positions decide). */
export const ReadingMotion = { MOVING: Interval.MOVING, STOPPED: Interval.STOPPED, UNDECIDED: -1 } as const;
export type ReadingMotion = (typeof ReadingMotion)[keyof typeof ReadingMotion];

/**
 * A reading whose status allows motion (IN_MOTION, or UNKNOWN: the record had none) moves when its
 * speed is above the stop speed; with an unknown speed (NaN) it is UNDECIDED. STATIONARY and OFFLINE
 * readings never move.
 */
export function readingMotion(status: number, speedMph: number, stopSpeedMph: number): ReadingMotion {
  if (status !== MotionCode.IN_MOTION && status !== MotionCode.UNKNOWN) return ReadingMotion.STOPPED;
  if (speedMph > stopSpeedMph) return ReadingMotion.MOVING;
  return speedMph <= stopSpeedMph ? ReadingMotion.STOPPED : ReadingMotion.UNDECIDED;
}

/**
 * Whether B (dtMs after A) is farther than the plausible speed allows. A
 * trig-free upper bound of the distance (surelyWithinMiles) settles most
 * intervals, so haversineMiles runs only for those near the limit; the
 * answer is haversineMiles' either way.
 */
export function isJump(rule: GapRule, dtMs: number, lat0: number, lng0: number, lat1: number, lng1: number): boolean {
  const reach = rule.maxMilesPerMs * Math.max(0, dtMs) + JUMP_TOLERANCE_MILES;
  if (surelyWithinMiles(lat0, lng0, lat1, lng1, reach)) return false;
  return haversineMiles(lat0, lng0, lat1, lng1) > reach;
}

/**
 * The state of the interval from reading A (time `t0`, motion code
 * `status0`, `speed0` mph, at lat0/lng0) to the next reading B (`t1`, at
 * lat1/lng1); see the rule above. The low-level form, for intervals whose
 * ends sit in different chunks (midnight). `gapSeconds` is exclusive,
 * `minStopSeconds` inclusive.
 */
export function intervalBetween(
  rule: GapRule,
  t0: number,
  status0: number,
  speed0: number,
  lat0: number,
  lng0: number,
  t1: number,
  lat1: number,
  lng1: number,
): Interval {
  const dt = t1 - t0;
  if (isJump(rule, dt, lat0, lng0, lat1, lng1)) return Interval.GAP;
  const own = readingMotion(status0, speed0, rule.stopSpeedMph);
  const offline = status0 === MotionCode.OFFLINE;
  // Most intervals end here: the distance is only needed for a silence, an OFFLINE reading or an unknown speed.
  if (!offline && own !== ReadingMotion.UNDECIDED && dt < rule.minStopMs && !(dt > rule.gapMs)) return own;
  const miles = haversineMiles(lat0, lng0, lat1, lng1);
  // An unknown speed is the speed the positions imply (a zero-length interval moves if B is elsewhere at all).
  const normal =
    own !== ReadingMotion.UNDECIDED ? own : miles > rule.stopMilesPerMs * dt ? Interval.MOVING : Interval.STOPPED;
  // A reading exactly on the radius is still parked.
  if (!(miles <= PARKED_RADIUS_MILES)) return offline || dt > rule.gapMs ? Interval.GAP : normal;
  // Parked silence; the average-speed bound only matters for a stop minimum so short that 250 m in it would be driving.
  return dt >= rule.minStopMs && miles <= rule.stopMilesPerMs * dt ? Interval.STOPPED : normal;
}

/** Why a GAP interval is one: 'jump' (impossible distance), 'offline' (A was OFFLINE) or 'silence' (no readings). */
export type GapReason = 'offline' | 'silence' | 'jump';

export function gapReasonBetween(
  rule: GapRule,
  t0: number,
  status0: number,
  lat0: number,
  lng0: number,
  t1: number,
  lat1: number,
  lng1: number,
): GapReason {
  if (isJump(rule, t1 - t0, lat0, lng0, lat1, lng1)) return 'jump';
  return status0 === MotionCode.OFFLINE ? 'offline' : 'silence';
}

/** Whether the interval from A to B is a gap (intervalBetween without the speed, which never decides a gap). */
export function isGapBetween(
  rule: GapRule,
  t0: number,
  status0: number,
  lat0: number,
  lng0: number,
  t1: number,
  lat1: number,
  lng1: number,
): boolean {
  return intervalBetween(rule, t0, status0, 0, lat0, lng0, t1, lat1, lng1) === Interval.GAP;
}

/** The columns the rule reads (a subset of TrackColumns, so any track shape has them). */
export interface GapColumns {
  t: ArrayLike<number>;
  status: ArrayLike<number>;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
}

export interface IntervalColumns extends GapColumns {
  speed: ArrayLike<number>;
}

/** Whether the interval from reading i to reading i + 1 of `cols` is a gap. */
export function isGapAt(cols: GapColumns, i: number, rule: GapRule): boolean {
  const { t, status, lat, lng } = cols;
  return isGapBetween(rule, t[i]!, status[i]!, lat[i]!, lng[i]!, t[i + 1]!, lat[i + 1]!, lng[i + 1]!);
}

/** The state of the interval from reading i to reading i + 1 of `cols` (intervalBetween). */
export function intervalAt(cols: IntervalColumns, i: number, rule: GapRule): Interval {
  const { t, status, speed, lat, lng } = cols;
  return intervalBetween(rule, t[i]!, status[i]!, speed[i]!, lat[i]!, lng[i]!, t[i + 1]!, lat[i + 1]!, lng[i + 1]!);
}

export function gapReasonAt(cols: GapColumns, i: number, rule: GapRule): GapReason {
  const { t, status, lat, lng } = cols;
  return gapReasonBetween(rule, t[i]!, status[i]!, lat[i]!, lng[i]!, t[i + 1]!, lat[i + 1]!, lng[i + 1]!);
}

export interface Gap {
  /** Index of the reading the gap starts at; the gap is the interval index → index + 1. */
  index: number;
  startMs: number;
  endMs: number;
  reason: GapReason;
}

/** The gaps inside one day chunk (outliers already removed: shared/track/outliers.ts), in time order. */
export function findGaps(chunk: DayChunk, params: Partial<GapParams> = {}): Gap[] {
  const rule = gapRule(params);
  const { t } = chunk;
  const out: Gap[] = [];
  for (let i = 0; i + 1 < chunk.length; i++) {
    if (isGapAt(chunk, i, rule))
      out.push({ index: i, startMs: t[i]!, endMs: t[i + 1]!, reason: gapReasonAt(chunk, i, rule) });
  }
  return out;
}
