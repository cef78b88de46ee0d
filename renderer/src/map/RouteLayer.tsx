import { useEffect, useMemo } from 'react';
import { DEFAULT_GAP_PARAMS, type GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { useMap } from './map-context.ts';
import { routeGeoJSON } from '../../../shared/map/route-geojson.ts';
import { dayRoutesGeoJSON, routeViewKey, type DayRoute } from '../../../shared/map/day-routes.ts';
import { useRouteView } from './use-route-view.ts';
import { ANCHORS, LIMIT_COLORS, SPEED_COLORS } from './theme.ts';
import { limitRouteGeoJSON, type LimitClassesAlong } from '../../../shared/map/limit-route.ts';
import { LIMIT_CLASSES } from '../../../shared/roads/limit-along.ts';
import { TIER_NAMES } from '../../../shared/roads/tiers.ts';
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
  /**
   * The route coloured by mph over the road's limit instead of by speed: the classes judged along the
   * kept readings. Drawn from `chunks` in full (the stored overviews are classed by speed only).
   */
  limits?: LimitClassesAlong | null;
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

// A pale casing keeps the line readable over any basemap colour.
const casing = (id: string): OverlayLayerSpec => ({
  id,
  type: 'line',
  layout: { 'line-join': 'round', 'line-cap': 'round' },
  paint: {
    'line-color': '#ffffff',
    'line-opacity': 0.85,
    'line-width': ['interpolate', ['linear'], ['zoom'], 4, 3.5, 12, 7],
  },
});
const LINE_WIDTH: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 4, 2, 12, 4.5];
const BAND_WIDTH: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 4, 9, 12, 16];

const LAYERS: OverlayLayerSpec[] = [
  casing('rl-route-casing'),
  // Speeding stretches get a wide translucent band under the line, visible even at country zoom.
  {
    id: 'rl-route-speeding',
    type: 'line',
    filter: ['==', ['get', 'c'], 'over'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': SPEED_COLORS.over,
      'line-opacity': 0.35,
      'line-width': BAND_WIDTH,
    },
  },
  {
    id: 'rl-route',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': CLASS_COLOR, 'line-width': LINE_WIDTH },
  },
];

/** Colour by limit class (LIMIT_CLASSES), from the one table of their colours. */
const LIMIT_COLOR = [
  'match',
  ['get', 'c'],
  ...LIMIT_CLASSES.flatMap((c) => [c, LIMIT_COLORS[c]]),
  LIMIT_COLORS.unknown,
] as unknown as ExpressionSpecification;

/** The source of the route by limit class: its own, so switching colourings replaces the layers whole. */
export const LIMIT_ROUTE_SOURCE = 'rl-route-limit';

const LIMIT_LAYERS: OverlayLayerSpec[] = [
  casing('rl-route-limit-casing'),
  // Every tier over the tolerance gets the wide band, as speeding does in the route by speed.
  {
    id: 'rl-route-limit-over',
    type: 'line',
    filter: ['in', ['get', 'c'], ['literal', [...TIER_NAMES]]],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': LIMIT_COLOR, 'line-opacity': 0.35, 'line-width': BAND_WIDTH },
  },
  {
    id: 'rl-route-limit',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': LIMIT_COLOR, 'line-width': LINE_WIDTH },
  },
];

/**
 * The route coloured by speed against the threshold (slow, normal, near the limit, over it) or, given
 * `limits`, by mph over the road's limit.
 */
export function RouteLayer({
  chunks,
  speedingThresholdMph,
  gap = DEFAULT_GAP_PARAMS,
  days = null,
  fit = null,
  limits = null,
}: RouteLayerProps) {
  const map = useMap();
  const { gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph } = gap;
  const view = useRouteView(map, days, fit);
  const viewKey = routeViewKey(view);
  const data = useMemo(() => {
    const opts = { speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph };
    if (limits) return limitRouteGeoJSON(chunks, opts, limits).route;
    return days && view ? dayRoutesGeoJSON(days, view, opts).route : routeGeoJSON(chunks, opts).route;
    // `viewKey` stands for `view` (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chunks, days, viewKey, speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph, limits]);
  // What is drawn ('level N' of the overviews, 'detail A-B,…' full detail of those days, '' the whole line), for tests and diagnostics.
  // The classes drawn, for tests: what colours the route shows without reading MapLibre's sources.
  useEffect(() => {
    if (!map) return;
    const el = map.getContainer();
    el.dataset['routeView'] = limits ? '' : viewKey;
    el.dataset['routeColouring'] = limits ? 'limit' : 'speed';
    el.dataset['routeClasses'] = [...new Set(data.features.map((f) => f.properties.c))].sort().join(',');
  }, [map, viewKey, limits, data]);
  // A higher tolerance than the default simplifies six months of points at low zoom; tiles at high zoom stay exact.
  // A new source id swaps the layers: the hook adds its layers once per source.
  const [source, layers] = limits ? [LIMIT_ROUTE_SOURCE, LIMIT_LAYERS] : ['rl-route', LAYERS];
  useGeoJsonLayer(map, source, layers, data, ANCHORS.route, 0.6);
  return null;
}
