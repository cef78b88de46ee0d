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
  it('reads each key once while the stamp stays, and afresh once it changes', async () => {
    const s = fakeStore();
    s.write('a', 1);
    s.write('b', 2);
    const get = stampMemo(s.stamp, s.read);
    expect([await get('a'), await get('b'), await get('a'), await get('b')]).toEqual([1, 2, 1, 2]);
    expect(s.reads).toEqual(['a', 'b']);
    s.write('a', 10);
    expect([await get('a'), await get('b')]).toEqual([10, 2]);
    expect(s.reads).toEqual(['a', 'b', 'a', 'b']);
  });

  it('a write between the stamp and the read: the next call reads again and sees it', async () => {
    const s = fakeStore();
    s.write('a', 1);
    const get = stampMemo(s.stamp, s.read);
    s.duringRead = () => s.write('a', 2);
    // This read misses the write; what it keeps is under the stamp from before the write, so it is not used again.
    expect(await get('a')).toBe(1);
    expect(await get('a')).toBe(2);
    expect(s.reads).toEqual(['a', 'a']);
  });

  it('a stamp the caller took is used as is, and told to the read', async () => {
    const s = fakeStore();
    s.write('a', 1);
    const told: string[] = [];
    let stamps = 0;
    const get = stampMemo(
      async () => (stamps++, s.stamp()),
      async (key, stamp) => (told.push(stamp), s.read(key)),
    );
    expect([await get('a', '1'), await get('a', '1')]).toEqual([1, 1]);
    expect(stamps).toBe(0);
    expect(told).toEqual(['1']);
    // Another stamp given: read again under it.
    s.write('a', 3);
    expect(await get('a', '2')).toBe(3);
    expect(told).toEqual(['1', '2']);
    expect(await get('a')).toBe(3);
    expect(stamps).toBe(1);
  });
});
