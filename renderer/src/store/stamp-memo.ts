/**
 * Reads kept in memory while the store's stamp (reads.ts storeStamp: it changes whenever a day is written or
 * deleted) stays the one they were read at; any other stamp reads afresh. The screens already reload on that
 * stamp alone, so a memo keyed by it shows nothing older than they would. The caller takes the stamp before
 * the read (one stamp for all the keys it reads for one state of the store): a write landing between the two
 * leaves the read kept under the older stamp, which the next call no longer matches (it reads again), never
 * the reverse. `read` is told that stamp, to keep what it reads under it too.
 */
export function stampMemo<T>(
  read: (key: string, stamp: string) => Promise<T>,
): (key: string, stamp: string) => Promise<T> {
  let kept: { stamp: string; values: Map<string, T> } = { stamp: '', values: new Map() };
  return async (key, stamp) => {
    if (kept.stamp !== stamp) kept = { stamp, values: new Map() };
    const values = kept.values;
    if (values.has(key)) return values.get(key)!;
    const value = await read(key, stamp);
    values.set(key, value);
    return value;
  };
}
