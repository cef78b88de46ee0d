import { useMemo } from 'react';
import { DEFAULT_GAP_PARAMS, type GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { useMap } from './map-context.ts';
import { routeGeoJSON } from '../../../shared/map/route-geojson.ts';
import { ANCHORS, SPEED_COLORS } from './theme.ts';
import { useGeoJsonLayer } from './use-geojson-layer.ts';
import type { ExpressionSpecification, OverlayLayerSpec } from './style-types.ts';

export interface RouteLayerProps {
  /** The selection, time-ordered (a day, a week or six months). Keep the array identity stable per selection: it keys the memo. */
  chunks: readonly DayChunk[];
  speedingThresholdMph: number;
  /** A gap (shared/track/gaps.ts) breaks the line and GapsLayer draws the jump. Default: the gap rule's. */
  gap?: GapParams;
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
export function RouteLayer({ chunks, speedingThresholdMph, gap = DEFAULT_GAP_PARAMS }: RouteLayerProps) {
  const map = useMap();
  const { gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph } = gap;
  const data = useMemo(
    () =>
      routeGeoJSON(chunks, { speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph }).route,
    [chunks, speedingThresholdMph, gapSeconds, minStopSeconds, stopSpeedMph, maxPlausibleMph],
  );
  // A higher tolerance than the default simplifies six months of points at low zoom; tiles at high zoom stay exact.
  useGeoJsonLayer(map, 'rl-route', LAYERS, data, ANCHORS.route, 0.6);
  return null;
}
