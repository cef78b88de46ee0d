/**
 * Matching a vehicle's readings to roads: a hidden Markov model whose states
 * are the nearby ways (each direction they may be driven) of each reading.
 * Emission: distance to the road, heading against the direction of travel,
 * speed against the limit (shared/roads/match-candidates.ts). Transition:
 * how far the route along the roads between two consecutive places differs
 * from the straight distance between the readings (Newson & Krumm 2009),
 * with a spread growing with the time between them, so one reading a minute
 * (a mile apart) links as naturally as one a second. Forward-backward gives
 * each state's posterior probability; a reading takes its most probable
 * state, and is certain only when the states sharing that state's limit hold
 * most of the probability.
 */
import { buildStates, limitOf, type MatchReadings, type MatchStates } from './match-candidates.ts';
import { MPS_PER_MPH } from '../track/geo.ts';
import { distanceM } from './match-geometry.ts';
import { roadGraphOf } from './match-graph.ts';
import { MATCH_DEFAULTS, type MatchParams } from './match-params.ts';
import { routeFinderOf, type Place } from './match-route.ts';
import type { LimitSource, RoadIndex } from './types.ts';
import { grown } from '../util/grown.ts';

export type { MatchReadings } from './match-candidates.ts';
export { MATCH_DEFAULTS, type MatchParams } from './match-params.ts';

/** Per reading (index i of each column): the matched road and its limit in the direction driven. */
export interface RoadMatch {
  length: number;
  /** Index into the index's `ways`; -1 when no road lies within the radius. */
  way: Int32Array;
  /** +1 driven along the way's node order, -1 against it, 0 no road. */
  dir: Int8Array;
  /** The limit in the direction driven, mph; NaN when none is known or applies. */
  limitMph: Float64Array;
  source: LimitSource[];
  /** False when candidates with other limits could not be told apart from the chosen one (and when no road). */
  certain: boolean[];
  /** Posterior probability of the chosen limit (0 when no road). */
  confidence: Float64Array;
}

/** Two limits within this many mph are the same limit for certainty (km/h limits converted differ by rounding). */
const SAME_LIMIT_MPH = 0.5;

export function matchReadings(index: RoadIndex, readings: MatchReadings, params: Partial<MatchParams> = {}): RoadMatch {
  const p: MatchParams = { ...MATCH_DEFAULTS, ...params };
  const graph = roadGraphOf(index);
  const states = buildStates(index, graph, readings, p);
  const links = transitions(index, readings, states, p);
  const posterior = forwardBackward(states, links);
  return decide(index, states, posterior, p);
}

/** Transition costs between consecutive readings: linkAt[i] is where i→i+1's matrix starts in `cost` (-1: not linked). */
interface Links {
  linkAt: Float64Array;
  cost: Float64Array;
}

function transitions(index: RoadIndex, r: MatchReadings, st: MatchStates, p: MatchParams): Links {
  const finder = routeFinderOf(roadGraphOf(index));
  const linkAt = new Float64Array(r.length).fill(-1);
  // About three states a reading, so about nine links: room for most days at once.
  let cost = new Float64Array(Math.max(16, 4 * st.cost.length));
  let size = 0;
  let routes = new Float64Array(16);
  const place = (s: number): Place => ({ seg: st.seg[s]!, dir: st.dir[s]! > 0 ? 1 : -1, fraction: st.fraction[s]! });
  for (let i = 0; i + 1 < r.length; i++) {
    const a0 = st.first[i]!;
    const b0 = st.first[i + 1]!;
    const b1 = st.first[i + 2]!;
    const seconds = (r.t[i + 1]! - r.t[i]!) / 1000;
    if (a0 === b0 || b0 === b1 || !(seconds >= 0 && seconds <= p.maxLinkSeconds)) continue;
    linkAt[i] = size;
    const straight = distanceM(r.lat[i]!, r.lng[i]!, r.lat[i + 1]!, r.lng[i + 1]!);
    // What the speeds imply was driven (NaN when either is unknown): a detour round a block is longer than the straight line.
    const driven = ((r.speed[i]! + r.speed[i + 1]!) / 2) * MPS_PER_MPH * seconds;
    const beta = p.betaBaseM + p.betaPerSecondM * seconds;
    const reach = Math.max(straight, driven || 0);
    // Routes longer than this weigh e^-maxDetourBetas or less against the route expected: not worth finding.
    const slack = p.maxDetourBetas * beta + 2 * p.radiusM;
    const targets: Place[] = [];
    for (let b = b0; b < b1; b++) targets.push(place(b));
    if (routes.length < targets.length) routes = new Float64Array(2 * targets.length);
    const need = size + (b0 - a0) * targets.length;
    if (cost.length < need) cost = grown(cost, need);
    const toward = { lat: r.lat[i + 1]!, lng: r.lng[i + 1]!, slackM: p.radiusM };
    for (let a = a0; a < b0; a++) {
      finder.distances(place(a), targets, toward, reach + slack, routes);
      // No route within the bound weighs a little more than the worst route within it (no road is ever ruled out).
      for (let k = 0; k < targets.length; k++) {
        const d = routes[k]!;
        cost[size++] = Number.isFinite(d) ? routeCost(d, straight, driven) / beta : slack / beta + 1;
      }
    }
  }
  return { linkAt, cost: cost.subarray(0, size) };
}

/** How far a route's length is from the nearer of the straight distance and the distance the speeds imply. */
function routeCost(route: number, straight: number, driven: number): number {
  const off = Math.abs(route - straight);
  return Number.isNaN(driven) ? off : Math.min(off, Math.abs(route - driven));
}

function forwardBackward(st: MatchStates, links: Links): Float64Array {
  const n = st.first.length - 1;
  const alpha = new Float64Array(st.cost.length);
  const beta = new Float64Array(st.cost.length);
  const cost = links.cost;
  // Each prior is -log Σ exp(-x) over the linked reading's states, kept stable by its minimum, in two loops
  // over the costs in place (no list per state: this runs once per state of six months of readings).
  for (let i = 0; i < n; i++) {
    const b0 = st.first[i]!;
    const b1 = st.first[i + 1]!;
    const at = i > 0 ? links.linkAt[i - 1]! : -1;
    const a0 = i > 0 ? st.first[i - 1]! : 0;
    const stride = b1 - b0;
    for (let b = b0; b < b1; b++) {
      let prior = 0;
      if (at >= 0) {
        const from = at + (b - b0);
        let m = Infinity;
        for (let a = a0, k = from; a < b0; a++, k += stride) m = Math.min(m, alpha[a]! + cost[k]!);
        prior = m;
        if (Number.isFinite(m)) {
          let s = 0;
          for (let a = a0, k = from; a < b0; a++, k += stride) s += Math.exp(m - (alpha[a]! + cost[k]!));
          prior = m - Math.log(s);
        }
      }
      alpha[b] = st.cost[b]! + prior;
    }
    shiftToZero(alpha, b0, b1);
  }
  for (let i = n - 2; i >= 0; i--) {
    const at = links.linkAt[i]!;
    if (at < 0) continue;
    const a0 = st.first[i]!;
    const a1 = st.first[i + 1]!;
    const b1 = st.first[i + 2]!;
    for (let a = a0; a < a1; a++) {
      const from = at + (a - a0) * (b1 - a1) - a1;
      let m = Infinity;
      for (let b = a1; b < b1; b++) m = Math.min(m, cost[from + b]! + st.cost[b]! + beta[b]!);
      let next = m;
      if (Number.isFinite(m)) {
        let s = 0;
        for (let b = a1; b < b1; b++) s += Math.exp(m - (cost[from + b]! + st.cost[b]! + beta[b]!));
        next = m - Math.log(s);
      }
      beta[a] = next;
    }
    shiftToZero(beta, a0, a1);
  }
  const posterior = new Float64Array(st.cost.length);
  for (let i = 0; i < n; i++) {
    const s0 = st.first[i]!;
    const s1 = st.first[i + 1]!;
    let m = Infinity;
    for (let s = s0; s < s1; s++) m = Math.min(m, alpha[s]! + beta[s]!);
    let sum = 0;
    for (let s = s0; s < s1; s++) sum += posterior[s] = Math.exp(m - alpha[s]! - beta[s]!);
    for (let s = s0; s < s1; s++) posterior[s]! /= sum;
  }
  return posterior;
}

/** Costs are relative within a reading: keeping the smallest at 0 keeps long chains from drifting. */
function shiftToZero(xs: Float64Array, from: number, to: number): void {
  let m = Infinity;
  for (let k = from; k < to; k++) m = Math.min(m, xs[k]!);
  if (Number.isFinite(m)) for (let k = from; k < to; k++) xs[k]! -= m;
}

function sameLimit(a: number, b: number): boolean {
  return Number.isNaN(a) ? Number.isNaN(b) : Math.abs(a - b) < SAME_LIMIT_MPH;
}

function decide(index: RoadIndex, st: MatchStates, posterior: Float64Array, p: MatchParams): RoadMatch {
  const n = st.first.length - 1;
  const out: RoadMatch = {
    length: n,
    way: new Int32Array(n).fill(-1),
    dir: new Int8Array(n),
    limitMph: new Float64Array(n).fill(NaN),
    source: new Array<LimitSource>(n).fill('none'),
    certain: new Array<boolean>(n).fill(false),
    confidence: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const s0 = st.first[i]!;
    const s1 = st.first[i + 1]!;
    if (s0 === s1) continue;
    let best = s0;
    for (let s = s0 + 1; s < s1; s++) if (posterior[s]! > posterior[best]!) best = s;
    const limit = limitOf(index, st.seg[best]!, st.dir[best]!);
    let agree = 0;
    for (let s = s0; s < s1; s++) if (sameLimit(limitOf(index, st.seg[s]!, st.dir[s]!), limit)) agree += posterior[s]!;
    const way = index.segWay[st.seg[best]!]!;
    out.way[i] = way;
    out.dir[i] = st.dir[best]!;
    out.limitMph[i] = limit;
    out.source[i] = Number.isNaN(limit) ? 'none' : index.ways[way]!.source;
    out.confidence[i] = agree;
    out.certain[i] = agree >= p.certainPosterior;
  }
  return out;
}
