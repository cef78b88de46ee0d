import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import { csvBytes, csvHeader } from '../../../shared/export/csv.ts';
import { gpxByDays, type GpxMeta } from '../../../shared/export/gpx.ts';
import { gapParamsOf } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { OutputFile } from './output-file.ts';

/** A day's CSV is about 80 KB: a day-sized buffer, not the whole-file default, is allocated per day. */
const DAY_PIECE = 64 * 1024;

/**
 * A UTC breadcrumb export rendered day by day while later days download
 * (days arrive in order, days-in-order.ts): a CSV day is written at once; a
 * GPX day's track is kept until the header, which needs every point's
 * bounds, can go first. The same bytes as exportOutput's (the tests check).
 */
export interface DayStream {
  /** Before the first day: the CSV header. */
  start(): Promise<void>;
  day(chunk: DayChunk): Promise<void>;
  /** What is left to write once every day is in. */
  rest(chunks: readonly DayChunk[], meta: GpxMeta): Uint8Array[];
}

export function dayStream(format: 'csv' | 'gpx', params: AnalysisParams, output: OutputFile): DayStream {
  if (format === 'csv') {
    const options = { header: false, maxPlausibleMph: params.maxPlausibleMph, pieceSize: DAY_PIECE, pool: output.pool };
    return {
      start: () => output.write(csvHeader),
      async day(chunk) {
        for (const piece of csvBytes([chunk], options)) await output.write(piece);
      },
      rest: () => [],
    };
  }
  const gpx = gpxByDays({ ...gapParamsOf(params), dayZone: 'UTC' });
  const tracks: Uint8Array[] = [];
  return {
    start: async () => {},
    day: async (chunk) => void tracks.push(...gpx.day(chunk)),
    rest(chunks, meta) {
      const { head, end } = gpx.file(chunks, meta);
      return [head, ...tracks, end];
    },
  };
}
