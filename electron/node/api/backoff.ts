/**
 * Retry timing. Full jitter (AWS architecture blog, "Exponential Backoff And
 * Jitter") spreads many clients sharing one Provider Key so they do not retry
 * in lockstep after a common 429.
 */
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** [0, 1); injectable for tests. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 250, capMs: 15_000 };

/** random(0, min(cap, base * 2^attempt)); attempt 0 is the first retry. */
export function fullJitterDelay(attempt: number, opts: BackoffOptions): number {
  const ceiling = Math.min(opts.capMs, opts.baseMs * 2 ** Math.max(0, attempt));
  const r = (opts.random ?? Math.random)();
  return Math.floor(Math.min(Math.max(r, 0), 1) * ceiling);
}

/**
 * Retry-After (RFC 9110 10.2.3): delta-seconds or an HTTP-date. Returns the
 * wait in ms from `nowMs`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.ceil(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** The wait before a retry: the jittered backoff, but never shorter than what the server asked for. */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, opts: BackoffOptions): number {
  const jitter = fullJitterDelay(attempt, opts);
  return retryAfterMs === undefined ? jitter : Math.max(retryAfterMs, jitter);
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
