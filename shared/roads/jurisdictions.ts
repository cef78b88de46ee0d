/**
 * Where a way lies, coarsely: the jurisdictions whose legal defaults the app
 * knows (shared/roads/defaults.ts), each as a hand-drawn polygon of a dozen or
 * so vertices. The outlines are accurate to a few kilometres only, so a way
 * within that distance of a border may be given the neighbour's defaults;
 * docs/analysis.md says so. Outside every polygon the jurisdiction is unknown
 * and no default is given.
 */

/** A jurisdiction the defaults table knows: a country, or a US state ("US-MD"). */
export type JurisdictionId =
  'DE' | 'AT' | 'AD' | 'US' | 'US-MD' | 'US-CA' | 'US-OR' | 'US-WA' | 'US-MI' | 'US-IN' | 'US-ID' | 'US-MT';

/** Vertices as lat, lng pairs ([lat0, lng0, lat1, lng1, …]), in order, the ring closed implicitly. */
type Ring = readonly number[];

/**
 * One outline per jurisdiction located by position (Austria and generic US are
 * reached through tags only: zone codes such as `AT:rural`, `US:…`).
 * Smaller jurisdictions come first so a coarse neighbour never shadows them.
 */
const OUTLINES: readonly { id: JurisdictionId; rings: readonly Ring[] }[] = [
  { id: 'AD', rings: [[42.66, 1.4, 42.66, 1.79, 42.42, 1.79, 42.42, 1.4]] },
  {
    id: 'US-MD',
    rings: [
      [
        39.72, -79.48, 39.72, -75.79, 38.46, -75.7, 38.45, -75.05, 38.03, -75.24, 37.91, -75.65, 38.3, -76.3, 38.1,
        -76.4, 38.3, -76.9, 38.9, -77.05, 39.3, -77.7, 39.6, -78.3, 39.5, -79.0, 39.2, -79.48,
      ],
    ],
  },
  {
    id: 'US-IN',
    rings: [
      [
        41.76, -87.53, 41.76, -84.81, 39.1, -84.82, 38.7, -85.4, 38.0, -86.1, 37.85, -87.1, 37.77, -88.03, 38.5, -87.6,
        39.0, -87.5,
      ],
    ],
  },
  {
    id: 'US-MI',
    rings: [
      [
        41.7, -86.82, 41.7, -84.81, 41.73, -83.45, 42.05, -83.15, 42.34, -83.0, 42.6, -82.65, 43.0, -82.4, 44.0, -82.4,
        45.8, -83.5, 45.8, -85.0, 44.0, -86.6, 42.0, -86.6,
      ],
      [46.5, -84.1, 47.5, -87.5, 46.9, -90.4, 46.56, -90.4, 45.9, -88.0, 45.1, -87.6, 45.8, -85.5],
    ],
  },
  {
    id: 'US-WA',
    rings: [
      [
        49.0, -124.8, 49.0, -117.03, 46.0, -117.03, 46.0, -118.98, 45.93, -119.6, 45.6, -121.2, 45.65, -122.3, 46.25,
        -124.1,
      ],
    ],
  },
  {
    id: 'US-OR',
    rings: [
      [
        46.25, -124.1, 45.65, -122.3, 45.6, -121.2, 45.93, -119.6, 46.0, -118.98, 46.0, -116.92, 45.6, -116.46, 44.5,
        -117.2, 43.8, -117.03, 42.0, -117.03, 42.0, -124.6,
      ],
    ],
  },
  {
    id: 'US-CA',
    rings: [
      [
        42.0, -124.6, 42.0, -120.0, 39.0, -120.0, 35.0, -114.63, 34.3, -114.13, 32.72, -114.72, 32.53, -117.12, 34.4,
        -120.7, 40.4, -124.6,
      ],
    ],
  },
  {
    id: 'US-ID',
    rings: [
      [
        49.0, -117.03, 49.0, -116.05, 48.0, -116.05, 47.5, -115.7, 46.6, -114.3, 45.5, -114.5, 44.4, -113.0, 44.5,
        -111.05, 42.0, -111.05, 42.0, -117.03, 43.8, -117.03, 44.5, -117.2, 45.6, -116.46, 46.0, -116.92, 46.0, -117.03,
      ],
    ],
  },
  {
    id: 'US-MT',
    rings: [
      [
        49.0, -116.05, 49.0, -104.05, 45.0, -104.05, 45.0, -111.05, 44.5, -111.05, 44.4, -113.0, 45.5, -114.5, 46.6,
        -114.3, 47.5, -115.7, 48.0, -116.05,
      ],
    ],
  },
  {
    id: 'DE',
    rings: [
      [
        55.06, 8.4, 54.8, 9.5, 54.45, 11.1, 54.7, 13.5, 54.1, 14.2, 53.5, 14.4, 52.8, 14.15, 52.3, 14.7, 51.6, 14.9,
        51.0, 15.0, 50.85, 14.0, 50.3, 12.1, 49.5, 12.6, 48.7, 13.8, 48.3, 13.4, 47.6, 13.0, 47.5, 12.2, 47.3, 10.2,
        47.5, 9.6, 47.6, 7.6, 48.5, 7.8, 49.0, 8.2, 49.2, 6.6, 49.6, 6.4, 50.1, 6.1, 50.7, 6.0, 51.0, 5.9, 51.8, 6.1,
        51.9, 6.8, 52.4, 7.0, 53.3, 7.2, 53.7, 7.0,
      ],
    ],
  },
];

/** The jurisdiction at a point, or null when the point lies outside every known outline. */
export function jurisdictionAt(lat: number, lng: number): JurisdictionId | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  for (const o of OUTLINES) if (o.rings.some((r) => inRing(r, lat, lng))) return o.id;
  return null;
}

/**
 * How far inside its outline a way must lie for a vehicle-class maximum of the jurisdiction to cap a posted
 * limit (shared/roads/way-limit.ts): the outlines are good to a few kilometres, and capping a sign in the
 * wrong state would invent speeding. Defaults for untagged ways do not wait for it (docs/analysis.md).
 */
export const CAP_BORDER_MARGIN_KM = 10;

/** Whether the point lies within `km` of the edge of any known outline. */
export function nearOutlineEdge(lat: number, lng: number, km: number): boolean {
  const kmPerDegLat = 111.32;
  const kmPerDegLng = kmPerDegLat * Math.cos((lat * Math.PI) / 180);
  for (const o of OUTLINES) {
    for (const ring of o.rings) {
      const n = ring.length / 2;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const ax = (ring[2 * j + 1]! - lng) * kmPerDegLng;
        const ay = (ring[2 * j]! - lat) * kmPerDegLat;
        const bx = (ring[2 * i + 1]! - lng) * kmPerDegLng;
        const by = (ring[2 * i]! - lat) * kmPerDegLat;
        const dx = bx - ax;
        const dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const f = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
        if (Math.hypot(ax + f * dx, ay + f * dy) < km) return true;
      }
    }
  }
  return false;
}

/** Even-odd ray casting; good enough for the coarse, simple rings above. */
function inRing(ring: Ring, lat: number, lng: number): boolean {
  let inside = false;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = ring[2 * i]!;
    const xi = ring[2 * i + 1]!;
    const yj = ring[2 * j]!;
    const xj = ring[2 * j + 1]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the jurisdiction is in the US, where a bare number in `maxspeed` is a tagging mistake. */
export function isUs(id: JurisdictionId | null): boolean {
  return id === 'US' || (id?.startsWith('US-') ?? false);
}
