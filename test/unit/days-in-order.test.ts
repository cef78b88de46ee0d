import { describe, expect, it } from 'vitest';
import { daysInOrder } from '../../electron/node/cli/days-in-order.ts';
import type { DayChunk } from '../../shared/track/types.ts';

const chunk = (day: string) => ({ day }) as DayChunk;

describe('daysInOrder', () => {
  it('passes each day on as soon as every earlier day is in, whatever order they arrive in', async () => {
    const seen: string[] = [];
    const order = daysInOrder('2026-02-27', async (c) => void seen.push(c.day));
    await order.push(chunk('2026-03-01'));
    await order.push(chunk('2026-03-02'));
    expect(seen).toEqual([]);
    await order.push(chunk('2026-02-28'));
    expect(seen).toEqual([]);
    await order.push(chunk('2026-02-27'));
    expect(seen).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    await order.push(chunk('2026-03-03'));
    expect(seen.at(-1)).toBe('2026-03-03');
  });

  it('at the end passes on the days held behind one that never came, in day order', async () => {
    const seen: string[] = [];
    const order = daysInOrder('2026-05-01', async (c) => void seen.push(c.day));
    await order.push(chunk('2026-05-04'));
    await order.push(chunk('2026-05-03'));
    await order.push(chunk('2026-05-01'));
    expect(seen).toEqual(['2026-05-01']);
    await order.finish();
    expect(seen).toEqual(['2026-05-01', '2026-05-03', '2026-05-04']);
  });

  it('refuses a day twice or a day before the first, rather than write out of order', async () => {
    const order = daysInOrder('2026-05-02', async () => {});
    await order.push(chunk('2026-05-02'));
    await expect(order.push(chunk('2026-05-02'))).rejects.toThrow(/out of order/);
    await expect(order.push(chunk('2026-05-01'))).rejects.toThrow(/out of order/);
    await order.push(chunk('2026-05-05'));
    await expect(order.push(chunk('2026-05-05'))).rejects.toThrow(/out of order/);
  });

  it('waits for the sink: a day is not passed on while the previous one is still being written', async () => {
    const log: string[] = [];
    let release = () => {};
    const order = daysInOrder('2026-05-01', async (c) => {
      log.push(`start ${c.day}`);
      if (c.day === '2026-05-01') await new Promise<void>((r) => (release = r));
      log.push(`end ${c.day}`);
    });
    await order.push(chunk('2026-05-02'));
    const first = order.push(chunk('2026-05-01'));
    await Promise.resolve();
    expect(log).toEqual(['start 2026-05-01']);
    release();
    await first;
    expect(log).toEqual(['start 2026-05-01', 'end 2026-05-01', 'start 2026-05-02', 'end 2026-05-02']);
  });
});
