import type { DayChunk, TrackColumns } from '../track/types.ts';

/**
 * A stored day as the safety inbox's analysis reads it, written at ingest beside its chunk (renderer store writes.ts
 * putDays): the numeric columns and each reading's place, without the readings' ids, the VIN and the
 * per-reading identities, which no analysis reads. Places are kept once each with a column of indices:
 * a day repeats a handful of place names, and IndexedDB's structured clone writes and reads every string
 * of an array one by one, while a typed array is one copy. Reading these instead of the chunks is what
 * makes the inbox's first open cheaper than reading the readings (docs: bench/inbox.ts figures).
 */
export interface AnalysisColumnsRow extends TrackColumns, Pick<DayChunk, 'vehicleId' | 'day' | 'vehicleNumber'> {
  carrierId: string;
  /** Each distinct place of the day once, in first-seen order. */
  places: string[];
  /** placeAt[i]: reading i's place in `places`. */
  placeAt: Uint16Array | Uint32Array;
}

/** The row written for a stored chunk (the columns are shared with the chunk, not copied). */
export function analysisColumnsOf(carrierId: string, chunk: DayChunk): AnalysisColumnsRow {
  const places: string[] = [];
  const indexOf = new Map<string, number>();
  const at = new Uint32Array(chunk.length);
  for (let i = 0; i < chunk.length; i++) {
    const place = chunk.location[i] ?? '';
    let k = indexOf.get(place);
    if (k === undefined) {
      k = places.length;
      places.push(place);
      indexOf.set(place, k);
    }
    at[i] = k;
  }
  return {
    carrierId,
    vehicleId: chunk.vehicleId,
    day: chunk.day,
    vehicleNumber: chunk.vehicleNumber,
    length: chunk.length,
    t: chunk.t,
    lat: chunk.lat,
    lng: chunk.lng,
    speed: chunk.speed,
    direction: chunk.direction,
    status: chunk.status,
    places,
    placeAt: places.length <= 0x10000 ? Uint16Array.from(at) : at,
  };
}

/**
 * The chunk the analysis reads back from a row: its columns and places as stored; the readings' ids
 * are empty and the VIN is unknown (no analysis reads them: test/unit/analysis-columns.test.ts holds
 * the inbox's results equal to those of the full chunks).
 */
export function chunkOfAnalysisColumns(row: AnalysisColumnsRow): DayChunk {
  const location = new Array<string>(row.length);
  for (let i = 0; i < row.length; i++) location[i] = row.places[row.placeAt[i]!] ?? '';
  return {
    vehicleId: row.vehicleId,
    day: row.day,
    vehicleNumber: row.vehicleNumber,
    vin: '',
    length: row.length,
    t: row.t,
    lat: row.lat,
    lng: row.lng,
    speed: row.speed,
    direction: row.direction,
    status: row.status,
    id: new Array<string>(row.length).fill(''),
    location,
  };
}

/** Whether a stored value has the row's shape: a damaged or foreign row is read from its chunk instead. */
export function isAnalysisColumnsRow(v: unknown): v is AnalysisColumnsRow {
  if (!v || typeof v !== 'object') return false;
  const r = v as Partial<AnalysisColumnsRow>;
  const n = r.length;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return false;
  const columns = [r.t, r.lat, r.lng, r.speed, r.direction];
  return (
    typeof r.vehicleId === 'string' &&
    typeof r.day === 'string' &&
    typeof r.vehicleNumber === 'string' &&
    columns.every((c) => c instanceof Float64Array && c.length === n) &&
    r.status instanceof Uint8Array &&
    r.status.length === n &&
    Array.isArray(r.places) &&
    (r.placeAt instanceof Uint16Array || r.placeAt instanceof Uint32Array) &&
    r.placeAt.length === n &&
    r.placeAt.every((k) => k < r.places!.length)
  );
}
