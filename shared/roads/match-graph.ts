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

function buildRoadGraph(index: RoadIndex): RoadGraph {
  const n = index.segWay.length;
  const c = index.segCoords;
  const ids = new Map<string, number>();
  const lat: number[] = [];
  const lng: number[] = [];
  const nodeOf = (la: number, ln: number) => {
    const key = `${la},${ln}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = lat.length;
      ids.set(key, id);
      lat.push(la);
      lng.push(ln);
    }
    return id;
  };
  const segFrom = new Uint32Array(n);
  const segTo = new Uint32Array(n);
  const segLenM = new Float64Array(n);
  const segBearing = new Float64Array(n);
  const segRun = new Uint32Array(n);
  const segRunStartM = new Float64Array(n);
  let run = 0;
  for (let s = 0; s < n; s++) {
    const [la0, ln0, la1, ln1] = [c[4 * s]!, c[4 * s + 1]!, c[4 * s + 2]!, c[4 * s + 3]!];
    segFrom[s] = nodeOf(la0, ln0);
    segTo[s] = nodeOf(la1, ln1);
    segLenM[s] = distanceM(la0, ln0, la1, ln1);
    segBearing[s] = bearingDeg(la0, ln0, la1, ln1);
    const continues = s > 0 && index.segWay[s - 1] === index.segWay[s] && segTo[s - 1] === segFrom[s];
    if (s > 0 && !continues) run++;
    segRun[s] = run;
    segRunStartM[s] = continues ? segRunStartM[s - 1]! + segLenM[s - 1]! : 0;
  }
  const nodes = lat.length;
  const outStart = new Uint32Array(nodes + 1);
  const eachEdge = (visit: (node: number, s: number, dir: 1 | -1) => void) => {
    for (let s = 0; s < n; s++) {
      for (const dir of directionsOf(index.ways[index.segWay[s]!]!.oneway))
        visit(dir > 0 ? segFrom[s]! : segTo[s]!, s, dir);
    }
  };
  eachEdge((node) => outStart[node + 1]!++);
  for (let i = 0; i < nodes; i++) outStart[i + 1]! += outStart[i]!;
  const fill = outStart.slice(0, nodes);
  const outSeg = new Uint32Array(outStart[nodes]!);
  const outDir = new Int8Array(outStart[nodes]!);
  eachEdge((node, s, dir) => {
    const at = fill[node]!++;
    outSeg[at] = s;
    outDir[at] = dir;
  });
  return {
    segFrom,
    segTo,
    segLenM,
    segBearing,
    segRun,
    segRunStartM,
    nodeLat: Float64Array.from(lat),
    nodeLng: Float64Array.from(lng),
    outStart,
    outSeg,
    outDir,
  };
}
