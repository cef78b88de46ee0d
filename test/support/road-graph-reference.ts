import { bearingDeg, distanceM } from '../../shared/roads/match-geometry.ts';
import { directionsOf, type RoadGraph } from '../../shared/roads/match-graph.ts';
import type { RoadIndex } from '../../shared/roads/types.ts';

/**
 * The road graph as the app built it before its nodes were keyed by a table (shared/roads/match-graph.ts): a
 * node is a distinct "lat,lng" text among segment ends, numbered in the order first seen; each node's
 * out-edges in segment order. The truth the table-keyed build must equal field by field, and its bench's baseline.
 */
export function referenceGraph(index: RoadIndex): RoadGraph {
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
