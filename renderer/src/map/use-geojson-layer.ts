import { useEffect, useRef } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { GeoJSON } from 'geojson';
import type { LayerSpec, OverlayLayerSpec } from './style-types.ts';
import { sameJson } from '../../../shared/util/same-json.ts';

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
  // The data the source holds. The same data again, or equal data built anew (a reload of the same days, a
  // limit changed that leaves the gaps and stops as they were), is not set: each setData is a load in
  // MapLibre's worker and a frame, hundreds of ms on a software-rendered GPU.
  const held = useRef<GeoJSON | null>(null);
  useEffect(() => {
    if (!map) return;
    held.current = data ?? EMPTY;
    map.addSource(sourceId, { type: 'geojson', data: held.current, tolerance });
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
    const same = next === held.current || sameJson(next, held.current);
    held.current = next;
    if (!same) map.getSource<GeoJSONSource>(sourceId)?.setData(next);
  }, [map, sourceId, data]);
}
