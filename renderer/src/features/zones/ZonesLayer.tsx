import { useMemo } from 'react';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { SpeedZones } from '../../../../shared/roads/zones.ts';
import { useMap } from '../../map/index.ts';
import { ANCHORS, LABEL_FONT } from '../../map/theme.ts';
import type { OverlayLayerSpec } from '../../map/style-types.ts';
import { useGeoJsonLayer } from '../../map/use-geojson-layer.ts';

export const ZONE_COLOR = '#7a2e8e';

const LAYERS: OverlayLayerSpec[] = [
  { id: 'rl-zones-fill', type: 'fill', paint: { 'fill-color': ZONE_COLOR, 'fill-opacity': 0.18 } },
  { id: 'rl-zones-line', type: 'line', paint: { 'line-color': ZONE_COLOR, 'line-width': 2 } },
  {
    id: 'rl-zones-label',
    type: 'symbol',
    layout: { 'text-field': ['get', 'label'], 'text-font': LABEL_FONT, 'text-size': 12 },
    paint: { 'text-color': ZONE_COLOR, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];

/** Each zone's polygons, labelled "North yard · 10 mph". */
export function zonesGeoJson(zones: SpeedZones | null): FeatureCollection<Polygon> {
  const features: Feature<Polygon>[] = [];
  for (const z of zones?.zones ?? [])
    for (const rings of z.polygons)
      features.push({
        type: 'Feature',
        properties: { label: `${z.name || 'Zone'} · ${z.limitText}`, feature: z.feature },
        geometry: {
          type: 'Polygon',
          coordinates: rings.map((r) => Array.from({ length: r.length / 2 }, (_, i) => [r[i * 2]!, r[i * 2 + 1]!])),
        },
      });
  return { type: 'FeatureCollection', features };
}

/** The kept speed zones, filled and labelled. */
export function ZonesLayer({ zones }: { zones: SpeedZones | null }) {
  const map = useMap();
  const data = useMemo(() => zonesGeoJson(zones), [zones]);
  useGeoJsonLayer(map, 'rl-zones', LAYERS, data, ANCHORS.route);
  return null;
}
