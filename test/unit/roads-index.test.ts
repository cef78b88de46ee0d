import { describe, expect, it } from 'vitest';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadWay } from '../../shared/roads/types.ts';

const way = (wayId: number): RoadWay => ({
  wayId,
  highway: 'primary',
  name: `Road ${wayId}`,
  ref: '',
  oneway: 0,
  forwardMph: 45,
  backwardMph: 45,
  source: 'posted',
  limitText: '45 mph',
  conditional: '',
});

describe('createRoadIndex', () => {
  // Two parallel east-west roads 100 m apart (0.0009° of latitude) and a one-node way (no segment).
  const index = createRoadIndex(
    [way(1), way(2), way(3)],
    [
      [40, -75, 40, -74.99, 40, -74.98],
      [40.0009, -75, 40.0009, -74.98],
      [41, -75],
    ],
  );

  it('lays out one segment per consecutive node pair, in node order', () => {
    expect(Array.from(index.segWay)).toEqual([0, 0, 1]);
    expect(Array.from(index.segCoords.subarray(4, 8))).toEqual([40, -74.99, 40, -74.98]);
  });

  it('finds the segments within the radius, and not those beyond it', () => {
    expect(index.near(40.0002, -74.995, 30).sort()).toEqual([0]);
    expect(index.near(40.00045, -74.995, 60).sort()).toEqual([0, 2]);
    expect(index.near(40.01, -74.995, 60)).toEqual([]);
  });

  it('answers nothing for a point that is not a number, and refuses mismatched geometry', () => {
    expect(index.near(Number.NaN, -75, 100)).toEqual([]);
    expect(() => createRoadIndex([way(1)], [])).toThrow(/one geometry per way/);
  });
});
