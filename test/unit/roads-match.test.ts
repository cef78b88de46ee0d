import { describe, expect, it } from 'vitest';
import { matchReadings } from '../../shared/roads/match.ts';
import { overLimitRuns } from '../../shared/roads/over-limit.ts';
import { CORRIDOR as C, corridorNetwork, driveTrace, readingsOfLeg, tally, type Leg } from '../support/road-traces.ts';

const corridor = corridorNetwork();
const NOISE_M = 15;

const SEEDS = [1, 2, 3, 4, 5];
const CADENCES = [
  { intervalS: 1, minFraction: 1 },
  { intervalS: 10, minFraction: 1 },
  // One reading a mile: the stated floor; the rest must be uncertain, never wrong and certain.
  { intervalS: 60, minFraction: 0.9 },
];

describe('matching beside a parallel frontage road (interstate 65 mph, frontage 25 mph, 45 m apart)', () => {
  for (const { intervalS, minFraction } of CADENCES) {
    it(`keeps a truck at 68 mph on the interstate, both directions, ${intervalS} s readings, ±${NOISE_M} m`, () => {
      for (const seed of SEEDS) {
        for (const dir of [1, -1] as const) {
          const legs: Leg[] = [{ way: C.interstate, dir, speedMph: 68, fromM: 500, toM: 11_500 }];
          const tr = driveTrace(corridor, legs, { intervalS, noiseM: NOISE_M, headingNoiseDeg: 10, seed });
          const m = matchReadings(corridor, tr);
          const t = tally(corridor, legs, tr, m, NOISE_M);
          expect(t.wrongCertain).toEqual([]);
          expect(t.fraction).toBeGreaterThanOrEqual(minFraction);
          expect(overLimitRuns(corridor, tr, m)).toEqual([]);
        }
      }
    });

    it(`keeps a truck at 38 mph on the frontage road and reports it moderate over 25, ${intervalS} s readings`, () => {
      for (const seed of SEEDS) {
        const legs: Leg[] = [{ way: C.frontage, dir: -1, speedMph: 38, fromM: 500, toM: 8_500 }];
        const tr = driveTrace(corridor, legs, { intervalS, noiseM: NOISE_M, headingNoiseDeg: NaN, seed });
        const m = matchReadings(corridor, tr);
        const t = tally(corridor, legs, tr, m, NOISE_M);
        expect(t.wrongCertain).toEqual([]);
        expect(t.fraction).toBeGreaterThanOrEqual(minFraction);
        const runs = overLimitRuns(corridor, tr, m);
        const certain = [...m.certain.keys()].filter((i) => m.certain[i]);
        expect(runs).toEqual([
          {
            start: certain[0],
            end: certain[certain.length - 1],
            peak: certain[0],
            overMph: 13,
            limitMph: 25,
            source: 'posted',
            road: 'Frontage Road',
            wayId: corridor.ways[C.frontage]!.wayId,
            tier: 'moderate',
          },
        ]);
      }
    });
  }

  it('holds the interstate by continuity when GPS drifts toward the frontage road (15 m bias plus ±15 m)', () => {
    // Some readings land nearer the frontage road than the interstate; the route between readings keeps them.
    for (const { intervalS, minFraction } of CADENCES)
      for (const seed of SEEDS)
        for (const speedKnown of [true, false]) {
          const legs: Leg[] = [{ way: C.interstate, dir: 1, speedMph: 68, fromM: 500, toM: 11_500 }];
          const tr = driveTrace(corridor, legs, { intervalS, noiseM: NOISE_M, headingNoiseDeg: 10, seed, biasM: 15 });
          if (!speedKnown) tr.speed.fill(NaN);
          const m = matchReadings(corridor, tr);
          const t = tally(corridor, legs, tr, m, NOISE_M);
          expect(t.wrongCertain).toEqual([]);
          expect(t.fraction).toBeGreaterThanOrEqual(speedKnown ? minFraction : Math.min(minFraction, 0.8));
        }
  });

  it('weighs the reading’s own speed: one reading between the roads, nearer the frontage, is on the interstate at 68 mph', () => {
    // 30 m north of the interstate's centreline, 15 m south of the frontage road's: nearest is the frontage road.
    const one = (speed: number) => {
      const tr = driveTrace(corridor, [{ way: C.interstate, dir: 1, speedMph: 60, fromM: 3000, toM: 3010 }], {
        intervalS: 100,
        noiseM: 0,
        headingNoiseDeg: 0,
        seed: 1,
        biasM: 30,
        biasBearing: 0,
      });
      tr.speed[0] = speed;
      return matchReadings(corridor, tr);
    };
    expect(one(68).way[0]).toBe(C.interstate);
    expect(one(68).limitMph[0]).toBe(65);
    expect(one(20).way[0]).toBe(C.frontage);
    expect(one(NaN).way[0]).toBe(C.frontage);
  });
});

/**
 * The corridor drive: the interstate east (64, then 74 mph: 9 over, then slowing), the exit ramp (38 in a
 * 35), the crossing road south (48 in a 45), the highway (57 in a 55), the town's main street (38 in a 35
 * for 400 m, 52 in a 35 for 5.2 km: 17 over, then 30).
 */
const DRIVE: Leg[] = [
  { way: C.interstate, dir: 1, speedMph: 64, fromM: 0, toM: 1000 },
  { way: C.interstate, dir: 1, speedMph: 74, fromM: 1000, toM: 7500 },
  { way: C.interstate, dir: 1, speedMph: 60, fromM: 7500, toM: 8000 },
  { way: C.ramp, dir: 1, speedMph: 38 },
  { way: C.crossing, dir: 1, speedMph: 48, fromM: 2500 },
  { way: C.highway, dir: 1, speedMph: 57 },
  { way: C.town, dir: 1, speedMph: 38, toM: 400 },
  { way: C.town, dir: 1, speedMph: 52, fromM: 400, toM: 5600 },
  { way: C.town, dir: 1, speedMph: 30, fromM: 5600 },
];
const FAST_INTERSTATE = 1;
const FAST_TOWN = 7;

describe('matching through an interchange and into a town', () => {
  for (const { intervalS, minFraction } of CADENCES) {
    for (const headingNoiseDeg of [10, NaN]) {
      const heading = Number.isNaN(headingNoiseDeg) ? 'no heading' : `heading ±${headingNoiseDeg}°`;
      it(`matches every leg and finds the two events known by construction, ${intervalS} s, ${heading}`, () => {
        for (const seed of SEEDS) {
          const tr = driveTrace(corridor, DRIVE, { intervalS, noiseM: NOISE_M, headingNoiseDeg, seed });
          const m = matchReadings(corridor, tr);
          const t = tally(corridor, DRIVE, tr, m, NOISE_M);
          expect(t.wrongCertain).toEqual([]);
          expect(t.fraction).toBeGreaterThanOrEqual(minFraction);
          const expected = [
            { leg: FAST_INTERSTATE, overMph: 9, limitMph: 65, tier: 'light', way: C.interstate },
            { leg: FAST_TOWN, overMph: 17, limitMph: 35, tier: 'heavy', way: C.town },
          ].map((e) => {
            const on = readingsOfLeg(tr, e.leg).filter((i) => m.certain[i]);
            // The construction gives each fast leg at least two certain readings a minute or more apart.
            expect(tr.t[on[on.length - 1]!]! - tr.t[on[0]!]!).toBeGreaterThanOrEqual(60_000);
            return expect.objectContaining({
              start: on[0],
              end: on[on.length - 1],
              overMph: e.overMph,
              limitMph: e.limitMph,
              tier: e.tier,
              wayId: corridor.ways[e.way]!.wayId,
            });
          });
          expect(overLimitRuns(corridor, tr, m)).toEqual(expected);
        }
      });
    }
  }

  it('keeps a truck crossing the interstate on the bridge on the crossing road, at 1 s and 60 s', () => {
    const legs: Leg[] = [{ way: C.crossing, dir: -1, speedMph: 45, fromM: 1000, toM: 4000 }];
    for (const intervalS of [1, 60])
      for (const seed of SEEDS) {
        const tr = driveTrace(corridor, legs, { intervalS, noiseM: NOISE_M, headingNoiseDeg: 10, seed });
        const m = matchReadings(corridor, tr);
        expect([...m.way]).toEqual(new Array(tr.length).fill(C.crossing));
      }
  });
});
