import type { UtcDay } from '../../../../shared/util/day.ts';
import { stopIfCancelled } from '../../workers/rpc.ts';

/**
 * Days read per IndexedDB query of a selection: a month. Six months are six reads, so a selection the user
 * has left stops within one month's read instead of finishing all of them.
 */
export const READ_BLOCK_DAYS = 31;

/**
 * Reads consecutive `days` a block at a time (`read(first, last)` of each block), in order, checking `signal`
 * after each block: aborted, it rejects with a CancelledError and asks no further block. The next block is
 * asked while one is read (two in flight), so a busy thread's wait to resume between blocks costs no read time.
 */
export async function readDayBlocks<T>(
  days: readonly UtcDay[],
  read: (first: UtcDay, last: UtcDay) => Promise<T[]>,
  signal?: AbortSignal,
  blockDays = READ_BLOCK_DAYS,
): Promise<T[]> {
  stopIfCancelled(signal);
  const blockAt = (k: number) => {
    const block = days.slice(k, k + blockDays);
    const asked = read(block[0]!, block[block.length - 1]!);
    // A block asked ahead of a cancel is never awaited: its failure is not one.
    asked.catch(() => undefined);
    return asked;
  };
  const out: T[] = [];
  let reading = days.length > 0 ? blockAt(0) : null;
  for (let k = 0; reading; k += blockDays) {
    const ahead = k + blockDays < days.length ? blockAt(k + blockDays) : null;
    const got = await reading;
    stopIfCancelled(signal);
    out.push(...got);
    reading = ahead;
  }
  return out;
}
