import { useEffect } from 'react';
import type { GapParams } from '../../../../shared/track/gaps.ts';
import { useFollow, useMap, VehicleMarker } from '../../map/index.ts';
import { sampleAt } from '../../../../shared/playback/interpolate.ts';
import type { FlatTrack } from '../../../../shared/playback/track.ts';
import { usePlayback, type PlaybackStore } from './playback-store.ts';

/**
 * The replayed vehicle: the only map component that follows the clock. A
 * binary search finds the reading; the component re-renders (and the marker
 * is moved) only when the marker would move half a pixel or turn 2 degrees —
 * at 600x over a country-wide view most frames move it less than that.
 */
export function PlaybackVehicle({
  store,
  track,
  gap,
  label,
}: {
  store: PlaybackStore;
  track: FlatTrack;
  gap: GapParams;
  label: string;
}) {
  const map = useMap();
  const at = usePlayback(store, (st) => {
    const s = sampleAt(track, st.timeMs, gap);
    if (!s || !map) return s ? `${st.timeMs}` : '';
    const p = map.project([s.lng, s.lat]);
    return `${Math.round(p.x * 2)},${Math.round(p.y * 2)},${Math.round(s.heading / 2)},${map.getZoom()}`;
  });
  const follow = usePlayback(store, (s) => s.follow);
  // Read at render time: only renders when `at` (or follow) changed, so this is the sample behind it.
  const s = at === '' ? null : sampleAt(track, store.get().timeMs, gap);
  useFollow(map, s, follow);

  // Panning by hand takes the camera back from follow mode.
  useEffect(() => {
    if (!map) return;
    const off = (e: { originalEvent?: unknown }) => {
      if (e.originalEvent && store.get().follow) store.setFollow(false);
    };
    map.on('dragstart', off);
    return () => {
      map.off('dragstart', off);
    };
  }, [map, store]);

  if (!s) return null;
  return <VehicleMarker lat={s.lat} lng={s.lng} heading={s.heading} label={label} />;
}
