import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Runs `report` after each idle of the map, once the page is idle too (within 500 ms): the attributes written
 * for the screen's tests (what is drawn, asked of MapLibre with queryRenderedFeatures, tens of ms) never sit
 * between the map's last frame and what the user sees next. Returns the unsubscribe.
 */
export function onIdleReport(map: MapLibreMap, report: () => void): () => void {
  let pending: number | null = null;
  const cancel = () => {
    if (pending === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(pending);
    else clearTimeout(pending);
    pending = null;
  };
  const run = () => {
    pending = null;
    report();
  };
  const schedule = () => {
    cancel();
    // requestIdleCallback is not in every engine MapLibre targets; a macrotask is enough there.
    pending =
      typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 500 }) : setTimeout(run, 16);
  };
  map.on('idle', schedule);
  return () => {
    map.off('idle', schedule);
    cancel();
  };
}
