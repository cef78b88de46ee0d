import type { DayBand } from '../../../shared/analysis/day-bands.ts';
import type { StatusBand } from '../../../shared/analysis/status-bands.ts';
import type { AnalysisParams, Series, TrackAnalysis } from '../../../shared/analysis/types.ts';
import type { GapParams } from '../../../shared/track/gaps.ts';
import type { RoadLimitsProtocol } from './worker-roads.ts';

/** What the analysis worker (analysis.worker.ts) offers. */
export interface AnalysisProtocol extends RoadLimitsProtocol {
  /**
   * Analyses a carrier's vehicle's stored local days `from`..`to` of `zone`, read by the worker itself (no chunk
   * crosses threads), and keeps their clean readings for the series calls that follow; null when none is
   * stored. `roadsKey`: the key of the road limits set (setRoadLimits) the page expects it judged with; a
   * worker keeping others refuses.
   */
  loadStored(
    carrierId: string,
    vehicleId: string,
    from: string,
    to: string,
    zone: string,
    params: Partial<AnalysisParams>,
    roadsKey: string,
  ): Promise<TrackAnalysis | null>;
  /** Chart series of the loaded selection in [fromMs, toMs], about one value group per pixel of `width`. */
  series(fromMs: number, toMs: number, width: number, gap: GapParams): Promise<SeriesResult>;
  /** Per-day bands of the loaded selection, whose chunks are local days of `zone`. */
  dayBands(zone: string, gap: GapParams): Promise<DayBand[]>;
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
