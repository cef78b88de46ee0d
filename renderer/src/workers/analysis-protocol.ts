import type { StatusBand } from '../../../shared/analysis/status-bands.ts';
import type { AnalysisParams, Series, TrackAnalysis } from '../../../shared/analysis/types.ts';
import type { GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';

export type AnalysisRequest =
  | { type: 'load'; chunks: DayChunk[]; params: Partial<AnalysisParams> }
  | { type: 'series'; fromMs: number; toMs: number; width: number; gap: GapParams };

export interface SeriesResult {
  fromMs: number;
  toMs: number;
  /** Speed of the kept readings, NaN where a gap breaks the line. */
  speed: Series;
  bands: StatusBand[];
  /** Outliers in the window: time and reported speed (shown as marks, never in the line). */
  outliers: Series;
}

export type AnalysisReply = { id: number; ok: true; result: TrackAnalysis | SeriesResult } | { id: number; ok: false; message: string };
