/**
 * The inbox worker's memo of coverage rows (renderer/src/store/stamp-memo.ts): kept while the store's stamp
 * stays, read afresh at any other, and a write between the stamp and the read never leaves rows older than the
 * stamp they are kept under.
 */
import { describe, expect, it } from 'vitest';
import { stampMemo } from '../../renderer/src/store/stamp-memo.ts';

/** A store of one number per key and its stamp (the count of writes), with the reads it served. */
function fakeStore() {
  const values = new Map<string, number>();
  const store = {
    writes: 0,
    reads: [] as string[],
    /** Runs during the next read, after it took its value: a write the read misses, landing before it answers. */
    duringRead: null as (() => void) | null,
    write(key: string, v: number) {
      values.set(key, v);
      store.writes++;
    },
    stamp: async () => `${store.writes}`,
    read: async (key: string) => {
      const value = values.get(key) ?? 0;
      store.duringRead?.();
      store.duringRead = null;
      store.reads.push(key);
      return value;
    },
  };
  return store;
}

describe('stampMemo', () => {
  /** As its callers do: the stamp taken first, then the read under it. */
  const memo = (s: ReturnType<typeof fakeStore>) => {
    const get = stampMemo((key) => s.read(key));
    return async (key: string) => get(key, await s.stamp());
  };

  it('reads each key once while the stamp stays, and afresh once it changes', async () => {
    const s = fakeStore();
    s.write('a', 1);
    s.write('b', 2);
    const get = memo(s);
    expect([await get('a'), await get('b'), await get('a'), await get('b')]).toEqual([1, 2, 1, 2]);
    expect(s.reads).toEqual(['a', 'b']);
    s.write('a', 10);
    expect([await get('a'), await get('b')]).toEqual([10, 2]);
    expect(s.reads).toEqual(['a', 'b', 'a', 'b']);
  });

  it('a write between the stamp and the read: the next call reads again and sees it', async () => {
    const s = fakeStore();
    s.write('a', 1);
    const get = memo(s);
    s.duringRead = () => s.write('a', 2);
    // This read misses the write; what it keeps is under the stamp from before the write, so it is not used again.
    expect(await get('a')).toBe(1);
    expect(await get('a')).toBe(2);
    expect(s.reads).toEqual(['a', 'a']);
  });

  it('the stamp given is told to the read, and another stamp reads again under it', async () => {
    const s = fakeStore();
    s.write('a', 1);
    const told: string[] = [];
    const get = stampMemo(async (key, stamp) => (told.push(stamp), s.read(key)));
    expect([await get('a', '1'), await get('a', '1')]).toEqual([1, 1]);
    expect(told).toEqual(['1']);
    s.write('a', 3);
    expect(await get('a', '2')).toBe(3);
    expect(told).toEqual(['1', '2']);
    // Back to an older stamp: nothing older is served, it is read again.
    expect(await get('a', '1')).toBe(3);
    expect(told).toEqual(['1', '2', '1']);
  });
});
