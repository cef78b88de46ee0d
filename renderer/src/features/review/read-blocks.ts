import type { UtcDay } from '../../../../shared/util/day.ts';
import { stopIfCancelled } from '../../workers/rpc.ts';

/**
 * Days read per IndexedDB query of a selection: a month. Six months are six reads, so a selection the user
 * has left stops within one month's read instead of finishing all of them.
 */
export const READ_BLOCK_DAYS = 31;

/**
 * Reads consecutive `days` a block at a time (`read(first, last)` of each block), in order, checking `signal`
 * after each block: aborted, it rejects with a CancelledError and reads no further block.
 */
export async function readDayBlocks<T>(
  days: readonly UtcDay[],
  read: (first: UtcDay, last: UtcDay) => Promise<T[]>,
  signal?: AbortSignal,
  blockDays = READ_BLOCK_DAYS,
): Promise<T[]> {
  const out: T[] = [];
  for (let k = 0; k < days.length; k += blockDays) {
    stopIfCancelled(signal);
    const block = days.slice(k, k + blockDays);
    out.push(...(await read(block[0]!, block[block.length - 1]!)));
  }
  stopIfCancelled(signal);
  return out;
}
