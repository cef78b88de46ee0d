/**
 * A GeoJSON file of speed zones, read defensively: a FeatureCollection (or one Feature) of Polygon or
 * MultiPolygon features, each with its limit in `properties`: `maxspeed` in OSM form with a unit
 * ("10 mph", "30 km/h") or `limit_mph` (a number), and an optional `name`. All or nothing: one feature
 * that cannot be read refuses the whole file with every reason found, because a safety rule silently
 * missing a zone (the school zone whose ring was mistyped) is worse than a file sent back to be fixed.
 */
import { parseMaxspeed, REFUSAL_REASONS } from './maxspeed.ts';
import { ringArea2, speedZonesOf, type SpeedZone, type SpeedZones, type ZonePolygon } from './zones.ts';

/** Bounds of what a zone file may hold: far above a fleet's yards and school zones, far below a crash. */
export const ZONE_FILE_LIMITS = {
  maxChars: 5_000_000,
  maxFeatures: 10_000,
  maxVertices: 500_000,
  maxNameChars: 200,
  maxLimitMph: 100,
  /** Reasons listed in a refusal; the rest are counted. */
  maxReasonsListed: 20,
} as const;

export type ZoneFileResult = { ok: true; zones: SpeedZones } | { ok: false; reasons: string[] };

type Json = unknown;
const isObject = (x: Json): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BARE_NUMBER = /^\s*\d+(?:\.\d+)?\s*$/;

/** Every feature read, or every reason the file is refused (`reasons` is never empty). */
export function parseSpeedZones(text: string): ZoneFileResult {
  if (text.length > ZONE_FILE_LIMITS.maxChars)
    return refused([`the file is larger than ${ZONE_FILE_LIMITS.maxChars / 1_000_000} MB of text`]);
  let root: Json;
  try {
    root = JSON.parse(text);
  } catch (e) {
    return refused([`the file is not JSON (${String((e as Error).message).slice(0, 80)})`]);
  }
  const features = featuresOf(root);
  if (typeof features === 'string') return refused([`the file ${features}`]);
  const reasons: string[] = [];
  const zones: SpeedZone[] = [];
  const budget = { vertices: ZONE_FILE_LIMITS.maxVertices };
  features.forEach((f, k) => {
    const zone = zoneOf(f, k, budget, (why) => reasons.push(`features[${k}] ${why}`));
    if (zone) zones.push(zone);
  });
  if (budget.vertices < 0) reasons.push(`the file has more than ${ZONE_FILE_LIMITS.maxVertices} vertices in all`);
  return reasons.length > 0 ? refused(reasons) : { ok: true, zones: speedZonesOf(zones) };
}

function refused(reasons: string[]): ZoneFileResult {
  const max = ZONE_FILE_LIMITS.maxReasonsListed;
  if (reasons.length <= max) return { ok: false, reasons };
  return { ok: false, reasons: [...reasons.slice(0, max), `and ${reasons.length - max} more`] };
}

/** The features, or why there are none to read. */
function featuresOf(root: Json): Json[] | string {
  if (!isObject(root)) return 'is not a GeoJSON object';
  if (root.type === 'Feature') return [root];
  if (root.type !== 'FeatureCollection') return `is a ${typeName(root.type)}, not a FeatureCollection or Feature`;
  if (!Array.isArray(root.features)) return 'has no "features" array';
  if (root.features.length === 0) return 'has no features';
  if (root.features.length > ZONE_FILE_LIMITS.maxFeatures)
    return `has ${root.features.length} features, more than ${ZONE_FILE_LIMITS.maxFeatures}`;
  return root.features;
}

function typeName(t: Json): string {
  return typeof t === 'string' && !CONTROL.test(t) ? JSON.stringify(t.slice(0, 40)) : 'object without a type';
}

function zoneOf(f: Json, k: number, budget: { vertices: number }, refuse: (why: string) => void): SpeedZone | null {
  if (!isObject(f) || f.type !== 'Feature') return (refuse('is not a Feature'), null);
  const props = isObject(f.properties) ? f.properties : {};
  const limit = limitOf(props, refuse);
  const name = nameOf(props.name, refuse);
  const polygons = polygonsOf(f.geometry, budget, refuse);
  if (!limit || name === null || !polygons) return null;
  return { name, ...limit, polygons, bbox: bboxOf(polygons), feature: k };
}

/** The limit from `maxspeed` (with a unit) or `limit_mph`, exactly one of them. */
function limitOf(props: Record<string, Json>, refuse: (why: string) => void) {
  const { maxspeed, limit_mph: mph } = props;
  if (maxspeed !== undefined && mph !== undefined) return (refuse('has both maxspeed and limit_mph: give one'), null);
  if (mph !== undefined) {
    if (typeof mph !== 'number' || !(mph > 0 && mph <= ZONE_FILE_LIMITS.maxLimitMph))
      return (refuse(`has limit_mph ${shown(mph)}: a number above 0, up to ${ZONE_FILE_LIMITS.maxLimitMph}`), null);
    return { limitMph: mph, limitText: `${mph} mph` };
  }
  if (maxspeed === undefined) return (refuse('has no limit: give maxspeed (e.g. "10 mph") or limit_mph'), null);
  if (typeof maxspeed === 'number' || (typeof maxspeed === 'string' && BARE_NUMBER.test(maxspeed)))
    return (
      refuse(`has maxspeed ${shown(maxspeed)} without a unit: write "${maxspeed} mph" or "${maxspeed} km/h"`),
      null
    );
  if (typeof maxspeed !== 'string' || maxspeed.length > 40)
    return (refuse('has a maxspeed that is not short text'), null);
  const v = parseMaxspeed(maxspeed, false);
  if (v.kind === 'limit') return { limitMph: v.mph, limitText: v.text };
  const why = v.kind === 'refused' ? REFUSAL_REASONS[v.reason] : 'not a number with a unit';
  return (refuse(`has maxspeed ${shown(maxspeed)}: ${why}`), null);
}

function nameOf(name: Json, refuse: (why: string) => void): string | null {
  if (name === undefined || name === null) return '';
  if (typeof name !== 'string') return (refuse('has a name that is not text'), null);
  if (name.length > ZONE_FILE_LIMITS.maxNameChars)
    return (refuse(`has a name longer than ${ZONE_FILE_LIMITS.maxNameChars} characters`), null);
  if (CONTROL.test(name)) return (refuse('has a name with control characters'), null);
  return name.trim();
}

function shown(x: Json): string {
  return JSON.stringify(x)?.slice(0, 40) ?? String(x);
}

function polygonsOf(g: Json, budget: { vertices: number }, refuse: (why: string) => void): ZonePolygon[] | null {
  if (!isObject(g)) return (refuse('has no geometry'), null);
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon')
    return (refuse(`is a ${typeName(g.type)} geometry, not a Polygon or MultiPolygon`), null);
  const c = g.coordinates;
  const list = g.type === 'Polygon' ? [c] : c;
  if (!Array.isArray(list) || list.length === 0) return (refuse('has no coordinates'), null);
  const polygons: ZonePolygon[] = [];
  let ok = true;
  list.forEach((p, n) => {
    const at = g.type === 'MultiPolygon' ? `polygon ${n}, ` : '';
    const polygon = polygonOf(p, budget, (why) => refuse(`${at}${why}`));
    if (polygon) polygons.push(polygon);
    else ok = false;
  });
  return ok ? polygons : null;
}

function polygonOf(p: Json, budget: { vertices: number }, refuse: (why: string) => void): ZonePolygon | null {
  if (!Array.isArray(p) || p.length === 0) return (refuse('has a polygon without rings'), null);
  const rings: Float64Array[] = [];
  for (let r = 0; r < p.length; r++) {
    const ring = ringOf(p[r], budget, (why) => refuse(`ring ${r} ${why}`));
    if (!ring) return null;
    rings.push(ring);
  }
  return rings;
}

/** A ring closed if it was not (GeoJSON requires it; drawing tools sometimes leave it open), checked. */
function ringOf(ring: Json, budget: { vertices: number }, refuse: (why: string) => void): Float64Array | null {
  if (!Array.isArray(ring)) return (refuse('is not a list of positions'), null);
  budget.vertices -= ring.length;
  if (budget.vertices < 0) return null;
  const xy: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    const pos: Json = ring[i];
    const [lng, lat] = Array.isArray(pos) ? pos : [];
    if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat))
      return (refuse(`position ${i} is not [longitude, latitude] numbers`), null);
    if (Math.abs(lng) > 180 || Math.abs(lat) > 90)
      return (refuse(`position ${i} [${lng}, ${lat}] is off the globe`), null);
    xy.push(lng, lat);
  }
  const n = xy.length;
  if (n >= 2 && (xy[0] !== xy[n - 2] || xy[1] !== xy[n - 1])) xy.push(xy[0]!, xy[1]!);
  if (xy.length < 8) return (refuse('has fewer than 3 corners'), null);
  const closed = Float64Array.from(xy);
  if (ringArea2(closed) === 0) return (refuse('has no area'), null);
  let [minLng, maxLng] = [Infinity, -Infinity];
  for (let i = 0; i < closed.length; i += 2)
    [minLng, maxLng] = [Math.min(minLng, closed[i]!), Math.max(maxLng, closed[i]!)];
  if (maxLng - minLng > 180)
    return (refuse('spans more than 180° of longitude (zones across the antimeridian are not read)'), null);
  return closed;
}

function bboxOf(polygons: readonly ZonePolygon[]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of polygons) {
    const outer = p[0]!;
    for (let i = 0; i < outer.length; i += 2) {
      b[0] = Math.min(b[0], outer[i]!);
      b[1] = Math.min(b[1], outer[i + 1]!);
      b[2] = Math.max(b[2], outer[i]!);
      b[3] = Math.max(b[3], outer[i + 1]!);
    }
  }
  return b;
}
