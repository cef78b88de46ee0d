import type { TrackColumns } from './types.ts';

/** Columns for n readings, zero-filled. */
export function allocColumns(n: number): TrackColumns {
  return {
    length: n,
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    direction: new Float64Array(n),
    status: new Uint8Array(n),
  };
}

/**
 * Copies readings [from, to) of `src` into `dst` starting at `at`. Copies
 * through subarray: a chunk's arrays may be longer than its length (views
 * over a bigger buffer).
 */
export function copyColumns(dst: TrackColumns, at: number, src: TrackColumns, from = 0, to = src.length): void {
  dst.t.set(src.t.subarray(from, to), at);
  dst.lat.set(src.lat.subarray(from, to), at);
  dst.lng.set(src.lng.subarray(from, to), at);
  dst.speed.set(src.speed.subarray(from, to), at);
  dst.direction.set(src.direction.subarray(from, to), at);
  dst.status.set(src.status.subarray(from, to), at);
}
