/**
 * The road network as a directed graph, for the route distance between two
 * matched places. Ways meet where they share a node; the index keeps only
 * coordinates, so a node is a distinct (lat, lng) among segment ends (OSM
 * nodes shared by two ways have the very same coordinates). A segment can be
 * driven along its node order (+1), against it (-1), or both, by its way's
 * `oneway`.
 */
import { bearingDeg, distanceM } from './match-geometry.ts';
import type { RoadIndex } from './types.ts';

export interface RoadGraph {
  segFrom: Uint32Array;
  segTo: Uint32Array;
  segLenM: Float64Array;
  /** Bearing of the segment along its node order, degrees. */
  segBearing: Float64Array;
  /** Segments in one run of consecutive segments of one way share a run id (a way's own stretch). */
  segRun: Uint32Array;
  /** Metres from the start of the segment's run to the segment's first node. */
  segRunStartM: Float64Array;
  nodeLat: Float64Array;
  nodeLng: Float64Array;
  /** Out-edges of node n: entries outStart[n]..outStart[n+1] of outSeg/outDir (outDir: +1 along node order, -1 against). */
  outStart: Uint32Array;
  outSeg: Uint32Array;
  outDir: Int8Array;
}

const graphs = new WeakMap<RoadIndex, RoadGraph>();

/** The graph of an index, built once per index. */
export function roadGraphOf(index: RoadIndex): RoadGraph {
  let g = graphs.get(index);
  if (!g) {
    g = buildRoadGraph(index);
    graphs.set(index, g);
  }
  return g;
}

/** Directions a way may be driven: +1, -1 or both. */
export function directionsOf(oneway: -1 | 0 | 1): readonly (1 | -1)[] {
  return oneway === 0 ? BOTH : oneway === 1 ? ALONG : AGAINST;
}
const BOTH = [1, -1] as const;
const ALONG = [1] as const;
const AGAINST = [-1] as const;

/** The graph's nodes: each segment end's node id, and each node's coordinates, in the order first seen. */
interface Nodes {
  segFrom: Uint32Array;
  segTo: Uint32Array;
  lat: Float64Array;
  lng: Float64Array;
}

/**
 * Node ids by exact coordinates: an open-addressed table keyed by the two numbers' bits. A text key per
 * segment end ("lat,lng") cost about 100 ms for a 34,000-segment index (and grows with a user's extract).
 * Equal means `===`, so 0 and -0 are one node, as the text key had it. One loop, no call per end: it runs
 * once per index, mostly before the engine has optimised it.
 */
function nodesOf(c: Float64Array, n: number): Nodes {
  const segFrom = new Uint32Array(n);
  const segTo = new Uint32Array(n);
  const lat = new Float64Array(2 * n);
  const lng = new Float64Array(2 * n);
  let slots = 16;
  while (slots < 4 * n) slots *= 2;
  const table = new Int32Array(slots).fill(-1);
  const mask = slots - 1;
  const bits = new Float64Array(2);
  const words = new Uint32Array(bits.buffer);
  let size = 0;
  for (let e = 0; e < 2 * n; e++) {
    const la = c[2 * e]!;
    const ln = c[2 * e + 1]!;
    // `+ 0` hashes -0 as 0.
    bits[0] = la + 0;
    bits[1] = ln + 0;
    // Each word mixed in, then its high bits folded down (a product only carries bits upwards).
    let h = Math.imul(words[0]! ^ 0x2545f491, 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16) ^ words[1]!, 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13) ^ words[2]!, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16) ^ words[3]!, 0x27d4eb2f);
    let at = (h ^ (h >>> 15)) & mask;
    let id = table[at]!;
    while (id >= 0 && !(lat[id] === la && lng[id] === ln)) {
      at = (at + 1) & mask;
      id = table[at]!;
    }
    if (id < 0) {
      id = size++;
      table[at] = id;
      lat[id] = la;
      lng[id] = ln;
    }
    if (e % 2 === 0) segFrom[e >> 1] = id;
    else segTo[e >> 1] = id;
  }
  return { segFrom, segTo, lat: lat.slice(0, size), lng: lng.slice(0, size) };
}

function buildRoadGraph(index: RoadIndex): RoadGraph {
  const n = index.segWay.length;
  const c = index.segCoords;
  const { segFrom, segTo, lat, lng } = nodesOf(c, n);
  const segLenM = new Float64Array(n);
  const segBearing = new Float64Array(n);
  const segRun = new Uint32Array(n);
  const segRunStartM = new Float64Array(n);
  /** The way's `oneway` of each segment: +1 along node order only, -1 against it only, 0 both. */
  const oneway = new Int8Array(n);
  let run = 0;
  for (let s = 0; s < n; s++) {
    const la0 = c[4 * s]!;
    const ln0 = c[4 * s + 1]!;
    const la1 = c[4 * s + 2]!;
    const ln1 = c[4 * s + 3]!;
    segLenM[s] = distanceM(la0, ln0, la1, ln1);
    segBearing[s] = bearingDeg(la0, ln0, la1, ln1);
    const continues = s > 0 && index.segWay[s - 1] === index.segWay[s] && segTo[s - 1] === segFrom[s];
    if (s > 0 && !continues) run++;
    segRun[s] = run;
    segRunStartM[s] = continues ? segRunStartM[s - 1]! + segLenM[s - 1]! : 0;
    oneway[s] = index.ways[index.segWay[s]!]!.oneway;
  }
  // Out-edges by node, each node's in segment order.
  const nodes = lat.length;
  const outStart = new Uint32Array(nodes + 1);
  for (let s = 0; s < n; s++) {
    if (oneway[s]! >= 0) outStart[segFrom[s]! + 1]!++;
    if (oneway[s]! <= 0) outStart[segTo[s]! + 1]!++;
  }
  for (let i = 0; i < nodes; i++) outStart[i + 1]! += outStart[i]!;
  const fill = outStart.slice(0, nodes);
  const outSeg = new Uint32Array(outStart[nodes]!);
  const outDir = new Int8Array(outStart[nodes]!);
  for (let s = 0; s < n; s++) {
    if (oneway[s]! >= 0) {
      const at = fill[segFrom[s]!]!++;
      outSeg[at] = s;
      outDir[at] = 1;
    }
    if (oneway[s]! <= 0) {
      const at = fill[segTo[s]!]!++;
      outSeg[at] = s;
      outDir[at] = -1;
    }
  }
  return {
    segFrom,
    segTo,
    segLenM,
    segBearing,
    segRun,
    segRunStartM,
    nodeLat: lat,
    nodeLng: lng,
    outStart,
    outSeg,
    outDir,
  };
}
