import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  CompanyKeyInvalidError,
  InvalidResponseError,
  isAbortError,
  NetworkError,
  NotFoundError,
  ProviderKeyInvalidError,
  RateLimitedError,
  RedirectRefusedError,
  RequestError,
  ServerError,
} from '../../electron/node/api/errors.ts';

/**
 * Each failure is one sentence a fleet manager can act on, with the kind the UI and sync switch on and the
 * HTTP status when the server answered. The sentences are the product: written out here in full.
 */
describe('API errors: kind, status, name and the sentence shown', () => {
  const cases = [
    [
      new ProviderKeyInvalidError('bad key'),
      'provider-key-invalid',
      401,
      'ProviderKeyInvalidError',
      'The API rejected the Provider Key (401: bad key); check the Provider Key in Settings.',
    ],
    [
      new CompanyKeyInvalidError('expired'),
      'company-key-invalid',
      401,
      'CompanyKeyInvalidError',
      "The API rejected this carrier's Company Key (401: expired); ask the carrier for a current key and enter it again.",
    ],
    [
      new NetworkError('api.example', 'connection refused'),
      'network',
      undefined,
      'NetworkError',
      'Could not reach api.example (connection refused); nothing is listening at that address: check the base URL (host and port).',
    ],
    [
      new NetworkError('api.example', 'connection closed'),
      'network',
      undefined,
      'NetworkError',
      'Could not reach api.example (connection closed); check the network connection and try again.',
    ],
    [
      new RateLimitedError('api.example', 5),
      'rate-limited',
      429,
      'RateLimitedError',
      'api.example kept answering "too many requests" after 5 retries; wait a minute and try again.',
    ],
    [
      new RateLimitedError('api.example', 0, 1_500),
      'rate-limited',
      429,
      'RateLimitedError',
      'api.example kept answering "too many requests" after 0 retries; wait 2 s and try again.',
    ],
    [
      new ServerError('api.example', 503, 3, 'busy'),
      'server',
      503,
      'ServerError',
      'api.example failed with HTTP 503: busy after 3 retries; try again later.',
    ],
    [
      new ServerError('api.example', 500, 1, ''),
      'server',
      500,
      'ServerError',
      'api.example failed with HTTP 500 after 1 retries; try again later.',
    ],
    [
      new RequestError(400, 'bad date'),
      'request',
      400,
      'RequestError',
      'The API refused the request (HTTP 400: bad date); check the selected dates and vehicle.',
    ],
    [
      new RequestError(422, ''),
      'request',
      422,
      'RequestError',
      'The API refused the request (HTTP 422: no description); check the selected dates and vehicle.',
    ],
    [
      new NotFoundError('vehicle T-9', 'no such vehicle'),
      'not-found',
      404,
      'NotFoundError',
      'The API does not know vehicle T-9 (404: no such vehicle); refresh the roster and try again.',
    ],
    [
      new NotFoundError('vehicle T-9', ''),
      'not-found',
      404,
      'NotFoundError',
      'The API does not know vehicle T-9 (404: not found); refresh the roster and try again.',
    ],
    [
      new InvalidResponseError('api.example', 'not JSON', 200),
      'invalid-response',
      200,
      'InvalidResponseError',
      'api.example sent a response RouteLens cannot read (not JSON); check that the API address points to a Fleet Telematics v2 server.',
    ],
    [
      new RedirectRefusedError('api.example', 301, 'https://elsewhere.example'),
      'invalid-response',
      301,
      'RedirectRefusedError',
      'api.example answered with a redirect (HTTP 301) to https://elsewhere.example. RouteLens does not follow redirects, so no key was sent there; if the API has moved, enter its new address.',
    ],
    [new AbortedError(), 'aborted', undefined, 'AbortError', 'The download was cancelled.'],
  ] as const;

  it.each(cases)('%s', (err, kind, status, name, message) => {
    expect(err).toBeInstanceOf(Error);
    expect({ kind: err.kind, status: err.status, name: err.name, message: err.message }).toEqual({
      kind,
      status,
      name,
      message,
    });
  });

  it('keeps the cause of a network failure, and carries its details', () => {
    const cause = new Error('ECONNRESET');
    const err = new NetworkError('api.example', 'reset', cause);
    expect(err.cause).toBe(cause);
    expect(err.host).toBe('api.example');
    expect('cause' in new ServerError('h', 500, 0, '')).toBe(false);
    expect(new RateLimitedError('h', 1, 2_000).retryAfterMs).toBe(2_000);
    expect(new RequestError(400, 'why').description).toBe('why');
    expect(new NotFoundError('x', 'why').description).toBe('why');
  });

  it('recognises an abort: its own, any AbortError, a DOMException abort; nothing else', () => {
    expect(isAbortError(new AbortedError())).toBe(true);
    expect(isAbortError(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('late', 'TimeoutError'))).toBe(false);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
    expect(isAbortError({ name: 'AbortError' })).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});
