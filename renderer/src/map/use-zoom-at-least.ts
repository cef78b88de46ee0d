import { useEffect, useReducer } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Whether the map's zoom is at least `zoom`: read as the component renders (so a new `zoom` answers at once),
 * and a render asked only when that flips, not on every zoom event of a pinch or a fly. False without a map.
 */
export function useZoomAtLeast(map: MapLibreMap | null, zoom: number): boolean {
  const atLeast = map ? map.getZoom() >= zoom : false;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!map) return;
    const update = () => {
      if (map.getZoom() >= zoom !== atLeast) rerender();
    };
    update();
    map.on('zoom', update);
    return () => {
      map.off('zoom', update);
    };
  }, [map, zoom, atLeast]);
  return atLeast;
}
