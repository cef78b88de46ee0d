import { describe, expect, it } from 'vitest';
import { angleBetween, limitAt } from '../../shared/roads/nearest.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadWay } from '../../shared/roads/types.ts';

const way = (wayId: number, over: Partial<RoadWay>): RoadWay => ({
  wayId,
  highway: 'primary',
  name: '',
  ref: '',
  oneway: 0,
  forwardMph: 45,
  backwardMph: 45,
  source: 'posted',
  limitText: '',
  conditional: '',
  ...over,
});
const M = 1 / 111_320; // one metre of latitude, degrees

// An east-bound motorway carriageway (one way), 12 m north of it a west-bound one, and 25 m
// south a two-way frontage road whose limit differs by direction. All run east-west.
const index = createRoadIndex(
  [
    way(1, { highway: 'motorway', oneway: 1, forwardMph: 65, backwardMph: 65 }),
    way(2, { highway: 'motorway', oneway: 1, forwardMph: 60, backwardMph: 60 }),
    way(3, { highway: 'tertiary', forwardMph: 35, backwardMph: 25 }),
  ],
  [
    [40, -75.01, 40, -74.99],
    [40 + 12 * M, -74.99, 40 + 12 * M, -75.01],
    [40 - 25 * M, -75.01, 40 - 25 * M, -74.99],
  ],
);

describe('limitAt', () => {
  it('takes the nearest road within 30 m without a heading', () => {
    expect(limitAt(index, 40 + 2 * M, -75)).toMatchObject({ way: { wayId: 1 }, limitMph: 65 });
    expect(limitAt(index, 40 + 9 * M, -75)).toMatchObject({ way: { wayId: 2 }, limitMph: 60 });
    expect(limitAt(index, 40 + 60 * M, -75)).toBeNull();
  });

  it('prefers the carriageway whose one-way direction agrees with the heading', () => {
    // 7 m from the east-bound carriageway, 5 m from the west-bound one: heading decides.
    const between = 40 + 7 * M;
    expect(limitAt(index, between, -75, 90)).toMatchObject({ way: { wayId: 1 }, direction: 'forward' });
    expect(limitAt(index, between, -75, 270)).toMatchObject({ way: { wayId: 2 }, direction: 'forward' });
  });

  it('gives the directional limit that follows the heading on a two-way road', () => {
    const on = 40 - 25 * M;
    expect(limitAt(index, on, -75, 85)).toMatchObject({ way: { wayId: 3 }, direction: 'forward', limitMph: 35 });
    expect(limitAt(index, on, -75, 265)).toMatchObject({ way: { wayId: 3 }, direction: 'backward', limitMph: 25 });
    // Without a heading the two limits cannot be told apart: none is claimed.
    const none = limitAt(index, on, -75)!;
    expect(none.way.wayId).toBe(3);
    expect(none.limitMph).toBeNaN();
  });

  it('returns the nearest road, flagged, when no road agrees with the heading', () => {
    expect(limitAt(index, 40 + 1 * M, -75, 0)).toMatchObject({ way: { wayId: 1 }, headingAgrees: false });
  });

  it('measures distance to the segment, not to its nodes', () => {
    const r = limitAt(index, 40 + 10 * M, -75.0)!;
    expect(r.way.wayId).toBe(2);
    expect(r.distanceM).toBeCloseTo(2, 1);
  });
});

describe('angleBetween', () => {
  it.each([
    [0, 350, 10],
    [90, 270, 180],
    [359, 1, 2],
    [-90, 270, 0],
    [45, 45 + 720, 0],
  ])('%s° and %s° differ by %s°', (a, b, d) => expect(angleBetween(a, b)).toBeCloseTo(d, 9));
});
