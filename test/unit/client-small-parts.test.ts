import { describe, expect, it, vi } from 'vitest';
import { abortableSleep, fullJitterDelay, parseRetryAfter } from '../../electron/node/api/backoff.ts';
import { formatBytes, readCappedBody } from '../../electron/node/api/read-capped.ts';

describe('client small parts', () => {
  it('says a size cap as a person reads it', () => {
    expect([32 * 1024 * 1024, 1024 * 1024, 1536 * 1024, 512 * 1024, 1536, 1000, 64].map(formatBytes)).toEqual([
      '32 MB',
      '1 MB',
      '1.5 MB',
      '512 KB',
      '1.5 KB',
      '1000 bytes',
      '64 bytes',
    ]);
  });

  it('reads a body under the cap whole, and an absent body as empty', async () => {
    expect(Buffer.from((await readCappedBody(new Response('hello'), 5)) as Uint8Array).toString()).toBe('hello');
    expect(await readCappedBody(new Response('hello!'), 5)).toBe('too-large');
    expect(await readCappedBody(new Response(null), 5)).toEqual(new Uint8Array(0));
  });

  it('clamps a random source outside [0, 1] to the interval’s ends, and treats a negative attempt as the first', () => {
    const o = { baseMs: 100, capMs: 10_000 };
    expect(fullJitterDelay(0, { ...o, random: () => 7 })).toBe(100);
    expect(fullJitterDelay(0, { ...o, random: () => -3 })).toBe(0);
    expect(fullJitterDelay(-4, { ...o, random: () => 0.5 })).toBe(50);
    expect(fullJitterDelay(3, { ...o, random: () => 0.5 })).toBe(400);
  });

  it('reads fractional delta-seconds up to the next millisecond', () => {
    expect(parseRetryAfter('1.5', 0)).toBe(1500);
    expect(parseRetryAfter('0.0004', 0)).toBe(1);
  });

  it('sleeps for the time asked, and an abort ends the sleep with its reason and leaves no timer', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const p = abortableSleep(1_000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await p;
      expect(done).toBe(true);
      const ac = new AbortController();
      const q = abortableSleep(60_000, ac.signal);
      ac.abort(new Error('cancelled'));
      await expect(q).rejects.toThrow('cancelled');
      expect(vi.getTimerCount()).toBe(0);
      const already = new AbortController();
      already.abort(new Error('before'));
      await expect(abortableSleep(10, already.signal)).rejects.toThrow('before');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
