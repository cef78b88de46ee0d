import { hashInts, Rng } from './hash.ts';
import { haversineMi, inConus, offsetMi } from './geo.ts';
import { usPlaces } from './us-cities.ts';

/**
 * A stand-in for the interstate network: major continental-US cities joined to
 * their nearest neighbours, routed with Dijkstra. Edges get a gentle,
 * deterministic bend so tracks do not look like ruler lines.
 */
export interface RoadNode {
  name: string;
  state: string;
  lat: number;
  lng: number;
}

export interface RoadNetwork {
  nodes: RoadNode[];
  adj: { to: number; mi: number }[][];
}

const MIN_POPULATION = 100_000;
const MERGE_RADIUS_MI = 35;
const NEIGHBOURS = 4;

let network: RoadNetwork | null = null;

export function roadNetwork(): RoadNetwork {
  if (network) return network;
  const candidates = usPlaces()
    .filter((p) => p.population >= MIN_POPULATION && inConus(p.lat, p.lng))
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  const nodes: RoadNode[] = [];
  for (const c of candidates) {
    // Suburbs merge into their metro: one node per metro area.
    if (nodes.some((n) => haversineMi(n.lat, n.lng, c.lat, c.lng) < MERGE_RADIUS_MI)) continue;
    nodes.push({ name: c.name, state: c.state, lat: c.lat, lng: c.lng });
  }
  const n = nodes.length;
  const dist = (i: number, j: number) => {
    const a = nodes[i]!;
    const b = nodes[j]!;
    return haversineMi(a.lat, a.lng, b.lat, b.lng);
  };
  const edges = new Set<string>();
  const adj: { to: number; mi: number }[][] = nodes.map(() => []);
  const link = (i: number, j: number) => {
    const key = i < j ? `${i}:${j}` : `${j}:${i}`;
    if (edges.has(key) || i === j) return;
    edges.add(key);
    // Roads are longer than the crow flies.
    const mi = dist(i, j) * 1.08;
    adj[i]!.push({ to: j, mi });
    adj[j]!.push({ to: i, mi });
  };
  for (let i = 0; i < n; i++) {
    const order = [...Array(n).keys()].filter((j) => j !== i).sort((a, b) => dist(i, a) - dist(i, b));
    for (const j of order.slice(0, NEIGHBOURS)) link(i, j);
  }
  // Join components so every pair is routable.
  for (;;) {
    const comp = components(adj);
    if (Math.max(...comp) === 0) break;
    let best: [number, number, number] = [0, 0, Infinity];
    for (let i = 0; i < n; i++) {
      if (comp[i] !== 0) continue;
      for (let j = 0; j < n; j++) {
        if (comp[j] === 0) continue;
        const d = dist(i, j);
        if (d < best[2]) best = [i, j, d];
      }
    }
    link(best[0], best[1]);
  }
  network = { nodes, adj };
  return network;
}

function components(adj: { to: number }[][]): number[] {
  const comp = adj.map(() => -1);
  let c = 0;
  for (let s = 0; s < adj.length; s++) {
    if (comp[s] !== -1) continue;
    const stack = [s];
    comp[s] = c;
    while (stack.length) {
      const u = stack.pop()!;
      for (const e of adj[u]!) {
        if (comp[e.to] === -1) {
          comp[e.to] = c;
          stack.push(e.to);
        }
      }
    }
    c++;
  }
  return comp;
}

const trees = new Map<number, Int32Array>();

/** Node indices of the shortest path from `from` to `to` (inclusive). */
export function shortestPath(net: RoadNetwork, from: number, to: number): number[] {
  let prev = trees.get(from);
  if (!prev) {
    prev = shortestPathTree(net, from);
    trees.set(from, prev);
  }
  const path = [to];
  while (path[path.length - 1] !== from) {
    const p = prev[path[path.length - 1]!]!;
    if (p < 0) return [from, to];
    path.push(p);
  }
  return path.reverse();
}

function shortestPathTree(net: RoadNetwork, from: number): Int32Array {
  const n = net.nodes.length;
  const d = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  d[from] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && d[i]! < Infinity && (u < 0 || d[i]! < d[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const e of net.adj[u]!) {
      const nd = d[u]! + e.mi;
      if (nd < d[e.to]!) {
        d[e.to] = nd;
        prev[e.to] = u;
      }
    }
  }
  return prev;
}

/** A routed trip as a dense polyline with cumulative miles. */
export interface Route {
  from: number;
  to: number;
  lat: Float64Array;
  lng: Float64Array;
  /** cumulative miles at each vertex */
  cum: Float64Array;
  lengthMi: number;
  /** cumulative miles at which the route passes a city node */
  cityMarks: number[];
  /** the network node at each city mark */
  cities: number[];
}

const STEP_MI = 1.5;

const edgeCache = new Map<number, [number, number][]>();

export function edgeGeometry(net: RoadNetwork, a: number, b: number): [number, number][] {
  const key = a * 100_000 + b;
  let pts = edgeCache.get(key);
  if (!pts) {
    pts = computeEdgeGeometry(net, a, b);
    edgeCache.set(key, pts);
  }
  return pts;
}

function computeEdgeGeometry(net: RoadNetwork, a: number, b: number): [number, number][] {
  // Geometry is keyed by the unordered pair so both directions share one road.
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const A = net.nodes[lo]!;
  const B = net.nodes[hi]!;
  const len = haversineMi(A.lat, A.lng, B.lat, B.lng);
  const rng = new Rng(hashInts(lo, hi, 77));
  const amp1 = rng.range(-0.05, 0.05) * len;
  const amp2 = rng.range(-0.015, 0.015) * len;
  const amp3 = rng.range(-0.004, 0.004) * len;
  const steps = Math.max(2, Math.ceil(len / STEP_MI));
  // Unit normal in a local flat frame (north, east miles).
  const north = (B.lat - A.lat) * 69.0;
  const east = (B.lng - A.lng) * 69.17 * Math.cos((((A.lat + B.lat) / 2) * Math.PI) / 180);
  const norm = Math.hypot(north, east) || 1;
  const nN = -east / norm;
  const nE = north / norm;
  const pts: [number, number][] = [];
  for (let k = 0; k <= steps; k++) {
    const s = k / steps;
    const baseLat = A.lat + (B.lat - A.lat) * s;
    const baseLng = A.lng + (B.lng - A.lng) * s;
    const off = amp1 * Math.sin(Math.PI * s) + amp2 * Math.sin(3 * Math.PI * s) + amp3 * Math.sin(11 * Math.PI * s);
    pts.push(offsetMi(baseLat, baseLng, nN * off, nE * off));
  }
  return a === lo ? pts : pts.slice().reverse();
}

/** Equirectangular distance: exact enough between vertices 1.5 mi apart, and cheap. */
export function flatMi(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dn = (lat2 - lat1) * 69.09;
  const de = (lng2 - lng1) * 69.17 * Math.cos(((lat1 + lat2) * Math.PI) / 360);
  return Math.sqrt(dn * dn + de * de);
}

const routeCache = new Map<number, Route>();
const ROUTE_CACHE_MAX = 400;

export function route(from: number, to: number): Route {
  const key = from * 100_000 + to;
  const hit = routeCache.get(key);
  if (hit) return hit;
  const net = roadNetwork();
  const path = shortestPath(net, from, to);
  const lat: number[] = [];
  const lng: number[] = [];
  const cityMarks: number[] = [];
  const cum: number[] = [];
  let total = 0;
  cityMarks.push(0);
  const push = (p: [number, number]) => {
    if (lat.length) total += flatMi(lat[lat.length - 1]!, lng[lng.length - 1]!, p[0], p[1]);
    lat.push(p[0]);
    lng.push(p[1]);
    cum.push(total);
  };
  for (let i = 0; i + 1 < path.length; i++) {
    const pts = edgeGeometry(net, path[i]!, path[i + 1]!);
    pts.forEach((p, k) => {
      if (i > 0 && k === 0) return;
      push(p);
    });
    cityMarks.push(total);
  }
  if (lat.length === 0) {
    const n = net.nodes[from]!;
    push([n.lat, n.lng]);
  }
  const r: Route = {
    from,
    to,
    lat: Float64Array.from(lat),
    lng: Float64Array.from(lng),
    cum: Float64Array.from(cum),
    lengthMi: total,
    cityMarks,
    cities: path.length === cityMarks.length ? path : [from],
  };
  if (routeCache.size >= ROUTE_CACHE_MAX) routeCache.clear();
  routeCache.set(key, r);
  return r;
}

/** Position at `mi` along the route; `hint` is a vertex index to start the search from. */
export function positionAt(r: Route, mi: number, hint = 0): { lat: number; lng: number; seg: number } {
  const n = r.cum.length;
  if (n === 1 || mi <= 0) return { lat: r.lat[0]!, lng: r.lng[0]!, seg: 0 };
  if (mi >= r.lengthMi) return { lat: r.lat[n - 1]!, lng: r.lng[n - 1]!, seg: n - 2 };
  let i = Math.min(Math.max(0, hint), n - 2);
  if (r.cum[i]! > mi) i = 0;
  while (i < n - 2 && r.cum[i + 1]! < mi) i++;
  const a = r.cum[i]!;
  const b = r.cum[i + 1]!;
  const frac = b > a ? (mi - a) / (b - a) : 0;
  return {
    lat: r.lat[i]! + (r.lat[i + 1]! - r.lat[i]!) * frac,
    lng: r.lng[i]! + (r.lng[i + 1]! - r.lng[i]!) * frac,
    seg: i,
  };
}

/** Miles from `mi` to the nearest city the route passes through. */
export function milesToCity(r: Route, mi: number): number {
  let best = Infinity;
  for (const m of r.cityMarks) {
    const d = Math.abs(m - mi);
    if (d < best) best = d;
  }
  return best;
}
