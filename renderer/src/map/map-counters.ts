import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Counts kept on `window` for tests and benchmarks: what a walk through the app cost the maps, as counts that a
 * loaded machine does not blur. `__routelensMapsCreated`: MapLibre maps constructed; `__routelensBasemapTiles`:
 * basemap tiles loaded (the overlays, sources named `rl-…`, are not basemap).
 */
interface MapCounters {
  __routelensMapsCreated?: number;
  __routelensBasemapTiles?: number;
}

const counters = (): MapCounters => window as unknown as MapCounters;

/** Counts a map constructed, and from then on each basemap tile it loads. */
export function countMap(map: MapLibreMap): void {
  const c = counters();
  c.__routelensMapsCreated = (c.__routelensMapsCreated ?? 0) + 1;
  map.on('sourcedata', (ev) => {
    if (ev.tile && !ev.sourceId.startsWith('rl-')) c.__routelensBasemapTiles = (c.__routelensBasemapTiles ?? 0) + 1;
  });
}
