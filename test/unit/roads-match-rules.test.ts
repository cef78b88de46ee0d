import { describe, expect, it } from 'vitest';
import { matchReadings } from '../../shared/roads/match.ts';
import { driveTrace, line, ORIGIN, planNetwork, type Leg } from '../support/road-traces.ts';
import { METRES_PER_DEGREE } from '../../shared/roads/match-geometry.ts';

const SEEDS = [11, 12, 13];

/** Readings at (x, y) metres from the origin, 1 s apart, with the given speeds and headings. */
function at(points: [number, number][], speed: number, heading: number) {
  const kx = Math.cos((ORIGIN.lat * Math.PI) / 180) * METRES_PER_DEGREE;
  return {
    length: points.length,
    t: Float64Array.from(points, (_, i) => Date.parse('2026-06-01T12:00:00Z') + i * 1000),
    lat: Float64Array.from(points, ([, y]) => ORIGIN.lat + y / METRES_PER_DEGREE),
    lng: Float64Array.from(points, ([x]) => ORIGIN.lng + x / kx),
    speed: new Float64Array(points.length).fill(speed),
    direction: new Float64Array(points.length).fill(heading),
  };
}

describe('matching: direction of travel', () => {
  // A dual carriageway: eastbound (65) 10 m south of the centre, westbound (55) 10 m north, each one-way.
  const dual = planNetwork([
    { highway: 'motorway', oneway: 1, limitMph: 65, points: line([-3000, -10], [3000, -10], 500) },
    { highway: 'motorway', oneway: 1, limitMph: 55, points: line([3000, 10], [-3000, 10], 500) },
  ]);

  it('puts each direction on its own one-way carriageway 20 m apart, from the heading or, without one, the neighbours', () => {
    for (const seed of SEEDS)
      for (const headingNoiseDeg of [15, NaN])
        for (const [way, limit] of [
          [0, 65],
          [1, 55],
        ] as const) {
          const legs: Leg[] = [{ way, dir: 1, speedMph: 60, fromM: 200, toM: 5800 }];
          const tr = driveTrace(dual, legs, { intervalS: 1, noiseM: 15, headingNoiseDeg, seed });
          const m = matchReadings(dual, tr);
          expect(new Set(m.way)).toEqual(new Set([way]));
          expect(new Set(m.limitMph)).toEqual(new Set([limit]));
        }
  });

  it('gives the limit of the direction driven on a two-way road with a limit per direction', () => {
    const road = planNetwork([
      { highway: 'primary', limitMph: 55, backwardMph: 45, points: line([-3000, 0], [3000, 0], 500) },
    ]);
    for (const dir of [1, -1] as const) {
      const tr = driveTrace(road, [{ way: 0, dir, speedMph: 50, fromM: 500, toM: 5500 }], {
        intervalS: 10,
        noiseM: 15,
        headingNoiseDeg: 10,
        seed: 5,
      });
      const m = matchReadings(road, tr);
      expect(new Set(m.dir)).toEqual(new Set([dir]));
      expect(new Set(m.limitMph)).toEqual(new Set([dir > 0 ? 55 : 45]));
      expect(m.certain.every(Boolean)).toBe(true);
    }
  });

  it('does not know the direction of a truck standing still on such a road: uncertain, never a guess', () => {
    const road = planNetwork([
      { highway: 'primary', limitMph: 55, backwardMph: 45, points: line([-3000, 0], [3000, 0], 500) },
    ]);
    const m = matchReadings(
      road,
      at(
        [
          [0, 3],
          [1, -2],
          [-2, 1],
          [0, 0],
        ],
        0,
        NaN,
      ),
    );
    expect(new Set(m.way)).toEqual(new Set([0]));
    expect(m.certain.some(Boolean)).toBe(false);
  });
});

describe('matching: uncertainty and no road', () => {
  const twin = (a: number, b: number) =>
    planNetwork([
      { highway: 'primary', limitMph: a, points: line([-2000, -4], [2000, -4], 500) },
      { highway: 'service', limitMph: b, points: line([-2000, 4], [2000, 4], 500) },
    ]);

  it('calls a reading uncertain when roads with different limits cannot be told apart', () => {
    const index = twin(55, 35);
    const m = matchReadings(index, at([[0, 0]], 40, 90));
    expect(m.way[0]).toBeGreaterThanOrEqual(0);
    expect(m.certain[0]).toBe(false);
    expect(m.confidence[0]).toBeLessThan(0.9);
  });

  it('stays certain of the limit when the roads it cannot tell apart share it', () => {
    const m = matchReadings(twin(45, 45), at([[0, 0]], 40, 90));
    expect(m.limitMph[0]).toBe(45);
    expect(m.certain[0]).toBe(true);
  });

  it('matches nothing farther than the radius: way -1, no limit, source none, not certain', () => {
    const index = twin(55, 35);
    const m = matchReadings(
      index,
      at(
        [
          [0, 60],
          [0, 53.5],
        ],
        40,
        90,
      ),
    );
    expect([...m.way]).toEqual([-1, 1]);
    expect(Number.isNaN(m.limitMph[0])).toBe(true);
    expect(m.source[0]).toBe('none');
    expect(m.certain[0]).toBe(false);
    expect(matchReadings(index, at([[0, 60]], 40, 90), { radiusM: 70 }).way[0]).toBe(1);
  });

  it('matches readings of unknown position to nothing and keeps going', () => {
    const index = twin(55, 35);
    const r = at(
      [
        [0, -4],
        [10, -4],
        [20, -4],
      ],
      40,
      90,
    );
    r.lat[1] = NaN;
    const m = matchReadings(index, r);
    expect([...m.way]).toEqual([0, -1, 0]);
  });
});
