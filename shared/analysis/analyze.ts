import { MotionCode } from '../domain/status.ts';
import { findGaps, gapReason, gapRule, isGapAt, isGapBetween } from '../track/gaps.ts';
import { haversineMiles } from '../track/geo.ts';
import { speedingEvents, summaryParamsOf } from '../track/summary.ts';
import type { DayChunk } from '../track/types.ts';
import { flattenTrack, indexAt, placeAt, type FlatTrack } from './flat-track.ts';
import { resolveAnalysisParams } from './params.ts';
import type { AnalysisParams, AnalyzeTrack, SafetyEvent, Stop, Trip } from './types.ts';

/**
 * Trips, stops and safety events of one vehicle over any number of days.
 *
 * The timeline is tiled: a stop runs from its first stopped reading to the
 * first moving reading after it (or the track's last reading), and a trip from
 * that moving reading to the first reading of the next stop, so the halt of
 * the truck (last moving reading to first stopped one) is driving and belongs
 * to the trip. A reading is stopped when it is STATIONARY or at most
 * `stopSpeedMph`; an OFFLINE reading at 0 mph is therefore stopped, and the
 * silence after it is stop time when the truck then resumes from there.
 *
 * Distances and moving time follow the day summary (haversine over every
 * interval, gaps included; moving = IN_MOTION intervals that are not gaps),
 * but intervals across midnight count: a trip is one trip whatever the date.
 * Speeding events are the day summary's own (per day, so counts match the
 * stored summaries; a run across midnight is one event per day, as there).
 */
export const analyzeTrack: AnalyzeTrack = (chunks, partial) => {
  const params = resolveAnalysisParams(partial);
  const flat = flattenTrack(chunks);
  const stopRuns = findStopRuns(flat, params);
  const stops = stopRuns.map(([a, b]) => toStop(flat, a, b));
  const trips = findTrips(flat, params, stopRuns);
  const events = [...speedingOf(flat, params), ...longStopsOf(stops, params), ...gapsOf(flat, params, stops)].sort(byTimeThenKind);
  return { params, trips, stops, events };
};

const isStopped = (flat: FlatTrack, g: number, stopSpeedMph: number): boolean =>
  flat.status[g] === MotionCode.STATIONARY || flat.speed[g]! <= stopSpeedMph;

/** [first stopped reading, first moving reading after it (or last reading)] of every stop, flat indices. */
function findStopRuns(flat: FlatTrack, p: AnalysisParams): [number, number][] {
  const { t, length: n } = flat;
  const minMs = p.minStopSeconds * 1000;
  const runs: [number, number][] = [];
  let start = -1;
  const close = (end: number) => {
    if (t[end]! - t[start]! >= minMs) runs.push([start, end]);
    start = -1;
  };
  for (let g = 0; g < n; g++) {
    if (isStopped(flat, g, p.stopSpeedMph)) {
      if (start < 0) start = g;
    } else if (start >= 0) close(g);
  }
  if (start >= 0) close(n - 1);
  return runs;
}

function toStop(flat: FlatTrack, a: number, b: number): Stop {
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

function findTrips(flat: FlatTrack, p: AnalysisParams, stopRuns: readonly [number, number][]): Trip[] {
  const { t } = flat;
  const rule = gapRule(p);
  const tripGapMs = p.tripGapSeconds * 1000;
  const trips: Trip[] = [];
  const segment = (a: number, b: number) => {
    let s = a;
    for (let i = a; i < b; i++) {
      const dt = t[i + 1]! - t[i]!;
      if (dt >= tripGapMs && isGapAt(flat, i, rule)) {
        pushTrip(flat, p, s, i, trips);
        s = i + 1;
      }
    }
    pushTrip(flat, p, s, b, trips);
  };
  let from = 0;
  for (const [a, b] of stopRuns) {
    segment(from, a);
    from = b;
  }
  if (flat.length > 0) segment(from, flat.length - 1);
  return trips;
}

/** The trip inside readings a..b (inclusive), trimmed to its driving: from the first moving reading to the reading after the last one. */
function pushTrip(flat: FlatTrack, p: AnalysisParams, a: number, b: number, out: Trip[]): void {
  let first = a;
  while (first <= b && isStopped(flat, first, p.stopSpeedMph)) first++;
  if (first > b) return;
  let last = b;
  while (isStopped(flat, last, p.stopSpeedMph)) last--;
  const end = last < b ? last + 1 : b;
  if (end <= first) return;
  const { t, lat, lng, speed, status } = flat;
  const rule = gapRule(p);
  let miles = 0;
  let movingMs = 0;
  let maxSpeed = speed[end]!;
  for (let i = first; i < end; i++) {
    miles += haversineMiles(lat[i]!, lng[i]!, lat[i + 1]!, lng[i + 1]!);
    if (status[i] === MotionCode.IN_MOTION && !isGapAt(flat, i, rule)) movingMs += t[i + 1]! - t[i]!;
    if (speed[i]! > maxSpeed) maxSpeed = speed[i]!;
  }
  if (miles < p.minTripMiles) return;
  const start = indexAt(flat, first);
  const stop = indexAt(flat, end);
  const startMs = t[first]!;
  const endMs = t[end]!;
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
    durationSeconds: (endMs - startMs) / 1000,
    movingSeconds: movingMs / 1000,
    maxSpeedMph: maxSpeed,
    avgSpeedMph: movingMs > 0 ? miles / (movingMs / 3_600_000) : 0,
    points: end - first + 1,
  });
}

function speedingOf(flat: FlatTrack, p: AnalysisParams): SafetyEvent[] {
  const out: SafetyEvent[] = [];
  const summaryParams = summaryParamsOf(p);
  flat.chunks.forEach((chunk: DayChunk, k) => {
    for (const run of speedingEvents(chunk, summaryParams)) {
      const i = run.startIndex;
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
    }
  });
  return out;
}

function longStopsOf(stops: readonly Stop[], p: AnalysisParams): SafetyEvent[] {
  return stops
    .filter((s) => s.durationSeconds >= p.longStopSeconds)
    .map((s) => ({ kind: 'long-stop', vehicleId: s.vehicleId, startMs: s.startMs, endMs: s.endMs, durationSeconds: s.durationSeconds, lat: s.lat, lng: s.lng, place: s.place, at: s.at }));
}

/** Gaps inside each day (findGaps) and across the boundary between consecutive non-empty chunks. */
function gapsOf(flat: FlatTrack, p: AnalysisParams, stops: readonly Stop[]): SafetyEvent[] {
  const out: SafetyEvent[] = [];
  // Gaps come in time order, so one cursor over the (time-ordered) stops suffices.
  let s = 0;
  const withinStop = (startMs: number, endMs: number): boolean => {
    while (s < stops.length && stops[s]!.endMs < endMs) s++;
    const stop = stops[s];
    return stop !== undefined && stop.startMs <= startMs && endMs <= stop.endMs;
  };
  const rule = gapRule(p);
  const push = (k: number, i: number, startMs: number, endMs: number, reason: 'offline' | 'silence') => {
    const chunk = flat.chunks[k]!;
    out.push({
      kind: 'gap',
      vehicleId: flat.vehicleId,
      startMs,
      endMs,
      durationSeconds: (endMs - startMs) / 1000,
      reason,
      lat: chunk.lat[i]!,
      lng: chunk.lng[i]!,
      place: chunk.location[i] ?? '',
      at: { chunk: k, point: i },
      withinStop: withinStop(startMs, endMs),
    });
  };
  let prev = -1;
  flat.chunks.forEach((chunk, k) => {
    if (chunk.length === 0) return;
    if (prev >= 0) {
      const before = flat.chunks[prev]!;
      const i = before.length - 1;
      const startMs = before.t[i]!;
      const code = before.status[i]!;
      if (isGapBetween(rule, startMs, code, before.lat[i]!, before.lng[i]!, chunk.t[0]!, chunk.lat[0]!, chunk.lng[0]!)) {
        push(prev, i, startMs, chunk.t[0]!, gapReason(code));
      }
    }
    for (const gap of findGaps(chunk, p)) push(k, gap.index, gap.startMs, gap.endMs, gap.reason);
    prev = k;
  });
  return out;
}

const KIND_ORDER: Record<SafetyEvent['kind'], number> = { speeding: 0, 'long-stop': 1, gap: 2 };

function byTimeThenKind(a: SafetyEvent, b: SafetyEvent): number {
  return a.startMs - b.startMs || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.endMs - b.endMs;
}
