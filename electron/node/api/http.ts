// Over 300 lines: one request path (limiter, attempt, capped body, retries, both deadlines, error mapping) read top to bottom.
/**
 * One API call with everything around it: limiter, both key headers, timeout
 * combined with the caller's signal, error mapping and retries (429, 5xx,
 * network faults, and a 200 whose description is an error message). Endpoint
 * methods live in client.ts.
 */
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER, type Envelope } from '../../../shared/api/wire.ts';
import { parseEnvelope } from '../../../shared/api/validate.ts';
import { abortableSleep, DEFAULT_BACKOFF, parseRetryAfter, retryDelay, type BackoffOptions } from './backoff.ts';
import {
  AbortedError,
  CompanyKeyInvalidError,
  ErrorDescriptionError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  ProviderKeyInvalidError,
  RateLimitedError,
  RedirectRefusedError,
  RequestError,
  ServerError,
  type ApiError,
} from './errors.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { formatBytes, readCappedBody, utf8Text } from './read-capped.ts';
import { redact, sanitizedCause } from './redact.ts';
import { isSuccessDescription, serverText } from './server-text.ts';

/** Log-safe events: paths carry ids, never keys. */
export type ApiEvent =
  | { type: 'request'; path: string; attempt: number }
  | { type: 'response'; path: string; status: number; ms: number }
  | { type: 'retry'; path: string; attempt: number; delayMs: number; reason: string }
  | { type: 'rejected'; path: string; count: number }
  /** Text fields longer than shared/api/text-bounds.ts allows, kept cut. */
  | { type: 'cut'; path: string; count: number };

export interface HttpOptions {
  baseUrl: string;
  providerKey: string;
  companyKey: string;
  limiter: RateLimiter;
  /** One attempt, from sending to the last byte of the body. */
  timeoutMs: number;
  /** With no answer at all from the server for this long since the call began, the call ends: "not answering". */
  firstByteTimeoutMs: number;
  /** The whole call, every attempt and every wait between them included. */
  deadlineMs: number;
  /** Largest response body read; a larger one is refused without being buffered. */
  maxBodyBytes: number;
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
  /** The server sent a status line (so it is answering, if badly). */
  heard: boolean;
  /** The attempt ran out of time. */
  timedOut: boolean;
}

const COMPANY_KEY_MSG = /company[\s_-]*(api[\s_-]*)?key/i;
const NOT_VALID = /not\s+valid|invalid/i;

/** Node's and OpenSSL's codes for a TLS handshake or certificate that failed. */
const TLS_CODES =
  /^(EPROTO|ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)_|HOSTNAME_MISMATCH)/;

function networkDetail(err: unknown): string {
  const codes: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e instanceof Error; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    if (e.message === 'terminated' || /other side closed/i.test(e.message)) codes.push('TERMINATED');
    // fetch refuses the Fetch standard's blocked ports (9, 25, 6000…) before any connection, with no code.
    if (e.message === 'bad port') codes.push('BAD_PORT');
    e = (e as { cause?: unknown }).cause;
  }
  const has = (...c: string[]): boolean => codes.some((x) => c.includes(x));
  if (has('ECONNREFUSED')) return 'connection refused';
  if (has('BAD_PORT')) return 'blocked port';
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA')) return 'host name not found';
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'))
    return 'connection timed out';
  const tls = codes.find((c) => TLS_CODES.test(c));
  if (tls !== undefined) return `secure connection failed: ${tls}`;
  if (has('TERMINATED', 'UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'))
    return 'connection closed in the middle of a response';
  if (has('UND_ERR_CLOSED')) return 'connection closed';
  return 'network error';
}

/** A body cut short by a dying socket looks like JSON that ends too early. */
function looksTruncated(text: string, err: unknown): boolean {
  const head = text.trimStart()[0];
  if (head !== '{' && head !== '[') return false;
  // \bexpected: V8's "Expected ',' or '}'" at the cut, not every "Unexpected token" of a body that is simply wrong.
  return err instanceof SyntaxError && /end of (JSON )?input|unterminated|\bexpected/i.test(err.message);
}

/** Where a redirect points, as the user may read it: only an origin, never a path or query that could carry anything. */
function redirectTarget(location: string | null, from: string): string {
  if (!location) return 'an unnamed address';
  try {
    const to = new URL(location, from);
    return to.origin === new URL(from).origin ? 'another path on the same server' : to.origin;
  } catch {
    return 'an address that is not a URL';
  }
}

/** The `description` of a parsed body, if it has one. */
function descriptionIn(raw: unknown): string | undefined {
  if (raw && typeof raw === 'object' && typeof (raw as { description?: unknown }).description === 'string')
    return (raw as { description: string }).description;
  return undefined;
}

function descriptionOf(text: string): string {
  try {
    return descriptionIn(JSON.parse(text)) ?? '';
  } catch {
    // Not JSON: an error page from a proxy; its text is not a useful description.
    return '';
  }
}

/** Longest server description quoted: in the error for a failed status, and in the one for an error description. */
const DESCRIPTION_MAX = 300;
const ERROR_DESCRIPTION_MAX = 200;

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
  /** A server's description as quoted in a message: no control characters, no key, bounded. */
  const said = (text: string): string => serverText(descriptionOf(text), secrets, DESCRIPTION_MAX);

  /** Spec 2.1: a description other than "success" is an error message, whatever the status; it may pass, so it is retried. */
  const errorDescription = (description: string, status: number): Retryable => ({
    reason: 'error description',
    retryAfterMs: undefined,
    heard: true,
    timedOut: false,
    exhausted: (n) =>
      new ErrorDescriptionError(host, status, n, serverText(description, secrets, ERROR_DESCRIPTION_MAX)),
  });

  async function attempt(
    url: string,
    path: string,
    call: CallOptions,
    emit: (e: ApiEvent) => void,
    budgetMs: number,
  ): Promise<Envelope<unknown> | Retryable> {
    const caller = call.signal;
    const timeout = AbortSignal.timeout(budgetMs);
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    const started = o.now();
    let status: number;
    let text: string;
    let headers: Headers;
    let answered = false;
    try {
      const res = await o.fetchImpl(url, {
        method: 'GET',
        headers: {
          [PROVIDER_KEY_HEADER]: o.providerKey,
          [COMPANY_KEY_HEADER]: o.companyKey,
          Accept: 'application/json',
        },
        // Never follow: the keys would go along to wherever the redirect points.
        redirect: 'manual',
        signal,
      });
      answered = true;
      status = res.status;
      headers = res.headers;
      if (status >= 300 && status < 400) {
        await res.body?.cancel().catch(() => undefined);
        throw new RedirectRefusedError(host, status, clean(redirectTarget(headers.get('location'), url)));
      }
      const body = await readCappedBody(res, o.maxBodyBytes);
      if (body === 'too-large')
        throw new InvalidResponseError(host, `the response is larger than ${formatBytes(o.maxBodyBytes)}`, status);
      text = utf8Text(body);
    } catch (err) {
      if (err instanceof RedirectRefusedError || err instanceof InvalidResponseError) throw err;
      if (caller?.aborted) throw new AbortedError();
      const detail = timeout.aborted ? `no answer within ${Math.round(budgetMs / 1000)} s` : networkDetail(err);
      const cause = sanitizedCause(err, secrets);
      // No connection is ever made to a blocked port: trying again cannot help.
      if (detail === 'blocked port') throw new NetworkError(host, detail, cause);
      return {
        reason: detail,
        retryAfterMs: undefined,
        heard: answered,
        timedOut: timeout.aborted,
        exhausted: () => new NetworkError(host, detail, cause),
      };
    }
    emit({ type: 'response', path, status, ms: Math.round(o.now() - started) });

    if (status === 429 || status >= 500) {
      const retryAfterMs = parseRetryAfter(headers.get('retry-after'), Date.now());
      const desc = said(text);
      if (status === 429) {
        o.limiter.penalize(retryAfterMs ?? o.backoff.baseMs);
        if (retryAfterMs !== undefined && retryAfterMs > o.maxRetryAfterMs)
          throw new RateLimitedError(host, 0, retryAfterMs);
        return {
          reason: 'HTTP 429',
          retryAfterMs,
          heard: true,
          timedOut: false,
          exhausted: (n) => new RateLimitedError(host, n, retryAfterMs),
        };
      }
      return {
        reason: `HTTP ${status}`,
        retryAfterMs,
        heard: true,
        timedOut: false,
        exhausted: (n) => new ServerError(host, status, n, desc),
      };
    }
    if (status === 401) {
      const desc = said(text);
      if (COMPANY_KEY_MSG.test(desc) && NOT_VALID.test(desc)) throw new CompanyKeyInvalidError(desc);
      throw new ProviderKeyInvalidError(desc || 'unauthorized');
    }
    // The spec shows only 401; a gateway in front of the API may answer 403 for a provider it refuses.
    if (status === 403) throw new ProviderKeyInvalidError(said(text) || 'forbidden', 403);
    if (status === 404) throw new NotFoundError(call.what ?? clean(path), said(text));
    if (status >= 400) throw new RequestError(status, said(text));
    if (status < 200 || status >= 300) throw new InvalidResponseError(host, `unexpected HTTP ${status}`, status);

    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      if (looksTruncated(text, err)) {
        const detail = 'response cut off before its end';
        return {
          reason: detail,
          retryAfterMs: undefined,
          heard: true,
          timedOut: false,
          exhausted: () => new NetworkError(host, detail),
        };
      }
      throw new InvalidResponseError(host, 'the body is not JSON', status);
    }
    const env = parseEnvelope(raw);
    if (!env.ok) {
      // An error message with a malformed rest (no `data`, say) is still the server's error, not a foreign body.
      const description = descriptionIn(raw);
      if (description !== undefined && !isSuccessDescription(description)) return errorDescription(description, status);
      throw new InvalidResponseError(host, `not an API envelope: ${clean(env.reason)}`, status);
    }
    if (!isSuccessDescription(env.value.description)) return errorDescription(env.value.description, status);
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
    // Both clocks start when the first request may go out: waiting in the shared limiter's queue is not the server's silence.
    let began = 0;
    let deadline = 0;
    let heardFrom = false;
    /** What this attempt may take: its own limit, the call's deadline and, until the server has said anything, the first-byte limit. */
    const budget = (): number => {
      const limits = [o.timeoutMs, deadline - o.now()];
      if (!heardFrom) limits.push(began + o.firstByteTimeoutMs - o.now());
      return Math.max(1, Math.ceil(Math.min(...limits)));
    };
    for (let n = 0; ; n++) {
      try {
        await o.limiter.acquire(call.signal);
      } catch (err) {
        if (call.signal?.aborted) throw new AbortedError();
        throw err;
      }
      if (n === 0) {
        began = o.now();
        deadline = began + o.deadlineMs;
      }
      emit({ type: 'request', path, attempt: n });
      const out = await attempt(url, path, call, emit, budget());
      if (!('exhausted' in out)) return out;
      heardFrom ||= out.heard;
      const delayMs = retryDelay(n, out.retryAfterMs, o.backoff);
      const resumeAt = o.now() + delayMs;
      // Never heard from for the whole first-byte window: say so now rather than retry in silence for minutes.
      if (!heardFrom && resumeAt >= began + o.firstByteTimeoutMs)
        throw out.timedOut ? notAnswering() : out.exhausted(n);
      if (n >= o.maxRetries || resumeAt >= deadline) throw out.exhausted(n);
      emit({ type: 'retry', path, attempt: n + 1, delayMs, reason: out.reason });
      try {
        await o.sleep(delayMs, call.signal);
      } catch (err) {
        if (call.signal?.aborted) throw new AbortedError();
        throw err;
      }
    }
  }

  const notAnswering = (): NetworkError =>
    new NetworkError(
      host,
      `no answer within ${Math.round(o.firstByteTimeoutMs / 1000)} s: the server is not answering`,
    );

  return { get, host, secrets };
}

export const HTTP_DEFAULTS = {
  timeoutMs: 60_000,
  firstByteTimeoutMs: 30_000,
  deadlineMs: 5 * 60_000,
  // The largest legitimate page (1,000 breadcrumbs) is well under 1 MB.
  maxBodyBytes: 32 * 1024 * 1024,
  maxRetries: 5,
  maxRetryAfterMs: 120_000,
  backoff: DEFAULT_BACKOFF,
  sleep: abortableSleep,
} as const;
