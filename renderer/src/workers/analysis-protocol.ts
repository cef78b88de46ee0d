import type { DayBand } from '../../../shared/analysis/day-bands.ts';
import type { StatusBand } from '../../../shared/analysis/status-bands.ts';
import type { AnalysisParams, Series, TrackAnalysis } from '../../../shared/analysis/types.ts';
import type { GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';

/** What the analysis worker (analysis.worker.ts) offers. */
export interface AnalysisProtocol {
  /** Analyses a selection and keeps its clean readings for the series calls that follow. */
  load(chunks: DayChunk[], params: Partial<AnalysisParams>): TrackAnalysis;
  /** Chart series of the loaded selection in [fromMs, toMs], about one value group per pixel of `width`. */
  series(fromMs: number, toMs: number, width: number, gap: GapParams): SeriesResult;
  /** Per-day bands of the loaded selection, whose chunks are local days of `zone`. */
  dayBands(zone: string, gap: GapParams): DayBand[];
}

export interface SeriesResult {
  fromMs: number;
  toMs: number;
  /** Speed of the kept readings, NaN where a gap breaks the line. */
  speed: Series;
  bands: StatusBand[];
  /** Outliers in the window: time and reported speed (shown as marks, never in the line). */
  outliers: Series;
}
