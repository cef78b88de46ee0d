import { useEffect, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { FollowCamera } from './follow-camera.ts';

/**
 * Follow-vehicle camera: while `enabled`, keeps the vehicle in view
 * (follow-camera.ts: one camera move per frame at most, only once the vehicle
 * leaves the middle of the screen, no layout read per frame).
 */
export function useFollow(
  map: MapLibreMap | null,
  position: { lat: number; lng: number } | null,
  enabled: boolean,
  margin = 0.25,
): void {
  const [camera, setCamera] = useState<FollowCamera | null>(null);
  useEffect(() => {
    if (!map) return;
    const c = new FollowCamera(map, margin);
    setCamera(c);
    return () => {
      c.dispose();
      setCamera(null);
    };
  }, [map, margin]);
  const lat = position?.lat ?? NaN;
  const lng = position?.lng ?? NaN;
  useEffect(() => {
    camera?.update(enabled && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null);
  }, [camera, enabled, lat, lng]);
}
