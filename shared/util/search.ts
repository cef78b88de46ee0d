/**
 * The binary searches of the code base, over values sorted ascending (typed
 * arrays, or a prefix of one: a chunk's arrays may be longer than its length).
 * Bounds follow C++'s std::lower_bound / std::upper_bound.
 */

/** First index in [from, to) for which `before(i)` is false; `to` when none. `before` must be true on a prefix, then false. */
export function partitionPoint(from: number, to: number, before: (i: number) => boolean): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [from, to) with a[i] >= x; `to` when none (where x goes before its equals). */
export function lowerBound(a: ArrayLike<number>, x: number, from = 0, to = a.length): number {
  return partitionPoint(from, to, (i) => a[i]! < x);
}

/** First index in [from, to) with a[i] > x; `to` when none (where x goes after its equals). */
export function upperBound(a: ArrayLike<number>, x: number, from = 0, to = a.length): number {
  return partitionPoint(from, to, (i) => a[i]! <= x);
}
