/**
 * One API call with everything around it: limiter, both key headers, timeout
 * combined with the caller's signal, error mapping and retries (429, 5xx and
 * network faults only). Endpoint methods live in client.ts.
 */
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER, type Envelope } from '../../../shared/api/wire.ts';
import { parseEnvelope } from '../../../shared/api/validate.ts';
import { abortableSleep, DEFAULT_BACKOFF, parseRetryAfter, retryDelay, type BackoffOptions } from './backoff.ts';
import {
  AbortedError,
  CompanyKeyInvalidError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  ProviderKeyInvalidError,
  RateLimitedError,
  RequestError,
  ServerError,
  type ApiError,
} from './errors.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { redact, sanitizedCause } from './redact.ts';

/** Log-safe events: paths carry ids, never keys. */
export type ApiEvent =
  | { type: 'request'; path: string; attempt: number }
  | { type: 'response'; path: string; status: number; ms: number }
  | { type: 'retry'; path: string; attempt: number; delayMs: number; reason: string }
  | { type: 'rejected'; path: string; count: number };

export interface HttpOptions {
  baseUrl: string;
  providerKey: string;
  companyKey: string;
  limiter: RateLimiter;
  timeoutMs: number;
  maxRetries: number;
  /** A Retry-After longer than this is not waited out: the call fails with RateLimitedError at once. */
  maxRetryAfterMs: number;
  fetchImpl: typeof fetch;
  backoff: BackoffOptions;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  onEvent: ((e: ApiEvent) => void) | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** What a 404 means to the user, e.g. `vehicle "abc"`. */
  what?: string;
  onEvent?: ((e: ApiEvent) => void) | undefined;
}

type Query = Record<string, string | number | undefined>;

/** Failures worth another attempt, with what to throw once retries run out. */
interface Retryable {
  reason: string;
  retryAfterMs: number | undefined;
  exhausted: (retries: number) => ApiError;
}

const COMPANY_KEY_MSG = /company[\s_-]*(api[\s_-]*)?key/i;
const NOT_VALID = /not\s+valid|invalid/i;

function networkDetail(err: unknown): string {
  const codes: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e instanceof Error; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    if (e.message === 'terminated' || /other side closed/i.test(e.message)) codes.push('TERMINATED');
    e = (e as { cause?: unknown }).cause;
  }
  const has = (...c: string[]): boolean => codes.some((x) => c.includes(x));
  if (has('ECONNREFUSED')) return 'connection refused';
  if (has('ENOTFOUND', 'EAI_AGAIN')) return 'host name not found';
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT')) return 'connection timed out';
  if (has('TERMINATED', 'UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE')) return 'connection closed in the middle of a response';
  if (has('UND_ERR_CLOSED')) return 'connection closed';
  return 'network error';
}

/** A body cut short by a dying socket looks like JSON that ends too early. */
function looksTruncated(text: string, err: unknown): boolean {
  const head = text.trimStart()[0];
  if (head !== '{' && head !== '[') return false;
  return err instanceof SyntaxError && /end of (JSON )?input|unterminated|expected/i.test(err.message);
}

function descriptionOf(text: string): string {
  try {
    const raw: unknown = JSON.parse(text);
    if (raw && typeof raw === 'object' && typeof (raw as { description?: unknown }).description === 'string') {
      return (raw as { description: string }).description.slice(0, 300);
    }
  } catch {
    // Not JSON: an error page from a proxy; its text is not a useful description.
  }
  return '';
}

export function createHttp(o: HttpOptions): {
  get: (path: string, query: Query, call?: CallOptions) => Promise<Envelope<unknown>>;
  host: string;
  secrets: string[];
} {
  const base = o.baseUrl.replace(/\/+$/, '');
  let host: string;
  try {
    host = new URL(base).host;
  } catch {
    throw new RangeError(`The API address is not a URL: "${redact(o.baseUrl, [o.providerKey, o.companyKey])}"`);
  }
  const secrets = [o.providerKey, o.companyKey];
  const clean = (s: string): string => redact(s, secrets);

  async function attempt(url: string, path: string, call: CallOptions, emit: (e: ApiEvent) => void): Promise<Envelope<unknown> | Retryable> {
    const caller = call.signal;
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    const started = o.now();
    let status: number;
    let text: string;
    let headers: Headers;
    try {
      const res = await o.fetchImpl(url, {
        method: 'GET',
        headers: { [PROVIDER_KEY_HEADER]: o.providerKey, [COMPANY_KEY_HEADER]: o.companyKey, Accept: 'application/json' },
        signal,
      });
      status = res.status;
      headers = res.headers;
      text = await res.text();
    } catch (err) {
      if (caller?.aborted) throw new AbortedError();
      const detail = timeout.aborted ? `no answer within ${Math.round(o.timeoutMs / 1000)} s` : networkDetail(err);
      const cause = sanitizedCause(err, secrets);
      return { reason: detail, retryAfterMs: undefined, exhausted: () => new NetworkError(host, detail, cause) };
    }
    emit({ type: 'response', path, status, ms: Math.round(o.now() - started) });

    if (status === 429 || status >= 500) {
      const retryAfterMs = parseRetryAfter(headers.get('retry-after'), Date.now());
      const desc = clean(descriptionOf(text));
      if (status === 429) {
        o.limiter.penalize(retryAfterMs ?? o.backoff.baseMs);
        if (retryAfterMs !== undefined && retryAfterMs > o.maxRetryAfterMs) throw new RateLimitedError(host, 0, retryAfterMs);
        return { reason: 'HTTP 429', retryAfterMs, exhausted: (n) => new RateLimitedError(host, n, retryAfterMs) };
      }
      return { reason: `HTTP ${status}`, retryAfterMs, exhausted: (n) => new ServerError(host, status, n, desc) };
    }
    if (status === 401) {
      const desc = clean(descriptionOf(text));
      if (COMPANY_KEY_MSG.test(desc) && NOT_VALID.test(desc)) throw new CompanyKeyInvalidError(desc);
      throw new ProviderKeyInvalidError(desc || 'unauthorized');
    }
    if (status === 404) throw new NotFoundError(call.what ?? clean(path), clean(descriptionOf(text)));
    if (status >= 400) throw new RequestError(status, clean(descriptionOf(text)));
    if (status < 200 || status >= 300) throw new InvalidResponseError(host, `unexpected HTTP ${status}`, status);

    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      if (looksTruncated(text, err)) {
        const detail = 'response cut off before its end';
        return { reason: detail, retryAfterMs: undefined, exhausted: () => new NetworkError(host, detail) };
      }
      throw new InvalidResponseError(host, 'the body is not JSON', status);
    }
    const env = parseEnvelope(raw);
    if (!env.ok) throw new InvalidResponseError(host, `not an API envelope: ${clean(env.reason)}`, status);
    return env.value;
  }

  async function get(path: string, query: Query, call: CallOptions = {}): Promise<Envelope<unknown>> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
    const q = qs.toString();
    const url = `${base}${path}${q ? `?${q}` : ''}`;
    const emit = (e: ApiEvent): void => {
      o.onEvent?.(e);
      call.onEvent?.(e);
    };
    for (let n = 0; ; n++) {
      try {
        await o.limiter.acquire(call.signal);
      } catch (err) {
        if (call.signal?.aborted) throw new AbortedError();
        throw err;
      }
      emit({ type: 'request', path, attempt: n });
      const out = await attempt(url, path, call, emit);
      if (!('exhausted' in out)) return out;
      if (n >= o.maxRetries) throw out.exhausted(n);
      const delayMs = retryDelay(n, out.retryAfterMs, o.backoff);
      emit({ type: 'retry', path, attempt: n + 1, delayMs, reason: out.reason });
      try {
        await o.sleep(delayMs, call.signal);
      } catch (err) {
        if (call.signal?.aborted) throw new AbortedError();
        throw err;
      }
    }
  }

  return { get, host, secrets };
}

export const HTTP_DEFAULTS = {
  timeoutMs: 30_000,
  maxRetries: 5,
  maxRetryAfterMs: 120_000,
  backoff: DEFAULT_BACKOFF,
  sleep: abortableSleep,
} as const;
