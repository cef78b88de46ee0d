/**
 * Everything the client can fail with. Each class carries a `kind` the UI and
 * the sync engine switch on, and a one-sentence message a fleet manager can
 * act on. Messages are built from redacted text only (see redact.ts).
 */
export type ApiErrorKind =
  | 'provider-key-invalid'
  | 'company-key-invalid'
  | 'network'
  | 'rate-limited'
  | 'server'
  | 'request'
  | 'not-found'
  | 'invalid-response'
  | 'aborted';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  constructor(message: string, status?: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
  }
}

export class ProviderKeyInvalidError extends ApiError {
  readonly kind = 'provider-key-invalid';
  override name = 'ProviderKeyInvalidError';
  /** 403: the API knows the key but refuses it (not allowed for this API or carrier). */
  constructor(description: string, status: 401 | 403 = 401) {
    super(`The API rejected the Provider Key (${status}: ${description}); check the Provider Key in Settings.`, status);
  }
}

export class CompanyKeyInvalidError extends ApiError {
  readonly kind = 'company-key-invalid';
  override name = 'CompanyKeyInvalidError';
  constructor(description: string) {
    super(
      `The API rejected this carrier's Company Key (401: ${description}); ask the carrier for a current key and enter it again.`,
      401,
    );
  }
}

export type NetworkReason = 'refused' | 'bad-port' | 'unknown-host' | 'timeout' | 'tls' | 'other';

/** The detail texts of api/http.ts's networkDetail, sorted into what the user can do about each. */
export function networkReasonOf(detail: string): NetworkReason {
  if (detail.startsWith('connection refused')) return 'refused';
  if (detail.startsWith('blocked port')) return 'bad-port';
  if (detail.startsWith('host name not found')) return 'unknown-host';
  if (detail.startsWith('secure connection failed')) return 'tls';
  if (/timed out|no answer within|not answering/.test(detail)) return 'timeout';
  return 'other';
}

const NETWORK_ADVICE: Readonly<Record<NetworkReason, string>> = {
  refused: 'nothing is listening at that address: check the base URL (host and port).',
  'bad-port':
    'no HTTP client may connect to that port (it is reserved for other services): check the base URL (host and port).',
  'unknown-host': 'no such host name: check the base URL for a typo, or the network connection.',
  timeout: 'the server did not answer in time: check the network connection, or whether a firewall or proxy blocks it.',
  tls: "the secure (https) connection failed: the server's certificate is not trusted or not for this host name, or it does not speak https on that port; check the base URL.",
  other: 'check the network connection and try again.',
};

export class NetworkError extends ApiError {
  readonly kind = 'network';
  override name = 'NetworkError';
  readonly host: string;
  /** What went wrong, for a user to act on: nothing listens there, no such host, no answer, TLS, or other. */
  readonly reason: NetworkReason;
  constructor(host: string, detail: string, cause?: unknown) {
    const reason = networkReasonOf(detail);
    super(`Could not reach ${host} (${detail}); ${NETWORK_ADVICE[reason]}`, undefined, cause);
    this.host = host;
    this.reason = reason;
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rate-limited';
  override name = 'RateLimitedError';
  readonly retryAfterMs: number | undefined;
  constructor(host: string, retries: number, retryAfterMs?: number) {
    const wait = retryAfterMs === undefined ? 'a minute' : `${Math.ceil(retryAfterMs / 1000)} s`;
    super(`${host} kept answering "too many requests" after ${retries} retries; wait ${wait} and try again.`, 429);
    this.retryAfterMs = retryAfterMs;
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  override name = 'ServerError';
  constructor(host: string, status: number, retries: number, description: string) {
    const what = description ? `: ${description}` : '';
    super(`${host} failed with HTTP ${status}${what} after ${retries} retries; try again later.`, status);
  }
}

/**
 * HTTP 200 (or another success status) whose envelope's `description` is not
 * "success": spec 2.1 makes that an error message, so it is retried like a
 * 5xx and then reported in the server's own (cleaned, bounded) words.
 */
export class ErrorDescriptionError extends ApiError {
  readonly kind = 'server';
  override name = 'ErrorDescriptionError';
  readonly description: string;
  constructor(host: string, status: number, retries: number, description: string) {
    const said = description ? `answered "${description}"` : 'answered with an empty description instead of "success"';
    super(`${host} ${said} (HTTP ${status}) after ${retries} retries; try again later.`, status);
    this.description = description;
  }
}

/**
 * A page-paginated list that never held still: totals changed between pages,
 * a page repeated an earlier one, or the pages did not add up to the total,
 * on every read from page 1. Returning it would drop or repeat records.
 */
export class ListChangedError extends ApiError {
  readonly kind = 'invalid-response';
  override name = 'ListChangedError';
  constructor(host: string, what: string, reads: number) {
    super(
      `The list of ${what} from ${host} kept changing while RouteLens read it page by page (${reads} reads from page 1), so it could not be listed completely; try again in a minute.`,
    );
  }
}

/** Pages that would go on for ever (empty pages that each point to another, or more pages than the data can fill); the message names what was being read. */
export class EndlessPagingError extends ApiError {
  readonly kind = 'invalid-response';
  override name = 'EndlessPagingError';
}

export class RequestError extends ApiError {
  readonly kind = 'request';
  override name = 'RequestError';
  readonly description: string;
  constructor(status: number, description: string) {
    super(
      `The API refused the request (HTTP ${status}: ${description || 'no description'}); check the selected dates and vehicle.`,
      status,
    );
    this.description = description;
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'not-found';
  override name = 'NotFoundError';
  readonly description: string;
  constructor(what: string, description: string) {
    super(`The API does not know ${what} (404: ${description || 'not found'}); refresh the roster and try again.`, 404);
    this.description = description;
  }
}

export class InvalidResponseError extends ApiError {
  readonly kind = 'invalid-response';
  override name = 'InvalidResponseError';
  constructor(host: string, what: string, status?: number) {
    super(
      `${host} sent a response RouteLens cannot read (${what}); check that the API address points to a Fleet Telematics v2 server.`,
      status,
    );
  }
}

/**
 * The API answered with a redirect. Never followed: both keys travel on every
 * request, and a redirect could hand them to a server they were not entered
 * for. `target` is where it pointed: an origin, or "another path" on the same one.
 */
export class RedirectRefusedError extends ApiError {
  readonly kind = 'invalid-response';
  override name = 'RedirectRefusedError';
  constructor(host: string, status: number, target: string) {
    super(
      `${host} answered with a redirect (HTTP ${status}) to ${target}. RouteLens does not follow redirects, so no key was sent there; if the API has moved, enter its new address.`,
      status,
    );
  }
}

/** Thrown when the caller's AbortSignal fired; never retried. */
export class AbortedError extends ApiError {
  readonly kind = 'aborted';
  override name = 'AbortError';
  constructor() {
    super('The download was cancelled.');
  }
}

export function isAbortError(err: unknown): boolean {
  return (
    err instanceof AbortedError ||
    (err instanceof Error && err.name === 'AbortError') ||
    (typeof DOMException !== 'undefined' && err instanceof DOMException && err.name === 'AbortError')
  );
}
