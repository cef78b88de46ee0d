import { useEffect, useMemo } from 'react';
import { Popup, type MapLayerMouseEvent } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import { useMap } from './map-context.ts';
import { ANCHORS, OUTLIER_COLOR } from './theme.ts';
import { useGeoJsonLayer } from './use-geojson-layer.ts';
import type { OverlayLayerSpec } from './style-types.ts';

export interface OutliersLayerProps {
  /** Readings left out as outliers (shared/track/outliers.ts). */
  points: readonly { lat: number; lng: number; speed: number }[];
}

interface OutlierProps {
  speed: number;
}

const LAYERS: OverlayLayerSpec[] = [
  {
    id: 'rl-outliers',
    type: 'circle',
    paint: {
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 2.5, 9, 5],
      'circle-color': 'rgba(255,255,255,0)',
      'circle-stroke-color': OUTLIER_COLOR,
      'circle-stroke-width': 2,
    },
  },
];

/** Outlier readings as hollow rings: shown so nothing is hidden, never joined to the route. */
export function OutliersLayer({ points }: OutliersLayerProps) {
  const map = useMap();
  const data = useMemo<FeatureCollection<Point, OutlierProps>>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        properties: { speed: p.speed },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
    }),
    [points],
  );
  useGeoJsonLayer(map, 'rl-outliers', LAYERS, data, ANCHORS.stops);

  useEffect(() => {
    if (!map) return;
    const popup = new Popup({ closeButton: false, closeOnClick: false, className: 'rl-stop-tip', offset: 8 });
    const enter = (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      if (!f || f.geometry.type !== 'Point') return;
      const { speed } = f.properties as OutlierProps;
      popup
        .setLngLat(f.geometry.coordinates as [number, number])
        .setText(`Outlier · ${Math.round(speed).toLocaleString('en-US')} mph reported · ignored by the analysis`)
        .addTo(map);
    };
    const leave = () => popup.remove();
    map.on('mouseenter', 'rl-outliers', enter);
    map.on('mouseleave', 'rl-outliers', leave);
    return () => {
      map.off('mouseenter', 'rl-outliers', enter);
      map.off('mouseleave', 'rl-outliers', leave);
      popup.remove();
    };
  }, [map]);
  return null;
}
