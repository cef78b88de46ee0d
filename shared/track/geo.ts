/**
 * Spherical-earth geometry. A sphere (not the WGS84 ellipsoid) is accurate to
 * ~0.5 % for road distances, which is far below GPS and sampling error at 60 s
 * intervals, and it keeps per-point work to a few trig calls.
 */

/** IUGG mean earth radius (6371.0088 km) in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

/** Exact by definition of the international mile (1609.344 m) and the hour. */
export const MPS_PER_MPH = 0.44704;

const RAD = Math.PI / 180;

/** Great-circle distance in miles (haversine, numerically stable for short hops). */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLng / 2);
  const a = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The point reached after travelling `miles` along the great circle leaving
 * (lat, lng) at `bearingDeg`: the inverse of haversineMiles, so generated tracks
 * have distances known by construction. Longitude comes back in [-180, 180).
 */
export function destinationPoint(
  lat: number,
  lng: number,
  bearingDeg: number,
  miles: number,
): { lat: number; lng: number } {
  const d = miles / EARTH_RADIUS_MILES;
  const b = bearingDeg * RAD;
  const p1 = lat * RAD;
  const sinP2 = Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b);
  const p2 = Math.asin(Math.max(-1, Math.min(1, sinP2)));
  const l2 = lng * RAD + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * sinP2);
  return { lat: p2 / RAD, lng: normalizeLng(l2 / RAD) };
}

/** Longitude in [-180, 180): 180 and -180 are the same meridian, GPX allows only the latter. */
export function normalizeLng(lng: number): number {
  const x = ((((lng + 180) % 360) + 360) % 360) - 180;
  return x === 180 ? -180 : x;
}

/** Heading in [0, 360): the API's "0 to 360" includes 360, which GPX degree types exclude. */
export function normalizeDegrees(deg: number): number {
  const x = ((deg % 360) + 360) % 360;
  return x >= 360 ? 0 : x;
}
