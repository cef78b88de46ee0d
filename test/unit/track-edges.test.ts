// Over 300 lines: the columnar track's edges, one describe per module (day chunk, angles, summaries, gaps, outliers, local days, speeding runs) on hand-written readings.
import { describe, expect, it } from 'vitest';
import { MotionCode } from '../../shared/domain/status.ts';
import { buildDayChunk, chunkPoints, copyChunkRange, pointAt } from '../../shared/track/day-chunk.ts';
import { findGaps, gapRule, Interval, intervalBetween, isJump } from '../../shared/track/gaps.ts';
import { normalizeDegrees, normalizeLng } from '../../shared/track/geo.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { findOutliers } from '../../shared/track/outliers.ts';
import {
  combineSummaries,
  forEachSpeedingRun,
  resolveSummaryParams,
  summarizeDay,
} from '../../shared/track/summary.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

/**
 * Edges of the columnar track that the scenario tests pass over: ties and day bounds when a chunk is built,
 * copies that share nothing, angle normalisation, combined summaries in any order, the interval rule's
 * less common branches, and local days made of pieces of two UTC chunks. Expected values are written out.
 */
const DAY = '2026-03-14';
const MIDNIGHT = Date.UTC(2026, 2, 14);
const MIN = 60_000;

function reading(over: Partial<Breadcrumb> & { t: number }): Breadcrumb {
  return {
    id: `r${over.t}`,
    lat: 40,
    lng: -100,
    speed: 50,
    status: 'IN_MOTION',
    direction: 90,
    location: '',
    vehicleNumber: 'T-1',
    vin: 'VIN-1',
    ...over,
  };
}

const ids = (c: DayChunk) => [...c.id];

describe('building a day chunk', () => {
  it('orders readings of the same moment by id, whatever order they arrive in', () => {
    const t = MIDNIGHT + 5 * MIN;
    const arriving = [
      reading({ t, id: 'b' }),
      reading({ t, id: 'c' }),
      reading({ t: t - MIN, id: 'z' }),
      reading({ t, id: 'a' }),
    ];
    expect(ids(buildDayChunk('v', DAY, arriving))).toEqual(['z', 'a', 'b', 'c']);
    expect(ids(buildDayChunk('v', DAY, [...arriving].reverse()))).toEqual(['z', 'a', 'b', 'c']);
  });

  it('keeps a reading at 00:00:00.000 and at 23:59:59.999, and none of the days around', () => {
    const points = [
      reading({ t: MIDNIGHT - 1, id: 'before' }),
      reading({ t: MIDNIGHT, id: 'first' }),
      reading({ t: MIDNIGHT + 86_400_000 - 1, id: 'last' }),
      reading({ t: MIDNIGHT + 86_400_000, id: 'next-midnight' }),
    ];
    expect(ids(buildDayChunk('v', DAY, points))).toEqual(['first', 'last']);
  });

  it('takes the vehicle number and VIN from the earliest reading; an empty day has none', () => {
    const points = [
      reading({ t: MIDNIGHT + 2 * MIN, vehicleNumber: 'LATER', vin: 'VIN-LATER' }),
      reading({ t: MIDNIGHT + MIN, vehicleNumber: 'EARLIEST', vin: 'VIN-EARLIEST' }),
    ];
    const c = buildDayChunk('v', DAY, points);
    expect([c.vehicleNumber, c.vin]).toEqual(['EARLIEST', 'VIN-EARLIEST']);
    const empty = buildDayChunk('v', DAY, []);
    expect([empty.length, empty.vehicleNumber, empty.vin]).toEqual([0, '', '']);
  });

  it('reads a reading back as it went in; a chunk without ids or places reads them as empty text', () => {
    const p = reading({ t: MIDNIGHT + MIN, id: 'x1', location: 'Salina, KS', status: 'STATIONARY', speed: 0 });
    const c = buildDayChunk('v', DAY, [p]);
    expect([...chunkPoints(c)]).toEqual([p]);
    const bare = { ...c, id: [], location: [] };
    expect([pointAt(bare, 0).id, pointAt(bare, 0).location]).toEqual(['', '']);
  });

  it('copies a range of readings into a chunk of its own that shares nothing with the original', () => {
    const c = buildDayChunk(
      'v',
      DAY,
      [0, 1, 2, 3].map((k) => reading({ t: MIDNIGHT + k * MIN, lat: 40 + k, speed: 10 * k, location: `P${k}` })),
    );
    const part = copyChunkRange(c, 1, 3);
    expect(part.length).toBe(2);
    expect([...part.t]).toEqual([MIDNIGHT + MIN, MIDNIGHT + 2 * MIN]);
    expect([...part.lat, ...part.speed, ...part.direction, ...part.status]).toEqual([41, 42, 10, 20, 90, 90, 0, 0]);
    expect([...part.lng, ...part.id, ...part.location]).toEqual([-100, -100, c.id[1], c.id[2], 'P1', 'P2']);
    part.t[0] = 0;
    part.lat[0] = 0;
    part.lng[0] = 0;
    part.speed[0] = 0;
    part.direction[0] = 0;
    part.status[0] = 2;
    part.id[0] = 'changed';
    part.location[0] = 'changed';
    const original = pointAt(c, 1);
    expect(original).toMatchObject({ t: MIDNIGHT + MIN, lat: 41, lng: -100, speed: 10, direction: 90 });
    expect([original.status, original.id, original.location]).toEqual(['IN_MOTION', c.id[1], 'P1']);
  });
});

describe('angles', () => {
  it('longitude into [-180, 180): 180 is -180, and whole turns fall away', () => {
    const cases: [number, number][] = [
      [0, 0],
      [179.5, 179.5],
      [180, -180],
      [-180, -180],
      [190, -170],
      [-190, 170],
      [540, -180],
      [-725, -5],
    ];
    for (const [input, expected] of cases) expect([input, normalizeLng(input)]).toEqual([input, expected]);
  });

  it('heading into [0, 360): 360 is 0, negative headings count back from north', () => {
    const cases: [number, number][] = [
      [0, 0],
      [359.5, 359.5],
      [360, 0],
      [-90, 270],
      [725, 5],
      [-725, 355],
    ];
    for (const [input, expected] of cases) expect([input, normalizeDegrees(input)]).toEqual([input, expected]);
  });
});

describe('combined summaries', () => {
  /** A day of one vehicle: readings at the given minutes, the second an impossible 500 mph, the last 1.1 km on. */
  const still = (vehicleId: string, day: string, minutes: number[]) =>
    summarizeDay(
      buildDayChunk(
        vehicleId,
        day,
        minutes.map((m, k) =>
          reading({
            t: Date.parse(`${day}T00:00:00Z`) + m * MIN,
            lat: k === minutes.length - 1 ? 40.01 : 40,
            speed: k === 1 ? 500 : 0,
            status: 'STATIONARY',
          }),
        ),
      ),
    );

  it('span the earliest to the latest day and reading whatever the order, add outliers and gaps, sort vehicles', () => {
    const a = still('v2', '2026-03-16', [10, 20, 60]);
    const b = still('v1', '2026-03-14', [30, 40, 100]);
    const c = still('v2', '2026-03-15', [5, 6, 7]);
    const empty = summarizeDay(buildDayChunk('v3', '2026-03-17', []));
    for (const order of [
      [a, b, empty, c],
      [empty, c, b, a],
    ]) {
      const r = combineSummaries(order);
      expect(r.vehicleIds).toEqual(['v1', 'v2', 'v3']);
      expect([r.fromDay, r.toDay, r.days]).toEqual(['2026-03-14', '2026-03-17', 4]);
      expect(r.firstMs).toBe(Date.parse('2026-03-14T00:30:00Z'));
      expect(r.lastMs).toBe(Date.parse('2026-03-16T01:00:00Z'));
      expect(r.outliers).toBe(3);
      expect(r.gapSeconds).toBe(a.gapSeconds + b.gapSeconds + c.gapSeconds);
    }
    // Silences past 20 minutes that ended 1.1 km on: 50 and 70 minutes; c's 2 minutes are not a gap.
    expect([a.gapSeconds, b.gapSeconds, c.gapSeconds]).toEqual([50 * 60, 70 * 60, 0]);
  });
});

describe('the interval rule, less common branches', () => {
  const rule = gapRule();
  const T = MIDNIGHT + 8 * 60 * MIN;

  it('an OFFLINE reading followed 30 s later by one a kilometre away is a gap; 100 m away it is a stop', () => {
    const off = MotionCode.OFFLINE;
    expect(intervalBetween(rule, T, off, 0, 40, -100, T + 30_000, 40.009, -100)).toBe(Interval.GAP);
    expect(intervalBetween(rule, T, off, 0, 40, -100, T + 30_000, 40.0009, -100)).toBe(Interval.STOPPED);
  });

  it('a silence past a gap threshold shorter than the stop minimum, 100 m on, keeps the reading’s own state', () => {
    const short = gapRule({ gapSeconds: 60, minStopSeconds: 600 });
    const moving = intervalBetween(short, T, MotionCode.IN_MOTION, 40, 40, -100, T + 120_000, 40.0009, -100);
    expect(moving).toBe(Interval.MOVING);
  });

  it('with a one-minute stop minimum, 200 m in a minute (7.5 mph) is driving, 50 m (1.9 mph) is a stop', () => {
    const quick = gapRule({ minStopSeconds: 60 });
    const moving = MotionCode.IN_MOTION;
    expect(intervalBetween(quick, T, moving, 12, 40, -100, T + MIN, 40.0018, -100)).toBe(Interval.MOVING);
    expect(intervalBetween(quick, T, moving, 12, 40, -100, T + MIN, 40.00045, -100)).toBe(Interval.STOPPED);
  });

  it('a jump across the equator or the prime meridian is found (degree differences, not sums)', () => {
    expect(isJump(rule, 1000, 10, 30, -10, 30)).toBe(true);
    expect(isJump(rule, 1000, 0, 10, 0, -10)).toBe(true);
    expect(isJump(rule, 1000, 10, 30, 10.0001, 30)).toBe(false);
  });

  it('finds no gap after the last reading, even an OFFLINE one', () => {
    const c = buildDayChunk('v', DAY, [
      reading({ t: T, id: 'a' }),
      reading({ t: T + MIN, id: 'b', status: 'OFFLINE', speed: 0, lat: 40.005 }),
    ]);
    expect(findGaps(c)).toEqual([]);
  });
});

describe('outliers, edges', () => {
  const chunkOf = (points: { min: number; lat: number; speed?: number }[]) =>
    buildDayChunk(
      'v',
      DAY,
      points.map((p, k) => reading({ t: MIDNIGHT + p.min * MIN, id: `p${k}`, lat: p.lat, speed: p.speed ?? 50 })),
    );
  const flagged = (c: DayChunk, max?: number) => [...(findOutliers(c, max) ?? new Uint8Array(c.length))];

  it('a reported speed exactly at the plausible maximum is kept; a hair above is an outlier', () => {
    const c = chunkOf([
      { min: 0, lat: 40, speed: 110 },
      { min: 1, lat: 40.01, speed: 110.01 },
      { min: 2, lat: 40.02 },
    ]);
    expect(flagged(c, 110)).toEqual([0, 1, 0]);
  });

  it('a first fix 100 miles away is the outlier, and the readings after it are kept', () => {
    const c = chunkOf([
      { min: 0, lat: 41.5 },
      { min: 1, lat: 40 },
      { min: 2, lat: 40.01 },
      { min: 3, lat: 40.02 },
    ]);
    expect(flagged(c)).toEqual([1, 0, 0, 0]);
  });

  it('a reading dropped for its speed is no reference: the reading after it, on the road, is kept', () => {
    const c = chunkOf([
      { min: 0, lat: 40 },
      { min: 1, lat: 45, speed: 900 },
      { min: 2, lat: 40.02 },
      { min: 3, lat: 40.03 },
    ]);
    expect(flagged(c)).toEqual([0, 1, 0, 0]);
  });
});

describe('local days made of pieces', () => {
  const utc = (day: string, hours: number[], place: (h: number) => string) =>
    buildDayChunk(
      'v',
      day,
      hours.map((h) =>
        reading({ t: Date.parse(`${day}T00:00:00Z`) + h * 60 * MIN, id: `${day}-${h}`, location: place(h) }),
      ),
    );

  it('a Chicago day joins the evening of one UTC chunk to the morning of the next; local midnight (05:00Z) starts the next', () => {
    const first = utc('2026-03-14', [4, 7, 23], (h) => `A${h}`);
    const second = utc('2026-03-15', [1, 5, 7], (h) => `B${h}`);
    const days = localDayChunks([first, second], 'America/Chicago');
    expect(days.map((d) => [d.day, ...d.location])).toEqual([
      ['2026-03-13', 'A4'],
      ['2026-03-14', 'A7', 'A23', 'B1'],
      ['2026-03-15', 'B5', 'B7'],
    ]);
    expect(days[1]!.id).toEqual(['2026-03-14-7', '2026-03-14-23', '2026-03-15-1']);
  });

  it('limited to an interval, the places are cut with the readings', () => {
    const first = utc('2026-03-14', [4, 7, 23], (h) => `A${h}`);
    const interval = { startMs: Date.parse('2026-03-14T06:00:00Z'), endMs: Date.parse('2026-03-15T00:00:00Z') };
    const [only] = localDayChunks([first], 'UTC', interval);
    expect([only!.day, ...only!.location]).toEqual(['2026-03-14', 'A7', 'A23']);
  });

  it('no chunks, no days', () => {
    expect(localDayChunks([], 'America/Chicago')).toEqual([]);
  });
});

describe('speeding runs', () => {
  const p = resolveSummaryParams({ speedingThresholdMph: 70 });
  /** Readings at [minute, mph, lat]; lng fixed. */
  const day = (readings: [number, number, number][]) =>
    buildDayChunk(
      'v',
      DAY,
      readings.map(([m, speed, lat], k) => reading({ t: MIDNIGHT + m * MIN, id: `s${k}`, speed, lat })),
    );
  const runs = (c: DayChunk) => {
    const out: [number, number, number][] = [];
    forEachSpeedingRun(c, p, (r) => out.push([r.startIndex, r.endIndex, r.maxMph]));
    return out;
  };

  it('reports each run over the limit once, and nothing for readings at or under it', () => {
    expect(
      runs(
        day([
          [0, 60, 40],
          [1, 80, 40.02],
          [2, 85, 40.04],
          [3, 70, 40.06],
          [4, 75, 40.08],
        ]),
      ),
    ).toEqual([
      [1, 2, 85],
      [4, 4, 75],
    ]);
    expect(
      runs(
        day([
          [0, 60, 40],
          [1, 70, 40.02],
        ]),
      ),
    ).toEqual([]);
  });

  it('a silence longer than the gap threshold splits a run even where the truck stood still; exactly the threshold does not', () => {
    const still = (silence: number) =>
      day([
        [0, 80, 40],
        [1, 80, 40.02],
        [1 + silence, 80, 40.02],
        [2 + silence, 80, 40.04],
      ]);
    expect(runs(still(21))).toEqual([
      [0, 1, 80],
      [2, 3, 80],
    ]);
    expect(runs(still(20))).toEqual([[0, 3, 80]]);
  });

  it('a jump (50 miles in a minute) splits a run', () => {
    const c = day([
      [0, 80, 40],
      [1, 80, 40.02],
      [2, 80, 40.75],
      [3, 80, 40.77],
    ]);
    expect(runs(c)).toEqual([
      [0, 1, 80],
      [2, 3, 80],
    ]);
  });
});
