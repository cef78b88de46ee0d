import type { AnalysisColumnsRow } from '../../../shared/analysis/analysis-columns.ts';
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

/**
 * Approximate bytes a day's analysis columns row occupies, counted as chunkBytes counts: the row shares
 * its columns with the chunk in memory, but IndexedDB stores its own copy of each.
 */
export function analysisColumnsBytes(row: AnalysisColumnsRow): number {
  let n =
    row.t.byteLength +
    row.lat.byteLength +
    row.lng.byteLength +
    row.speed.byteLength +
    row.direction.byteLength +
    row.status.byteLength +
    row.placeAt.byteLength;
  for (const s of row.places) n += s.length * 2;
  return n + (row.carrierId.length + row.vehicleId.length + row.day.length + row.vehicleNumber.length) * 2;
}

/** What a stored day occupies (its coverage row's `bytes`, which the Storage screen sums): its chunk and its analysis columns. */
export function storedDayBytes(chunk: DayChunk, columns: AnalysisColumnsRow | null): number {
  return chunkBytes(chunk) + (columns ? analysisColumnsBytes(columns) : 0);
}
