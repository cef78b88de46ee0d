/** Spherical geometry in miles and degrees, good enough at truck scale. */
export const EARTH_RADIUS_MI = 3958.8;
const RAD = Math.PI / 180;

export function haversineMi(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MI * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from point 1 to point 2, degrees in [0, 360). */
export function bearingDeg(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lng2 - lng1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  const deg = Math.atan2(y, x) / RAD;
  const norm = (deg + 360) % 360;
  return norm >= 360 ? 0 : norm;
}

const COMPASS_16 = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;

export function compass16(bearing: number): string {
  return COMPASS_16[Math.round(bearing / 22.5) % 16] ?? 'N';
}

/** Point offset by (north, east) miles, flat-earth: only used for offsets of a few miles. */
export function offsetMi(lat: number, lng: number, northMi: number, eastMi: number): [number, number] {
  const dLat = northMi / 69.0;
  const dLng = eastMi / (69.17 * Math.cos(lat * RAD));
  return [lat + dLat, lng + dLng];
}

/** Contiguous-US bounding box (excludes Alaska, Hawaii, territories). */
export const CONUS = { minLat: 24.4, maxLat: 49.5, minLng: -125, maxLng: -66.8 } as const;

export function inConus(lat: number, lng: number): boolean {
  return lat >= CONUS.minLat && lat <= CONUS.maxLat && lng >= CONUS.minLng && lng <= CONUS.maxLng;
}
