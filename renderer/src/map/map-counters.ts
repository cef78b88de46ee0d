import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Counts kept on `window` for tests and benchmarks: what a walk through the app cost the maps, as counts that a
 * loaded machine does not blur. `__routelensMapsCreated`: MapLibre maps constructed; `__routelensBasemapTiles`:
 * basemap tiles loaded (the overlays, sources named `rl-…`, are not basemap); `__routelensMapFrames`: frames drawn
 * (each costs hundreds of ms on a software-rendered GPU, so fewer frames is the map's main saving there).
 */
interface MapCounters {
  /** Set to an array (bench/interaction.ts's INTERACTION_MAPLOG) to collect what made each frame: a diagnostic. */
  __routelensMapLog?: string[];
  __routelensMapsCreated?: number;
  __routelensBasemapTiles?: number;
  __routelensMapFrames?: number;
}

const counters = (): MapCounters => window as unknown as MapCounters;

/** Counts a map constructed, and from then on each basemap tile it loads and each frame it draws. */
export function countMap(map: MapLibreMap): void {
  const c = counters();
  c.__routelensMapsCreated = (c.__routelensMapsCreated ?? 0) + 1;
  map.on('sourcedata', (ev) => {
    if (ev.tile && !ev.sourceId.startsWith('rl-')) c.__routelensBasemapTiles = (c.__routelensBasemapTiles ?? 0) + 1;
  });
  map.on('render', () => {
    c.__routelensMapFrames = (c.__routelensMapFrames ?? 0) + 1;
  });
  logMapEvents(map);
}

/**
 * With `window.__routelensMapLog` an array, each frame (its zoom and centre) and what it followed: overlay data set,
 * camera moves, resizes, and MapLibre's `load` (the first view's basemap tiles all drawn).
 */
function logMapEvents(map: MapLibreMap): void {
  const log = (what: string) => counters().__routelensMapLog?.push(`${performance.now().toFixed(0)} ${what}`);
  if (!counters().__routelensMapLog) return;
  map.on('render', () => {
    const c = map.getCenter();
    log(`frame z${map.getZoom().toFixed(1)} @${c.lng.toFixed(5)},${c.lat.toFixed(5)}`);
  });
  map.on('sourcedata', (ev) => {
    if (ev.sourceId.startsWith('rl-') && ev.sourceDataType !== 'metadata' && !ev.tile) log(`data ${ev.sourceId}`);
  });
  for (const type of ['load', 'movestart', 'moveend', 'resize', 'idle'] as const) map.on(type, () => log(type));
}
