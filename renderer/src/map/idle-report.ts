import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterPageIdle } from '../components/page-idle.ts';

/**
 * Runs `report` after each idle of the map, once the page is idle too (within 500 ms): the attributes written
 * for the screen's tests (what is drawn, asked of MapLibre with queryRenderedFeatures, tens of ms) never sit
 * between the map's last frame and what the user sees next. Returns the unsubscribe.
 */
export function onIdleReport(map: MapLibreMap, report: () => void): () => void {
  let cancel: (() => void) | null = null;
  const schedule = () => {
    cancel?.();
    cancel = afterPageIdle(() => {
      cancel = null;
      report();
    });
  };
  map.on('idle', schedule);
  return () => {
    map.off('idle', schedule);
    cancel?.();
  };
}
