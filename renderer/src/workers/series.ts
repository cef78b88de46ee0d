import { lowerBound, upperBound } from '../../../shared/util/search.ts';

/** Index range [lo, hi) of the readings within [fromMs, toMs]. */
export function windowOf(t: Float64Array, fromMs: number, toMs: number): [number, number] {
  const start = lowerBound(t, fromMs);
  return [start, upperBound(t, toMs, start)];
}
