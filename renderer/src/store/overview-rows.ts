import { DEFAULT_ANALYSIS_PARAMS } from '../../../shared/analysis/params.ts';
import { buildTrackOverview, type TrackOverview } from '../../../shared/map/overview.ts';
import type { RouteOptions } from '../../../shared/map/route-geojson.ts';
import { gapParamsOf } from '../../../shared/track/gaps.ts';
import { withoutOutliers } from '../../../shared/track/outliers.ts';
import type { DayChunk } from '../../../shared/track/types.ts';

/** The route options of the stored overviews: the default analysis parameters, as stored summaries use. */
export const STORED_ROUTE_OPTIONS: Readonly<RouteOptions> = Object.freeze({
  speedingThresholdMph: DEFAULT_ANALYSIS_PARAMS.speedingThresholdMph,
  ...gapParamsOf(DEFAULT_ANALYSIS_PARAMS),
});

/** The overview stored for a day: built from the day without its outliers (the map never draws them). */
export function storedOverviewOf(chunk: DayChunk): TrackOverview {
  return buildTrackOverview(withoutOutliers(chunk, STORED_ROUTE_OPTIONS.maxPlausibleMph).chunk, STORED_ROUTE_OPTIONS);
}
