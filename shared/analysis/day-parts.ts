import { gapReasonBetween, gapRule, Interval, intervalBetween, type GapRule } from '../track/gaps.ts';
import { haversineMiles } from '../track/geo.ts';
import type { DayChunk } from '../track/types.ts';
import { byTimeThenKind, gapsOf, isLongStop, isStop, perDayEventsOf, totalsOf } from './analyze.ts';
import { gapEvent, longStopEvent } from './event-shapes.ts';
import { forEachStoppedRun, intervalMiles, intervalStates } from './intervals.ts';
import { flattenTrack, indexAt, placeAt, type AnalysisTrack } from './flat-track.ts';
import type { AnalysisParams, SafetyEvent, TrackTotals } from './types.ts';
import type { RoadLimits } from './over-limit-events.ts';

/**
 * One day of one vehicle's analysis, kept so that a range's events and totals are joined from its days'
 * parts (`joinDayParts`) instead of read again from every stored reading, with the same result as
 * `analyzeTrack` over the range's chunks (test/unit/day-parts.test.ts holds them equal).
 *
 * What a day decides alone (analyze.ts): its outliers and speeding events (both per day), and every
 * interval between two of its own readings. What crosses midnight: the interval from one day's last kept
 * reading to the next day's first, and a run of stopped intervals reaching a day's edge, which goes on
 * into the next day when that interval is stopped too (a truck parked over a weekend is one long stop).
 * So a part keeps its edge readings and the stopped runs that touch them, with the whole runs inside it
 * that are long stops already.
 */
export interface EdgeReading {
  t: number;
  status: number;
  speed: number;
  lat: number;
  lng: number;
  place: string;
  /** Index in the day's chunk as given (outliers included). */
  point: number;
}

/** A run of stopped intervals from kept reading `from` to kept reading `to` of its day (indices without outliers). */
export interface StoppedRun {
  from: number;
  to: number;
  startMs: number;
  endMs: number;
  lat: number;
  lng: number;
  place: string;
  point: number;
}

export interface DayPart {
  vehicleNumber: string;
  outliers: number;
  /** Kept readings (outliers removed); the edges are null when there is none. */
  kept: number;
  first: EdgeReading | null;
  last: EdgeReading | null;
  /** The day's speeding events and the gaps between its own readings (analyze.ts). */
  events: SafetyEvent[];
  /** Stopped runs touching the first or last kept reading, and the runs inside the day that are long stops. */
  runs: StoppedRun[];
  movingSeconds: number;
  distanceMiles: number;
}

/** What the safety inbox reads of an analysis (shared/inbox). */
export interface JoinedAnalysis {
  params: AnalysisParams;
  /** Time-ordered, as analyzeTrack's. */
  events: SafetyEvent[];
  totals: Pick<TrackTotals, 'movingSeconds' | 'distanceMiles' | 'outliers'>;
}

/** A stopped run long enough to be a long-stop event, by analyze.ts's two rules. */
function isLongStopRun(startMs: number, endMs: number, p: AnalysisParams): boolean {
  return isStop(startMs, endMs, p) && isLongStop((endMs - startMs) / 1000, p);
}

function edgeAt(flat: AnalysisTrack, i: number): EdgeReading {
  const at = indexAt(flat, i);
  return {
    t: flat.t[i]!,
    status: flat.status[i]!,
    speed: flat.speed[i]!,
    lat: flat.lat[i]!,
    lng: flat.lng[i]!,
    place: placeAt(flat, at),
    point: at.point,
  };
}

function runOf(flat: AnalysisTrack, from: number, to: number): StoppedRun {
  const { t, lat, lng, place, point } = edgeAt(flat, from);
  return { from, to, startMs: t, endMs: flat.t[to]!, lat, lng, place, point };
}

/** Every maximal run of stopped intervals that touches the day's edges or is a long stop by itself. */
function keptRuns(flat: AnalysisTrack, states: Uint8Array, p: AnalysisParams): StoppedRun[] {
  const runs: StoppedRun[] = [];
  const last = flat.length - 1;
  forEachStoppedRun(states, (start, end) => {
    if (start === 0 || end === last || isLongStopRun(flat.t[start]!, flat.t[end]!, p))
      runs.push(runOf(flat, start, end));
  });
  return runs;
}

/** The part of one day's chunk (one vehicle, its readings of that day only), with the range's parameters and road limits. */
export function dayPart(chunk: DayChunk, p: AnalysisParams, roads?: RoadLimits): DayPart {
  const flat = flattenTrack([chunk], p.maxPlausibleMph);
  const rule = gapRule(p);
  const states = intervalStates(flat, rule);
  const miles = intervalMiles(flat, states);
  const totals = totalsOf(flat, states, miles, []);
  const n = flat.length;
  return {
    vehicleNumber: chunk.vehicleNumber,
    outliers: flat.outliers,
    kept: n,
    first: n > 0 ? edgeAt(flat, 0) : null,
    last: n > 0 ? edgeAt(flat, n - 1) : null,
    events: [...perDayEventsOf(flat, p, rule, roads), ...gapsOf(flat, states, miles, rule)],
    runs: keptRuns(flat, states, p),
    movingSeconds: totals.movingSeconds,
    distanceMiles: totals.distanceMiles,
  };
}

/** A stopped run placed in the range: days are indices into the parts. */
interface RangeRun extends StoppedRun {
  startDay: number;
  endDay: number;
}

/** The gap event of the interval across midnight from `a` (day `k`) to `b`, as gapsOf writes one. */
function midnightGap(vehicleId: string, a: EdgeReading, b: EdgeReading, k: number, rule: GapRule): SafetyEvent {
  const reason = gapReasonBetween(rule, a.t, a.status, a.lat, a.lng, b.t, b.lat, b.lng);
  const miles = haversineMiles(a.lat, a.lng, b.lat, b.lng);
  return gapEvent(vehicleId, a, b.t, { reason, miles }, { chunk: k, point: a.point });
}

/** Runs that end on the reading the next one starts on are one run (the maximal runs analyze.ts finds). */
function mergeTouching(runs: readonly RangeRun[]): RangeRun[] {
  const out: RangeRun[] = [];
  for (const r of runs) {
    const prev = out[out.length - 1];
    if (prev && prev.endDay === r.startDay && prev.to === r.from)
      out[out.length - 1] = { ...prev, endDay: r.endDay, to: r.to, endMs: r.endMs };
    else out.push(r);
  }
  return out;
}

/**
 * A vehicle's range from its days' parts, in day order (`parts[k]` from the range's k-th chunk): the
 * events and totals `analyzeTrack` gives over those chunks. The totals are sums in another order, so
 * they may differ from analyzeTrack's in the last bits.
 */
export function joinDayParts(vehicleId: string, parts: readonly DayPart[], p: AnalysisParams): JoinedAnalysis {
  const rule = gapRule(p);
  const events: SafetyEvent[] = [];
  const totals = { movingSeconds: 0, distanceMiles: 0, outliers: 0 };
  const runs: RangeRun[] = [];
  let prev = -1;
  parts.forEach((part, k) => {
    totals.outliers += part.outliers;
    if (!part.first || !part.last) return;
    const before = prev >= 0 ? parts[prev]! : null;
    if (before?.last) {
      const a = before.last;
      const b = part.first;
      const state = intervalBetween(rule, a.t, a.status, a.speed, a.lat, a.lng, b.t, b.lat, b.lng);
      if (state === Interval.MOVING) {
        totals.movingSeconds += (b.t - a.t) / 1000;
        totals.distanceMiles += haversineMiles(a.lat, a.lng, b.lat, b.lng);
      } else if (state === Interval.GAP) events.push(midnightGap(vehicleId, a, b, prev, rule));
      else {
        const { lat, lng, place, point } = a;
        runs.push({
          startDay: prev,
          from: before.kept - 1,
          endDay: k,
          to: 0,
          startMs: a.t,
          endMs: b.t,
          lat,
          lng,
          place,
          point,
        });
      }
    }
    totals.movingSeconds += part.movingSeconds;
    totals.distanceMiles += part.distanceMiles;
    for (const e of part.events) events.push({ ...e, at: { chunk: k, point: e.at.point } });
    for (const r of part.runs) runs.push({ ...r, startDay: k, endDay: k });
    prev = k;
  });
  for (const r of mergeTouching(runs)) {
    if (!isLongStopRun(r.startMs, r.endMs, p)) continue;
    events.push(longStopEvent(vehicleId, r, { chunk: r.startDay, point: r.point }));
  }
  return { params: p, events: events.sort(byTimeThenKind), totals };
}
