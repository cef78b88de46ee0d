/** A selection's days are read a month at a time, and a left selection reads no block after its cancel. */
import { describe, expect, it } from 'vitest';
import { readDayBlocks } from '../../renderer/src/features/review/read-blocks.ts';
import { isCancelled } from '../../renderer/src/workers/rpc.ts';
import { addDays, type UtcDay } from '../../shared/util/day.ts';

const daysFrom = (first: UtcDay, n: number): UtcDay[] => Array.from({ length: n }, (_, k) => addDays(first, k));

describe('readDayBlocks', () => {
  it('reads consecutive blocks covering every day once, in order', async () => {
    const days = daysFrom('2026-05-01', 70);
    const asked: [UtcDay, UtcDay][] = [];
    const got = await readDayBlocks(
      days,
      (a, b) => (asked.push([a, b]), Promise.resolve(daysFrom(a, 1 + days.indexOf(b) - days.indexOf(a)))),
      undefined,
      31,
    );
    expect(asked).toEqual([
      ['2026-05-01', '2026-05-31'],
      ['2026-06-01', '2026-07-01'],
      ['2026-07-02', '2026-07-09'],
    ]);
    expect(got).toEqual(days);
  });

  it('asks no block after the one in flight when cancelled, rejecting as cancelled', async () => {
    const days = daysFrom('2026-01-01', 180);
    const abort = new AbortController();
    let blocks = 0;
    const read = async (a: UtcDay) => {
      blocks++;
      // The user leaves while the second block is being read (the third is asked only once the first is in).
      if (blocks === 2) abort.abort();
      return [a];
    };
    await expect(readDayBlocks(days, read, abort.signal, 31)).rejects.toSatisfy(isCancelled);
    expect(blocks).toBe(2);
  });

  it('reads nothing for a selection already left, nor for no days', async () => {
    const gone = new AbortController();
    gone.abort();
    let blocks = 0;
    const read = () => (blocks++, Promise.resolve([]));
    await expect(readDayBlocks(daysFrom('2026-01-01', 5), read, gone.signal)).rejects.toSatisfy(isCancelled);
    expect(await readDayBlocks([], read)).toEqual([]);
    expect(blocks).toBe(0);
  });
});
