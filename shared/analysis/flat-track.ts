import { withoutOutliers } from '../track/outliers.ts';
import { allocColumns, copyColumns } from '../track/columns.ts';
import type { DayChunk, TrackColumns } from '../track/types.ts';
import type { TrackIndex } from './types.ts';
import { upperBound } from '../util/search.ts';

/**
 * The kept readings (outliers removed, shared/track/outliers.ts) of one
 * vehicle's chunks laid end to end, so a trip or a stop that crosses midnight
 * is found by the same loop as any other. Copying the columns costs about a
 * millisecond for six months and keeps every pass a flat array scan.
 */
export interface AnalysisTrack extends TrackColumns {
  /** The chunks as given (TrackIndex refers to them). */
  chunks: readonly DayChunk[];
  /** The same days without their outliers. */
  clean: readonly DayChunk[];
  /** cleanOrigin[k] maps a reading of clean[k] to its index in chunks[k]; null when nothing was removed. */
  cleanOrigin: readonly (Int32Array | null)[];
  outliers: number;
  vehicleId: string;
  /** offsets[k] is the flat index of clean chunk k's first point; offsets[chunks.length] = length. */
  offsets: Int32Array;
}

export function flattenTrack(input: readonly DayChunk[], maxPlausibleMph: number): AnalysisTrack {
  const vehicleId = input[0]?.vehicleId ?? '';
  let lastT = -Infinity;
  for (const [k, c] of input.entries()) {
    if (c.vehicleId !== vehicleId) {
      throw new RangeError(`Track analysis needs chunks of one vehicle (got ${vehicleId} and ${c.vehicleId})`);
    }
    if (c.length > 0) {
      if (!(c.t[0]! >= lastT))
        throw new RangeError(`Track analysis needs chunks in time order (chunk ${k}, ${c.day}, is out of order)`);
      lastT = c.t[c.length - 1]!;
    }
  }
  const days = input.map((c) => withoutOutliers(c, maxPlausibleMph));
  const chunks = days.map((d) => d.chunk);
  const offsets = new Int32Array(chunks.length + 1);
  let n = 0;
  for (const [k, c] of chunks.entries()) {
    offsets[k] = n;
    n += c.length;
  }
  offsets[chunks.length] = n;
  const flat: AnalysisTrack = {
    chunks: input,
    clean: chunks,
    cleanOrigin: days.map((d) => d.origin),
    outliers: days.reduce((sum, d) => sum + d.outliers, 0),
    vehicleId,
    ...allocColumns(n),
    offsets,
  };
  for (const [k, c] of chunks.entries()) copyColumns(flat, offsets[k]!, c);
  return flat;
}

/** Chunk and point (in the chunks as given) of flat index g (the last chunk starting at or before g: empty chunks start where the next one does). */
export function indexAt(flat: AnalysisTrack, g: number): TrackIndex {
  const lo = Math.max(0, upperBound(flat.offsets, g, 0, flat.chunks.length) - 1);
  return { chunk: lo, point: originalIndex(flat, lo, g - flat.offsets[lo]!) };
}

/** Index in chunks[k] of reading `point` of clean[k]. */
export function originalIndex(flat: AnalysisTrack, k: number, point: number): number {
  const origin = flat.cleanOrigin[k];
  return origin ? origin[point]! : point;
}

/** calc_location of a reading (TrackIndex into the chunks as given). */
export function placeAt(flat: AnalysisTrack, at: TrackIndex): string {
  return flat.chunks[at.chunk]?.location[at.point] ?? '';
}
