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
