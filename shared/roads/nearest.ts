/**
 * The road and limit at one point, for the `road-limits at` command: the
 * nearest way within a radius, and with a heading the nearest way whose
 * direction agrees (a one-way road only along its direction), the limit then
 * being the one for that direction. This is a single-point lookup, not the
 * trace matching (shared/roads/match.ts), which also weighs neighbours and speed.
 */
import type { RoadIndex, RoadWay } from './types.ts';

/** A heading agrees with a road when within this many degrees of one of its allowed directions. */
export const HEADING_AGREEMENT_DEG = 45;
export const DEFAULT_RADIUS_M = 30;
const METRES_PER_DEGREE_LAT = 111_320;

export interface PointLimit {
  way: RoadWay;
  distanceM: number;
  /** Along the node order or against it, as the heading says; unknown without a heading. */
  direction: 'forward' | 'backward' | 'unknown';
  /** mph; NaN when none is known for the direction, or without a heading when the two directions differ. */
  limitMph: number;
  /** False when a heading was given and no nearby road agrees with it (the nearest is returned anyway). */
  headingAgrees: boolean;
}

interface Candidate {
  wayIndex: number;
  distanceM: number;
  /** Smallest angle between the heading and an allowed direction of travel; forward when `along`. */
  angle: number;
  along: boolean;
}

export function limitAt(
  index: RoadIndex,
  lat: number,
  lng: number,
  headingDeg?: number,
  radiusM = DEFAULT_RADIUS_M,
): PointLimit | null {
  const best = new Map<number, Candidate>();
  for (const s of index.near(lat, lng, radiusM)) {
    const c = candidateOf(index, s, lat, lng, headingDeg);
    if (c.distanceM > radiusM) continue;
    const prev = best.get(c.wayIndex);
    if (!prev || c.distanceM < prev.distanceM) best.set(c.wayIndex, c);
  }
  const all = [...best.values()].sort((a, b) => a.distanceM - b.distanceM);
  const agreeing = headingDeg === undefined ? all : all.filter((c) => c.angle <= HEADING_AGREEMENT_DEG);
  const chosen = agreeing[0] ?? all[0];
  if (!chosen) return null;
  const way = index.ways[chosen.wayIndex]!;
  const sameBothWays = Object.is(way.forwardMph, way.backwardMph);
  let direction: PointLimit['direction'] = 'unknown';
  if (headingDeg !== undefined) direction = chosen.along ? 'forward' : 'backward';
  const limitMph =
    direction === 'forward'
      ? way.forwardMph
      : direction === 'backward'
        ? way.backwardMph
        : sameBothWays
          ? way.forwardMph
          : NaN;
  return { way, distanceM: chosen.distanceM, direction, limitMph, headingAgrees: agreeing.length > 0 };
}

function candidateOf(index: RoadIndex, s: number, lat: number, lng: number, headingDeg?: number): Candidate {
  const c = index.segCoords;
  const kx = METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
  const ax = (c[s * 4 + 1]! - lng) * kx;
  const ay = (c[s * 4]! - lat) * METRES_PER_DEGREE_LAT;
  const bx = (c[s * 4 + 3]! - lng) * kx;
  const by = (c[s * 4 + 2]! - lat) * METRES_PER_DEGREE_LAT;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  const distanceM = Math.hypot(ax + t * dx, ay + t * dy);
  const wayIndex = index.segWay[s]!;
  if (headingDeg === undefined) return { wayIndex, distanceM, angle: 0, along: true };
  const bearing = (Math.atan2(dx, dy) * 180) / Math.PI;
  const oneway = index.ways[wayIndex]!.oneway;
  const forward = oneway === -1 ? Infinity : angleBetween(headingDeg, bearing);
  const backward = oneway === 1 ? Infinity : angleBetween(headingDeg, bearing + 180);
  return { wayIndex, distanceM, angle: Math.min(forward, backward), along: forward <= backward };
}

/** The unsigned difference of two bearings, 0..180 degrees. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}
