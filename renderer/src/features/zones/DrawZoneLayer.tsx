import { useEffect, useMemo } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { useMap } from '../../map/index.ts';
import { ANCHORS } from '../../map/theme.ts';
import type { OverlayLayerSpec } from '../../map/style-types.ts';
import { useGeoJsonLayer } from '../../map/use-geojson-layer.ts';
import { ZONE_COLOR } from './ZonesLayer.tsx';

type Corner = readonly [number, number];

const LAYERS: OverlayLayerSpec[] = [
  {
    id: 'rl-draw-line',
    type: 'line',
    paint: { 'line-color': ZONE_COLOR, 'line-width': 2, 'line-dasharray': [2, 1] },
  },
  {
    id: 'rl-draw-corners',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 5,
      'circle-color': '#ffffff',
      'circle-stroke-color': ZONE_COLOR,
      'circle-stroke-width': 2,
    },
  },
];

/** The outline being drawn: its corners and the edges between them, closed back to the first. */
export function drawnGeoJson(corners: readonly Corner[]): FeatureCollection {
  const ring = corners.length >= 3 ? [...corners, corners[0]!] : corners;
  return {
    type: 'FeatureCollection',
    features: [
      ...(corners.length >= 2
        ? [
            {
              type: 'Feature' as const,
              properties: {},
              geometry: { type: 'LineString' as const, coordinates: ring.map((c) => [...c]) },
            },
          ]
        : []),
      ...corners.map((c) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [...c] },
      })),
    ],
  };
}

/** While drawing, a click on the map adds a corner; the cursor says so. */
export function DrawZoneLayer({
  corners,
  onCorner,
}: {
  corners: readonly Corner[] | null;
  onCorner: (c: Corner) => void;
}) {
  const map = useMap();
  const data = useMemo(() => (corners ? drawnGeoJson(corners) : null), [corners]);
  useGeoJsonLayer(map, 'rl-draw', LAYERS, data, ANCHORS.stops);
  const drawing = corners !== null;
  useEffect(() => {
    if (!map || !drawing) return;
    const click = (e: MapMouseEvent) => onCorner([e.lngLat.lng, e.lngLat.lat]);
    map.on('click', click);
    map.getCanvas().style.cursor = 'crosshair';
    map.doubleClickZoom.disable();
    // Said once clicks are listened to (tests wait on it, not on the page's own state a render earlier).
    map.getContainer().dataset['drawing'] = 'true';
    return () => {
      map.getContainer().dataset['drawing'] = 'false';
      map.off('click', click);
      map.getCanvas().style.cursor = '';
      map.doubleClickZoom.enable();
    };
  }, [map, drawing, onCorner]);
  return null;
}
