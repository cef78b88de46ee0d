import type { GapReason } from '../track/gaps.ts';
import type { SafetyEvent, TrackIndex } from './types.ts';

/**
 * The events of the kinds that can cross midnight, built in one place for both paths: the whole track
 * (analyze.ts) and a range joined from its days' parts (day-parts.ts), so the two cannot drift apart.
 */

/** What a stopped span is where it starts: its ends, the first reading's position and place. */
export interface StoppedSpan {
  startMs: number;
  endMs: number;
  lat: number;
  lng: number;
  place: string;
}

/** The long-stop event of a stopped span (a stop in the whole track, or runs joined across days). */
export function longStopEvent(vehicleId: string, s: StoppedSpan, at: TrackIndex): SafetyEvent {
  const { startMs, endMs, lat, lng, place } = s;
  return {
    kind: 'long-stop',
    vehicleId,
    startMs,
    endMs,
    durationSeconds: (endMs - startMs) / 1000,
    lat,
    lng,
    place,
    at,
  };
}

/** The gap event of the silence from reading `from` to `endMs` (two readings of a track, or two days' edges). */
export function gapEvent(
  vehicleId: string,
  from: { t: number; lat: number; lng: number; place: string },
  endMs: number,
  gap: { reason: GapReason; miles: number },
  at: TrackIndex,
): SafetyEvent {
  const { t: startMs, lat, lng, place } = from;
  const durationSeconds = (endMs - startMs) / 1000;
  return { kind: 'gap', vehicleId, startMs, endMs, durationSeconds, ...gap, lat, lng, place, at };
}
