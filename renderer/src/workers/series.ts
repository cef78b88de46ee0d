import { lowerBound, upperBound } from '../../../shared/util/search.ts';

/** Index range [lo, hi) of the readings within [fromMs, toMs]. */
export function windowOf(t: Float64Array, fromMs: number, toMs: number): [number, number] {
  const start = lowerBound(t, fromMs);
  return [start, upperBound(t, toMs, start)];
}

/**
 * The road's limit as a step line, one step per pixel column of [fromMs, toMs] (`px` columns) holding
 * readings: each step is the lowest limit of its column, so where the limit changes within a pixel the
 * line never shows more headroom than the road gave. A column whose readings have no limit breaks the
 * line (NaN), as does a silence longer than `gapMs` between readings; the last point closes the last step.
 * `t` ascending; only readings in the window count.
 */
export function limitSteps(
  t: Float64Array,
  limitMph: Float64Array,
  fromMs: number,
  toMs: number,
  px: number,
  gapMs: number,
): { t: Float64Array; v: Float64Array } {
  const [lo, hi] = windowOf(t, fromMs, toMs);
  const span = Math.max(1, toMs - fromMs);
  const outT: number[] = [];
  const outV: number[] = [];
  const push = (ms: number, v: number) => {
    outT.push(ms);
    outV.push(v);
  };
  let column = -1;
  let lowest = NaN;
  let stepStart = NaN;
  const close = () => {
    if (column >= 0) push(stepStart, lowest);
  };
  for (let i = lo; i < hi; i++) {
    const ms = t[i]!;
    if (i > lo && ms - t[i - 1]! > gapMs) {
      close();
      push(t[i - 1]!, NaN);
      column = -1;
    }
    const k = Math.min(px - 1, Math.floor(((ms - fromMs) / span) * px));
    if (k !== column) {
      close();
      column = k;
      lowest = NaN;
      stepStart = ms;
    }
    const v = limitMph[i]!;
    if (!Number.isNaN(v) && !(v >= lowest)) lowest = v;
  }
  close();
  if (hi > lo) push(t[hi - 1]!, outV[outV.length - 1]!);
  return { t: Float64Array.from(outT), v: Float64Array.from(outV) };
}
