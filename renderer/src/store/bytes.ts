import type { DayChunk } from '../../../shared/track/types.ts';

/**
 * Approximate bytes a chunk occupies: exact for the typed arrays, UTF-16 for
 * the strings (IndexedDB's own overhead is not visible from the page).
 */
export function chunkBytes(chunk: DayChunk): number {
  let n =
    chunk.t.byteLength +
    chunk.lat.byteLength +
    chunk.lng.byteLength +
    chunk.speed.byteLength +
    chunk.direction.byteLength +
    chunk.status.byteLength;
  for (const s of chunk.id) n += s.length * 2;
  for (const s of chunk.location) n += s.length * 2;
  return n + (chunk.vehicleId.length + chunk.day.length + chunk.vehicleNumber.length + chunk.vin.length) * 2;
}
