import { DEFAULT_ANALYSIS_PARAMS, resolveAnalysisParams } from '../analysis/params.ts';
import type { AnalysisParams } from '../analysis/types.ts';
import { isCurrentSummary, sameSummaryParams, summaryParamsOf } from '../track/summary.ts';

/**
 * One set of parameters for every carrier of a comparison: the trip analysis
 * parameters, whose speeding and gap fields are also the day summaries' own
 * (so a stored summary computed with other values is recomputed, never mixed).
 */
export type CompareParams = AnalysisParams;

export const DEFAULT_COMPARE_PARAMS: Readonly<CompareParams> = DEFAULT_ANALYSIS_PARAMS;

/** Defaults overlaid with `patch`, validated as the trip analysis validates them (throws a RangeError otherwise). */
export function resolveCompareParams(patch?: Partial<CompareParams>): CompareParams {
  return resolveAnalysisParams(patch);
}

/** The summaries' own parameters and comparison, so the screens and the range totals agree on when to recompute. */
export { isCurrentSummary, sameSummaryParams, summaryParamsOf };

/** Labels of the parameters shown on the page and in the exports. */
export const PARAM_LABELS: Readonly<Record<keyof CompareParams, { label: string; unit: string }>> = {
  speedingThresholdMph: { label: 'Speeding threshold', unit: 'mph' },
  speedingMinSeconds: { label: 'Shortest speeding event', unit: 's' },
  minStopSeconds: { label: 'Shortest stop', unit: 's' },
  longStopSeconds: { label: 'Long stop', unit: 's' },
  stopSpeedMph: { label: 'Stopped at or below', unit: 'mph' },
  gapSeconds: { label: 'Data gap longer than', unit: 's' },
  maxPlausibleMph: { label: 'Outlier above', unit: 'mph' },
  tripGapSeconds: { label: 'Gap that ends a trip', unit: 's' },
  minTripMiles: { label: 'Shortest trip', unit: 'mi' },
};
