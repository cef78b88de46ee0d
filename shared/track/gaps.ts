import { MotionCode } from '../domain/status.ts';
import { haversineMiles } from './geo.ts';
import type { DayChunk } from './types.ts';

/**
 * One definition of "gap in the data", used by everything that decides one:
 * the day summary (gap time is offline time), the analysis (gap events, trip
 * splits, moving time), the chart series and status bands, the map's gap
 * lines, playback and the GPX writer (a gap starts a new <trkseg>). A screen
 * and an export therefore never disagree about where the record breaks.
 *
 * Why two thresholds: the API refreshes about every 60 s in motion and "less
 * often when stationary" (the simulator: about hourly when parked). A parked
 * truck's hourly heartbeat is the device working as specified, so calling
 * every silence over `gapSeconds` a gap turned one parked night into ~10
 * "Data gap" events and hours of "Offline". Silence that starts at a
 * STATIONARY reading and ends within PARKED_RADIUS_METERS of it ("parked
 * silence") is judged against the longer `parkedGapSeconds` instead: silent
 * that long at one place is still suspicious (unplugged, driven, brought back).
 * Silence after a moving reading, or ending somewhere else (the truck moved
 * without reporting), keeps the `gapSeconds` rule; an OFFLINE reading always
 * starts a gap.
 */

/** Longer than this between readings, the record is broken (moving trucks report every ~60 s). */
export const DEFAULT_GAP_SECONDS = 20 * 60;

/** Parked silence longer than this is a gap: two missed hourly heartbeats. */
export const DEFAULT_PARKED_GAP_SECONDS = 2 * 3600;

/**
 * How far the reading after a stationary silence may be and still count as the
 * same parking place: GPS scatter of a parked truck plus a move across a yard
 * or a truck stop, well short of any drive worth reviewing.
 */
export const PARKED_RADIUS_METERS = 250;

const METERS_PER_MILE = 1609.344;
const PARKED_RADIUS_MILES = PARKED_RADIUS_METERS / METERS_PER_MILE;

/** The parameters of the rule as the analysis, the summaries and the screens carry them. */
export interface GapParams {
  gapSeconds: number;
  parkedGapSeconds: number;
}

/** Only the gap fields of `p` (an AnalysisParams, say), e.g. to post them to a worker. */
export function gapParamsOf(p: Readonly<GapParams>): GapParams {
  return { gapSeconds: p.gapSeconds, parkedGapSeconds: p.parkedGapSeconds };
}

/** The same thresholds in ms, computed once per loop. */
export interface GapRule {
  gapMs: number;
  parkedGapMs: number;
}

/** Missing fields take the defaults, so a caller that only knows `gapSeconds` still gets the parked rule. */
export function gapRule(p: Partial<GapParams> = {}): GapRule {
  return { gapMs: (p.gapSeconds ?? DEFAULT_GAP_SECONDS) * 1000, parkedGapMs: (p.parkedGapSeconds ?? DEFAULT_PARKED_GAP_SECONDS) * 1000 };
}

/**
 * Whether the interval from reading A (time `t0`, motion code `status0`, at
 * lat0/lng0) to the next reading B (time `t1`, at lat1/lng1) is a gap. The
 * low-level form, for intervals whose ends sit in different chunks (midnight).
 * Both thresholds are exclusive; the distance is great-circle and a reading
 * exactly PARKED_RADIUS_METERS away is still parked.
 */
export function isGapBetween(rule: GapRule, t0: number, status0: number, lat0: number, lng0: number, t1: number, lat1: number, lng1: number): boolean {
  if (status0 === MotionCode.OFFLINE) return true;
  const dt = t1 - t0;
  if (!(dt > rule.gapMs)) return false;
  if (status0 !== MotionCode.STATIONARY || dt > rule.parkedGapMs) return true;
  // Only reached for the rare long silence: the trig stays off the per-reading path.
  return !(haversineMiles(lat0, lng0, lat1, lng1) <= PARKED_RADIUS_MILES);
}

/** The columns the rule reads: a DayChunk, the analysis' FlatTrack and the renderer's flat track all have them. */
export interface GapColumns {
  t: ArrayLike<number>;
  status: ArrayLike<number>;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
}

/** Whether the interval from reading i to reading i + 1 of `cols` is a gap (isGapBetween). */
export function isGapAt(cols: GapColumns, i: number, rule: GapRule): boolean {
  const { t, status, lat, lng } = cols;
  return isGapBetween(rule, t[i]!, status[i]!, lat[i]!, lng[i]!, t[i + 1]!, lat[i + 1]!, lng[i + 1]!);
}

export interface Gap {
  /** Index of the reading the gap starts at; the gap is the interval index → index + 1. */
  index: number;
  startMs: number;
  endMs: number;
  /** 'offline' when the reading at `index` was OFFLINE, otherwise 'silence' (no readings). */
  reason: 'offline' | 'silence';
}

/** The reason findGaps gives for a gap starting at a reading with this motion code. */
export function gapReason(status: number): Gap['reason'] {
  return status === MotionCode.OFFLINE ? 'offline' : 'silence';
}

/** The gaps inside one day chunk, in time order. */
export function findGaps(chunk: DayChunk, params: Partial<GapParams> = {}): Gap[] {
  const rule = gapRule(params);
  const { t, status } = chunk;
  const out: Gap[] = [];
  for (let i = 0; i + 1 < chunk.length; i++) {
    if (isGapAt(chunk, i, rule)) out.push({ index: i, startMs: t[i]!, endMs: t[i + 1]!, reason: gapReason(status[i]!) });
  }
  return out;
}
