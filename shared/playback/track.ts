import type { DayChunk } from '../track/types.ts';

/**
 * A selection's readings as one set of parallel arrays (the day chunks
 * concatenated in time order), so playback, charts and the map index one
 * sequence instead of chunk + point.
 */
export interface FlatTrack {
  length: number;
  t: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  speed: Float64Array;
  direction: Float64Array;
  status: Uint8Array;
  /** Index of the first point of each chunk (for mapping back to TrackIndex). */
  chunkStarts: Int32Array;
  location(i: number): string;
}

export function flattenChunks(chunks: readonly DayChunk[]): FlatTrack {
  const ordered = [...chunks].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const n = ordered.reduce((s, c) => s + c.length, 0);
  const track = {
    length: n,
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    direction: new Float64Array(n),
    status: new Uint8Array(n),
    chunkStarts: new Int32Array(ordered.length),
  };
  let at = 0;
  ordered.forEach((c, k) => {
    track.chunkStarts[k] = at;
    track.t.set(c.t.subarray(0, c.length), at);
    track.lat.set(c.lat.subarray(0, c.length), at);
    track.lng.set(c.lng.subarray(0, c.length), at);
    track.speed.set(c.speed.subarray(0, c.length), at);
    track.direction.set(c.direction.subarray(0, c.length), at);
    track.status.set(c.status.subarray(0, c.length), at);
    at += c.length;
  });
  const location = (i: number): string => {
    const k = chunkOf(track.chunkStarts, i);
    const c = ordered[k];
    return c ? (c.location[i - (track.chunkStarts[k] ?? 0)] ?? '') : '';
  };
  return { ...track, location };
}

/** Index of the chunk holding flat point `i`. */
export function chunkOf(chunkStarts: Int32Array, i: number): number {
  let lo = 0;
  let hi = chunkStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((chunkStarts[mid] ?? 0) <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Flat index of a (chunk, point) position. */
export function flatIndex(track: Pick<FlatTrack, 'chunkStarts'>, at: { chunk: number; point: number }): number {
  return (track.chunkStarts[at.chunk] ?? 0) + at.point;
}

/** Last index with t[i] <= ms (-1 when ms is before the first reading). */
export function indexAtOrBefore(t: Float64Array, ms: number): number {
  let lo = 0;
  let hi = t.length - 1;
  if (hi < 0 || ms < t[0]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
