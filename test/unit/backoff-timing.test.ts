import { describe, expect, it } from 'vitest';
import { fullJitterDelay, parseRetryAfter, retryDelay } from '../../electron/node/api/backoff.ts';

describe('full jitter backoff', () => {
  const opts = { baseMs: 100, capMs: 5_000 };

  it('scales random(0, min(cap, base*2^attempt))', () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const ceiling = Math.min(opts.capMs, opts.baseMs * 2 ** attempt);
      expect(fullJitterDelay(attempt, { ...opts, random: () => 0 })).toBe(0);
      expect(fullJitterDelay(attempt, { ...opts, random: () => 0.5 })).toBe(Math.floor(ceiling / 2));
      expect(fullJitterDelay(attempt, { ...opts, random: () => 0.999999 })).toBeLessThan(ceiling);
      expect(fullJitterDelay(attempt, { ...opts, random: () => 0.999999 })).toBeGreaterThanOrEqual(ceiling - 1);
    }
  });

  it('never exceeds the cap, however many attempts', () => {
    for (const attempt of [20, 50, 1000])
      expect(fullJitterDelay(attempt, { ...opts, random: () => 0.9999 })).toBeLessThan(opts.capMs);
  });

  it('spreads delays over the whole interval', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const delays = Array.from({ length: 2000 }, () => fullJitterDelay(3, { ...opts, random }));
    const ceiling = opts.baseMs * 8;
    expect(Math.min(...delays)).toBeLessThan(ceiling * 0.05);
    expect(Math.max(...delays)).toBeGreaterThan(ceiling * 0.95);
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2026, 2, 14, 12, 0, 0);

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date relative to now', () => {
    const at = new Date(now + 7000).toUTCString();
    expect(parseRetryAfter(at, now)).toBe(7000);
    expect(parseRetryAfter(new Date(now - 5000).toUTCString(), now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('waits at least what the server asked, even when the jitter is smaller', () => {
    const o = { baseMs: 100, capMs: 5_000, random: () => 0.1 };
    expect(retryDelay(0, 2000, o)).toBe(2000);
    expect(retryDelay(6, 10, o)).toBe(fullJitterDelay(6, o));
    expect(retryDelay(2, undefined, o)).toBe(fullJitterDelay(2, o));
  });
});
