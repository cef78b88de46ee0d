import { projectOnSegment } from '../../shared/roads/match-geometry.ts';
import type { RoadIndex } from '../../shared/roads/types.ts';

/**
 * The matcher's candidates as it found them before they were kept in reused columns
 * (shared/roads/match-candidates.ts, NearestWays): a list of objects per reading, a way's nearer segment
 * replacing its held one in place, then a stable sort by distance. The truth the columns must equal, order of
 * ties included (the first state of equal posteriors wins a reading).
 */
export function referenceNearestWays(
  index: RoadIndex,
  lat: number,
  lng: number,
  radiusM: number,
  maxWays: number,
): { way: number; seg: number; distanceM: number; fraction: number }[] {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
  const best: { way: number; seg: number; distanceM: number; fraction: number }[] = [];
  const c = index.segCoords;
  for (const s of index.near(lat, lng, radiusM)) {
    const at = projectOnSegment(lat, lng, c[4 * s]!, c[4 * s + 1]!, c[4 * s + 2]!, c[4 * s + 3]!);
    if (at.distanceM > radiusM) continue;
    const way = index.segWay[s]!;
    const held = best.find((b) => b.way === way);
    if (!held) best.push({ way, seg: s, ...at });
    else if (at.distanceM < held.distanceM) Object.assign(held, { seg: s, ...at });
  }
  return best.sort((a, b) => a.distanceM - b.distanceM).slice(0, maxWays);
}
