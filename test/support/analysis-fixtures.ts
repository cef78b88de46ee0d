import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { AnalysisParams, SafetyEvent, Stop, TrackAnalysis } from '../../shared/analysis/types.ts';

/**
 * An analysis written by hand for the report and chart drawers: no trips, zero totals, and only the
 * events and stops a test gives (partial objects: the drawers read a few fields of each).
 */
export function handMadeAnalysis(
  params: Partial<AnalysisParams> = {},
  events: Partial<SafetyEvent>[] = [],
  stops: Partial<Stop>[] = [],
): TrackAnalysis {
  return {
    params: resolveAnalysisParams(params),
    trips: [],
    stops: stops as Stop[],
    events: events as SafetyEvent[],
    totals: {
      movingSeconds: 0,
      stationarySeconds: 0,
      offlineSeconds: 0,
      distanceMiles: 0,
      unaccountedMiles: 0,
      movingSecondsOutsideTrips: 0,
      outliers: 0,
    },
  };
}
