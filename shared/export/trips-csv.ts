import type { TrackAnalysis } from '../analysis/types.ts';
import { CSV_EOL, csvTextCell, type CsvOptions } from './csv.ts';
import { createIsoFormatter, formatNumber, PIECE_SIZE } from './format.ts';

/**
 * One row per trip, same rules as the breadcrumb CSV (csv.ts): CRLF, ISO UTC
 * times, numbers as the shortest text that parses back exactly, text cells
 * neutralised against spreadsheet formulas and quoted when needed.
 * distance_miles and moving_s cover the same moving intervals (avg = their
 * ratio); unaccounted_miles is the straight line across the trip's data gaps.
 */
export const TRIPS_CSV_COLUMNS = [
  'trip_id',
  'vehicle_id',
  'start_time',
  'end_time',
  'start_place',
  'end_place',
  'start_lat',
  'start_lng',
  'end_lat',
  'end_lng',
  'distance_miles',
  'duration_s',
  'moving_s',
  'max_speed_mph',
  'avg_speed_mph',
  'points',
  'unaccounted_miles',
] as const;

export interface TripsCsvMeta extends CsvOptions {
  /** Written as vehicle_id instead of the analysed chunks' id (e.g. the API's vehicle_id when the store keys differ). */
  vehicleId?: string;
}

/** Rows joined into pieces of about `pieceSize`, like csvLines. */
export function* csvPieces(header: string, rows: Iterable<string>, options: CsvOptions): Generator<string> {
  const pieceSize = options.pieceSize ?? PIECE_SIZE;
  const buf: string[] = options.header === false ? [] : [header + CSV_EOL];
  let size = buf[0]?.length ?? 0;
  for (const row of rows) {
    buf.push(row);
    size += row.length;
    if (size >= pieceSize) {
      yield buf.join('');
      buf.length = 0;
      size = 0;
    }
  }
  if (size > 0) yield buf.join('');
}

export function* tripsCsv(analysis: TrackAnalysis, meta: TripsCsvMeta = {}): Generator<string> {
  const iso = createIsoFormatter();
  function* rows(): Generator<string> {
    for (const trip of analysis.trips) {
      yield [
        csvTextCell(trip.id),
        csvTextCell(meta.vehicleId ?? trip.vehicleId),
        iso(trip.startMs),
        iso(trip.endMs),
        csvTextCell(trip.startPlace),
        csvTextCell(trip.endPlace),
        formatNumber(trip.startLat),
        formatNumber(trip.startLng),
        formatNumber(trip.endLat),
        formatNumber(trip.endLng),
        formatNumber(trip.distanceMiles),
        formatNumber(trip.durationSeconds),
        formatNumber(trip.movingSeconds),
        formatNumber(trip.maxSpeedMph),
        formatNumber(trip.avgSpeedMph),
        String(trip.points),
        formatNumber(trip.unaccountedMiles),
      ].join(',') + CSV_EOL;
    }
  }
  yield* csvPieces(TRIPS_CSV_COLUMNS.join(','), rows(), meta);
}
