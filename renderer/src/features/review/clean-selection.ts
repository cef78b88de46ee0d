import { withoutOutliers } from '../../../../shared/track/outliers.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';

/** A reading left out as an outlier (shared/track/outliers.ts): marked on the map and the speed chart, measured by nothing. */
export interface OutlierPoint {
  id: string;
  t: number;
  lat: number;
  lng: number;
  speed: number;
}

export interface CleanSelection {
  /** The days without their outliers, in the same order: what the map, playback and charts draw. */
  clean: DayChunk[];
  outliers: OutlierPoint[];
}

/** One pass per day; a day without outliers is passed on as it is (no copy). */
export function cleanSelection(chunks: readonly DayChunk[], maxPlausibleMph: number): CleanSelection {
  const clean: DayChunk[] = [];
  const outliers: OutlierPoint[] = [];
  for (const chunk of chunks) {
    const day = withoutOutliers(chunk, maxPlausibleMph);
    clean.push(day.chunk);
    if (!day.flags) continue;
    for (let i = 0; i < chunk.length; i++) {
      if (day.flags[i] === 1)
        outliers.push({
          id: chunk.id[i] ?? '',
          t: chunk.t[i]!,
          lat: chunk.lat[i]!,
          lng: chunk.lng[i]!,
          speed: chunk.speed[i]!,
        });
    }
  }
  return { clean, outliers };
}
