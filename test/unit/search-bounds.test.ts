import { describe, expect, it } from 'vitest';
import { lowerBound, partitionPoint, upperBound } from '../../shared/util/search.ts';

/** The definitions, by a linear scan: the truth the binary searches must match. */
const linearLower = (a: ArrayLike<number>, x: number, from: number, to: number) => {
  for (let i = from; i < to; i++) if (a[i]! >= x) return i;
  return to;
};
const linearUpper = (a: ArrayLike<number>, x: number, from: number, to: number) => {
  for (let i = from; i < to; i++) if (a[i]! > x) return i;
  return to;
};

/** Small seeded generator so a failure is reproducible. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('lowerBound / upperBound', () => {
  it('match a linear scan on sorted arrays with runs of equal values, at every probe and sub-range', () => {
    const rnd = lcg(12);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(rnd() * 20);
      const a = new Float64Array(n);
      for (let i = 1; i < n; i++) a[i] = a[i - 1]! + (rnd() < 0.4 ? 0 : Math.floor(rnd() * 3));
      const from = Math.floor(rnd() * (n + 1));
      const to = from + Math.floor(rnd() * (n - from + 1));
      for (let x = -1; x <= (a[n - 1] ?? 0) + 1; x += 0.5) {
        expect(lowerBound(a, x, from, to)).toBe(linearLower(a, x, from, to));
        expect(upperBound(a, x, from, to)).toBe(linearUpper(a, x, from, to));
      }
    }
  });
  it('an equal run: lower is its first index, upper one past its last', () => {
    const a = [1, 3, 3, 3, 7];
    expect(lowerBound(a, 3)).toBe(1);
    expect(upperBound(a, 3)).toBe(4);
    expect(lowerBound(a, 0)).toBe(0);
    expect(upperBound(a, 9)).toBe(5);
  });
  it('searches only the prefix given (a chunk whose arrays are longer than its length)', () => {
    const a = Float64Array.of(1, 2, 3, 0, 0);
    expect(lowerBound(a, 2.5, 0, 3)).toBe(2);
    expect(upperBound(a, 5, 0, 3)).toBe(3);
  });
  it('empty ranges answer their start', () => {
    expect(lowerBound([], 1)).toBe(0);
    expect(upperBound([5], 1, 1, 1)).toBe(1);
  });
});

describe('partitionPoint', () => {
  it('finds the first index whose predicate is false, on a computed key', () => {
    const key = [0, 10, 10, 25, 40];
    for (let p = -5; p <= 45; p++) {
      expect(partitionPoint(0, key.length, (i) => key[i]! <= p)).toBe(linearUpper(key, p, 0, key.length));
    }
  });
});
