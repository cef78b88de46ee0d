import { gapRule, isGapBetween, type GapParams } from '../track/gaps.ts';
import type { DayChunk } from '../track/types.ts';
import type { Series } from './types.ts';
import { lowerBound, upperBound } from '../util/search.ts';

export { downsampleStatusBands, type StatusBand, type StatusBandOptions } from './status-bands.ts';

/**
 * Chart downsampling. Both reducers only ever return input samples (never an
 * average), keep the first and last sample, and keep data gaps: a NaN value
 * marks a break, the samples on either side are reduced separately, and one
 * NaN (at the time of the first missing sample) separates them in the output
 * so a line chart does not bridge the gap. Output times are non-decreasing.
 */

type Values = ArrayLike<number>;

function checkParallel(t: Values, v: Values): void {
  if (t.length !== v.length)
    throw new RangeError(`Series times and values differ in length (${t.length} vs ${v.length})`);
}

/** Stretches of finite values; `sepT` is the time of the first missing sample before the run (NaN for the first run). */
interface Run {
  s: number;
  e: number;
  sepT: number;
}

function finiteRuns(t: Values, v: Values, from: number, to: number): Run[] {
  const runs: Run[] = [];
  let s = -1;
  let sepT = Number.NaN;
  for (let i = from; i < to; i++) {
    if (Number.isFinite(v[i]!)) {
      if (s < 0) s = i;
    } else {
      if (s >= 0) {
        runs.push({ s, e: i, sepT });
        s = -1;
        sepT = t[i]!;
      } else if (runs.length > 0 && Number.isNaN(sepT)) sepT = t[i]!;
    }
  }
  if (s >= 0) runs.push({ s, e: to, sepT });
  return runs;
}

class SeriesBuilder {
  readonly t: Float64Array;
  readonly v: Float64Array;
  n = 0;
  constructor(capacity: number) {
    this.t = new Float64Array(capacity);
    this.v = new Float64Array(capacity);
  }
  push(t: number, v: number): void {
    this.t[this.n] = t;
    this.v[this.n] = v;
    this.n++;
  }
  series(): Series {
    return { t: this.t.slice(0, this.n), v: this.v.slice(0, this.n) };
  }
}

/**
 * Largest-Triangle-Three-Buckets (Steinarsson 2013): keeps the visual shape
 * of a line with `threshold` samples. With gaps, each finite stretch gets a
 * share of the budget proportional to its length (at least its first and
 * last sample), so the output holds at most max(threshold, 3 × stretches − 1)
 * samples including separators. A series no longer than `threshold` comes back
 * unchanged (copied).
 */
export function lttb(t: Values, v: Values, threshold: number): Series {
  checkParallel(t, v);
  if (!(threshold >= 2) || !Number.isFinite(threshold))
    throw new RangeError(`LTTB threshold must be at least 2 (got ${threshold})`);
  const budget = Math.floor(threshold);
  const n = t.length;
  if (n <= budget) return { t: Float64Array.from(t), v: Float64Array.from(v) };
  const runs = finiteRuns(t, v, 0, n);
  const base = runs.map((r) => Math.min(r.e - r.s, 2));
  const spare = budget - (runs.length - 1) - base.reduce((a, b) => a + b, 0);
  const extraWeight = runs.reduce((a, r, k) => a + (r.e - r.s - base[k]!), 0);
  const out = new SeriesBuilder(n);
  runs.forEach((r, k) => {
    if (k > 0) out.push(r.sepT, Number.NaN);
    const extra = spare > 0 && extraWeight > 0 ? Math.floor((spare * (r.e - r.s - base[k]!)) / extraWeight) : 0;
    lttbRun(t, v, r.s, r.e, base[k]! + extra, out);
  });
  return out.series();
}

function lttbRun(t: Values, v: Values, s: number, e: number, m: number, out: SeriesBuilder): void {
  const n = e - s;
  if (m >= n) {
    for (let i = s; i < e; i++) out.push(t[i]!, v[i]!);
    return;
  }
  out.push(t[s]!, v[s]!);
  if (m >= 3) {
    // Buckets over the interior samples; each holds at least one because m < n.
    const every = (n - 2) / (m - 2);
    let a = s;
    for (let k = 0; k < m - 2; k++) {
      const lo = s + 1 + Math.floor(k * every);
      const hi = s + 1 + Math.floor((k + 1) * every);
      const nlo = hi;
      const nhi = k === m - 3 ? e : s + 1 + Math.floor((k + 2) * every);
      let avgT = 0;
      let avgV = 0;
      for (let j = nlo; j < nhi; j++) {
        avgT += t[j]!;
        avgV += v[j]!;
      }
      avgT /= nhi - nlo;
      avgV /= nhi - nlo;
      const ta = t[a]!;
      const va = v[a]!;
      let best = lo;
      let bestArea = -1;
      for (let j = lo; j < hi; j++) {
        const area = Math.abs((ta - avgT) * (v[j]! - va) - (ta - t[j]!) * (avgV - va));
        if (area > bestArea) {
          bestArea = area;
          best = j;
        }
      }
      out.push(t[best]!, v[best]!);
      a = best;
    }
  }
  out.push(t[e - 1]!, v[e - 1]!);
}

/** First index with t[i] >= x (strict: t[i] > x) in non-decreasing t. */
function bound(t: Values, x: number, strict: boolean): number {
  return strict ? upperBound(t, x) : lowerBound(t, x);
}

/**
 * M4 (Jugel et al. 2014): per pixel column the first, minimum, maximum and
 * last sample, which draws the same pixels as the full series at that width.
 * The window [tStart, tEnd] defaults to the whole series; the one sample just
 * outside each side of a narrower window is kept so the line reaches the
 * chart edge. At most 4 samples per column and finite stretch, never more than
 * the input.
 */
export function m4(t: Values, v: Values, pixelWidth: number, tStart?: number, tEnd?: number): Series {
  checkParallel(t, v);
  if (!Number.isInteger(pixelWidth) || pixelWidth < 1)
    throw new RangeError(`M4 pixel width must be a positive integer (got ${pixelWidth})`);
  const n = t.length;
  if (n === 0) return { t: new Float64Array(0), v: new Float64Array(0) };
  const t0 = tStart ?? t[0]!;
  const t1 = tEnd ?? t[n - 1]!;
  if (!(t1 >= t0)) throw new RangeError(`M4 window must have tEnd >= tStart (got ${t0} to ${t1})`);
  const from = Math.max(0, bound(t, t0, false) - 1);
  const to = Math.min(n, bound(t, t1, true) + 1);
  const scale = t1 > t0 ? pixelWidth / (t1 - t0) : 0;
  const column = (x: number): number =>
    x < t0 ? -1 : x > t1 ? pixelWidth : Math.min(pixelWidth - 1, Math.floor((x - t0) * scale));
  const out = new SeriesBuilder(to - from);
  let open = false;
  let col = 0;
  let first = 0;
  let min = 0;
  let max = 0;
  let last = 0;
  let sepT = Number.NaN;
  const flush = () => {
    const a = Math.min(min, max);
    const b = Math.max(min, max);
    let prev = -1;
    for (const i of [first, a, b, last]) {
      if (i !== prev) out.push(t[i]!, v[i]!);
      prev = i;
    }
    open = false;
  };
  for (let i = from; i < to; i++) {
    const x = v[i]!;
    if (!Number.isFinite(x)) {
      if (open) flush();
      if (out.n > 0 && Number.isNaN(sepT)) sepT = t[i]!;
      continue;
    }
    const c = column(t[i]!);
    if (open && c !== col) flush();
    if (!open) {
      if (!Number.isNaN(sepT)) {
        out.push(sepT, Number.NaN);
        sepT = Number.NaN;
      }
      open = true;
      col = c;
      first = min = max = last = i;
      continue;
    }
    if (x < v[min]!) min = i;
    if (x > v[max]!) max = i;
    last = i;
  }
  if (open) flush();
  return out.series();
}

export type TrackColumn = 'speed' | 'lat' | 'lng' | 'direction';

/**
 * One column of a track as a chart series, with a NaN at the middle of every
 * gap interval (shared/track/gaps.ts, midnight crossings included) so lttb and
 * m4 keep the break.
 */
export function trackSeries(
  chunks: readonly DayChunk[],
  column: TrackColumn = 'speed',
  gap: Partial<GapParams> = {},
): Series {
  const rule = gapRule(gap);
  let capacity = 0;
  for (const c of chunks) capacity += 2 * c.length;
  const out = new SeriesBuilder(capacity);
  let prevT = Number.NaN;
  let prevStatus = -1;
  let prevLat = Number.NaN;
  let prevLng = Number.NaN;
  for (const c of chunks) {
    const values = c[column];
    for (let i = 0; i < c.length; i++) {
      const ti = c.t[i]!;
      if (prevStatus >= 0 && isGapBetween(rule, prevT, prevStatus, prevLat, prevLng, ti, c.lat[i]!, c.lng[i]!))
        out.push((prevT + ti) / 2, Number.NaN);
      out.push(ti, values[i]!);
      prevT = ti;
      prevStatus = c.status[i]!;
      prevLat = c.lat[i]!;
      prevLng = c.lng[i]!;
    }
  }
  return out.series();
}
