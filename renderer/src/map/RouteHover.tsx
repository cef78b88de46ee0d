import { useEffect, useState } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import type { TrackColumns } from '../../../shared/track/types.ts';
import { useMap } from './map-context.ts';

/** How near the pointer (px) a route line counts as hovered: about the drawn line's width and a little. */
const HIT_PX = 5;

/** The reading of `track` nearest (lat, lng), by equirectangular distance (enough to pick among close points); -1 without any. */
export function nearestReading(track: Pick<TrackColumns, 'length' | 'lat' | 'lng'>, lat: number, lng: number): number {
  const kx = Math.cos((lat * Math.PI) / 180) ** 2;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < track.length; i++) {
    const dLat = track.lat[i]! - lat;
    const dLng = track.lng[i]! - lng;
    const d = dLat * dLat + kx * dLng * dLng;
    if (d < bestD) [best, bestD] = [i, d];
  }
  return best;
}

/**
 * Hovering the route says what `textAt` says of the reading nearest the pointer (a reading's road and
 * limit): a label at the pointer while it is over one of `layers`, nothing elsewhere. One lookup per frame.
 */
export function RouteHover({
  layers,
  track,
  textAt,
}: {
  layers: readonly string[];
  track: TrackColumns;
  textAt: (t: number) => string | null;
}) {
  const map = useMap();
  const [hover, setHover] = useState<{ x: number; y: number; text: string } | null>(null);
  useEffect(() => {
    if (!map) return;
    let frame = 0;
    let last: MapMouseEvent | null = null;
    const look = () => {
      frame = 0;
      if (!last) return;
      const { x, y } = last.point;
      const present = layers.filter((id) => map.getLayer(id));
      const hit =
        present.length > 0 &&
        map.queryRenderedFeatures(
          [
            [x - HIT_PX, y - HIT_PX],
            [x + HIT_PX, y + HIT_PX],
          ],
          { layers: present },
        ).length > 0;
      const i = hit ? nearestReading(track, last.lngLat.lat, last.lngLat.lng) : -1;
      const text = i >= 0 ? textAt(track.t[i]!) : null;
      setHover(text ? { x, y, text } : null);
    };
    const onMove = (e: MapMouseEvent) => {
      last = e;
      if (!frame) frame = requestAnimationFrame(look);
    };
    const onOut = () => {
      last = null;
      setHover(null);
    };
    map.on('mousemove', onMove);
    map.on('mouseout', onOut);
    return () => {
      cancelAnimationFrame(frame);
      map.off('mousemove', onMove);
      map.off('mouseout', onOut);
    };
  }, [map, layers, track, textAt]);
  if (!hover) return null;
  return (
    <div
      className="rl-route-hover"
      data-testid="map-route-hover"
      role="tooltip"
      style={{ transform: `translate(${hover.x + 12}px, ${hover.y + 12}px)` }}
    >
      {hover.text}
    </div>
  );
}
