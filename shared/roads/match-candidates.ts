/**
 * The matcher's states: for each reading, each nearby way driven in each
 * direction it may be driven, with its emission cost (negative log
 * likelihood, up to a constant) from the reading's distance to the road, its
 * heading against the direction of travel and its speed against the limit.
 */
import { angleBetween, bearingDeg, distanceM, projectOnSegment } from './match-geometry.ts';
import { directionsOf, type RoadGraph } from './match-graph.ts';
import type { MatchParams } from './match-params.ts';
import type { RoadIndex } from './types.ts';

/** The readings the matcher reads: parallel columns (shared/track/types.ts TrackColumns has them all). */
export interface MatchReadings {
  length: number;
  /** epoch ms */
  t: ArrayLike<number>;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
  /** mph, NaN unknown */
  speed: ArrayLike<number>;
  /** degrees, NaN unknown */
  direction: ArrayLike<number>;
}

/** All readings' states, flat: reading i owns states first[i]..first[i+1]-1. */
export interface MatchStates {
  first: Uint32Array;
  seg: Uint32Array;
  dir: Int8Array;
  fraction: Float64Array;
  cost: Float64Array;
}

/** The reading's heading and how far to trust it; NaN deg when unknown. */
export function headingOf(r: MatchReadings, i: number, p: MatchParams): { deg: number; sigma: number } {
  const reported = r.direction[i]!;
  const speed = r.speed[i]!;
  if (Number.isFinite(reported) && !(speed < p.headingMinSpeedMph)) return { deg: reported, sigma: p.headingSigmaDeg };
  const linked = (j: number) =>
    j >= 0 && j < r.length && Math.abs(r.t[j]! - r.t[i]!) <= p.maxLinkSeconds * 1000 && Number.isFinite(r.lat[j]!);
  const a = linked(i - 1) ? i - 1 : i;
  const b = linked(i + 1) ? i + 1 : i;
  // Under twice the distance spread apart, the bearing is GPS noise, not travel.
  if (a === b || distanceM(r.lat[a]!, r.lng[a]!, r.lat[b]!, r.lng[b]!) < 2 * p.distanceSigmaM)
    return { deg: NaN, sigma: NaN };
  return { deg: bearingDeg(r.lat[a]!, r.lng[a]!, r.lat[b]!, r.lng[b]!), sigma: p.derivedHeadingSigmaDeg };
}

/** The limit driving segment `seg` in direction `dir`, mph (NaN none). */
export function limitOf(index: RoadIndex, seg: number, dir: number): number {
  const way = index.ways[index.segWay[seg]!]!;
  return dir > 0 ? way.forwardMph : way.backwardMph;
}

export function buildStates(index: RoadIndex, graph: RoadGraph, r: MatchReadings, p: MatchParams): MatchStates {
  const first = new Uint32Array(r.length + 1);
  const seg: number[] = [];
  const dir: number[] = [];
  const fraction: number[] = [];
  const cost: number[] = [];
  for (let i = 0; i < r.length; i++) {
    first[i] = seg.length;
    const lat = r.lat[i]!;
    const lng = r.lng[i]!;
    const heading = headingOf(r, i, p);
    for (const c of nearestWays(index, lat, lng, p)) {
      const distCost = (c.distanceM / p.distanceSigmaM) ** 2 / 2;
      for (const d of directionsOf(index.ways[index.segWay[c.seg]!]!.oneway)) {
        const travel = graph.segBearing[c.seg]! + (d > 0 ? 0 : 180);
        const off = Number.isFinite(heading.deg) ? angleBetween(heading.deg, travel) / heading.sigma : 0;
        seg.push(c.seg);
        dir.push(d);
        fraction.push(c.fraction);
        cost.push(
          distCost + Math.min(p.headingCapCost, (off * off) / 2) + speedCost(r.speed[i]!, limitOf(index, c.seg, d), p),
        );
      }
    }
  }
  first[r.length] = seg.length;
  return {
    first,
    seg: Uint32Array.from(seg),
    dir: Int8Array.from(dir),
    fraction: Float64Array.from(fraction),
    cost: Float64Array.from(cost),
  };
}

function speedCost(speed: number, limit: number, p: MatchParams): number {
  return speed > limit * p.implausibleSpeedFactor + p.implausibleSpeedMarginMph ? p.implausibleSpeedCost : 0;
}

/** The nearest segment of each of the `maxWays` nearest ways within the radius. */
function nearestWays(
  index: RoadIndex,
  lat: number,
  lng: number,
  p: MatchParams,
): { seg: number; distanceM: number; fraction: number }[] {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
  const best: { way: number; seg: number; distanceM: number; fraction: number }[] = [];
  const c = index.segCoords;
  for (const s of index.near(lat, lng, p.radiusM)) {
    const at = projectOnSegment(lat, lng, c[4 * s]!, c[4 * s + 1]!, c[4 * s + 2]!, c[4 * s + 3]!);
    if (at.distanceM > p.radiusM) continue;
    const way = index.segWay[s]!;
    const held = best.find((b) => b.way === way);
    if (!held) best.push({ way, seg: s, ...at });
    else if (at.distanceM < held.distanceM) Object.assign(held, { seg: s, ...at });
  }
  return best.sort((a, b) => a.distanceM - b.distanceM).slice(0, p.maxWays);
}
