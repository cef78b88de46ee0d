/**
 * The matcher reuses what it can across readings and days (shared/roads/match-candidates.ts, NearestWays's
 * columns; shared/roads/match-route.ts, one route finder per graph): nothing of one reading or one day may
 * leak into the next. Checked on real OpenStreetMap ways (Baltimore) against the candidates as they were
 * found with a list per reading, ties at shared nodes included, and by matching a day after others and after
 * the finder's stamps run out, against the same day matched with nothing before it.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRoadIndexFromFile } from '../../electron/node/roads/build.ts';
import { NearestWays } from '../../shared/roads/match-candidates.ts';
import { roadGraphOf } from '../../shared/roads/match-graph.ts';
import { routeFinderOf } from '../../shared/roads/match-route.ts';
import { matchReadings, type RoadMatch } from '../../shared/roads/match.ts';
import type { RoadIndex } from '../../shared/roads/types.ts';
import { referenceNearestWays } from '../support/nearest-ways-reference.ts';
import { driveTrace, randomDrive, type Trace } from '../support/road-traces.ts';

const BALTIMORE = path.resolve(import.meta.dirname, '../../../shared/osm/baltimore.osm.pbf');
const RADIUS_M = 50;
const MAX_WAYS = 4;

/** Readings from..to of a trace, as a day of its own. */
function slice(tr: Trace, from: number, to: number): Trace {
  const cut = <T extends { subarray(a: number, b: number): T }>(xs: T) => xs.subarray(from, to);
  return {
    ...tr,
    length: to - from,
    t: cut(tr.t),
    lat: cut(tr.lat),
    lng: cut(tr.lng),
    speed: cut(tr.speed),
    direction: cut(tr.direction),
  };
}

/** A match with a graph and finder of its own: a fresh index object over the same ways (graphs are kept per object). */
const matchedAlone = (index: RoadIndex, day: Trace): RoadMatch => matchReadings({ ...index }, day);

describe('the matcher reuses its columns and route finder without leaking between readings or days', () => {
  let baltimore: RoadIndex;
  let trace: Trace;
  beforeAll(async () => {
    baltimore = (await buildRoadIndexFromFile(BALTIMORE)).index;
    trace = driveTrace(baltimore, randomDrive(baltimore, 20_000, 7), {
      intervalS: 60,
      noiseM: 15,
      headingNoiseDeg: 10,
      seed: 7,
    });
    expect(trace.length).toBeGreaterThan(4500);
  }, 60_000);

  it('finds the candidates a list per reading found, in the same order, at noisy readings and exactly at shared nodes', () => {
    const near = new NearestWays(MAX_WAYS);
    const g = roadGraphOf(baltimore);
    // Every node where three or more edges meet: its ways' segments all lie 0 m away, a tie the order must keep.
    const crossings: [number, number][] = [];
    for (let n = 0; n < g.nodeLat.length; n++)
      if (g.outStart[n + 1]! - g.outStart[n]! >= 3) crossings.push([g.nodeLat[n]!, g.nodeLng[n]!]);
    const points: [number, number][] = [...crossings.slice(0, 3000)];
    for (let i = 0; i < Math.min(trace.length, 5000); i++) points.push([trace.lat[i]!, trace.lng[i]!]);
    points.push([NaN, -76.6], [39.3, Infinity]);
    let tied = 0;
    for (const [lat, lng] of points) {
      near.find(baltimore, lat, lng, RADIUS_M);
      const truth = referenceNearestWays(baltimore, lat, lng, RADIUS_M, MAX_WAYS);
      const found = Array.from({ length: near.count }, (_, k) => ({
        way: near.way[k]!,
        seg: near.seg[k]!,
        distanceM: near.distanceM[k]!,
        fraction: near.fraction[k]!,
      }));
      expect(found).toEqual(truth);
      if (truth.length > 1 && truth[0]!.distanceM === truth[1]!.distanceM) tied++;
    }
    // The crossings did test ties (several ways at exactly 0 m), and more ways than are kept were found.
    expect(tied).toBeGreaterThan(500);
    expect(crossings.length).toBeGreaterThan(3000);
  });

  it('matches a day after other days as it matches that day alone', () => {
    const days = [slice(trace, 0, 1500), slice(trace, 1500, 3000), slice(trace, 3000, 4500)];
    for (const day of days.slice(0, 2)) matchReadings(baltimore, day);
    const last = days[2]!;
    expect(matchReadings(baltimore, last)).toEqual(matchedAlone(baltimore, last));
  });

  it('still finds every route once its route finder has used up its stamps', () => {
    const day = slice(trace, 0, 1500);
    const index = { ...baltimore };
    const finder = routeFinderOf(roadGraphOf(index));
    // Two searches short of the stamps' range: the day's searches run past it.
    (finder as unknown as { round: number }).round = 0xffff_fffe;
    const across = matchReadings(index, day);
    expect((finder as unknown as { round: number }).round).toBeLessThan(1_000_000);
    expect(across).toEqual(matchedAlone(baltimore, day));
  });
});
