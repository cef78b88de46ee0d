import { describe, expect, it } from 'vitest';
import { m4, trackSeries } from '../../shared/analysis/downsample.ts';
import { generateTrack, rng, toDayChunks } from '../support/tracks.ts';

function series(n: number, seed: number) {
  const r = rng(seed);
  const t = Float64Array.from({ length: n }, (_, i) => 1_000_000 + i * 1000 + Math.floor(r() * 500));
  const v = Float64Array.from({ length: n }, () => Math.round(r() * 1000) / 10);
  return { t, v };
}

describe('m4', () => {
  it('keeps first, last, and per pixel column the first, last, min and max of the input', () => {
    const { t, v } = series(50_000, 1);
    const width = 300;
    const out = m4(t, v, width);
    expect(out.t.length).toBeLessThanOrEqual(4 * width);
    expect([out.t[0], out.v[0]]).toEqual([t[0], v[0]]);
    expect([out.t.at(-1), out.v.at(-1)]).toEqual([t.at(-1), v.at(-1)]);
    for (let i = 1; i < out.t.length; i++) expect(out.t[i]!).toBeGreaterThan(out.t[i - 1]!);
    // Independent per-column extremes.
    const t0 = t[0]!;
    const span = t.at(-1)! - t0;
    const col = (x: number) => Math.min(width - 1, Math.floor(((x - t0) * width) / span));
    const inMin = new Map<number, number>();
    const inMax = new Map<number, number>();
    t.forEach((x, i) => {
      const c = col(x);
      inMin.set(c, Math.min(inMin.get(c) ?? Infinity, v[i]!));
      inMax.set(c, Math.max(inMax.get(c) ?? -Infinity, v[i]!));
    });
    const outMin = new Map<number, number>();
    const outMax = new Map<number, number>();
    out.t.forEach((x, i) => {
      const c = col(x);
      outMin.set(c, Math.min(outMin.get(c) ?? Infinity, out.v[i]!));
      outMax.set(c, Math.max(outMax.get(c) ?? -Infinity, out.v[i]!));
    });
    expect(outMin).toEqual(inMin);
    expect(outMax).toEqual(inMax);
    const byTime = new Map([...t].map((x, i) => [x, v[i]!]));
    out.t.forEach((x, i) => expect(out.v[i]).toBe(byTime.get(x)));
  });

  it('a window keeps the neighbours just outside it so the line reaches the edges', () => {
    const { t, v } = series(10_000, 2);
    const out = m4(t, v, 100, t[2000]! + 1, t[3000]!);
    expect(out.t[0]).toBe(t[2000]);
    expect(out.t.at(-1)).toBe(t[3001]);
    expect(out.t.length).toBeLessThanOrEqual(4 * 100 + 2);
  });

  it('never returns more samples than it got', () => {
    const { t, v } = series(30, 3);
    expect(m4(t, v, 1000).t.length).toBe(30);
    expect(m4(t.subarray(0, 0), v.subarray(0, 0), 10).t.length).toBe(0);
  });

  it('a gap in a track stays a gap: one NaN at the gap, none elsewhere', () => {
    const chunks = toDayChunks(
      'v',
      generateTrack(
        [
          { kind: 'drive', minutes: 300, mph: 60 },
          { kind: 'silence', minutes: 90, status: 'IN_MOTION', movedMiles: 60 },
          { kind: 'drive', minutes: 300, mph: 50 },
        ],
        { startMs: Date.UTC(2026, 1, 1, 20) },
      ),
    );
    const s = trackSeries(chunks, 'speed');
    expect([...s.v].filter(Number.isNaN)).toHaveLength(1);
    const out = m4(s.t, s.v, 50);
    const nans = [...out.v].map((x, i) => (Number.isNaN(x) ? i : -1)).filter((i) => i >= 0);
    expect(nans).toHaveLength(1);
    const k = nans[0]!;
    const gapStart = chunks.flatMap((c) => [...c.t]).find((x, i, all) => all[i + 1]! - x > 20 * 60_000)!;
    expect(out.t[k - 1]).toBe(gapStart);
    expect(out.t[k]!).toBeGreaterThan(gapStart);
    expect(out.t[k + 1]).toBe(gapStart + 90 * 60_000);
  });

  it('rejects a bad pixel width or window', () => {
    const { t, v } = series(10, 4);
    expect(() => m4(t, v, 0)).toThrow(RangeError);
    expect(() => m4(t, v, 2.5)).toThrow(RangeError);
    expect(() => m4(t, v, 10, 5, 4)).toThrow(RangeError);
  });
});
