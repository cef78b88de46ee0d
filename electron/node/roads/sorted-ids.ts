/**
 * Compact number storage for the importer: a growing Float64Array (OSM ids
 * exceed 32 bits, and stay exact below 2^53) and bisection over sorted ids,
 * so millions of node ids cost 8 bytes each rather than an object each.
 */
export class GrowableFloat64 {
  private data = new Float64Array(1024);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }

  /** Drops the values (the importer's node ids, once located), so their memory can be collected. */
  release(): void {
    this.data = new Float64Array(0);
    this.length = 0;
  }

  /** The values pushed so far (a view: copy it before pushing more). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

/** The distinct values, ascending. */
export function sortedUnique(values: Float64Array): Float64Array {
  const sorted = values.slice().sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  return sorted.slice(0, n);
}

/** Where `id` is in the ascending `ids`, or -1. */
export function indexOfSorted(ids: Float64Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * `indexOfSorted` for ids that mostly arrive ascending (an extract's nodes are sorted by id): a gallop from
 * where the last one was found, so a pass costs about one step per id rather than a bisection; any order
 * still finds every id, just slower.
 */
export function sortedCursor(ids: Float64Array): (id: number) => number {
  let at = 0;
  return (id) => {
    if (ids.length === 0) return -1;
    if (ids[at]! > id) at = 0;
    let step = 1;
    let lo = at;
    let hi = at;
    while (hi < ids.length && ids[hi]! < id) {
      lo = hi;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, ids.length - 1);
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid]!;
      if (v === id) return (at = mid);
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    at = Math.min(lo, ids.length - 1);
    return -1;
  };
}
