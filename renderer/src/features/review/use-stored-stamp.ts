import { useRef, useState } from 'react';
import { useLiveCallback } from '../../store/hooks.ts';
import { storedDaysStamp } from '../../store/reads.ts';
import { addDays } from '../../../../shared/util/day.ts';

/**
 * What is stored of a selection's days, as one string (`storedDaysStamp`, prefixed with the days it names),
 * and a reload whenever they change under a load: never stale figures.
 *
 * A load does not wait for the live query's answer (it arrives a render or two after the selection, 90–250 ms
 * on a busy page): it reads the stamp itself just before its own reads, so the stamp it holds is never newer
 * than what it read, and a write between the two always shows as a difference. When the live stamp and the
 * load's differ, either may be the older one (the live query may have read before the write, and will answer
 * again); a stamp read then decides, so a load is repeated only when the store really moved past it.
 */
export interface StoredStamp {
  /** The live stamp of these days now, once the live query has answered for them. */
  known: () => string | undefined;
  /** Reads these days' stamp now (call it before the load's reads: its transaction comes first). */
  read: () => Promise<string>;
  /** A load read these days (this render's) at `stamp`: while `isCurrent()`, a change of them bumps `reloads`. */
  watch: (stamp: string, isCurrent: () => boolean) => void;
  /** Bumped whenever a load's days changed after it read them: a dependency of the load. */
  reloads: number;
}

interface Watched {
  days: string;
  stamp: string;
  read: () => Promise<string>;
  isCurrent: () => boolean;
}

/** The UTC days a local range overlaps reach one day beyond it on either side. */
function readStampOf(carrierId: string, vehicleId: string, from: string, to: string): () => Promise<string> {
  const days = daysOf(carrierId, vehicleId, from, to);
  return async () =>
    vehicleId && from ? days + (await storedDaysStamp(carrierId, vehicleId, addDays(from, -1), addDays(to, 1))) : '';
}

function daysOf(carrierId: string, vehicleId: string, from: string, to: string): string {
  return `${carrierId}/${vehicleId}:${from}:${to}|`;
}

/** Whether the watched load's days are stored otherwise now than it read them (`live` says so, a read confirms). */
async function outdated(w: Watched, live: string | undefined): Promise<boolean> {
  if (live === undefined || !live.startsWith(w.days) || live === w.stamp) return false;
  return (await w.read()) !== w.stamp;
}

export function useStoredStamp(carrierId: string, vehicleId: string, from: string, to: string): StoredStamp {
  const days = daysOf(carrierId, vehicleId, from, to);
  const read = readStampOf(carrierId, vehicleId, from, to);
  const [reloads, setReloads] = useState(0);
  const watched = useRef<Watched | null>(null);
  const liveNow = useRef<string | undefined>(undefined);
  const check = (w: Watched | null) => {
    if (!w) return;
    void outdated(w, liveNow.current).then(
      (yes) => yes && watched.current === w && w.isCurrent() && setReloads((n) => n + 1),
      () => undefined,
    );
  };
  // The live answers render nothing: only a reload does.
  useLiveCallback(
    read,
    (value) => {
      liveNow.current = value;
      check(watched.current);
    },
    [carrierId, vehicleId, from, to],
  );
  const watch = (stamp: string, isCurrent: () => boolean) => {
    const w: Watched = { days, stamp, read, isCurrent };
    watched.current = w;
    check(w);
  };
  // Until the query for new days answers, the live value is the last days' one.
  const known = () => (liveNow.current?.startsWith(days) ? liveNow.current : undefined);
  return { known, read, watch, reloads };
}
