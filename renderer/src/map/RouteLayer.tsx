import { useEffect, useMemo } from 'react';
import { DEFAULT_GAP_PARAMS, type GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { useMap } from './map-context.ts';
import { routeGeoJSON } from '../../../shared/map/route-geojson.ts';
import { dayRoutesGeoJSON, routeViewKey, type DayRoute } from '../../../shared/map/day-routes.ts';
import { useRouteView } from './use-route-view.ts';
import { ANCHORS, SPEED_COLORS } from './theme.ts';
import { useGeoJsonLayer } from './use-geojson-layer.ts';
import type { ExpressionSpecification, OverlayLayerSpec } from './style-types.ts';

export interface RouteLayerProps {
  /** The selection, time-ordered (a day, a week or six months). Keep the array identity stable per selection: it keys the memo. */
  chunks: readonly DayChunk[];
  speedingThresholdMph: number;
  /** A gap (shared/track/gaps.ts) breaks the line and GapsLayer draws the jump. Default: the gap rule's. */
  gap?: GapParams;
  /** A long selection by day with overviews: drawn from the overview level for the zoom, full detail only for the visible days when zoomed in. */
  days?: readonly DayRoute[] | null;
  /** The bounds FitBounds fits the camera to (predicts the first view's zoom). */
  fit?: readonly [number, number, number, number] | null;
}

const CLASS_COLOR: ExpressionSpecification = [
  'match',
  ['get', 'c'],
  'over',
  SPEED_COLORS.over,
  'near',
  SPEED_COLORS.near,
  'normal',
  SPEED_COLORS.normal,
  'unknown',
  SPEED_COLORS.unknown,
  SPEED_COLORS.slow,
];

const LAYERS: OverlayLayerSpec[] = [
  // A pale casing keeps the line readable over any basemap colour.
  {
    id: 'rl-route-casing',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': '#ffffff',
      'line-opacity': 0.85,
      'line-width': ['interpolate', ['linear'], ['zoom'], 4, 3.5, 12, 7],
    },
  },
  // Speeding stretches get a wide translucent band under the line, visible even at country zoom.
  {
    id: 'rl-route-speeding',
    type: 'line',
    filter: ['==', ['get', 'c'], 'over'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': SPEED_COLORS.over,
      'line-opacity': 0.35,
      'line-width': ['interpolate', ['linear'], ['zoom'], 4, 9, 12, 16],
    },
  },
  {
    id: 'rl-route',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': CLASS_COLOR, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 2, 12, 4.5] },
  },
];

/** The route coloured by speed against the threshold: slow, normal, near the limit, over it. */
export function RouteLayer({
  chunks,
  speedingThresholdMph,
  gap = DEFAULT_GAP_PARAMS,
  days = null,
  fit = null,
}: RouteLayerProps) {
  const map = useMap();
  const { gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph } = gap;
  const view = useRouteView(map, days, fit);
  const viewKey = routeViewKey(view);
  const data = useMemo(() => {
    const opts = { speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph };
    return days && view ? dayRoutesGeoJSON(days, view, opts).route : routeGeoJSON(chunks, opts).route;
    // `viewKey` stands for `view` (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chunks, days, viewKey, speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph]);
  // What is drawn ('level N' of the overviews, 'detail A-B,…' full detail of those days, '' the whole line), for tests and diagnostics.
  useEffect(() => {
    if (map) map.getContainer().dataset['routeView'] = viewKey;
  }, [map, viewKey]);
  // A higher tolerance than the default simplifies six months of points at low zoom; tiles at high zoom stay exact.
  useGeoJsonLayer(map, 'rl-route', LAYERS, data, ANCHORS.route, 0.6);
  return null;
}
