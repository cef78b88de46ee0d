/**
 * Speed zones the user drew or imported (a yard at 10 mph, a school zone): polygons with a limit that
 * win over every road limit (docs/analysis.md, "Speed zones"). Parsed from GeoJSON by
 * shared/roads/zones-parse.ts; looked up here, per reading, through a packed R-tree of their boxes.
 */
import Flatbush from 'flatbush';

/** One polygon: its outer ring, then its holes; each ring [lng0, lat0, lng1, lat1, ...], closed (last = first). */
export type ZonePolygon = readonly Float64Array[];

export interface SpeedZone {
  /** The user's name for it ('' when the file gave none). */
  name: string;
  limitMph: number;
  /** The limit as the file gave it ("10 mph", "30 km/h", "limit_mph 10"). */
  limitText: string;
  /** One polygon, or several for a MultiPolygon. */
  polygons: readonly ZonePolygon[];
  /** [minLng, minLat, maxLng, maxLat] of the outer rings. */
  bbox: readonly [number, number, number, number];
  /** Index of the feature in the file, for messages. */
  feature: number;
}

export interface SpeedZones {
  readonly zones: readonly SpeedZone[];
  /** Over the zones' boxes (x = lng, y = lat); null when there are none. */
  readonly tree: Flatbush | null;
}

/** The zones with their lookup tree. */
export function speedZonesOf(zones: readonly SpeedZone[]): SpeedZones {
  if (zones.length === 0) return { zones, tree: null };
  const tree = new Flatbush(zones.length);
  for (const z of zones) tree.add(...z.bbox);
  tree.finish();
  return { zones, tree };
}

/**
 * The zone that holds the point, or null. Where zones overlap, the lowest limit wins (a 10 mph yard
 * inside a 25 mph site: the stricter statement is the one the user meant for that ground), and among
 * equal limits the first in the file, so the answer never depends on the tree's order.
 */
export function zoneAt(zones: SpeedZones, lat: number, lng: number): SpeedZone | null {
  if (!zones.tree || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  let best: SpeedZone | null = null;
  for (const k of zones.tree.search(lng, lat, lng, lat)) {
    const z = zones.zones[k]!;
    if (best && (z.limitMph > best.limitMph || (z.limitMph === best.limitMph && z.feature > best.feature))) continue;
    if (z.polygons.some((p) => inPolygon(p, lng, lat))) best = z;
  }
  return best;
}

/** Inside the outer ring and in none of its holes (a point on an edge may fall either way). */
export function inPolygon(polygon: ZonePolygon, x: number, y: number): boolean {
  if (!inRing(polygon[0]!, x, y)) return false;
  for (let h = 1; h < polygon.length; h++) if (inRing(polygon[h]!, x, y)) return false;
  return true;
}

/**
 * Even-odd ray casting in degrees: a zone is a yard or a town, small enough that the plane of
 * longitude and latitude is its shape (zones-parse.ts refuses one across the antimeridian).
 */
function inRing(ring: Float64Array, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const xi = ring[i]!;
    const yi = ring[i + 1]!;
    const xj = ring[j]!;
    const yj = ring[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Twice the signed area of a ring in square degrees (0 for a ring with no area). */
export function ringArea2(ring: Float64Array): number {
  let sum = 0;
  for (let i = 0; i + 3 < ring.length; i += 2) sum += ring[i]! * ring[i + 3]! - ring[i + 2]! * ring[i + 1]!;
  return sum;
}
