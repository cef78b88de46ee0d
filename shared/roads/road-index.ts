import Flatbush from 'flatbush';
import type { RoadIndex, RoadWay } from './types.ts';

/** A way's geometry: its nodes in order, lat/lng pairs in degrees ([lat0, lng0, lat1, lng1, ...]). */
export type WayGeometry = ArrayLike<number>;

const METRES_PER_DEGREE_LAT = 111_320;

/**
 * The index of `ways`, `geometries[i]` being way i's nodes. Segments are
 * consecutive node pairs; a way of one node has none. The spatial lookup
 * (flatbush, a packed R-tree) holds each segment's bounding box in degrees.
 */
export function createRoadIndex(ways: readonly RoadWay[], geometries: readonly WayGeometry[]): RoadIndex {
  if (ways.length !== geometries.length) throw new Error('createRoadIndex: one geometry per way is needed.');
  let count = 0;
  for (const g of geometries) count += Math.max(0, g.length / 2 - 1);
  const segWay = new Uint32Array(count);
  const segCoords = new Float64Array(count * 4);
  let s = 0;
  geometries.forEach((g, w) => {
    for (let i = 0; i + 3 < g.length; i += 2, s++) {
      segWay[s] = w;
      segCoords.set([g[i]!, g[i + 1]!, g[i + 2]!, g[i + 3]!], s * 4);
    }
  });
  return roadIndexOf(ways, segWay, segCoords, buildTree(segCoords));
}

/** The index over segments already laid out, with a tree built by buildTree (or restored with Flatbush.from). */
export function roadIndexOf(
  ways: readonly RoadWay[],
  segWay: Uint32Array,
  segCoords: Float64Array,
  tree: Flatbush | null,
): RoadIndex {
  return {
    ways,
    segWay,
    segCoords,
    near(lat, lng, radiusM) {
      if (!tree || !Number.isFinite(lat) || !Number.isFinite(lng)) return [];
      const dLat = radiusM / METRES_PER_DEGREE_LAT;
      const dLng = radiusM / (METRES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
      return tree.search(lng - dLng, lat - dLat, lng + dLng, lat + dLat);
    },
  };
}

/** The packed R-tree of the segments' boxes (x = lng, y = lat); null when there are no segments. */
export function buildTree(segCoords: Float64Array): Flatbush | null {
  const n = segCoords.length / 4;
  if (n === 0) return null;
  const tree = new Flatbush(n);
  for (let i = 0; i < n; i++) {
    // Indexed reads, not a subarray per segment: this loop runs once per segment of a whole state.
    const la0 = segCoords[i * 4]!;
    const ln0 = segCoords[i * 4 + 1]!;
    const la1 = segCoords[i * 4 + 2]!;
    const ln1 = segCoords[i * 4 + 3]!;
    tree.add(Math.min(ln0, ln1), Math.min(la0, la1), Math.max(ln0, ln1), Math.max(la0, la1));
  }
  tree.finish();
  return tree;
}
