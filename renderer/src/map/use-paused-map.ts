import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * While `paused` (its screen kept but not shown), the map draws no frame: every repaint MapLibre asks for (tiles
 * arriving, a camera fitted, a layer's data set) goes through `triggerRepaint`, which is shadowed on the instance
 * and only notes the wish; a frame already requested is dropped. Sources, layers and the camera still take their
 * changes, so on showing again one `resize` (the container may have changed while away) and one frame draw
 * everything as it now is. MapLibre has no public pause; the `triggerRepaint` the map had before (its own, or a
 * wrapper of the instance such as hold-frames.ts) is used again once shown.
 */
export function usePausedMap(map: MapLibreMap | null, paused: boolean): void {
  useEffect(() => {
    if (!map || !paused) return;
    const own = map as unknown as {
      triggerRepaint: () => void;
      _frameRequest?: AbortController | null;
      _removed?: boolean;
    };
    own._frameRequest?.abort();
    own._frameRequest = null;
    // The map's own wrapper (hold-frames.ts), if it has one, comes back with the resume.
    const before = Object.prototype.hasOwnProperty.call(own, 'triggerRepaint') ? own.triggerRepaint : null;
    own.triggerRepaint = () => undefined;
    return () => {
      if (before) own.triggerRepaint = before;
      else Reflect.deleteProperty(own, 'triggerRepaint');
      // A map removed while away (its screen left for good, a new basemap) has nothing to show.
      if (own._removed) return;
      map.resize();
      map.triggerRepaint();
    };
  }, [map, paused]);
}
