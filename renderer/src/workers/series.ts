/** Index range [lo, hi) of the readings within [fromMs, toMs]. */
export function windowOf(t: Float64Array, fromMs: number, toMs: number): [number, number] {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (t[m]! < fromMs) lo = m + 1;
    else hi = m;
  }
  const start = lo;
  hi = t.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (t[m]! <= toMs) lo = m + 1;
    else hi = m;
  }
  return [start, lo];
}
