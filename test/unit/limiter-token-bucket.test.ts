import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRateLimiter,
  getProviderLimiter,
  providerKeyFingerprint,
  resetProviderLimiters,
} from '../../electron/node/api/rate-limiter.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
  resetProviderLimiters();
});

/** Acquires n times and records the fake time each grant happened at. */
function grantTimes(acquire: () => Promise<void>, n: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < n; i++) void acquire().then(() => times.push(Date.now()));
  return times;
}

describe('token bucket', () => {
  it('lets a burst through at once, then paces at ratePerSec', async () => {
    const limiter = createRateLimiter({ ratePerSec: 4, burst: 3, now: () => Date.now() });
    const times = grantTimes(() => limiter.acquire(), 7);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times).toHaveLength(7);
    expect(times.slice(0, 3)).toEqual([0, 0, 0]);
    const gaps = times.slice(3).map((t, i) => t - (times[i + 2] ?? 0));
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(250);
    expect(times[6]).toBeLessThanOrEqual(1_000 + 5);
  });

  it('refills up to burst while idle', async () => {
    const limiter = createRateLimiter({ ratePerSec: 10, burst: 5, now: () => Date.now() });
    grantTimes(() => limiter.acquire(), 5);
    await vi.advanceTimersByTimeAsync(10_000);
    const times = grantTimes(() => limiter.acquire(), 6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times.slice(0, 5).every((t) => t === 10_000)).toBe(true);
    expect(times[5]).toBeGreaterThanOrEqual(10_100);
  });

  it('serves waiters in FIFO order', async () => {
    const limiter = createRateLimiter({ ratePerSec: 2, burst: 1, now: () => Date.now() });
    const order: number[] = [];
    for (let i = 0; i < 5; i++) void limiter.acquire().then(() => order.push(i));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('an aborted waiter leaves the queue and rejects', async () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 1, now: () => Date.now() });
    await limiter.acquire();
    const ac = new AbortController();
    const p = limiter.acquire(ac.signal);
    const after = limiter.acquire();
    ac.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    let done = false;
    void after.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_001);
    expect(done).toBe(true);
    expect(limiter.snapshot().waiting).toBe(0);
  });

  it('penalize pauses every user until the server said', async () => {
    const limiter = createRateLimiter({ ratePerSec: 100, burst: 10, now: () => Date.now() });
    limiter.penalize(3_000);
    const a = grantTimes(() => limiter.acquire(), 2);
    const b = grantTimes(() => limiter.acquire(), 2);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(a.length + b.length).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([...a, ...b].every((t) => t >= 3_000)).toBe(true);
    expect(a.length + b.length).toBe(4);
  });

  it('resumes at the sustained rate after a 429, not in a full burst (pause longer than burst/rate)', async () => {
    // burst 10 at 2/s: a full bucket would let all six through at once when the 5 s pause ends;
    // the sustained rate lets one through then, and the rest every 500 ms.
    const limiter = createRateLimiter({ ratePerSec: 2, burst: 10, now: () => Date.now() });
    limiter.penalize(5_000);
    const times = grantTimes(() => limiter.acquire(), 6);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times).toEqual([5_000, 5_500, 6_000, 6_500, 7_000, 7_500]);
  });

  it('a 429 in the middle of a burst leaves nothing of the burst for after the pause', async () => {
    const limiter = createRateLimiter({ ratePerSec: 4, burst: 8, now: () => Date.now() });
    const first = grantTimes(() => limiter.acquire(), 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toEqual([0, 0]);
    limiter.penalize(1_000);
    expect(limiter.snapshot().tokens).toBeLessThanOrEqual(1);
    const after = grantTimes(() => limiter.acquire(), 3);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(after).toEqual([1_000, 1_250, 1_500]);
  });

  it('unlimited mode never waits but still honours a penalty', async () => {
    const limiter = createRateLimiter({ unlimited: true, now: () => Date.now() });
    const times = grantTimes(() => limiter.acquire(), 1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(times).toHaveLength(1000);
    limiter.penalize(500);
    const later = grantTimes(() => limiter.acquire(), 1);
    await vi.advanceTimersByTimeAsync(600);
    expect(later[0]).toBeGreaterThanOrEqual(500);
  });
});

describe('token bucket: clock, timers and snapshot', () => {
  it('refuses a rate that is zero, negative or not a number, saying which', () => {
    for (const rate of [0, -2, Number.NaN])
      expect(() => createRateLimiter({ ratePerSec: rate }), String(rate)).toThrow(
        new RangeError(`ratePerSec must be positive, got ${rate}`),
      );
    // unlimited (explicitly, or an infinite rate) needs no rate
    expect(() => createRateLimiter({ unlimited: true, ratePerSec: 0 })).not.toThrow();
    expect(() => createRateLimiter({ ratePerSec: Number.POSITIVE_INFINITY })).not.toThrow();
  });

  it('unlimited mode spends no tokens: the snapshot keeps a full bucket', async () => {
    const limiter = createRateLimiter({ unlimited: true, burst: 5, now: () => Date.now() });
    grantTimes(() => limiter.acquire(), 20);
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.snapshot()).toEqual({ tokens: 5, waiting: 0, pausedForMs: 0 });
  });

  it('an infinite rate is unlimited: it never waits and its bucket stays full (no NaN tokens)', async () => {
    for (const opts of [
      { ratePerSec: Number.POSITIVE_INFINITY },
      { ratePerSec: Number.POSITIVE_INFINITY, unlimited: true },
    ]) {
      const limiter = createRateLimiter({ ...opts, burst: 3, now: () => Date.now() });
      const times = grantTimes(() => limiter.acquire(), 10);
      await vi.advanceTimersByTimeAsync(0);
      expect(times).toHaveLength(10);
      expect(limiter.snapshot().tokens).toBe(3);
    }
  });

  it('waits only for the missing fraction of a token', async () => {
    // 4/s: a token every 250 ms. 100 ms after the bucket emptied, 0.4 of a token is there: the wait is 150 ms.
    const limiter = createRateLimiter({ ratePerSec: 4, burst: 1, now: () => Date.now() });
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(100);
    const times = grantTimes(() => limiter.acquire(), 1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times).toEqual([250]);
  });

  it('a pause is measured from when the 429 came, on a clock that does not start at zero', async () => {
    vi.setSystemTime(50_000);
    const limiter = createRateLimiter({ ratePerSec: 100, burst: 5, now: () => Date.now() });
    limiter.penalize(3_000);
    expect(limiter.snapshot().pausedForMs).toBe(3_000);
    const times = grantTimes(() => limiter.acquire(), 1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(limiter.snapshot()).toMatchObject({ pausedForMs: 2_000, waiting: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times).toEqual([53_000]);
    expect(limiter.snapshot().pausedForMs).toBe(0);
  });

  it('keeps one wake-up timer however many wait, and none once nobody waits', async () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 1, now: () => Date.now() });
    await limiter.acquire();
    const acs = [1, 2, 3, 4].map(() => new AbortController());
    const waiting = acs.map((ac) => limiter.acquire(ac.signal).catch(() => 'aborted'));
    expect(vi.getTimerCount()).toBe(1);
    for (const ac of acs) ac.abort(new Error('stop'));
    expect(await Promise.all(waiting)).toEqual(['aborted', 'aborted', 'aborted', 'aborted']);
    expect(limiter.snapshot().waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a granted waiter stops listening to its signal', async () => {
    const limiter = createRateLimiter({ ratePerSec: 10, burst: 1, now: () => Date.now() });
    const ac = new AbortController();
    const added = vi.spyOn(ac.signal, 'addEventListener');
    const removed = vi.spyOn(ac.signal, 'removeEventListener');
    await limiter.acquire(ac.signal);
    expect(added).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledWith('abort', added.mock.calls[0]![1]);
  });
});

describe('provider registry', () => {
  it('shares one limiter per Provider Key and keys it by fingerprint, not by the key', async () => {
    const key = 'prov-KEY-0123456789';
    const fp = providerKeyFingerprint(key);
    expect(fp).toMatch(/^[0-9a-f]{16}$/);
    expect(fp).not.toContain(key);
    expect(key).not.toContain(fp);
    const one = getProviderLimiter(fp, { ratePerSec: 1, burst: 2, now: () => Date.now() });
    const two = getProviderLimiter(providerKeyFingerprint(key));
    expect(two).toBe(one);
    expect(getProviderLimiter(providerKeyFingerprint('other'))).not.toBe(one);
    // two users of the same key draw from one bucket: the third request waits a full period
    const t1 = grantTimes(() => one.acquire(), 2);
    const t2 = grantTimes(() => two.acquire(), 1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t1).toEqual([0, 0]);
    expect(t2[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('after a reset a key gets a fresh limiter', () => {
    const fp = providerKeyFingerprint('prov-reset');
    const before = getProviderLimiter(fp);
    expect(getProviderLimiter(fp)).toBe(before);
    resetProviderLimiters();
    expect(getProviderLimiter(fp)).not.toBe(before);
  });
});
