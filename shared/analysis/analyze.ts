import { gapReasonAt, gapRule, Interval, type GapRule } from '../track/gaps.ts';
import { forEachSpeedingRun, isSpeedingEvent, summaryParamsOf } from '../track/summary.ts';
import { forEachStoppedRun, intervalMiles, intervalStates } from './intervals.ts';
import { flattenTrack, indexAt, originalIndex, placeAt, type AnalysisTrack } from './flat-track.ts';
import { KIND_ORDER } from './event-kinds.ts';
import { overLimitEventsOf, type RoadLimits } from './over-limit-events.ts';
import { resolveAnalysisParams } from './params.ts';
import { gapEvent, longStopEvent } from './event-shapes.ts';
import type { AnalysisParams, AnalyzeTrack, SafetyEvent, Stop, TrackTotals, Trip } from './types.ts';

/**
 * Trips, stops and safety events of one vehicle over any number of days; the
 * rules, parameters and reasons are in docs/analysis.md.
 *
 * Outliers are removed first (shared/track/outliers.ts). Every interval
 * between consecutive kept readings is then moving, stopped or a gap
 * (shared/track/gaps.ts, the day summaries' own definition), midnight
 * crossings included. A stop is a run of stopped intervals lasting at least
 * `minStopSeconds` (a gap ends it: the truck moved across a gap, so it was
 * not parked). A trip runs between stops, is split at gaps of at least
 * `tripGapSeconds`, and is trimmed to its moving intervals: from the first
 * moving reading to the reading that ends the last moving interval. Its
 * distance and moving time cover the same moving intervals; distance across
 * its gaps is reported apart (`unaccountedMiles`), so avg = distance / moving
 * time is a true average. Speeding events are the day summaries' own (per
 * day: a run across midnight is one event per day, as there).
 */
export const analyzeTrack: AnalyzeTrack = (chunks, partial, roads) => {
  const params = resolveAnalysisParams(partial);
  const flat = flattenTrack(chunks, params.maxPlausibleMph);
  const rule = gapRule(params);
  const states = intervalStates(flat, rule);
  const miles = intervalMiles(flat, states);
  const stopRuns = findStopRuns(flat, states, params);
  const stops = stopRuns.map(([a, b]) => toStop(flat, a, b));
  const spans: [number, number][] = [];
  const trips = findTrips(flat, states, miles, params, stopRuns, spans);
  const events = [
    ...perDayEventsOf(flat, params, rule, roads),
    ...longStopsOf(stops, params),
    ...gapsOf(flat, states, miles, rule),
  ].sort(byTimeThenKind);
  return { params, trips, stops, events, totals: totalsOf(flat, states, miles, spans) };
};

/** A stopped run from `startMs` to `endMs` is a stop: it lasts at least minStopSeconds. */
export function isStop(startMs: number, endMs: number, p: AnalysisParams): boolean {
  return endMs - startMs >= p.minStopSeconds * 1000;
}

/** A stop of `durationSeconds` is a long-stop event. */
export function isLongStop(durationSeconds: number, p: AnalysisParams): boolean {
  return durationSeconds >= p.longStopSeconds;
}

/** [first reading, last reading] of every run of stopped intervals that is a stop, flat indices. */
function findStopRuns(flat: AnalysisTrack, states: Uint8Array, p: AnalysisParams): [number, number][] {
  const { t } = flat;
  const runs: [number, number][] = [];
  forEachStoppedRun(states, (start, end) => {
    if (isStop(t[start]!, t[end]!, p)) runs.push([start, end]);
  });
  return runs;
}

function toStop(flat: AnalysisTrack, a: number, b: number): Stop {
  const at = indexAt(flat, a);
  const startMs = flat.t[a]!;
  const endMs = flat.t[b]!;
  return {
    vehicleId: flat.vehicleId,
    startMs,
    endMs,
    durationSeconds: (endMs - startMs) / 1000,
    lat: flat.lat[a]!,
    lng: flat.lng[a]!,
    place: placeAt(flat, at),
    at,
  };
}

/** Trips between the stops; `spans` receives each trip's [first, end] flat indices. */
function findTrips(
  flat: AnalysisTrack,
  states: Uint8Array,
  miles: Float64Array,
  p: AnalysisParams,
  stopRuns: readonly [number, number][],
  spans: [number, number][],
): Trip[] {
  const { t } = flat;
  const tripGapMs = p.tripGapSeconds * 1000;
  const trips: Trip[] = [];
  const segment = (a: number, b: number) => {
    let s = a;
    for (let i = a; i < b; i++) {
      if (states[i] === Interval.GAP && t[i + 1]! - t[i]! >= tripGapMs) {
        pushTrip(flat, states, miles, p, s, i, trips, spans);
        s = i + 1;
      }
    }
    pushTrip(flat, states, miles, p, s, b, trips, spans);
  };
  let from = 0;
  for (const [a, b] of stopRuns) {
    segment(from, a);
    from = b;
  }
  if (flat.length > 0) segment(from, flat.length - 1);
  return trips;
}

/** The trip inside readings a..b (inclusive), trimmed to its moving intervals. */
function pushTrip(
  flat: AnalysisTrack,
  states: Uint8Array,
  distances: Float64Array,
  p: AnalysisParams,
  a: number,
  b: number,
  out: Trip[],
  spans: [number, number][],
): void {
  let first = a;
  while (first < b && states[first] !== Interval.MOVING) first++;
  if (first >= b) return;
  let last = b - 1;
  while (states[last] !== Interval.MOVING) last--;
  const end = last + 1;
  const { t, lat, lng, speed } = flat;
  let miles = 0;
  let unaccounted = 0;
  let movingMs = 0;
  // The highest known speed: an unknown (NaN) is skipped, and NaN stays only when no reading of the trip has one.
  let maxSpeed = NaN;
  for (let i = first; i <= end; i++) if (speed[i]! > maxSpeed || Number.isNaN(maxSpeed)) maxSpeed = speed[i]!;
  for (let i = first; i < end; i++) {
    const state = states[i];
    if (state === Interval.MOVING) {
      miles += distances[i]!;
      movingMs += t[i + 1]! - t[i]!;
    } else if (state === Interval.GAP) unaccounted += distances[i]!;
  }
  if (miles + unaccounted < p.minTripMiles) return;
  const start = indexAt(flat, first);
  const stop = indexAt(flat, end);
  const startMs = t[first]!;
  const endMs = t[end]!;
  spans.push([first, end]);
  out.push({
    id: `${flat.vehicleId}:${startMs}`,
    vehicleId: flat.vehicleId,
    start,
    end: stop,
    startMs,
    endMs,
    startPlace: placeAt(flat, start),
    endPlace: placeAt(flat, stop),
    startLat: lat[first]!,
    startLng: lng[first]!,
    endLat: lat[end]!,
    endLng: lng[end]!,
    distanceMiles: miles,
    unaccountedMiles: unaccounted,
    durationSeconds: (endMs - startMs) / 1000,
    movingSeconds: movingMs / 1000,
    maxSpeedMph: maxSpeed,
    avgSpeedMph: movingMs > 0 ? miles / (movingMs / 3_600_000) : 0,
    points: end - first + 1,
  });
}

/**
 * The events each day decides alone (speeding: per day by rule), for the whole track here and for one day
 * in dayPart (day-parts.ts): a kind decided per day is added here once and both paths have it.
 */
export function perDayEventsOf(
  flat: AnalysisTrack,
  p: AnalysisParams,
  rule: GapRule,
  roads?: RoadLimits,
): SafetyEvent[] {
  return [...speedingOf(flat, p, rule), ...overLimitEventsOf(flat, roads)];
}

function speedingOf(flat: AnalysisTrack, p: AnalysisParams, rule: GapRule): SafetyEvent[] {
  const out: SafetyEvent[] = [];
  const summaryParams = summaryParamsOf(p);
  flat.clean.forEach((day, k) => {
    const chunk = flat.chunks[k]!;
    forEachSpeedingRun(
      day,
      summaryParams,
      (run) => {
        if (!isSpeedingEvent(run, summaryParams)) return;
        const i = originalIndex(flat, k, run.startIndex);
        out.push({
          kind: 'speeding',
          vehicleId: flat.vehicleId,
          startMs: run.startMs,
          endMs: run.endMs,
          durationSeconds: run.seconds,
          peakSpeedMph: run.maxMph,
          lat: chunk.lat[i]!,
          lng: chunk.lng[i]!,
          place: chunk.location[i] ?? '',
          at: { chunk: k, point: i },
        });
      },
      rule,
    );
  });
  return out;
}

function longStopsOf(stops: readonly Stop[], p: AnalysisParams): SafetyEvent[] {
  return stops.filter((s) => isLongStop(s.durationSeconds, p)).map((s) => longStopEvent(s.vehicleId, s, s.at));
}

/** Every gap interval, the one across midnight included (a stop never contains one: see findStopRuns). */
export function gapsOf(flat: AnalysisTrack, states: Uint8Array, miles: Float64Array, rule: GapRule): SafetyEvent[] {
  const out: SafetyEvent[] = [];
  for (let i = 0; i < states.length; i++) {
    if (states[i] !== Interval.GAP) continue;
    const at = indexAt(flat, i);
    const from = { t: flat.t[i]!, lat: flat.lat[i]!, lng: flat.lng[i]!, place: placeAt(flat, at) };
    out.push(
      gapEvent(flat.vehicleId, from, flat.t[i + 1]!, { reason: gapReasonAt(flat, i, rule), miles: miles[i]! }, at),
    );
  }
  return out;
}

/** Totals over every interval; `spans` (time-ordered trip ranges) tell which moving intervals lie outside trips. */
export function totalsOf(
  flat: AnalysisTrack,
  states: Uint8Array,
  miles: Float64Array,
  spans: readonly [number, number][],
): TrackTotals {
  const totals: TrackTotals = {
    movingSeconds: 0,
    stationarySeconds: 0,
    offlineSeconds: 0,
    distanceMiles: 0,
    unaccountedMiles: 0,
    movingSecondsOutsideTrips: 0,
    outliers: flat.outliers,
  };
  let k = 0;
  for (let i = 0; i < states.length; i++) {
    const seconds = (flat.t[i + 1]! - flat.t[i]!) / 1000;
    if (states[i] === Interval.MOVING) {
      totals.movingSeconds += seconds;
      totals.distanceMiles += miles[i]!;
      while (k < spans.length && spans[k]![1] <= i) k++;
      const span = spans[k];
      if (!(span && span[0] <= i)) totals.movingSecondsOutsideTrips += seconds;
    } else if (states[i] === Interval.GAP) {
      totals.offlineSeconds += seconds;
      totals.unaccountedMiles += miles[i]!;
    } else totals.stationarySeconds += seconds;
  }
  return totals;
}

/** Time order; events starting together in the registry's display order. */
export function byTimeThenKind(a: SafetyEvent, b: SafetyEvent): number {
  return a.startMs - b.startMs || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.endMs - b.endMs;
}
