/**
 * Metre-scale plane geometry for map matching. Around one reading the earth is
 * flat to well under a metre across the 50 m a candidate may lie from it, so
 * a local equirectangular projection (x east, y north, metres) is exact enough
 * and costs one cosine per reading.
 */
import { haversineMiles } from '../track/geo.ts';

const METRES_PER_MILE = 1609.344;
/** Metres per degree of latitude on the sphere of shared/track/geo.ts. */
export const METRES_PER_DEGREE = (3958.7613 * METRES_PER_MILE * Math.PI) / 180;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function distanceM(lat0: number, lng0: number, lat1: number, lng1: number): number {
  return haversineMiles(lat0, lng0, lat1, lng1) * METRES_PER_MILE;
}

/** Initial bearing from the first point to the second, degrees in [0, 360). */
export function bearingDeg(lat0: number, lng0: number, lat1: number, lng1: number): number {
  const p0 = lat0 * RAD;
  const p1 = lat1 * RAD;
  const dl = (lng1 - lng0) * RAD;
  const y = Math.sin(dl) * Math.cos(p1);
  const x = Math.cos(p0) * Math.sin(p1) - Math.sin(p0) * Math.cos(p1) * Math.cos(dl);
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
}

/** The smaller angle between two bearings, degrees in [0, 180]. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

/** Where a point falls on a segment: metres from it, and the fraction (0..1) along the segment of its foot. */
export interface Projection {
  distanceM: number;
  fraction: number;
}

/** The point's nearest place on segment (lat0,lng0)→(lat1,lng1), measured in the plane around the point. */
export function projectOnSegment(
  lat: number,
  lng: number,
  lat0: number,
  lng0: number,
  lat1: number,
  lng1: number,
): Projection {
  const kx = Math.cos(lat * RAD) * METRES_PER_DEGREE;
  const ax = (lng0 - lng) * kx;
  const ay = (lat0 - lat) * METRES_PER_DEGREE;
  const dx = (lng1 - lng0) * kx;
  const dy = (lat1 - lat0) * METRES_PER_DEGREE;
  const len2 = dx * dx + dy * dy;
  const f = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
  const px = ax + f * dx;
  const py = ay + f * dy;
  return { distanceM: Math.sqrt(px * px + py * py), fraction: f };
}
