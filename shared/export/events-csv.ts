import { KIND_CSV_COLUMNS, kindCsvCells } from '../analysis/event-kinds.ts';
import type { TrackAnalysis } from '../analysis/types.ts';
import { createLocalIsoFormatter } from '../time/local-day.ts';
import type { ExportContext } from './context.ts';
import { CSV_EOL, csvTextCell, type CsvOptions } from './csv.ts';
import { driverHeaderCells, eventDriverCells } from './driver-columns.ts';
import { createIsoFormatter, formatFigure, formatNumber } from './format.ts';
import { csvPieces, identityCells } from './trips-csv.ts';

/**
 * One row per safety event in time order, same CSV rules and identity and
 * local-time columns as the trips CSV (trips-csv.ts). Cells that do not apply
 * to a kind are empty (each kind fills its own: shared/analysis/event-kinds.ts):
 * peak_speed_mph is for speeding; reason ("offline",
 * "silence" or "jump": shared/track/gaps.ts) and gap_miles (straight line
 * across the gap, 0.01 mi) for gaps. duration_s in whole seconds,
 * peak_speed_mph at 0.1 mph; the position is the recorded reading. With
 * `context.drivers`, the driver columns follow the last column: an event
 * belongs to the driver at its start (driver-columns.ts).
 */
export const EVENTS_CSV_COLUMNS = [
  'kind',
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
  'duration_s',
  ...KIND_CSV_COLUMNS,
  'lat',
  'lng',
  'place',
] as const;

export function* eventsCsv(
  analysis: TrackAnalysis,
  context: ExportContext,
  options: CsvOptions = {},
): Generator<string> {
  const iso = createIsoFormatter();
  const local = createLocalIsoFormatter(context.zone);
  const identity = identityCells(context);
  function* rows(): Generator<string> {
    for (const e of analysis.events) {
      const own = kindCsvCells(e);
      yield (
        [
          e.kind,
          identity,
          iso(e.startMs),
          local(e.startMs),
          iso(e.endMs),
          local(e.endMs),
          formatFigure(e.durationSeconds, 'seconds'),
          ...KIND_CSV_COLUMNS.map((column) => own[column] ?? ''),
          formatNumber(e.lat),
          formatNumber(e.lng),
          csvTextCell(e.place),
        ].join(',') +
        eventDriverCells(context.drivers, context.vehicleId, e.startMs) +
        CSV_EOL
      );
    }
  }
  yield* csvPieces(EVENTS_CSV_COLUMNS.join(',') + driverHeaderCells(context.drivers), rows(), options);
}
