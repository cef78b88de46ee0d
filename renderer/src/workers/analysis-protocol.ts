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
  speed: Series;
  bands: StatusBand[];
}

export type AnalysisReply = { id: number; ok: true; result: TrackAnalysis | SeriesResult } | { id: number; ok: false; message: string };
