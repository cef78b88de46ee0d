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

/** Miles per degree of latitude on this sphere. */
const MILES_PER_DEGREE = EARTH_RADIUS_MILES * RAD;
/** Rounding room: the bound is widened by this fraction so an ulp of either formula never matters. */
const BOUND_MARGIN = 1 + 1e-9;

/**
 * True only when the great-circle distance is at most `miles` (false: it may
 * be more; compute it), without trigonometry, so a hot loop can skip
 * haversineMiles for the hops that are clearly short. Why it is an upper
 * bound: the straight line in (lat, lng) stays between the two latitudes,
 * where cos(lat) is at most the cosine of the one nearer the equator (1 if
 * the line crosses it), so that line is no longer on the sphere than
 * R·√(Δφ² + c²·Δλ²); the great circle is no longer than the line; and
 * cos x ≤ 1 − x²/2 + x⁴/24 for every x, and ≤ π/2 − x up to the pole
 * (sin y ≤ y), which is the tighter one there. NaN anywhere gives false.
 */
export function surelyWithinMiles(lat0: number, lng0: number, lat1: number, lng1: number, miles: number): boolean {
  // Off one hemisphere's valid band, c = 1 still bounds |cos| everywhere.
  const oneSide = (lat0 >= 0 && lat1 >= 0) || (lat0 <= 0 && lat1 <= 0);
  const x =
    oneSide && Math.max(Math.abs(lat0), Math.abs(lat1)) <= 90 ? Math.min(Math.abs(lat0), Math.abs(lat1)) * RAD : 0;
  const x2 = x * x;
  const cosBound = Math.min(1, 1 - x2 / 2 + (x2 * x2) / 24, Math.PI / 2 - x);
  const dLat = lat1 - lat0;
  const dLng = (lng1 - lng0) * cosBound;
  const bound = Math.sqrt(dLat * dLat + dLng * dLng) * MILES_PER_DEGREE * BOUND_MARGIN;
  return bound <= miles;
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
