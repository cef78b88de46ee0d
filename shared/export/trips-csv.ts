import type { TrackAnalysis } from '../analysis/types.ts';
import { createLocalIsoFormatter } from '../time/local-day.ts';
import type { ExportContext } from './context.ts';
import { CSV_EOL, csvTextCell, type CsvOptions } from './csv.ts';
import { driverHeaderCells, tripDriverCells } from './driver-columns.ts';
import { createIsoFormatter, formatFigure, formatNumber, PIECE_SIZE } from './format.ts';
import { tripIds } from './trip-id.ts';

/**
 * One row per trip, same rules as the breadcrumb CSV (csv.ts): CRLF, ISO UTC
 * times, text cells neutralised against spreadsheet formulas and quoted when
 * needed. Every row names the vehicle (id, unit number, VIN) and the carrier
 * (legal name, USDOT) so a row means something on its own, and each UTC time
 * has its local time in the carrier's home zone beside it (ISO 8601 with the
 * offset, so the hour a fall-back repeats stays unambiguous; time_zone names
 * the zone). trip_id is the short id of shared/export/trip-id.ts.
 *
 * Figures at a stated precision (FIGURE_DECIMALS): miles 0.01, mph 0.1,
 * seconds 1; positions are the recorded readings, exactly. distance_miles and
 * moving_s cover the same moving intervals (avg = their ratio);
 * unaccounted_miles is the straight line across the trip's data gaps.
 * With `context.drivers`, driver_username, driver_name and assignment follow
 * the last column (driver-columns.ts): the driver at the trip's start, and
 * `changed: a → b` when the assignment changed before it ended.
 */
export const TRIPS_CSV_COLUMNS = [
  'trip_id',
  'vehicle_id',
  'vehicle_number',
  'vin',
  'carrier',
  'dot_number',
  'time_zone',
  'start_time',
  'start_local_time',
  'end_time',
  'end_local_time',
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

/** The identity cells every trips and events row starts with after its own id: vehicle id, number, VIN, carrier, USDOT, zone. */
export function identityCells(context: ExportContext): string {
  return [context.vehicleId, context.vehicleNumber, context.vin, context.carrierName, context.dotNumber, context.zone]
    .map(csvTextCell)
    .join(',');
}

export function* tripsCsv(
  analysis: TrackAnalysis,
  context: ExportContext,
  options: CsvOptions = {},
): Generator<string> {
  const iso = createIsoFormatter();
  const local = createLocalIsoFormatter(context.zone);
  const ids = tripIds(analysis.trips, context.vehicleNumber, context.zone);
  const identity = identityCells(context);
  function* rows(): Generator<string> {
    for (const [k, trip] of analysis.trips.entries()) {
      yield (
        [
          csvTextCell(ids[k]!),
          identity,
          iso(trip.startMs),
          local(trip.startMs),
          iso(trip.endMs),
          local(trip.endMs),
          csvTextCell(trip.startPlace),
          csvTextCell(trip.endPlace),
          formatNumber(trip.startLat),
          formatNumber(trip.startLng),
          formatNumber(trip.endLat),
          formatNumber(trip.endLng),
          formatFigure(trip.distanceMiles, 'miles'),
          formatFigure(trip.durationSeconds, 'seconds'),
          formatFigure(trip.movingSeconds, 'seconds'),
          formatFigure(trip.maxSpeedMph, 'mph'),
          formatFigure(trip.avgSpeedMph, 'mph'),
          String(trip.points),
          formatFigure(trip.unaccountedMiles, 'miles'),
        ].join(',') +
        tripDriverCells(context.drivers, context.vehicleId, trip.startMs, trip.endMs) +
        CSV_EOL
      );
    }
  }
  yield* csvPieces(TRIPS_CSV_COLUMNS.join(',') + driverHeaderCells(context.drivers), rows(), options);
}
