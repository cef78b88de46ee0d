import { describe, expect, it } from 'vitest';
import { indexOfSorted, sortedCursor, sortedUnique } from '../../electron/node/roads/sorted-ids.ts';

/** A seeded LCG: the same "random" ids every run. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('sortedCursor', () => {
  const rand = lcg(7);
  const ids = sortedUnique(Float64Array.from({ length: 5000 }, () => 1e12 + Math.floor(rand() * 20_000)));

  it('finds what bisection finds for ids ascending, as an extract sorts its nodes, hits and misses alike', () => {
    const find = sortedCursor(ids);
    for (let id = 1e12 - 5; id < 1e12 + 20_005; id++) expect(find(id)).toBe(indexOfSorted(ids, id));
  });

  it('finds the same in any order (an unsorted extract is slower, never wrong)', () => {
    const find = sortedCursor(ids);
    for (let k = 0; k < 20_000; k++) {
      const id = 1e12 + Math.floor(rand() * 20_010) - 5;
      expect(find(id)).toBe(indexOfSorted(ids, id));
    }
  });

  it('finds nothing in no ids', () => {
    expect(sortedCursor(new Float64Array(0))(1)).toBe(-1);
  });
});
