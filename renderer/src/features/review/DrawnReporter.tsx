import { useEffect } from 'react';
import { LIMIT_ROUTE_SOURCE, useMap } from '../../map/index.ts';

/** The overlay sources of this screen (RouteLayer, GapsLayer, StopsLayer, OutliersLayer). */
const OVERLAY_SOURCES = ['rl-route', LIMIT_ROUTE_SOURCE, 'rl-gaps', 'rl-stops', 'rl-outliers'];
/**
 * Placed after the layers inside MapView: its effect runs after theirs have
 * pushed the selection's data. The selection is drawn at the first rendered
 * frame after that with every source loaded (basemap tiles in view, overlay
 * data parsed) and the camera still, or at once when the map has changed
 * nothing since its last frame. `idle` alone is not used: it also waits
 * for label fades, and a single `once('idle')` registered while a previous
 * selection was still drawing could be missed, leaving the map "not ready".
 */
export function DrawnReporter({ drawKey, onDrawn }: { drawKey: string; onDrawn: (key: string) => void }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    let live = true;
    const check = () => {
      if (!live || map.isMoving() || !map.loaded()) return;
      if (OVERLAY_SOURCES.some((id) => map.getSource(id) && !map.isSourceLoaded(id))) return;
      live = false;
      map.off('render', check);
      map.off('idle', check);
      onDrawn(drawKey);
    };
    map.on('render', check);
    map.on('idle', check);
    // A map with nothing changed since its last frame (`loaded()`: no style, source or data change waits for a
    // frame) already shows this draw: a stops list it cannot draw at this zoom, charts only. A frame to say so
    // would cost hundreds of ms on a software-rendered GPU. Otherwise an idle map with nothing left to load
    // renders no frame by itself: one is asked.
    check();
    if (live) map.triggerRepaint();
    return () => {
      live = false;
      map.off('render', check);
      map.off('idle', check);
    };
  }, [map, drawKey, onDrawn]);
  return null;
}
