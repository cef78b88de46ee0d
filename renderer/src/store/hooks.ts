import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** Re-runs `query` whenever the tables it read change (in any tab or in the store worker). */
export function useLive<T>(query: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    const sub = liveQuery(query).subscribe({ next: setValue, error: () => setValue(undefined) });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `query` reads, as with useEffect (a new query function each render)
  }, deps);
  return value;
}

/**
 * Calls `onValue` with `query`'s answer, and again whenever the tables it read change, without rendering:
 * for a value only effects and callbacks read (a render of a large page per answer would cost more than it).
 */
export function useLiveCallback<T>(
  query: () => Promise<T>,
  onValue: (value: T | undefined) => void,
  deps: readonly unknown[],
): void {
  useEffect(() => {
    const sub = liveQuery(query).subscribe({ next: onValue, error: () => onValue(undefined) });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `query` reads; `onValue` reads refs only
  }, deps);
}
