import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from './map-context.ts';

export interface FitBoundsProps {
  /** [west, south, east, north]; null leaves the camera alone. */
  bounds: readonly [number, number, number, number] | null;
  padding?: number;
  /** Animate the move (off for the first fit and for tests). */
  animate?: boolean;
  maxZoom?: number;
  /** Bumped to fit the same bounds again (a "Fit route" control after the camera was moved). */
  again?: number;
}

/** The fit's defaults (use-route-view.ts predicts the zoom a fit lands on with them). */
export const FIT_PADDING = 48;
export const FIT_MAX_ZOOM = 15;

/** The box a fit uses for bounds [west, south, east, north]: a single point has no extent, so it is padded. */
export function fitBox([w, s, e, n]: readonly [number, number, number, number]): [number, number, number, number] {
  const d = w === e && s === n ? 0.01 : 0;
  return [w - d, s - d, e + d, n + d];
}

/** Where the camera is: a resize leaves it unchanged (MapLibre keeps centre and zoom). */
const cameraKey = (map: MapLibreMap) => `${map.getCenter().toArray().join(',')}@${map.getZoom()}`;

/** Fits the camera to the selection whenever the bounds change (by value, so a re-render with equal bounds does not move it). */
export function FitBounds({
  bounds,
  padding = FIT_PADDING,
  animate = false,
  maxZoom = FIT_MAX_ZOOM,
  again = 0,
}: FitBoundsProps) {
  const map = useMap();
  const key = bounds ? bounds.join(',') : '';
  useEffect(() => {
    if (!map || !key) return;
    const box = fitBox(key.split(',').map(Number) as [number, number, number, number]);
    let fitted = '';
    const fit = () => {
      map.fitBounds(box, { padding, animate, maxZoom });
      fitted = cameraKey(map);
    };
    // The layout can settle after the fit (a long selection's per-day table appears once it is analysed and
    // the map gives up height): a resize keeps centre and zoom, so the route would no longer fit. Fitted again
    // while the camera is still the fit's; a camera moved since (by hand, by following playback) is left alone.
    const onResize = () => {
      if (cameraKey(map) === fitted) fit();
    };
    fit();
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
  }, [map, key, padding, animate, maxZoom, again]);
  return null;
}
