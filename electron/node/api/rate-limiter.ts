/**
 * One token bucket per Provider Key (spec 8: the Provider Key is rate-limited,
 * the Company Key is not), shared by every carrier and every concurrent
 * download, so switching carriers or opening more downloads never multiplies
 * the request rate.
 *
 * Defaults (8 requests/s sustained, burst 16 less a reserve of 2): the spec publishes no numbers
 * (8.4). At limit=1000 that is up to ~8,000 breadcrumbs/s, so six months of a
 * truck reporting every minute (~260 pages) takes about half a minute, while
 * staying low enough to be polite to a shared provider quota. The real limit
 * is learnt adaptively: a 429 calls `penalize` and every user of the key
 * pauses until the server's Retry-After has passed.
 */
import { createHash } from 'node:crypto';

export interface RateLimiterOptions {
  ratePerSec?: number;
  burst?: number;
  /** No pacing (benchmarks); `penalize` still pauses, since the server asked for it. */
  unlimited?: boolean;
  /** Monotonic clock in ms; injectable for tests. */
  now?: () => number;
}

export interface RateLimiterSnapshot {
  tokens: number;
  waiting: number;
  pausedForMs: number;
}

export interface RateLimiter {
  /** Resolves when the caller may send one request; FIFO. Rejects with the signal's reason on abort. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** The server said "too many requests": nobody sends before `retryAfterMs` from now. */
  penalize(retryAfterMs: number): void;
  snapshot(): RateLimiterSnapshot;
}

/** The limit the client assumes the server enforces (bench/download-network.ts sets its simulator to it). */
export const ASSUMED_SERVER_LIMIT = { ratePerSec: 8, burst: 16 } as const;
export const DEFAULT_RATE_PER_SEC = ASSUMED_SERVER_LIMIT.ratePerSec;
/**
 * Two requests of the assumed bucket are kept in reserve: requests reach the server with the network's and
 * the machine's jitter, closer together than they were sent, and the reserve absorbs 250 ms of that at 8/s,
 * where one 429 stops every download of the key for its Retry-After (a second at least).
 */
export const DEFAULT_BURST = ASSUMED_SERVER_LIMIT.burst - 2;

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export function createRateLimiter(opts: RateLimiterOptions = {}): RateLimiter {
  const rate = opts.ratePerSec ?? DEFAULT_RATE_PER_SEC;
  const burst = Math.max(1, opts.burst ?? DEFAULT_BURST);
  // Infinity means no pacing; NaN is a mistake and is refused below, not taken as "unlimited".
  const unlimited = opts.unlimited === true || rate === Number.POSITIVE_INFINITY;
  if (!unlimited && !(rate > 0)) throw new RangeError(`ratePerSec must be positive, got ${rate}`);
  const now = opts.now ?? (() => performance.now());

  let tokens = burst;
  let last = now();
  let pausedUntil = -Infinity;
  const queue: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function refill(t: number): void {
    // Nothing accrues while paused: otherwise a pause longer than burst/rate would end in a full burst.
    const from = Math.max(last, Math.min(t, pausedUntil));
    if (!unlimited) tokens = Math.min(burst, tokens + ((t - from) * rate) / 1000);
    last = t;
  }

  function schedule(ms: number): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = undefined;
        pump();
      },
      Math.max(1, Math.ceil(ms)),
    );
  }

  function pump(): void {
    const t = now();
    refill(t);
    while (queue.length > 0) {
      if (t < pausedUntil) {
        schedule(pausedUntil - t);
        return;
      }
      if (!unlimited && tokens < 1) {
        schedule(((1 - tokens) * 1000) / rate);
        return;
      }
      if (!unlimited) tokens -= 1;
      const w = queue.shift() as Waiter;
      if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
      w.resolve();
    }
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  }

  return {
    acquire(signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<void>((resolve, reject) => {
        const w: Waiter = { resolve, reject, signal, onAbort: undefined };
        if (signal) {
          w.onAbort = () => {
            const i = queue.indexOf(w);
            if (i >= 0) queue.splice(i, 1);
            reject(signal.reason);
            pump();
          };
          signal.addEventListener('abort', w.onAbort, { once: true });
        }
        queue.push(w);
        pump();
      });
    },
    penalize(retryAfterMs: number): void {
      const t = now();
      refill(t);
      pausedUntil = Math.max(pausedUntil, t + Math.max(0, retryAfterMs));
      // After the pause one request goes at once, then everyone resumes at the sustained rate, not in one
      // burst that would trip the limit again.
      tokens = Math.min(tokens, 1);
      pump();
    },
    snapshot(): RateLimiterSnapshot {
      const t = now();
      refill(t);
      return { tokens, waiting: queue.length, pausedForMs: Math.max(0, pausedUntil - t) };
    },
  };
}

/** A stable, non-reversible name for a Provider Key, so the registry never holds the key. */
export function providerKeyFingerprint(providerKey: string): string {
  return createHash('sha256').update(`routelens-provider:${providerKey}`).digest('hex').slice(0, 16);
}

const registry = new Map<string, RateLimiter>();

/** The one limiter of a Provider Key (by fingerprint); `opts` apply only when it is first created. */
export function getProviderLimiter(fingerprint: string, opts?: RateLimiterOptions): RateLimiter {
  let limiter = registry.get(fingerprint);
  if (!limiter) {
    limiter = createRateLimiter(opts);
    registry.set(fingerprint, limiter);
  }
  return limiter;
}

/** Tests and settings changes (e.g. switching to unlimited for a benchmark) start from a fresh limiter. */
export function resetProviderLimiters(): void {
  registry.clear();
}
