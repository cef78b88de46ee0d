import type { DayBand } from '../../../shared/analysis/day-bands.ts';
import type { StatusBand } from '../../../shared/analysis/status-bands.ts';
import type { AnalysisParams, Series, TrackAnalysis } from '../../../shared/analysis/types.ts';
import type { TierBound } from '../../../shared/roads/tiers.ts';
import type { GapParams } from '../../../shared/track/gaps.ts';
import type { RoadLimitsProtocol } from './worker-roads.ts';

/** What the analysis worker (analysis.worker.ts) offers. */
export interface AnalysisProtocol extends RoadLimitsProtocol {
  /**
   * Analyses a carrier's vehicle's stored local days `from`..`to` of `zone`, read by the worker itself (no chunk
   * crosses threads), and keeps their clean readings for the series calls that follow; null when none is
   * stored. `roadsKey`: the key of the road limits set (setRoadLimits) the page expects it judged with; a
   * worker keeping others refuses. With the analysis come the whole selection's chart series at `chartWidth`
   * and its day bands: asked apart, they would wait for the page to receive the analysis first (a round trip
   * behind whatever the page is drawing).
   */
  loadStored(
    carrierId: string,
    vehicleId: string,
    from: string,
    to: string,
    zone: string,
    params: Partial<AnalysisParams>,
    roadsKey: string,
    chartWidth: number,
  ): Promise<StoredLoad | null>;
  /** Chart series of the loaded selection in [fromMs, toMs], about one value group per pixel of `width`. */
  series(fromMs: number, toMs: number, width: number, gap: GapParams): Promise<SeriesResult>;
}

/** A loaded selection: its analysis, and its charts over the whole selection (null when no reading is kept). */
export interface StoredLoad {
  analysis: TrackAnalysis;
  overview: SeriesResult | null;
  days: DayBand[];
}

export interface SeriesResult {
  fromMs: number;
  toMs: number;
  /** Speed of the kept readings, NaN where a gap breaks the line. */
  speed: Series;
  bands: StatusBand[];
  /** Outliers in the window: time and reported speed (shown as marks, never in the line). */
  outliers: Series;
  /** The road's limit over the window; null without kept road limits (the review is then as it always was). */
  limits: LimitsInWindow | null;
}

/** The road limits judged along the window's kept readings (shared/roads/limit-along.ts). */
export interface LimitsInWindow {
  /** The limit as a step line, about one step per pixel (renderer/src/workers/series.ts `limitSteps`); NaN breaks it. */
  line: Series;
  /** Per kept reading of the window, in time order: */
  t: Float64Array;
  /** the limit (NaN: none known or uncertain), */
  limitMph: Float64Array;
  /** the mph over it (NaN without a limit), */
  overMph: Float64Array;
  /** code into LIMIT_SHOWN, */
  shown: Uint8Array;
  /** code into LIMIT_CLASSES, */
  cls: Uint8Array;
  /** and the road: an index into `roads`, -1 on no road. */
  road: Int32Array;
  /** The names of the window's roads ('' untagged); a zone's is its name. */
  roads: string[];
  /** The tiers the classes were judged with (the legend says their bounds). */
  tiers: readonly TierBound[];
}
