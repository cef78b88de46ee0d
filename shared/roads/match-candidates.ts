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
import { grown } from '../util/grown.ts';

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

/** Columns of states that grow as readings add theirs (one typed array each, doubled when full). */
class StateColumns {
  size = 0;
  seg = new Uint32Array(64);
  dir = new Int8Array(64);
  fraction = new Float64Array(64);
  cost = new Float64Array(64);

  add(seg: number, dir: number, fraction: number, cost: number): void {
    if (this.size === this.seg.length) this.grow();
    const k = this.size++;
    this.seg[k] = seg;
    this.dir[k] = dir;
    this.fraction[k] = fraction;
    this.cost[k] = cost;
  }

  private grow(): void {
    this.seg = grown(this.seg, this.size + 1);
    this.dir = grown(this.dir, this.size + 1);
    this.fraction = grown(this.fraction, this.size + 1);
    this.cost = grown(this.cost, this.size + 1);
  }
}

export function buildStates(index: RoadIndex, graph: RoadGraph, r: MatchReadings, p: MatchParams): MatchStates {
  const first = new Uint32Array(r.length + 1);
  const out = new StateColumns();
  const near = new NearestWays(p.maxWays);
  for (let i = 0; i < r.length; i++) {
    first[i] = out.size;
    const heading = headingOf(r, i, p);
    near.find(index, r.lat[i]!, r.lng[i]!, p.radiusM);
    for (let k = 0; k < near.count; k++) {
      const seg = near.seg[k]!;
      const distCost = (near.distanceM[k]! / p.distanceSigmaM) ** 2 / 2;
      for (const d of directionsOf(index.ways[index.segWay[seg]!]!.oneway)) {
        const travel = graph.segBearing[seg]! + (d > 0 ? 0 : 180);
        const off = Number.isFinite(heading.deg) ? angleBetween(heading.deg, travel) / heading.sigma : 0;
        const cost =
          distCost + Math.min(p.headingCapCost, (off * off) / 2) + speedCost(r.speed[i]!, limitOf(index, seg, d), p);
        out.add(seg, d, near.fraction[k]!, cost);
      }
    }
  }
  first[r.length] = out.size;
  const n = out.size;
  return {
    first,
    seg: out.seg.slice(0, n),
    dir: out.dir.slice(0, n),
    fraction: out.fraction.slice(0, n),
    cost: out.cost.slice(0, n),
  };
}

function speedCost(speed: number, limit: number, p: MatchParams): number {
  return speed > limit * p.implausibleSpeedFactor + p.implausibleSpeedMarginMph ? p.implausibleSpeedCost : 0;
}

/**
 * The nearest segment of each of the `maxWays` nearest ways within the radius of a reading, nearest first;
 * ways at equal distances stay in the order the spatial index first gave them. One finder serves every
 * reading of a match: its columns are reused, not a list of objects per reading.
 */
export class NearestWays {
  count = 0;
  way = new Int32Array(8);
  seg = new Uint32Array(8);
  distanceM = new Float64Array(8);
  fraction = new Float64Array(8);

  constructor(private readonly maxWays: number) {}

  find(index: RoadIndex, lat: number, lng: number, radiusM: number): void {
    this.count = 0;
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return;
    const c = index.segCoords;
    for (const s of index.near(lat, lng, radiusM)) {
      const at = projectOnSegment(lat, lng, c[4 * s]!, c[4 * s + 1]!, c[4 * s + 2]!, c[4 * s + 3]!);
      if (at.distanceM > radiusM) continue;
      this.offer(index.segWay[s]!, s, at.distanceM, at.fraction);
    }
    this.sortByDistance();
    this.count = Math.min(this.count, this.maxWays);
  }

  /** A way's first segment takes the next place; a nearer segment of a way already held replaces it there. */
  private offer(way: number, seg: number, distanceM: number, fraction: number): void {
    let k = 0;
    while (k < this.count && this.way[k] !== way) k++;
    if (k < this.count && !(distanceM < this.distanceM[k]!)) return;
    if (k === this.count) {
      if (this.count === this.way.length) this.grow();
      this.count++;
    }
    this.put(k, way, seg, distanceM, fraction);
  }

  /** Insertion sort, stable: a few ways per reading. */
  private sortByDistance(): void {
    for (let i = 1; i < this.count; i++) {
      const way = this.way[i]!;
      const seg = this.seg[i]!;
      const distanceM = this.distanceM[i]!;
      const fraction = this.fraction[i]!;
      let k = i;
      for (; k > 0 && this.distanceM[k - 1]! > distanceM; k--)
        this.put(k, this.way[k - 1]!, this.seg[k - 1]!, this.distanceM[k - 1]!, this.fraction[k - 1]!);
      if (k < i) this.put(k, way, seg, distanceM, fraction);
    }
  }

  private put(k: number, way: number, seg: number, distanceM: number, fraction: number): void {
    this.way[k] = way;
    this.seg[k] = seg;
    this.distanceM[k] = distanceM;
    this.fraction[k] = fraction;
  }

  private grow(): void {
    this.way = grown(this.way, this.count + 1);
    this.seg = grown(this.seg, this.count + 1);
    this.distanceM = grown(this.distanceM, this.count + 1);
    this.fraction = grown(this.fraction, this.count + 1);
  }
}
