import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { PiecePool } from '../../../shared/export/bytes.ts';
import { csvBytes, csvLines } from '../../../shared/export/csv.ts';
import { eventsCsv } from '../../../shared/export/events-csv.ts';
import { orderChunks } from '../../../shared/export/format.ts';
import type { ExportMeta } from '../../../shared/export/gpx-audit-meta.ts';
import { gpxBytes, gpxPieces } from '../../../shared/export/gpx.ts';
import { tripsCsv } from '../../../shared/export/trips-csv.ts';
import { gapParamsOf } from '../../../shared/track/gaps.ts';
import { findOutliers } from '../../../shared/track/outliers.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { requiredFlag, UsageError, type ParsedArgs } from './args.ts';

/**
 * What `routelens export` writes, with the writers and parameters of the
 * app's Review exports, so both give the same bytes for the same vehicle,
 * days, zone and analysis parameters:
 * - csv: every breadcrumb, with the `outlier` column (and local_time when
 *   exported for a zone other than UTC: `--tz`);
 * - gpx: every breadcrumb, one track per day of the zone (the app's "GPX");
 * - trips / events: the review's trips and safety events (TRIPS_CSV_COLUMNS,
 *   EVENTS_CSV_COLUMNS) of the analysis with these parameters, local times
 *   in the zone.
 */
export const EXPORT_FORMATS = ['csv', 'gpx', 'trips', 'events'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function parseExportFormat(args: ParsedArgs): ExportFormat {
  const format = requiredFlag(args, 'format', EXPORT_FORMATS.join(', '));
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, not "${format.slice(0, 40)}".`);
  return format as ExportFormat;
}

export interface ExportOutput {
  /** Text, or for csv and gpx asked `asBytes` UTF-8 (the writers' own form: no decoding on the way to a file), in buffers from its pool if it has one. */
  pieces: Iterable<string | Uint8Array>;
  /** Data rows the file holds: breadcrumbs, trips or events. */
  rows: number;
  /** Readings the analysis leaves out as outliers (flagged in csv and gpx). */
  outliers: number;
}

/**
 * The file's pieces for `days` (chunks of meta.dayZone's days, as
 * shared/track/local-days.ts makes them); meta.zone is the zone of local
 * times and trip ids.
 */
export function exportOutput(
  format: ExportFormat,
  days: readonly DayChunk[],
  params: AnalysisParams,
  meta: ExportMeta,
  asBytes: false | { pool?: PiecePool } = false,
  roads?: RoadLimits,
): ExportOutput {
  const chunks = orderChunks(days);
  if (format === 'csv' || format === 'gpx') {
    // Every reading is written; only the outlier count is wanted from the analysis, so it is counted alone.
    const readings = chunks.reduce((n, c) => n + c.length, 0);
    const outliers = countOutliers(chunks, params.maxPlausibleMph);
    const pool = asBytes ? asBytes.pool : undefined;
    const csv = {
      maxPlausibleMph: params.maxPlausibleMph,
      ...(meta.zone !== 'UTC' ? { zone: meta.zone } : {}),
      ...(pool ? { pool } : {}),
    };
    const gpx = { chunks, meta, ...gapParamsOf(params), ...(pool ? { pool } : {}) };
    const pieces =
      format === 'csv'
        ? asBytes
          ? csvBytes(chunks, csv)
          : csvLines(chunks, csv)
        : asBytes
          ? gpxBytes(gpx)
          : gpxPieces(gpx);
    return { pieces, rows: readings, outliers };
  }
  const analysis = analyzeTrack(chunks, params, roads);
  const outliers = analysis.totals.outliers;
  switch (format) {
    case 'trips':
      return { pieces: tripsCsv(analysis, meta), rows: analysis.trips.length, outliers };
    case 'events':
      return { pieces: eventsCsv(analysis, meta), rows: analysis.events.length, outliers };
  }
}

/** The readings the analysis leaves out (its totals.outliers), without the rest of the analysis: the outlier rule per day. */
export function countOutliers(chunks: readonly DayChunk[], maxPlausibleMph: number): number {
  let n = 0;
  for (const c of chunks) {
    const flags = findOutliers(c, maxPlausibleMph);
    if (flags) for (let i = 0; i < c.length; i++) n += flags[i]!;
  }
  return n;
}
