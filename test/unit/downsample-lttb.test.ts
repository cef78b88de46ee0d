import { describe, expect, it } from 'vitest';
import { lttb } from '../../shared/analysis/downsample.ts';
import { rng } from '../support/tracks.ts';

function randomSeries(n: number, seed: number, nanEvery = 0) {
  const r = rng(seed);
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  let x = 50;
  for (let i = 0; i < n; i++) {
    t[i] = 1_750_000_000_000 + i * 60_000 + Math.floor(r() * 30_000);
    x = Math.max(0, x + (r() - 0.5) * 10);
    v[i] = nanEvery > 0 && i % nanEvery >= nanEvery - 3 ? Number.NaN : x;
  }
  return { t, v };
}

/** Every output sample is an input sample (same time, same value) or a NaN separator at the time of a missing input sample. */
function expectSubset(out: { t: Float64Array; v: Float64Array }, t: Float64Array, v: Float64Array) {
  const at = new Map<number, number>();
  t.forEach((x, i) => at.set(x, v[i]!));
  out.t.forEach((x, i) => {
    expect(at.has(x)).toBe(true);
    if (Number.isNaN(out.v[i])) expect(at.get(x)).toBeNaN();
    else expect(out.v[i]).toBe(at.get(x));
  });
  for (let i = 1; i < out.t.length; i++) expect(out.t[i]!).toBeGreaterThan(out.t[i - 1]!);
}

describe('lttb', () => {
  it('keeps first and last, respects the budget, invents nothing, time stays monotone', () => {
    const { t, v } = randomSeries(20_000, 1);
    for (const threshold of [2, 3, 10, 500, 1999]) {
      const out = lttb(t, v, threshold);
      expect(out.t.length).toBe(threshold);
      expect(out.t[0]).toBe(t[0]);
      expect(out.t.at(-1)).toBe(t.at(-1));
      expect(out.v[0]).toBe(v[0]);
      expect(out.v.at(-1)).toBe(v.at(-1));
      expectSubset(out, t, v);
    }
  });

  it('keeps a lone spike (the point of the triangle rule)', () => {
    const n = 1000;
    const t = Float64Array.from({ length: n }, (_, i) => i * 1000);
    const v = new Float64Array(n).fill(10);
    v[437] = 95;
    const out = lttb(t, v, 20);
    expect([...out.v]).toContain(95);
  });

  it('returns a short series unchanged', () => {
    const { t, v } = randomSeries(50, 2);
    const out = lttb(t, v, 50);
    expect([...out.t]).toEqual([...t]);
    expect([...out.v]).toEqual([...v]);
  });

  it('keeps gaps: each finite stretch starts and ends as in the input, separated by one NaN', () => {
    const { t, v } = randomSeries(10_000, 3, 1000);
    const out = lttb(t, v, 400);
    expectSubset(out, t, v);
    expect(out.t.length).toBeLessThanOrEqual(400);
    const separators = [...out.v].filter((x) => Number.isNaN(x)).length;
    expect(separators).toBe(9);
    // Around each separator: the last finite sample before the input gap, and the first after it.
    out.v.forEach((x, i) => {
      if (!Number.isNaN(x)) return;
      const k = t.indexOf(out.t[i]!);
      expect(out.t[i - 1]).toBe(t[k - 1]);
      expect(out.t[i + 1]).toBe(t[k + 3]);
    });
    expect(Number.isNaN(out.v[0]!)).toBe(false);
  });

  it('rejects a threshold below 2 and mismatched arrays', () => {
    const { t, v } = randomSeries(10, 4);
    expect(() => lttb(t, v, 1)).toThrow(RangeError);
    expect(() => lttb(t, v.subarray(1), 5)).toThrow(RangeError);
  });
});
