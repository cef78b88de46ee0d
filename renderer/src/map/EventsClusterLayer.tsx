import { useEffect, useMemo } from 'react';
import type { ExpressionSpecification, GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import { EVENT_KIND_ROWS, EVENT_KINDS } from '../../../shared/analysis/event-kinds.ts';
import type { EventKind } from '../../../shared/analysis/types.ts';
import { useMap } from './map-context.ts';
import { ANCHORS, LABEL_FONT } from './theme.ts';
import type { LayerSpec } from './style-types.ts';

/** One event on the fleet map: where it started, and its kind. */
export interface MapEvent {
  key: string;
  kind: EventKind;
  lat: number;
  lng: number;
}

export type Bounds = [number, number, number, number];

const SOURCE = 'rl-events';
const colourOf = (k: EventKind) => EVENT_KIND_ROWS[k].mapColor;
/** Each kind's colour (event-kinds.ts); the last kind's is also the fallback MapLibre requires, which no other kind reaches. */
const KIND_COLOUR_MATCH: ExpressionSpecification = [
  'match',
  ['get', 'kind'],
  EVENT_KINDS[0]!,
  colourOf(EVENT_KINDS[0]!),
  ...EVENT_KINDS.slice(1, -1).flatMap((k) => [k, colourOf(k)]),
  colourOf(EVENT_KINDS.at(-1)!),
];

const LAYERS: LayerSpec[] = [
  {
    id: 'rl-events-clusters',
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#f4a259', 20, '#e4572e', 200, '#a4161a'],
      'circle-radius': ['step', ['get', 'point_count'], 12, 20, 17, 200, 23],
      'circle-opacity': 0.85,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
  {
    id: 'rl-events-count',
    type: 'symbol',
    source: SOURCE,
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': LABEL_FONT, 'text-size': 12 },
    paint: { 'text-color': '#ffffff' },
  },
  {
    id: 'rl-events-points',
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': KIND_COLOUR_MATCH,
      'circle-radius': 5,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  },
];

function boundsOf(coords: readonly [number, number][]): Bounds | null {
  if (coords.length === 0) return null;
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const [lng, lat] of coords) {
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  }
  return [w, s, e, n];
}

/**
 * The inbox's events as clusters on the map (MapLibre's own clustering, in its worker). A click on a
 * cluster hands back the bounds of the events in it (the inbox filters its list to that area); a click on
 * a single event hands back its key.
 */
export function EventsClusterLayer({
  events,
  onArea,
  onEvent,
}: {
  events: readonly MapEvent[];
  onArea: (bounds: Bounds) => void;
  onEvent: (key: string) => void;
}) {
  const map = useMap();
  const data = useMemo<FeatureCollection<Point, { key: string; kind: string }>>(
    () => ({
      type: 'FeatureCollection',
      features: events.map((e) => ({
        type: 'Feature',
        properties: { key: e.key, kind: e.kind },
        geometry: { type: 'Point', coordinates: [e.lng, e.lat] },
      })),
    }),
    [events],
  );

  useEffect(() => {
    if (!map) return;
    map.addSource(SOURCE, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster: true,
      clusterRadius: 40,
      clusterMaxZoom: 11,
    });
    for (const layer of LAYERS) map.addLayer(layer, map.getLayer(ANCHORS.stops) ? ANCHORS.stops : undefined);
    return () => {
      if (!map.style) return;
      for (const layer of LAYERS) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    map?.getSource<GeoJSONSource>(SOURCE)?.setData(data);
  }, [map, data]);

  useEffect(() => {
    if (!map) return;
    const clusterClick = (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      const id = f?.properties?.['cluster_id'] as number | undefined;
      const count = f?.properties?.['point_count'] as number | undefined;
      const source = map.getSource<GeoJSONSource>(SOURCE);
      if (id === undefined || !count || !source) return;
      void source.getClusterLeaves(id, count, 0).then((leaves) => {
        const coords = leaves.flatMap((l) =>
          l.geometry.type === 'Point' ? [l.geometry.coordinates as [number, number]] : [],
        );
        const b = boundsOf(coords);
        if (b) onArea(b);
      });
    };
    const pointClick = (e: MapLayerMouseEvent) => {
      const key = e.features?.[0]?.properties?.['key'];
      if (typeof key === 'string') onEvent(key);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', 'rl-events-clusters', clusterClick);
    map.on('click', 'rl-events-points', pointClick);
    for (const id of ['rl-events-clusters', 'rl-events-points']) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      map.off('click', 'rl-events-clusters', clusterClick);
      map.off('click', 'rl-events-points', pointClick);
      for (const id of ['rl-events-clusters', 'rl-events-points']) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
    };
  }, [map, onArea, onEvent]);

  return null;
}
