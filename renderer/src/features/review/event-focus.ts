import type { FlatTrack } from '../../../../shared/playback/track.ts';
import { windowOf } from '../../workers/series.ts';
import { MIN_WINDOW_MS } from './ChartFrame.tsx';

/** An event's stretch: its first and last reading (epoch ms). */
export interface EventSpan {
  startMs: number;
  endMs: number;
}

/**
 * Context shown on each side of an opened event: five minutes of time, not a distance, because the
 * charts and the map share one time window. At highway speed that is ~5 miles of road before and after
 * (where the truck came from and went); for a long stop it takes in the arrival and the departure.
 */
export const EVENT_CONTEXT_MS = 5 * 60_000;

/**
 * The time window an opened event zooms the charts and the map to: the event with `contextMs` on each
 * side, inside the selection's span [first, last reading], and never narrower than a chart can show.
 */
export function eventWindow(
  event: EventSpan,
  spanMs: readonly [number, number],
  contextMs = EVENT_CONTEXT_MS,
): [number, number] {
  const [first, last] = spanMs;
  let from = Math.max(first, event.startMs - contextMs);
  let to = Math.min(last, event.endMs + contextMs);
  // A short event near either end of the selection: widen on the side that has room.
  if (to - from < MIN_WINDOW_MS) {
    to = Math.min(last, from + MIN_WINDOW_MS);
    from = Math.max(first, to - MIN_WINDOW_MS);
  }
  return [from, to];
}

/** [west, south, east, north] of the readings in [fromMs, toMs], or null when none is (one pass, on a window change only). */
export function readingsBounds(
  track: Pick<FlatTrack, 't' | 'lat' | 'lng'>,
  fromMs: number,
  toMs: number,
): [number, number, number, number] | null {
  const [lo, hi] = windowOf(track.t, fromMs, toMs);
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (let i = lo; i < hi; i++) {
    const lat = track.lat[i]!,
      lng = track.lng[i]!;
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}
