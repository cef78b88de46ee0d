/**
 * Reads kept in memory while the store's stamp (reads.ts storeStamp: it changes whenever a day is written or
 * deleted) stays the one they were read at; any other stamp reads afresh. The screens already reload on that
 * stamp alone, so a memo keyed by it shows nothing older than they would. The stamp is taken before the read:
 * a write landing between the two leaves the read kept under the older stamp, which the next call no longer
 * matches (it reads again), never the reverse. `read` is told that stamp, to keep what it reads under it too.
 * A caller reading several keys for one state of the store passes the stamp it took (before any of the reads).
 */
export function stampMemo<T>(
  stamp: () => Promise<string>,
  read: (key: string, stamp: string) => Promise<T>,
): (key: string, stampNow?: string) => Promise<T> {
  let kept: { stamp: string; values: Map<string, T> } = { stamp: '', values: new Map() };
  return async (key, stampNow) => {
    const now = stampNow ?? (await stamp());
    if (kept.stamp !== now) kept = { stamp: now, values: new Map() };
    const values = kept.values;
    if (values.has(key)) return values.get(key)!;
    const value = await read(key, now);
    values.set(key, value);
    return value;
  };
}
