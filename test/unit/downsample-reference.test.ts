// Over 300 lines: LTTB and M4 each against its own reference implementation, plus the hand-worked edge cases the references do not reach.
/**
 * lttb and m4 (shared/analysis/downsample.ts) against independent reference
 * implementations written here from the published algorithms, not from the
 * module: classic LTTB as in Steinarsson's 2013 reference code (bucket
 * `every = (n - 2) / (threshold - 2)`, the triangle with the average of the
 * next bucket, first largest area wins), applied per finite stretch with the
 * budget split documented in the module; and M4 as first/min/max/last per
 * pixel column. Outputs are compared exactly on hand-made series (expected
 * values worked out by hand) and on seeded pseudo-random series, plus the
 * documented edge cases: unchanged short series, argument errors, NaN
 * separators at the first missing sample, one- and two-sample stretches,
 * and trackSeries' gap NaN on a hand-built chunk.
 */
import { describe, expect, it } from 'vitest';
import { lttb, m4, trackSeries } from '../../shared/analysis/downsample.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import type { UtcDay } from '../../shared/util/day.ts';

type Pair = [number[], number[]];

/** Mulberry32: a tiny seeded PRNG so the random cases are reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Steinarsson's LTTB on one stretch (points as parallel arrays). */
function classicLttb(x: number[], y: number[], threshold: number): Pair {
  const len = x.length;
  if (threshold >= len) return [x.slice(), y.slice()];
  const ox = [x[0]!];
  const oy = [y[0]!];
  const every = (len - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i++) {
    const avgStart = Math.floor((i + 1) * every) + 1;
    const avgEnd = Math.min(Math.floor((i + 2) * every) + 1, len);
    let avgX = 0;
    let avgY = 0;
    for (let j = avgStart; j < avgEnd; j++) {
      avgX += x[j]!;
      avgY += y[j]!;
    }
    avgX /= avgEnd - avgStart;
    avgY /= avgEnd - avgStart;
    const rangeTo = Math.floor((i + 1) * every) + 1;
    let maxArea = -1;
    let next = a;
    for (let j = Math.floor(i * every) + 1; j < rangeTo; j++) {
      const area = Math.abs((x[a]! - avgX) * (y[j]! - y[a]!) - (x[a]! - x[j]!) * (avgY - y[a]!)) * 0.5;
      if (area > maxArea) {
        maxArea = area;
        next = j;
      }
    }
    ox.push(x[next]!);
    oy.push(y[next]!);
    a = next;
  }
  ox.push(x[len - 1]!);
  oy.push(y[len - 1]!);
  return [ox, oy];
}

/** Index ranges [s, e) of the finite stretches. */
function stretches(v: number[]): { s: number; e: number }[] {
  const out: { s: number; e: number }[] = [];
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i])) continue;
    if (out.length > 0 && out.at(-1)!.e === i) out.at(-1)!.e = i + 1;
    else out.push({ s: i, e: i + 1 });
  }
  return out;
}

/** LTTB with gaps as documented: each stretch keeps first and last, the spare budget goes by length beyond those. */
function refLttb(t: number[], v: number[], threshold: number): Pair {
  const budget = Math.floor(threshold);
  if (t.length <= budget) return [t.slice(), v.slice()];
  const runs = stretches(v);
  const lens = runs.map((r) => r.e - r.s);
  const fixed = lens.map((l) => Math.min(l, 2));
  const spare = budget - (runs.length - 1) - sum(fixed);
  const weight = sum(lens) - sum(fixed);
  const ot: number[] = [];
  const ov: number[] = [];
  runs.forEach((r, k) => {
    if (k > 0) {
      // The separator sits at the first missing sample after the previous stretch.
      ot.push(t[runs[k - 1]!.e]!);
      ov.push(Number.NaN);
    }
    const share = fixed[k]! + (spare > 0 && weight > 0 ? Math.floor((spare * (lens[k]! - fixed[k]!)) / weight) : 0);
    const [x, y] = classicLttb(t.slice(r.s, r.e), v.slice(r.s, r.e), share);
    ot.push(...x);
    ov.push(...y);
  });
  return [ot, ov];
}

/** M4: per pixel column (and per finite stretch) the first, min, max and last sample; one neighbour kept outside each window side. */
function refM4(t: number[], v: number[], width: number, t0 = t[0]!, t1 = t.at(-1)!): Pair {
  const all = range(t.length);
  const inside = all.filter((i) => t[i]! >= t0 && t[i]! <= t1);
  const before = all.filter((i) => t[i]! < t0);
  const after = all.filter((i) => t[i]! > t1);
  const idx = [...before.slice(-1), ...inside, ...after.slice(0, 1)];
  const col = (x: number) =>
    x < t0
      ? 'left'
      : x > t1
        ? 'right'
        : t1 === t0
          ? 0
          : Math.min(width - 1, Math.floor(((x - t0) * width) / (t1 - t0)));
  const ot: number[] = [];
  const ov: number[] = [];
  let group: number[] = [];
  let sep = Number.NaN;
  const flush = () => {
    if (group.length === 0) return;
    let lo = group[0]!;
    let hi = group[0]!;
    for (const i of group) {
      if (v[i]! < v[lo]!) lo = i;
      if (v[i]! > v[hi]!) hi = i;
    }
    for (const i of [...new Set([group[0]!, lo, hi, group.at(-1)!])].sort((a, b) => a - b)) {
      ot.push(t[i]!);
      ov.push(v[i]!);
    }
    group = [];
  };
  for (const i of idx) {
    if (!Number.isFinite(v[i])) {
      flush();
      if (ot.length > 0 && Number.isNaN(sep)) sep = t[i]!;
      continue;
    }
    if (group.length > 0 && col(t[i]!) !== col(t[group[0]!]!)) flush();
    if (group.length === 0 && !Number.isNaN(sep)) {
      ot.push(sep);
      ov.push(Number.NaN);
      sep = Number.NaN;
    }
    group.push(i);
  }
  flush();
  return [ot, ov];
}

const plain = (s: { t: Float64Array; v: Float64Array }): Pair => [[...s.t], [...s.v]];

/** Integer times with random steps (some repeated), a random walk of values, NaN holes of random length. */
function randomSeries(n: number, seed: number, holes: number, scale = 10): Pair {
  const r = prng(seed);
  const t: number[] = [];
  const v: number[] = [];
  let time = 1000;
  let x = 0;
  for (let i = 0; i < n; i++) {
    time += Math.floor(r() * 4);
    x += (r() - 0.5) * scale;
    t.push(time);
    v.push(x);
  }
  for (let h = 0; h < holes; h++) {
    const at = Math.floor(r() * n);
    const len = 1 + Math.floor(r() * 4);
    for (let i = at; i < Math.min(n, at + len); i++) v[i] = Number.NaN;
  }
  return [t, v];
}

describe('lttb against hand-worked examples', () => {
  it('threshold 3 keeps the spike that makes the largest triangle with the ends', () => {
    expect(plain(lttb(range(6), [0, 0, 10, 0, 0, 0], 3))).toEqual([
      [0, 2, 5],
      [0, 10, 0],
    ]);
  });

  it('threshold 4 picks per bucket by the triangle with the previous pick and the next bucket average', () => {
    // Buckets {1,2} and {3,4}; from (2,10) towards (5,0): index 3 has area 20, index 4 area 10.
    expect(plain(lttb(range(6), [0, 0, 10, 0, 0, 0], 4))).toEqual([
      [0, 2, 3, 5],
      [0, 10, 0, 0],
    ]);
  });

  it('a flat series keeps the first sample of each bucket (ties go to the earliest)', () => {
    const out = lttb(range(10), new Array<number>(10).fill(7), 5);
    // every = 8 / 3: buckets [1,3), [3,6), [6,9).
    expect([...out.t]).toEqual([0, 1, 3, 6, 9]);
  });

  it('picks the largest triangle even when every area is below 1', () => {
    const v = [0, 0.001, 0.004, 0.002, 0, 0.003, 0.0001, 0];
    expect(plain(lttb(range(8), v, 4))).toEqual(refLttb(range(8), v, 4));
    // Buckets {1,2,3} and {4,5,6}; with an initial best area of 1 the first of each bucket would win.
    expect([...lttb(range(8), v, 4).t]).toEqual([0, 2, 4, 7]);
  });

  it('averages the next bucket over its samples (last bucket looks at the final sample)', () => {
    // Alternating spikes, so the pick in each bucket depends on where the next bucket's average lies.
    const t = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const v = [0, 4, 3, 0, 9, -9, 0, 1, 0];
    expect(plain(lttb(t, v, 5))).toEqual(refLttb(t, v, 5));
  });
});

describe('lttb with short series and bad arguments', () => {
  it('returns a series no longer than the threshold unchanged, as fresh typed arrays', () => {
    const t = [1, 2, 3, 4];
    const v = [5, Number.NaN, Number.NaN, 6];
    const out = lttb(t, v, 4);
    expect(out.t).toBeInstanceOf(Float64Array);
    expect(plain(out)).toEqual([t, v]);
    expect(plain(lttb(t, v, 7.9))).toEqual([t, v]);
    const ft = Float64Array.from(t);
    const fv = Float64Array.from(v);
    const copy = lttb(ft, fv, 10);
    expect(copy.t).not.toBe(ft);
    expect(copy.v).not.toBe(fv);
    expect(plain(lttb([], [], 2))).toEqual([[], []]);
  });

  it('one sample longer than the threshold collapses repeated missing samples into one separator', () => {
    expect(plain(lttb([1, 2, 3, 4, 5], [5, Number.NaN, Number.NaN, Number.NaN, 6], 4))).toEqual([
      [1, 2, 5],
      [5, Number.NaN, 6],
    ]);
  });

  it('rejects thresholds below 2, NaN and infinity, naming the value', () => {
    for (const bad of [1.99, 1, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => lttb([1, 2, 3], [1, 2, 3], bad)).toThrow(
        new RangeError(`LTTB threshold must be at least 2 (got ${bad})`),
      );
    }
    expect(plain(lttb([1, 2, 3], [1, 2, 3], 2))).toEqual([
      [1, 3],
      [1, 3],
    ]);
  });

  it('rejects times and values of different lengths, naming both lengths', () => {
    expect(() => lttb([1, 2, 3], [1, 2], 2)).toThrow(
      new RangeError('Series times and values differ in length (3 vs 2)'),
    );
    expect(() => m4([1], [1, 2, 3, 4], 2)).toThrow(new RangeError('Series times and values differ in length (1 vs 4)'));
  });
});

describe('lttb with gaps', () => {
  const N = Number.NaN;

  it('places one NaN at the time of the first missing sample between stretches', () => {
    const t = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    const v = [1, 2, 3, N, N, 4, 5, 6, 7, 8];
    const out = plain(lttb(t, v, 6));
    expect(out).toEqual(refLttb(t, v, 6));
    expect(out[0]).toContain(40);
    expect(out[0]).not.toContain(50);
  });

  it('leading and trailing missing samples add no separator', () => {
    const t = range(12);
    const v = [N, N, 1, 5, 2, 8, 3, N, 4, 9, N, N];
    const out = plain(lttb(t, v, 5));
    expect(out).toEqual(refLttb(t, v, 5));
    expect(out[1].filter(Number.isNaN)).toHaveLength(1);
    expect(out[0][0]).toBe(2);
    expect(out[0].at(-1)).toBe(9);
  });

  it('keeps a one-sample stretch once, and a two-sample stretch whole', () => {
    // Stretches: [0] (1 sample), [2,4) (2 samples), [5,12) (7 samples).
    const t = range(12).map((i) => i * 10);
    const v = [4, N, 1, 2, N, 0, 9, 1, 8, 2, 7, 3];
    const out = plain(lttb(t, v, 9));
    expect(out).toEqual(refLttb(t, v, 9));
    expect(out[0].slice(0, 5)).toEqual([0, 10, 20, 30, 40]);
    expect(out[0].filter((x) => x === 0)).toHaveLength(1);
    // Budget 9 - 2 separators - (1 + 2 + 2) fixed = 2 spare, all to the long stretch: 4 of its 7 samples.
    expect(out[0]).toHaveLength(9);
    expect(out[0].slice(5)).toEqual([50, 60, 90, 110]);
  });

  it('stretches of one sample with a spare budget but nothing to spend it on come back once each', () => {
    expect(plain(lttb([1, 2, 3, 4, 5], [5, N, N, N, 6], 4))).toEqual([
      [1, 2, 5],
      [5, N, 6],
    ]);
    expect(plain(lttb(range(7), [5, N, N, 6, 7, N, N], 5))).toEqual([
      [0, 1, 3, 4],
      [5, N, 6, 7],
    ]);
  });

  it('splits the spare budget in proportion to each stretch beyond its ends', () => {
    // Stretches of 12 and 6 samples (10 and 4 beyond their ends); budget 12 - 1 separator - 4 = 7 spare.
    const t = range(19);
    const r = prng(7);
    const v = t.map((i) => (i === 12 ? N : Math.round(r() * 100)));
    const out = plain(lttb(t, v, 12));
    expect(out).toEqual(refLttb(t, v, 12));
    const sepAt = out[1].findIndex(Number.isNaN);
    // floor(7 * 10 / 14) = 5 extra → 7 samples; floor(7 * 4 / 14) = 2 extra → 4 samples.
    expect(sepAt).toBe(7);
    expect(out[0].length - sepAt - 1).toBe(4);
    expect(out[0][sepAt]).toBe(12);
  });

  it('a stretch whose share covers it is kept whole even when the series is over the threshold', () => {
    const t = range(14);
    const v = [1, 5, 2, N, N, N, N, 3, 8, 1, N, N, 6, 0];
    // n = 14 > 10; spare 10 - 2 - 6 = 2 covers the 2 samples beyond the ends.
    expect(plain(lttb(t, v, 10))).toEqual([
      [0, 1, 2, 3, 7, 8, 9, 10, 12, 13],
      [1, 5, 2, N, 3, 8, 1, N, 6, 0],
    ]);
  });

  it('more stretches than the threshold allows keeps first and last of each', () => {
    const t = range(17);
    const v = [1, 2, 3, 4, 5, N, 6, 7, 8, 9, 0, N, 9, 8, 7, 6, 5];
    expect(plain(lttb(t, v, 3))).toEqual([
      [0, 4, 5, 6, 10, 11, 12, 16],
      [1, 5, N, 6, 0, N, 9, 5],
    ]);
  });
});

describe('lttb on seeded random series matches the reference exactly', () => {
  it('without gaps, for many thresholds', () => {
    for (const seed of [1, 2, 3]) {
      const [t, v] = randomSeries(200, seed, 0);
      for (const threshold of [2, 3, 4, 5, 7, 10, 33, 64.5, 100, 199]) {
        expect(plain(lttb(t, v, threshold)), `seed ${seed} threshold ${threshold}`).toEqual(refLttb(t, v, threshold));
      }
    }
  });

  it('with tiny values, where every triangle area is below 1', () => {
    const [t, v] = randomSeries(120, 9, 0, 0.001);
    for (const threshold of [3, 6, 17, 50]) expect(plain(lttb(t, v, threshold))).toEqual(refLttb(t, v, threshold));
  });

  it('with gaps of several lengths, stretches not starting at index 0', () => {
    for (const seed of [4, 5, 6, 7, 8]) {
      const [t, v] = randomSeries(150, seed, 8);
      for (const threshold of [2, 3, 6, 12, 25, 40, 80, 140]) {
        expect(plain(lttb(t, v, threshold)), `seed ${seed} threshold ${threshold}`).toEqual(refLttb(t, v, threshold));
      }
    }
  });
});

describe('m4 against hand-worked examples', () => {
  const N = Number.NaN;

  it('one column keeps first, min, max and last in time order, each once', () => {
    expect(plain(m4(range(5), [1, 5, 0, 3, 2], 1))).toEqual([
      [0, 1, 2, 4],
      [1, 5, 0, 2],
    ]);
  });

  it('keeps the earliest of equal minima and of equal maxima', () => {
    expect(plain(m4(range(5), [5, 1, 9, 1, 3], 1))).toEqual([
      [0, 1, 2, 4],
      [5, 1, 9, 3],
    ]);
    expect(plain(m4(range(5), [5, 9, 1, 9, 3], 1))).toEqual([
      [0, 1, 2, 4],
      [5, 9, 1, 3],
    ]);
  });

  it('a sample at the window end belongs to the last column', () => {
    // Width 2 over [0, 8]: columns [0,4) and [4,8]; 8 is the last of column 1.
    expect(plain(m4([0, 4, 5, 6, 7, 8], [0, 1, 5, 0, 3, 2], 2))).toEqual([
      [0, 4, 5, 6, 8],
      [0, 1, 5, 0, 2],
    ]);
  });

  it('samples all at one time (zero-width window) form one column', () => {
    expect(plain(m4([5, 5, 5, 5, 5], [1, 3, 2, 0, 4], 3))).toEqual([
      [5, 5, 5],
      [1, 0, 4],
    ]);
    expect(plain(m4([1, 5, 5, 5, 5, 9], [7, 2, 3, 1, 4, 6], 3, 5, 5))).toEqual([
      [1, 5, 5, 5, 9],
      [7, 2, 1, 4, 6],
    ]);
  });

  it('a window starting exactly on a sample keeps the sample before it', () => {
    const t = [0, 10, 20, 30, 40, 50];
    expect(plain(m4(t, [1, 2, 3, 4, 5, 6], 10, 10, 40))).toEqual([
      [0, 10, 20, 30, 40, 50],
      [1, 2, 3, 4, 5, 6],
    ]);
  });

  it('the neighbour outside the window never joins an inside column', () => {
    // Window [0, 100], 10 columns; column 1 holds 15..18, column 0 holds 0..4.
    const t = [-5, 15, 16, 17, 18];
    expect(plain(m4(t, [5, 3, 1, 9, 4], 10, 0, 100))).toEqual([t, [5, 3, 1, 9, 4]]);
    const t2 = [-5, 0, 1, 2, 3, 4];
    expect(plain(m4(t2, [7, 5, 6, 1, 9, 4], 10, 0, 100))).toEqual([
      [-5, 0, 2, 3, 4],
      [7, 5, 1, 9, 4],
    ]);
    const t3 = [96, 97, 98, 99, 100, 130];
    expect(plain(m4(t3, [5, 6, 1, 9, 4, 7], 10, 0, 100))).toEqual([
      [96, 98, 99, 100, 130],
      [5, 1, 9, 4, 7],
    ]);
  });

  it('a missing sample splits a column; one NaN at the first missing sample, none at the ends', () => {
    const t = range(12);
    const v = [N, N, 3, 1, 4, N, N, 5, 9, 2, 6, N];
    expect(plain(m4(t, v, 1))).toEqual([
      [2, 3, 4, 5, 7, 8, 9, 10],
      [3, 1, 4, N, 5, 9, 2, 6],
    ]);
  });

  it('width 1 is allowed; non-integer or non-positive widths are rejected with the value', () => {
    expect(plain(m4([0, 1], [2, 3], 1))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    for (const bad of [0, -1, 2.5, Number.NaN]) {
      expect(() => m4([0, 1], [2, 3], bad)).toThrow(
        new RangeError(`M4 pixel width must be a positive integer (got ${bad})`),
      );
    }
  });

  it('a window may be one instant but not run backwards', () => {
    expect(plain(m4([3], [4], 5))).toEqual([[3], [4]]);
    expect(() => m4([0, 1, 2], [1, 2, 3], 4, 2, 1)).toThrow(
      new RangeError('M4 window must have tEnd >= tStart (got 2 to 1)'),
    );
  });
});

describe('m4 on seeded random series matches the reference exactly', () => {
  it('whole series and windows, with gaps and repeated times', () => {
    for (const seed of [11, 12, 13, 14]) {
      const [t, v] = randomSeries(400, seed, 12);
      // Make the span a power of two times the width so column arithmetic is exact.
      const t0 = t[0]!;
      const span = 1024;
      const tt = t.map((x) => t0 + Math.round(((x - t0) * span) / (t.at(-1)! - t0)));
      for (const width of [1, 2, 8, 32, 64, 256]) {
        expect(plain(m4(tt, v, width)), `seed ${seed} width ${width}`).toEqual(refM4(tt, v, width));
        const w0 = tt[57]!;
        const w1 = w0 + 512;
        expect(plain(m4(tt, v, width, w0, w1)), `window seed ${seed} width ${width}`).toEqual(
          refM4(tt, v, width, w0, w1),
        );
        expect(plain(m4(tt, v, width, w0 + 1, w1 + 1))).toEqual(refM4(tt, v, width, w0 + 1, w1 + 1));
      }
    }
  });
});

describe('trackSeries', () => {
  function chunk(t: number[], status: number[], lat: number[], speed: number[]): DayChunk {
    const n = t.length;
    return {
      length: n,
      t: Float64Array.from(t),
      lat: Float64Array.from(lat),
      lng: new Float64Array(n).fill(-104.99),
      speed: Float64Array.from(speed),
      direction: new Float64Array(n).fill(90),
      status: Uint8Array.from(status),
      vehicleId: 'v',
      day: '2026-02-01' as UtcDay,
      vehicleNumber: '1',
      vin: 'VIN',
      id: t.map((x) => String(x)),
      location: t.map(() => ''),
    };
  }
  const MIN = 60_000;

  it('puts no NaN in a track without gaps, and one NaN mid-way through a silence', () => {
    const T = Date.UTC(2026, 1, 1, 12);
    const steady = chunk([T, T + MIN, T + 2 * MIN], [1, 1, 1], [39.7, 39.7, 39.7], [0, 0, 0]);
    expect(plain(trackSeries([steady]))).toEqual([
      [T, T + MIN, T + 2 * MIN],
      [0, 0, 0],
    ]);
    const drive = chunk([T, T + MIN, T + 61 * MIN], [0, 0, 0], [39.7, 39.71, 40.5], [50, 51, 52]);
    expect(plain(trackSeries([drive], 'speed'))).toEqual([
      [T, T + MIN, T + 31 * MIN, T + 61 * MIN],
      [50, 51, Number.NaN, 52],
    ]);
  });
});
