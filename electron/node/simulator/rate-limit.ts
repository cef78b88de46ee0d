import type { RateLimitOptions } from './types.ts';

/** Token bucket per Provider Key, on the real clock (the world clock may be pinned). */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private limit: RateLimitOptions | null) {}

  set(limit: RateLimitOptions | null): void {
    this.limit = limit;
    this.buckets.clear();
  }

  /** null when allowed, else seconds to wait. */
  take(key: string, nowMs = performance.now()): number | null {
    const lim = this.limit;
    if (!lim) return null;
    const b = this.buckets.get(key) ?? { tokens: lim.burst, at: nowMs };
    b.tokens = Math.min(lim.burst, b.tokens + ((nowMs - b.at) / 1000) * lim.ratePerSec);
    b.at = nowMs;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / lim.ratePerSec));
  }
}
