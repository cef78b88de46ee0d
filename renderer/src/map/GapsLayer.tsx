import { useMemo } from 'react';
import { DEFAULT_GAP_PARAMS, type GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { useMap } from './map-context.ts';
import { routeGeoJSON } from '../../../shared/map/route-geojson.ts';
import { dayRoutesGeoJSON, type DayRoute } from '../../../shared/map/day-routes.ts';
import { ANCHORS, GAP_COLOR } from './theme.ts';
import { useGeoJsonLayer } from './use-geojson-layer.ts';
import type { OverlayLayerSpec } from './style-types.ts';

export interface GapsLayerProps {
  chunks: readonly DayChunk[];
  /** Same values as RouteLayer's, so both share one memoised build. Default: the gap rule's (shared/track/gaps.ts). */
  gap?: GapParams;
  /** Only used to share RouteLayer's memo entry; geometry of gaps does not depend on it. */
  speedingThresholdMph?: number;
  /** A long selection by day with overviews: its gaps (the same at every level, shared/map/overview.ts) come from the coarsest level's build. */
  days?: readonly DayRoute[] | null;
}

const LAYERS: OverlayLayerSpec[] = [
  {
    id: 'rl-gaps',
    type: 'line',
    filter: ['==', ['geometry-type'], 'LineString'],
    layout: { 'line-cap': 'butt' },
    paint: { 'line-color': GAP_COLOR, 'line-width': 2, 'line-dasharray': [2, 2], 'line-opacity': 0.9 },
  },
  {
    id: 'rl-gaps-ends',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 3,
      'circle-color': '#ffffff',
      'circle-stroke-color': GAP_COLOR,
      'circle-stroke-width': 1.5,
    },
  },
];

/** Data gaps: a dashed line from the last reading before each gap to the first one after it. */
export function GapsLayer({
  chunks,
  gap = DEFAULT_GAP_PARAMS,
  speedingThresholdMph = 70,
  days = null,
}: GapsLayerProps) {
  const map = useMap();
  const { gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph } = gap;
  const data = useMemo(() => {
    const opts = { speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph };
    const gaps = days ? dayRoutesGeoJSON(days, { level: 0 }, opts).gaps : routeGeoJSON(chunks, opts).gaps;
    // Endpoints as points too, so a gap reads as "from here to there" even when it is short on screen.
    const ends = gaps.features.flatMap((f) =>
      f.geometry.coordinates.map((c) => ({
        type: 'Feature' as const,
        properties: f.properties,
        geometry: { type: 'Point' as const, coordinates: c },
      })),
    );
    return { type: 'FeatureCollection' as const, features: [...gaps.features, ...ends] };
  }, [chunks, days, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph, speedingThresholdMph]);
  useGeoJsonLayer(map, 'rl-gaps', LAYERS, data, ANCHORS.gaps);
  return null;
}
