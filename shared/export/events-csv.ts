import type { TrackAnalysis } from '../analysis/types.ts';
import { CSV_EOL, csvTextCell, type CsvOptions } from './csv.ts';
import { createIsoFormatter, formatNumber } from './format.ts';
import { csvPieces } from './trips-csv.ts';

/**
 * One row per safety event in time order, same CSV rules as csv.ts. Cells that
 * do not apply to a kind are empty: peak_speed_mph is for speeding, reason
 * ("offline", "silence" or "jump": shared/track/gaps.ts) for gaps.
 */
export const EVENTS_CSV_COLUMNS = [
  'kind',
  'vehicle_id',
  'start_time',
  'end_time',
  'duration_s',
  'peak_speed_mph',
  'reason',
  'lat',
  'lng',
  'place',
] as const;

export interface EventsCsvOptions extends CsvOptions {
  /** Written as vehicle_id instead of the analysed chunks' id. */
  vehicleId?: string;
}

export function* eventsCsv(analysis: TrackAnalysis, options: EventsCsvOptions = {}): Generator<string> {
  const iso = createIsoFormatter();
  function* rows(): Generator<string> {
    for (const e of analysis.events) {
      yield [
        e.kind,
        csvTextCell(options.vehicleId ?? e.vehicleId),
        iso(e.startMs),
        iso(e.endMs),
        formatNumber(e.durationSeconds),
        e.kind === 'speeding' ? formatNumber(e.peakSpeedMph) : '',
        e.kind === 'gap' ? e.reason : '',
        formatNumber(e.lat),
        formatNumber(e.lng),
        csvTextCell(e.place),
      ].join(',') + CSV_EOL;
    }
  }
  yield* csvPieces(EVENTS_CSV_COLUMNS.join(','), rows(), options);
}
