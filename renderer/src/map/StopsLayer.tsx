import { useEffect, useMemo, useRef } from 'react';
import { Popup, type MapLayerMouseEvent } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import type { Stop } from '../../../shared/analysis/types.ts';
import { formatDuration } from '../../../shared/util/duration.ts';
import { onIdleReport } from './idle-report.ts';
import { useMap } from './map-context.ts';
import { ANCHORS, LABEL_FONT, STOP_COLOR } from './theme.ts';
import { useGeoJsonLayer } from './use-geojson-layer.ts';
import { useZoomAtLeast } from './use-zoom-at-least.ts';
import type { OverlayLayerSpec } from './style-types.ts';

/** Up to this many stops (about two weeks of a demo truck's) are drawn at every zoom. */
export const STOPS_AT_EVERY_ZOOM = 60;
/**
 * More stops than that are drawn from this zoom on (a few counties across): at the zoom that shows
 * weeks or months of driving, hundreds of markers would cover the route. The stops list and the long
 * stops among the events still have them all.
 */
export const STOPS_MIN_ZOOM = 8;

/** The zoom from which a selection's stops are drawn. */
export function stopsMinZoom(count: number): number {
  return count <= STOPS_AT_EVERY_ZOOM ? 0 : STOPS_MIN_ZOOM;
}

export interface StopsLayerProps {
  stops: readonly Stop[];
  /** Stops at least this long get the "long stop" look. Default 2 h (AnalysisParams.longStopSeconds). */
  longStopSeconds?: number;
  onStopClick?: (stop: Stop, index: number) => void;
}

interface StopProps {
  i: number;
  label: string;
  long: boolean;
  place: string;
}

const LABEL_MIN_ZOOM = 9;

const LAYERS: OverlayLayerSpec[] = [
  {
    id: 'rl-stops',
    type: 'circle',
    paint: {
      // Small at country zoom, where six months of stops would otherwise bury the route.
      'circle-radius': [
        'interpolate',
        ['linear'],
        ['zoom'],
        3,
        ['case', ['get', 'long'], 3, 2],
        9,
        ['case', ['get', 'long'], 7, 5],
      ],
      'circle-color': ['case', ['get', 'long'], STOP_COLOR, '#ffffff'],
      'circle-stroke-color': STOP_COLOR,
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 3, 1, 9, 2],
    },
  },
  {
    id: 'rl-stops-label',
    type: 'symbol',
    minzoom: LABEL_MIN_ZOOM,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': LABEL_FONT,
      'text-size': 11,
      'text-offset': [0, 1.3],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: { 'text-color': STOP_COLOR, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];

/** Stop markers; the duration shows as a label when zoomed in and as a tooltip on hover. */
export function StopsLayer({ stops, longStopSeconds = 2 * 3600, onStopClick }: StopsLayerProps) {
  const map = useMap();
  const data = useMemo<FeatureCollection<Point, StopProps>>(
    () => ({
      type: 'FeatureCollection',
      features: stops.map((s, i) => ({
        type: 'Feature',
        properties: {
          i,
          label: formatDuration(s.durationSeconds),
          long: s.durationSeconds >= longStopSeconds,
          place: s.place,
        },
        geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
      })),
    }),
    [stops, longStopSeconds],
  );
  const minZoom = stopsMinZoom(stops.length);
  const loaded = useRef<FeatureCollection<Point, StopProps> | null>(null);
  const drawable = useZoomAtLeast(map, minZoom);
  // Stops the map cannot draw at its zoom are not loaded into it until it can (then kept, so zooming out and
  // in again loads nothing): a load is a pass of MapLibre's worker and a frame that would show nothing new,
  // hundreds of ms at the end of a long selection's analysis on a software-rendered GPU.
  const shown = drawable || loaded.current === data ? data : null;
  if (shown) loaded.current = shown;
  useGeoJsonLayer(map, 'rl-stops', LAYERS, shown, ANCHORS.stops);

  // The zoom range follows the number of stops the source holds (none held: nothing to draw, no change to
  // make, and a change is a frame). What is drawn is reported on the map's element (data-stops-min-zoom,
  // data-stops-rendered, data-zoom) for the screen's tests, after each idle (once the page is) and once now.
  const heldMinZoom = shown ? minZoom : null;
  useEffect(() => {
    if (!map || heldMinZoom === null || !map.getLayer('rl-stops')) return;
    map.setLayerZoomRange('rl-stops', heldMinZoom, 24);
    map.setLayerZoomRange('rl-stops-label', Math.max(LABEL_MIN_ZOOM, heldMinZoom), 24);
  }, [map, heldMinZoom]);
  useEffect(() => {
    if (!map) return;
    const el = map.getContainer();
    el.dataset['stopsMinZoom'] = String(minZoom);
    const report = () => {
      el.dataset['zoom'] = map.getZoom().toFixed(2);
      el.dataset['stopsRendered'] = String(map.queryRenderedFeatures({ layers: ['rl-stops'] }).length);
    };
    return onIdleReport(map, report, true);
  }, [map, minZoom]);

  useEffect(() => {
    if (!map) return;
    const popup = new Popup({ closeButton: false, closeOnClick: false, className: 'rl-stop-tip', offset: 10 });
    const enter = (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      if (!f || f.geometry.type !== 'Point') return;
      map.getCanvas().style.cursor = 'pointer';
      const p = f.properties as StopProps;
      const el = document.createElement('div');
      const strong = document.createElement('strong');
      strong.textContent = `Stop · ${p.label}`;
      el.append(strong);
      if (p.place) el.append(document.createElement('br'), p.place);
      popup
        .setLngLat(f.geometry.coordinates as [number, number])
        .setDOMContent(el)
        .addTo(map);
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
      popup.remove();
    };
    map.on('mouseenter', 'rl-stops', enter);
    map.on('mouseleave', 'rl-stops', leave);
    return () => {
      map.off('mouseenter', 'rl-stops', enter);
      map.off('mouseleave', 'rl-stops', leave);
      popup.remove();
    };
  }, [map]);

  useEffect(() => {
    if (!map || !onStopClick) return;
    const click = (e: MapLayerMouseEvent) => {
      const i = (e.features?.[0]?.properties as StopProps | undefined)?.i;
      const stop = i === undefined ? undefined : stops[i];
      if (stop && i !== undefined) onStopClick(stop, i);
    };
    map.on('click', 'rl-stops', click);
    return () => {
      map.off('click', 'rl-stops', click);
    };
  }, [map, stops, onStopClick]);
  return null;
}
