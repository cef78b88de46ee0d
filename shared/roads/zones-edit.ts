/**
 * Zones drawn in the app, written into the kept zones file (GeoJSON, read back by zones-parse.ts): a drawn
 * outline is checked (three corners at least, on the globe, not crossing itself, bounded), added as one
 * Feature with `name` and `maxspeed` ("10 mph"); a zone is removed by its feature's place in the file.
 * Whatever else the file holds (an imported zone's other properties) is kept as it was.
 */
import { ZONE_FILE_LIMITS, parseSpeedZones } from './zones-parse.ts';

/** A zone as the user drew it: corners as [lng, lat], in order, the ring left open. */
export interface DrawnZone {
  name: string;
  limitMph: number;
  corners: readonly (readonly [number, number])[];
}

/** The most corners one drawn outline may have: a yard or a school's block needs tens. */
export const MAX_DRAWN_CORNERS = 500;

type Json = unknown;

/** Why the outline cannot be a zone, or null when it can. */
export function outlineProblem(corners: DrawnZone['corners']): string | null {
  if (corners.length < 3) return 'An outline needs at least three corners.';
  if (corners.length > MAX_DRAWN_CORNERS) return `An outline may have at most ${MAX_DRAWN_CORNERS} corners.`;
  if (corners.some(([lng, lat]) => !(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)))
    return 'A corner lies off the globe.';
  if (crossesItself(corners)) return 'The outline crosses itself: draw its corners in order around the zone.';
  if (Math.abs(signedArea(corners)) < 1e-12) return 'The outline encloses no area.';
  return null;
}

/** Why the name or limit cannot be kept, or null. */
export function zoneFieldsProblem(name: string, limitMph: number): string | null {
  if (name.trim().length === 0) return 'Give the zone a name (e.g. "North yard").';
  if (name.length > ZONE_FILE_LIMITS.maxNameChars)
    return `A zone's name may have at most ${ZONE_FILE_LIMITS.maxNameChars} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'A zone’s name may not hold control characters.';
  if (!Number.isInteger(limitMph) || limitMph < 1 || limitMph > ZONE_FILE_LIMITS.maxLimitMph)
    return `A zone's limit is a whole number of mph from 1 to ${ZONE_FILE_LIMITS.maxLimitMph}.`;
  return null;
}

/**
 * The zones file with the drawn zone added (a FeatureCollection, whatever the file was), or the problem
 * with it; the result is read back by parseSpeedZones, so a file this returns is one the app keeps.
 */
export function withZoneAdded(
  geojson: string | null,
  zone: DrawnZone,
): { ok: true; geojson: string } | { ok: false; message: string } {
  const problem = zoneFieldsProblem(zone.name, zone.limitMph) ?? outlineProblem(zone.corners);
  if (problem) return { ok: false, message: problem };
  const ring = [...zone.corners.map(([lng, lat]) => [lng, lat]), [zone.corners[0]![0], zone.corners[0]![1]]];
  const feature = {
    type: 'Feature',
    properties: { name: zone.name.trim(), maxspeed: `${zone.limitMph} mph` },
    geometry: { type: 'Polygon', coordinates: [signedArea(zone.corners) < 0 ? ring.reverse() : ring] },
  };
  const text = JSON.stringify({ type: 'FeatureCollection', features: [...featuresOf(geojson), feature] });
  const back = parseSpeedZones(text);
  return back.ok
    ? { ok: true, geojson: text }
    : { ok: false, message: `The zones would not be read back: ${back.reasons.join('; ')}.` };
}

/** The zones file without its feature `feature` (SpeedZone.feature), or null when none is left. */
export function withZoneRemoved(geojson: string, feature: number): string | null {
  const features = featuresOf(geojson);
  if (!Number.isInteger(feature) || feature < 0 || feature >= features.length)
    throw new RangeError(`There is no zone ${feature} to remove.`);
  const left = features.filter((_, k) => k !== feature);
  return left.length === 0 ? null : JSON.stringify({ type: 'FeatureCollection', features: left });
}

/** The features of a kept (so already checked) zones file; none for no file. */
function featuresOf(geojson: string | null): Json[] {
  if (geojson === null) return [];
  const root = JSON.parse(geojson) as { type?: unknown; features?: unknown };
  if (root.type === 'Feature') return [root];
  return Array.isArray(root.features) ? (root.features as Json[]) : [];
}

/** Twice the ring's signed area in degrees² (positive: counter-clockwise, as GeoJSON's outer rings wind). */
function signedArea(c: DrawnZone['corners']): number {
  let a = 0;
  for (let i = 0; i < c.length; i++) {
    const [x0, y0] = c[i]!;
    const [x1, y1] = c[(i + 1) % c.length]!;
    a += x0 * y1 - x1 * y0;
  }
  return a;
}

/** Whether two edges that share no corner intersect (the closing edge included). */
function crossesItself(c: DrawnZone['corners']): boolean {
  const n = c.length;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsCross(c[i]!, c[(i + 1) % n]!, c[j]!, c[(j + 1) % n]!)) return true;
    }
  return false;
}

type P = readonly [number, number];
const orient = (a: P, b: P, c: P) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

function segmentsCross(a: P, b: P, c: P, d: P): boolean {
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}
