/**
 * Route distance between matched places over the road graph: A* from one
 * place toward the next reading, to several target places at once, bounded
 * (a route longer than the bound is implausible and comes back Infinity).
 * The heuristic, straight-line metres to the next reading less the candidate
 * radius, never overestimates (every target lies within that radius of the
 * reading) and is consistent, so each settled node's distance is exact and a
 * target whose route is within the bound is always found. A route never
 * turns back at a node along the segment it came by (trucks do not U-turn at
 * crossings); a node keeps only its shortest arrival, so this is a close
 * approximation of the best route without U-turns, not an exact one.
 */
import { METRES_PER_DEGREE } from './match-geometry.ts';
import type { RoadGraph } from './match-graph.ts';
import { grown } from '../util/grown.ts';

/** A place on the network: a segment, the direction it is driven, how far along (0..1, node order). */
export interface Place {
  seg: number;
  dir: 1 | -1;
  fraction: number;
}

/** GPS jitter of a slow or stopped truck moves it backwards a little along its road: allowed up to this, in metres. */
const BACKTRACK_M = 30;
/** Planar distances over a few km are within 0.1 % of the sphere's; shrinking keeps the heuristic a lower bound. */
const HEURISTIC_SHRINK = 0.995;

const finders = new WeakMap<RoadGraph, RouteFinder>();

/**
 * The route finder of a graph, made once per graph: its arrays are sized by the graph's nodes, and a worker
 * matches six months day by day. Searches are numbered rounds, so one search never reads another's marks.
 */
export function routeFinderOf(g: RoadGraph): RouteFinder {
  let finder = finders.get(g);
  if (!finder) finders.set(g, (finder = new RouteFinder(g)));
  return finder;
}

export class RouteFinder {
  private readonly dist: Float64Array;
  private readonly stamp: Uint32Array;
  /** The segment each node was reached along: a truck does not turn back along it (no U-turn at a node). */
  private readonly cameBy: Int32Array;
  /** Node n is settled in this search when settledIn[n] === round. */
  private readonly settledIn: Uint32Array;
  /** Node n is an entry node of this search's targets when entryIn[n] === round. */
  private readonly entryIn: Uint32Array;
  /** The heuristic of node n in this search, computed once: heuristic[n] holds when heuristicIn[n] === round. */
  private readonly heuristic: Float64Array;
  private readonly heuristicIn: Uint32Array;
  /** The node out-edge e leads to (the far end of its segment in its direction), laid out once per graph. */
  private readonly outNode: Uint32Array;
  private round = 0;
  /** The entry nodes still to settle in the current search (one list, refilled per search). */
  private readonly entries: number[] = [];
  private heapF = new Float64Array(64);
  private heapNode = new Uint32Array(64);
  private heapSize = 0;
  /** The search's goal (the next reading) and its metres per degree of longitude. */
  private toward = { lat: 0, lng: 0, slackM: 0 };
  private kx = 0;

  constructor(private readonly g: RoadGraph) {
    this.dist = new Float64Array(g.nodeLat.length);
    this.stamp = new Uint32Array(g.nodeLat.length);
    this.settledIn = new Uint32Array(g.nodeLat.length);
    this.cameBy = new Int32Array(g.nodeLat.length);
    this.entryIn = new Uint32Array(g.nodeLat.length);
    this.heuristic = new Float64Array(g.nodeLat.length);
    this.heuristicIn = new Uint32Array(g.nodeLat.length);
    this.outNode = new Uint32Array(g.outSeg.length);
    for (let e = 0; e < g.outSeg.length; e++) {
      const s = g.outSeg[e]!;
      this.outNode[e] = g.outDir[e]! > 0 ? g.segTo[s]! : g.segFrom[s]!;
    }
  }

  /** Metres driven from `from` to each of `to` (out[k]), Infinity where no route within `boundM` exists. */
  distances(
    from: Place,
    to: readonly Place[],
    toward: { lat: number; lng: number; slackM: number },
    boundM: number,
    out: Float64Array,
  ): void {
    const g = this.g;
    let pending = 0;
    for (let k = 0; k < to.length; k++) {
      const t = to[k]!;
      out[k] = Infinity;
      if (g.segRun[t.seg] === g.segRun[from.seg] && t.dir === from.dir) {
        const delta = (this.along(t) - this.along(from)) * from.dir;
        if (delta >= -BACKTRACK_M) out[k] = Math.abs(delta);
      }
      if (out[k] === Infinity) pending++;
    }
    if (pending === 0) return;
    const entries = this.entries;
    entries.length = 0;
    for (let k = 0; k < to.length; k++) if (out[k] === Infinity) entries.push(this.entryOf(to[k]!));
    this.search(from, toward, boundM, entries);
    for (let k = 0; k < to.length; k++) {
      if (out[k] !== Infinity) continue;
      const t = to[k]!;
      const entry = this.entryOf(t);
      const rest = (t.dir > 0 ? t.fraction : 1 - t.fraction) * g.segLenM[t.seg]!;
      const d = this.stamp[entry] === this.round ? this.dist[entry]! + rest : Infinity;
      out[k] = d <= boundM ? d : Infinity;
    }
  }

  /** The node a place is reached through: the segment's first node in the direction driven. */
  private entryOf(p: Place): number {
    return p.dir > 0 ? this.g.segFrom[p.seg]! : this.g.segTo[p.seg]!;
  }

  private along(p: Place): number {
    return this.g.segRunStartM[p.seg]! + p.fraction * this.g.segLenM[p.seg]!;
  }

  /** Settles nodes in order of distance plus heuristic, up to the bound or until every entry node is settled. */
  private search(
    from: Place,
    toward: { lat: number; lng: number; slackM: number },
    boundM: number,
    entries: readonly number[],
  ): void {
    const g = this.g;
    // A finder lives as long as its graph: past the stamps' range, every mark is cleared and counting restarts.
    if (this.round === 0xffff_ffff) {
      for (const marks of [this.stamp, this.settledIn, this.entryIn, this.heuristicIn]) marks.fill(0);
      this.round = 0;
    }
    const round = ++this.round;
    this.heapSize = 0;
    this.toward = toward;
    this.kx = Math.cos((toward.lat * Math.PI) / 180) * METRES_PER_DEGREE;
    this.relax(
      from.dir > 0 ? g.segTo[from.seg]! : g.segFrom[from.seg]!,
      (from.dir > 0 ? 1 - from.fraction : from.fraction) * g.segLenM[from.seg]!,
      from.seg,
    );
    for (const e of entries) this.entryIn[e] = round;
    let unsettled = entries.length;
    while (this.heapSize > 0 && this.heapF[0]! <= boundM) {
      const node = this.pop();
      if (this.settledIn[node] === round) continue;
      this.settledIn[node] = round;
      if (this.entryIn[node] === round) {
        // Two targets may share an entry node: each counts.
        for (const e of entries) if (e === node) unsettled--;
        if (unsettled === 0) break;
      }
      const d = this.dist[node]!;
      const came = this.cameBy[node]!;
      for (let e = g.outStart[node]!, end = g.outStart[node + 1]!; e < end; e++) {
        const s = g.outSeg[e]!;
        if (s !== came) this.relax(this.outNode[e]!, d + g.segLenM[s]!, s);
      }
    }
  }

  /** The node reached at distance d along segment seg, queued by distance plus heuristic when shorter than before. */
  private relax(node: number, d: number, seg: number): void {
    if (this.stamp[node] === this.round && this.dist[node]! <= d) return;
    this.stamp[node] = this.round;
    this.dist[node] = d;
    this.cameBy[node] = seg;
    this.push(d + this.heuristicOf(node), node);
  }

  /** Straight-line metres from the node to the search's goal, less its slack (never below 0), once per search. */
  private heuristicOf(node: number): number {
    if (this.heuristicIn[node] === this.round) return this.heuristic[node]!;
    const dx = (this.g.nodeLng[node]! - this.toward.lng) * this.kx;
    const dy = (this.g.nodeLat[node]! - this.toward.lat) * METRES_PER_DEGREE;
    const h = Math.max(0, Math.sqrt(dx * dx + dy * dy) * HEURISTIC_SHRINK - this.toward.slackM);
    this.heuristicIn[node] = this.round;
    this.heuristic[node] = h;
    return h;
  }

  private push(f: number, node: number): void {
    if (this.heapSize === this.heapF.length) {
      this.heapF = grown(this.heapF, this.heapSize + 1);
      this.heapNode = grown(this.heapNode, this.heapSize + 1);
    }
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.heapF[p]! <= f) break;
      this.heapF[i] = this.heapF[p]!;
      this.heapNode[i] = this.heapNode[p]!;
      i = p;
    }
    this.heapF[i] = f;
    this.heapNode[i] = node;
  }

  private pop(): number {
    const top = this.heapNode[0]!;
    const f = this.heapF[--this.heapSize]!;
    const node = this.heapNode[this.heapSize]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.heapSize) break;
      if (c + 1 < this.heapSize && this.heapF[c + 1]! < this.heapF[c]!) c++;
      if (this.heapF[c]! >= f) break;
      this.heapF[i] = this.heapF[c]!;
      this.heapNode[i] = this.heapNode[c]!;
      i = c;
    }
    this.heapF[i] = f;
    this.heapNode[i] = node;
    return top;
  }
}
