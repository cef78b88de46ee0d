import type { DayChunk } from '../../../shared/track/types.ts';
import { addDays, type UtcDay } from '../../../shared/util/day.ts';

/**
 * Hands the sync engine's days to `sink` in day order while the download
 * runs. The engine emits a run's days when that run finishes, and runs paged
 * in parallel finish in any order; a day is passed on as soon as every day
 * before it has been, and the rest (if a day never came) in day order at the
 * end. `sink` calls are sequential, and awaited, so a slow sink holds the
 * engine back instead of piling days up.
 */
export interface DaysInOrder {
  push(chunk: DayChunk): Promise<void>;
  /** Passes on whatever is still held, in day order. */
  finish(): Promise<void>;
}

export function daysInOrder(first: UtcDay, sink: (chunk: DayChunk) => Promise<void>): DaysInOrder {
  const held = new Map<UtcDay, DayChunk>();
  let next = first;
  return {
    async push(chunk) {
      if (chunk.day < next || held.has(chunk.day))
        throw new Error(`day ${chunk.day} arrived twice or before ${first}: the export would be out of order`);
      held.set(chunk.day, chunk);
      for (let c = held.get(next); c !== undefined; c = held.get(next)) {
        held.delete(next);
        next = addDays(next, 1);
        await sink(c);
      }
    },
    async finish() {
      const rest = [...held.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      held.clear();
      for (const c of rest) await sink(c);
    },
  };
}
