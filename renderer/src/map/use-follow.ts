import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Follow-vehicle camera: while `enabled`, keeps the vehicle in view. The
 * camera only moves once the vehicle leaves the middle of the screen, so a
 * per-frame position does not re-centre (and repaint) the map every frame.
 */
export function useFollow(map: MapLibreMap | null, position: { lat: number; lng: number } | null, enabled: boolean, margin = 0.25): void {
  const lat = position?.lat ?? NaN;
  const lng = position?.lng ?? NaN;
  useEffect(() => {
    if (!map || !enabled || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    const p = map.project([lng, lat]);
    const { clientWidth: w, clientHeight: h } = map.getContainer();
    const inside = p.x > w * margin && p.x < w * (1 - margin) && p.y > h * margin && p.y < h * (1 - margin);
    if (!inside) map.easeTo({ center: [lng, lat], duration: 300 });
  }, [map, enabled, lat, lng, margin]);
}
