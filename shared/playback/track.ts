import { allocColumns, copyColumns } from '../track/columns.ts';
import type { DayChunk, TrackColumns } from '../track/types.ts';
import { upperBound } from '../util/search.ts';
import { byDay } from '../util/day.ts';

/**
 * A selection's readings as one set of parallel arrays (the day chunks
 * concatenated in time order), so playback, charts and the map index one
 * sequence instead of chunk + point.
 */
export interface FlatTrack extends TrackColumns {
  /** Index of the first point of each chunk (for mapping back to TrackIndex). */
  chunkStarts: Int32Array;
  location(i: number): string;
}

export function flattenChunks(chunks: readonly DayChunk[]): FlatTrack {
  const ordered = [...chunks].sort(byDay);
  const n = ordered.reduce((s, c) => s + c.length, 0);
  const track = { ...allocColumns(n), chunkStarts: new Int32Array(ordered.length) };
  let at = 0;
  ordered.forEach((c, k) => {
    track.chunkStarts[k] = at;
    copyColumns(track, at, c);
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
  return Math.max(0, upperBound(chunkStarts, i) - 1);
}

/** Flat index of a (chunk, point) position. */
export function flatIndex(track: Pick<FlatTrack, 'chunkStarts'>, at: { chunk: number; point: number }): number {
  return (track.chunkStarts[at.chunk] ?? 0) + at.point;
}

/** Last index with t[i] <= ms (-1 when ms is before the first reading). */
export function indexAtOrBefore(t: Float64Array, ms: number): number {
  return upperBound(t, ms) - 1;
}
