import { useEffect, useState } from 'react';
import type { LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { routeViewKey, type DayRoute, type RouteView } from '../../../shared/map/day-routes.ts';
import { levelForZoom, OVERVIEW_ZOOMS } from '../../../shared/map/overview.ts';
import { FIT_MAX_ZOOM, FIT_PADDING } from './FitBounds.tsx';

type Bounds = readonly [number, number, number, number];

/** Past the finest overview level: full detail of the days in view (and half a screen around it), the finest level elsewhere. */
function viewAt(map: MapLibreMap, days: readonly DayRoute[], zoom: number): RouteView {
  const level = levelForZoom(zoom);
  if (level !== null) return { level };
  const b = map.getBounds();
  const dx = (b.getEast() - b.getWest()) / 2;
  const dy = (b.getNorth() - b.getSouth()) / 2;
  const [w, s, e, n] = [b.getWest() - dx, b.getSouth() - dy, b.getEast() + dx, b.getNorth() + dy];
  const detail: [number, number][] = [];
  days.forEach((d, k) => {
    const db = d.overview.bounds;
    if (!db || db[0] > e || db[2] < w || db[1] > n || db[3] < s) return;
    const last = detail[detail.length - 1];
    if (last && last[1] === k - 1) last[1] = k;
    else detail.push([k, k]);
  });
  return detail.length === 0 ? { level: OVERVIEW_ZOOMS.length - 1 } : { detail };
}

/**
 * What RouteLayer and GapsLayer draw of a long selection (`days`): the
 * overview level for the zoom, or full detail of the visible days once zoomed
 * in past the finest level. A new selection's view is predicted from the
 * camera FitBounds is about to set (`fit`), so its first build is the right
 * one; after that the view follows the camera at the end of each move.
 * Null without `days` (a short selection: the full line).
 */
export function useRouteView(
  map: MapLibreMap | null,
  days: readonly DayRoute[] | null,
  fit: Bounds | null,
): RouteView | null {
  const fitKey = fit ? fit.join(',') : '';
  const [moved, setMoved] = useState<{ days: readonly DayRoute[]; fitKey: string; view: RouteView } | null>(null);
  useEffect(() => {
    if (!map || !days) return;
    const onMoveEnd = () => {
      const view = viewAt(map, days, map.getZoom());
      setMoved((m) =>
        m && m.days === days && m.fitKey === fitKey && routeViewKey(m.view) === routeViewKey(view)
          ? m
          : { days, fitKey, view },
      );
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, days, fitKey]);
  if (!map || !days) return null;
  // The same fit: the camera stays where it is (FitBounds moves it only for other bounds), days read again or not.
  if (moved && moved.fitKey === fitKey) return moved.days === days ? moved.view : viewAt(map, days, map.getZoom());
  const target = fit
    ? map.cameraForBounds(fit as unknown as LngLatBoundsLike, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM })
    : undefined;
  return viewAt(map, days, target?.zoom ?? map.getZoom());
}
