import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRoadIndexFromFile } from '../../electron/node/roads/build.ts';
import { roadGraphOf, type RoadGraph } from '../../shared/roads/match-graph.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadIndex, RoadWay } from '../../shared/roads/types.ts';
import { referenceGraph } from '../support/road-graph-reference.ts';
import { gridNetwork } from '../support/road-traces.ts';

const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');

const way = (wayId: number, oneway: -1 | 0 | 1): RoadWay => ({
  wayId,
  highway: 'residential',
  name: `Way ${wayId}`,
  ref: '',
  oneway,
  forwardMph: 25,
  backwardMph: 25,
  source: 'posted',
  limitText: '25 mph',
  conditional: '',
});

function expectSameGraph(index: RoadIndex): RoadGraph {
  const built = roadGraphOf(index);
  const truth = referenceGraph(index);
  for (const field of Object.keys(truth) as (keyof RoadGraph)[])
    expect(Array.from(built[field]), field).toEqual(Array.from(truth[field]));
  return built;
}

describe('the road graph (match-graph.ts)', () => {
  let baltimore: RoadIndex;
  let bayreuth: RoadIndex;
  beforeAll(async () => {
    baltimore = (await buildRoadIndexFromFile(path.join(OSM, 'baltimore.osm.pbf'))).index;
    bayreuth = (await buildRoadIndexFromFile(path.join(OSM, 'north-bayreuth.osm.gz'))).index;
  }, 60_000);

  it('equals the text-keyed graph on real extracts: nodes, their order, runs and every out-edge', () => {
    for (const index of [baltimore, bayreuth]) {
      const g = expectSameGraph(index);
      // Real ways meet: far fewer nodes than segment ends, and crossings with more than two edges.
      expect(g.nodeLat.length).toBeLessThan(index.segWay.length * 2 * 0.75);
      expect(Math.max(...Array.from(g.outStart.subarray(1), (v, k) => v - g.outStart[k]!))).toBeGreaterThan(2);
    }
  });

  it('equals it on a generated grid, whose streets cross at shared nodes', () => {
    const grid = gridNetwork(12, 250);
    const g = expectSameGraph(grid);
    // 12 × 12 crossings, each street's nodes shared with the crossing streets.
    expect(g.nodeLat.length).toBe(144);
  });

  it('makes 0 and -0 one node, tells apart ends that differ in the last bit, and keeps each way’s directions', () => {
    const tiny = Number.MIN_VALUE;
    const next = 39.5 + 2 ** -47; // 39.5's next representable neighbour above
    const index = createRoadIndex(
      [way(1, 0), way(2, 1), way(3, -1), way(4, 0)],
      [
        [0, 10, 0.001, 10],
        [-0, 10, 0, 10.001],
        [0.001, 10, 0, 10.001],
        [39.5, -76.6, next, -76.6, tiny, 0],
      ],
    );
    const g = expectSameGraph(index);
    // Way 1's start and way 2's start (-0) are one node; 39.5 and its neighbour are two.
    expect(g.segFrom[0]).toBe(g.segFrom[1]);
    expect(g.nodeLat.length).toBe(6);
    // Way 2 is one way along its nodes: an edge out of its start only; way 3 against: out of its end only.
    const out = (node: number) =>
      Array.from(g.outSeg.subarray(g.outStart[node]!, g.outStart[node + 1]!), (s, k) => [
        s,
        g.outDir[g.outStart[node]! + k],
      ]);
    expect(out(g.segFrom[0]!)).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(out(g.segTo[2]!)).toEqual([[2, -1]]);
  });
});
