import { withoutOutliers } from '../track/outliers.ts';
import type { DayChunk } from '../track/types.ts';
import type { TrackIndex } from './types.ts';

/**
 * The kept readings (outliers removed, shared/track/outliers.ts) of one
 * vehicle's chunks laid end to end, so a trip or a stop that crosses midnight
 * is found by the same loop as any other. Copying the columns costs about a
 * millisecond for six months and keeps every pass a flat array scan.
 */
export interface FlatTrack {
  /** The chunks as given (TrackIndex refers to them). */
  chunks: readonly DayChunk[];
  /** The same days without their outliers. */
  clean: readonly DayChunk[];
  /** cleanOrigin[k] maps a reading of clean[k] to its index in chunks[k]; null when nothing was removed. */
  cleanOrigin: readonly (Int32Array | null)[];
  outliers: number;
  vehicleId: string;
  length: number;
  t: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  speed: Float64Array;
  status: Uint8Array;
  /** offsets[k] is the flat index of clean chunk k's first point; offsets[chunks.length] = length. */
  offsets: Int32Array;
}

export function flattenTrack(input: readonly DayChunk[], maxPlausibleMph: number): FlatTrack {
  const vehicleId = input[0]?.vehicleId ?? '';
  let lastT = -Infinity;
  for (const [k, c] of input.entries()) {
    if (c.vehicleId !== vehicleId) {
      throw new RangeError(`Track analysis needs chunks of one vehicle (got ${vehicleId} and ${c.vehicleId})`);
    }
    if (c.length > 0) {
      if (!(c.t[0]! >= lastT)) throw new RangeError(`Track analysis needs chunks in time order (chunk ${k}, ${c.day}, is out of order)`);
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
  const flat: FlatTrack = {
    chunks: input,
    clean: chunks,
    cleanOrigin: days.map((d) => d.origin),
    outliers: days.reduce((sum, d) => sum + d.outliers, 0),
    vehicleId,
    length: n,
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    status: new Uint8Array(n),
    offsets,
  };
  for (const [k, c] of chunks.entries()) {
    const at = offsets[k]!;
    // subarray: a chunk's arrays may be longer than its length (views over a bigger buffer).
    flat.t.set(c.t.subarray(0, c.length), at);
    flat.lat.set(c.lat.subarray(0, c.length), at);
    flat.lng.set(c.lng.subarray(0, c.length), at);
    flat.speed.set(c.speed.subarray(0, c.length), at);
    flat.status.set(c.status.subarray(0, c.length), at);
  }
  return flat;
}

/** Chunk and point (in the chunks as given) of flat index g (the last chunk starting at or before g: empty chunks start where the next one does). */
export function indexAt(flat: FlatTrack, g: number): TrackIndex {
  let lo = 0;
  let hi = flat.chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (flat.offsets[mid]! <= g) lo = mid;
    else hi = mid - 1;
  }
  return { chunk: lo, point: originalIndex(flat, lo, g - flat.offsets[lo]!) };
}

/** Index in chunks[k] of reading `point` of clean[k]. */
export function originalIndex(flat: FlatTrack, k: number, point: number): number {
  const origin = flat.cleanOrigin[k];
  return origin ? origin[point]! : point;
}

/** calc_location of a reading (TrackIndex into the chunks as given). */
export function placeAt(flat: FlatTrack, at: TrackIndex): string {
  return flat.chunks[at.chunk]?.location[at.point] ?? '';
}
