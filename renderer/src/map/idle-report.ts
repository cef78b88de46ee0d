import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterPageIdle } from '../components/page-idle.ts';

/**
 * Runs `report` after each idle of the map, once the page is idle too (within 500 ms): the attributes written
 * for the screen's tests (what is drawn, asked of MapLibre with queryRenderedFeatures, tens of ms) never sit
 * between the map's last frame and what the user sees next. With `now`, also once from the state already drawn
 * when the map has nothing left to draw (what the report reads changed without a frame). Returns the unsubscribe.
 */
export function onIdleReport(map: MapLibreMap, report: () => void, now = false): () => void {
  let cancel: (() => void) | null = null;
  const schedule = () => {
    cancel?.();
    cancel = afterPageIdle(() => {
      cancel = null;
      report();
    });
  };
  map.on('idle', schedule);
  if (now && map.loaded() && !map.isMoving()) schedule();
  return () => {
    map.off('idle', schedule);
    cancel?.();
  };
}
