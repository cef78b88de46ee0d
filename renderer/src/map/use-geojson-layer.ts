import { useEffect } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { GeoJSON } from 'geojson';
import type { LayerSpec, OverlayLayerSpec } from './style-types.ts';

const EMPTY: GeoJSON = { type: 'FeatureCollection', features: [] };

/**
 * traccar-web's pattern: one effect adds the source and its layers (and
 * removes them on unmount), one effect pushes new data. Layers are given
 * without `source`; they are inserted below `beforeId` (a MapView anchor).
 */
export function useGeoJsonLayer(
  map: MapLibreMap | null,
  sourceId: string,
  layers: readonly OverlayLayerSpec[],
  data: GeoJSON | null,
  beforeId: string,
  tolerance = 0.375,
): void {
  useEffect(() => {
    if (!map) return;
    map.addSource(sourceId, { type: 'geojson', data: EMPTY, tolerance });
    for (const layer of layers)
      map.addLayer({ ...layer, source: sourceId } as LayerSpec, map.getLayer(beforeId) ? beforeId : undefined);
    return () => {
      // The map may already be gone (MapView unmounted first); nothing to clean then.
      if (!map.style) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
    // Layers are static per component; data goes through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new layers array each render must not remove and re-add the layers
  }, [map, sourceId, beforeId, tolerance]);

  useEffect(() => {
    if (!map) return;
    map.getSource<GeoJSONSource>(sourceId)?.setData(data ?? EMPTY);
  }, [map, sourceId, data]);
}
