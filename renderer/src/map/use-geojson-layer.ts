import { useEffect, useRef } from 'react';
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
  // The data the source was added with: not set again right after (a second load in MapLibre's worker, and a frame).
  const addedWith = useRef<GeoJSON | null>(null);
  useEffect(() => {
    if (!map) return;
    addedWith.current = data ?? EMPTY;
    map.addSource(sourceId, { type: 'geojson', data: addedWith.current, tolerance });
    for (const layer of layers)
      map.addLayer({ ...layer, source: sourceId } as LayerSpec, map.getLayer(beforeId) ? beforeId : undefined);
    return () => {
      // The map may already be gone (MapView unmounted first); nothing to clean then.
      if (!map.style) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
    // Layers are static per component; data after the first goes through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new layers array (or new data) each render must not remove and re-add the layers
  }, [map, sourceId, beforeId, tolerance]);

  useEffect(() => {
    if (!map) return;
    const next = data ?? EMPTY;
    if (next === addedWith.current) return;
    addedWith.current = null;
    map.getSource<GeoJSONSource>(sourceId)?.setData(next);
  }, [map, sourceId, data]);
}
