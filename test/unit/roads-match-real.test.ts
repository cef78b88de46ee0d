import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRoadIndexFromFile } from '../../electron/node/roads/build.ts';
import { matchReadings } from '../../shared/roads/match.ts';
import { overLimitRuns } from '../../shared/roads/over-limit.ts';
import { tierOf } from '../../shared/roads/tiers.ts';
import type { RoadIndex } from '../../shared/roads/types.ts';
import { driveTrace, followRoad, readingsOfLeg, tally, type Leg } from '../support/road-traces.ts';

/**
 * Traces driven along real ways of ../shared/osm/ (ways named by OSM id), limits as the importer gives
 * them; events are known by construction from the speeds driven and those limits.
 */
const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');
const NOISE_M = 12;
const SEEDS = [21, 22, 23];
const CADENCES = [
  { intervalS: 1, minFraction: 0.98 },
  { intervalS: 10, minFraction: 0.95 },
  { intervalS: 60, minFraction: 0.9 },
];

let bayreuth: RoadIndex;
let baltimore: RoadIndex;
beforeAll(async () => {
  bayreuth = (await buildRoadIndexFromFile(path.join(OSM, 'north-bayreuth.osm.gz'))).index;
  baltimore = (await buildRoadIndexFromFile(path.join(OSM, 'baltimore.osm.pbf'))).index;
}, 60_000);

const wayOf = (index: RoadIndex, osmId: number) => {
  const w = index.ways.findIndex((x) => x.wayId === osmId);
  if (w < 0) throw new Error(`way ${osmId} is not in the index`);
  return w;
};
const limitOf = (index: RoadIndex, leg: Leg) => {
  const w = index.ways[leg.way]!;
  return leg.dir > 0 ? w.forwardMph : w.backwardMph;
};

/** Matches the drive at every cadence and seed; checks the ways, then hands each run's events to `events`. */
function drive(
  index: () => RoadIndex,
  legs: () => Leg[],
  events: (legs: Leg[], runs: ReturnType<typeof check>) => void,
) {
  for (const { intervalS, minFraction } of CADENCES)
    it(`${intervalS} s readings, ±${NOISE_M} m, heading ±10°`, () => {
      const l = legs();
      for (const seed of SEEDS) events(l, check(index(), l, intervalS, minFraction, seed));
    });
}

function check(index: RoadIndex, legs: Leg[], intervalS: number, minFraction: number, seed: number) {
  const tr = driveTrace(index, legs, { intervalS, noiseM: NOISE_M, headingNoiseDeg: 10, seed });
  const m = matchReadings(index, tr);
  const t = tally(index, legs, tr, m, NOISE_M);
  expect(t.wrongCertain).toEqual([]);
  expect(t.fraction).toBeGreaterThanOrEqual(minFraction);
  return { tr, m, runs: overLimitRuns(index, tr, m) };
}

describe('north of Bayreuth: the A 70 (posted 120 km/h, then 100) and a rural road beside it', () => {
  // The A 70 eastward from way 206617785, 7.7 km: 84 mph until the way before the sign changes from 120 to
  // 100 km/h, then 45 mph. Both signs are above a lorry's 80 km/h (49.7 mph) motorway maximum, its limit on
  // either: 84 is 34.3 over it, 45 is under it.
  const a70 = () => {
    const legs = followRoad(bayreuth, wayOf(bayreuth, 206617785), 1, 8000, 84);
    const signOf = (l: (typeof legs)[number]) => bayreuth.ways[l.way]!.limitText;
    const slow = legs.findIndex((l) => signOf(l) !== signOf(legs[0]!)) - 1;
    return legs.map((l, k) => (k >= slow ? { ...l, speedMph: 45 } : l));
  };
  describe('a truck at 84 mph on the motorway: one event over the limit', () => {
    drive(
      () => bayreuth,
      a70,
      (legs, { tr, m, runs }) => {
        const slow = legs.findIndex((l) => l.speedMph === 45);
        const fast = readingsOfLeg(tr, 0, slow - 1).filter((i) => m.certain[i]);
        const limit = limitOf(bayreuth, legs[0]!);
        expect(runs).toEqual([
          expect.objectContaining({
            start: fast[0],
            end: fast[fast.length - 1],
            limitMph: limit,
            overMph: 84 - limit,
            source: bayreuth.ways[legs[0]!.way]!.source,
            road: 'A 70',
            tier: tierOf(84 - limit),
          }),
        ]);
      },
    );
  });

  describe('a truck at 45 mph on the rural road (HGV default 60 km/h) beside it: on that road, light over its default', () => {
    drive(
      () => bayreuth,
      () => [{ way: wayOf(bayreuth, 31233723), dir: 1, speedMph: 45 }],
      (legs, { tr, m, runs }) => {
        const on = readingsOfLeg(tr, 0).filter((i) => m.certain[i]);
        const limit = limitOf(bayreuth, legs[0]!);
        expect(limit).toBeCloseTo(37.28, 2);
        expect(runs).toEqual([
          expect.objectContaining({
            start: on[0],
            end: on[on.length - 1],
            limitMph: limit,
            overMph: 45 - limit,
            source: 'default',
            wayId: 31233723,
            tier: 'light',
          }),
        ]);
      },
    );
  });
});

describe('Baltimore: I 895 (posted 50, then 55 mph) beside residential streets', () => {
  describe('a truck at 62 mph on I 895: one moderate event, its peak where the limit is 50', () => {
    drive(
      () => baltimore,
      () => followRoad(baltimore, wayOf(baltimore, 6009938), 1, 5000, 62),
      (_legs, { m, runs }) => {
        const certain = [...m.certain.keys()].filter((i) => m.certain[i]);
        expect(runs).toEqual([
          expect.objectContaining({
            start: certain[0],
            end: certain[certain.length - 1],
            limitMph: 50,
            overMph: 12,
            source: 'posted',
            road: 'Harbor Tunnel Thruway (I 895)',
            tier: 'moderate',
          }),
        ]);
      },
    );
  });

  describe('a truck at 30 mph on Rappolla Street (one-way, 35 by default) beside I 895: on the street, no event', () => {
    drive(
      () => baltimore,
      () => [{ way: wayOf(baltimore, 6012292), dir: 1, speedMph: 30 }],
      (_legs, { runs }) => expect(runs).toEqual([]),
    );
  });
});
