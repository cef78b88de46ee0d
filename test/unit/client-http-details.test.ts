import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClientOptions } from '../../electron/node/api/client.ts';
import type { ApiEvent } from '../../electron/node/api/http.ts';
import type { NetworkError } from '../../electron/node/api/errors.ts';
import { failure, fakeClient, json, startFakeServer, type FakeServer } from './client-fake-server.ts';

/** How http.ts words what went wrong: network codes, redirects, descriptions, 401s, cut-off bodies. */
const PROVIDER = 'pk_live_details_0003';
const COMPANY = 'system-ck_details_0004';
let srv: FakeServer;
beforeAll(async () => {
  srv = await startFakeServer();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.seen.length = 0;
});

const client = (over: Partial<ApiClientOptions> = {}) => fakeClient(srv, PROVIDER, COMPANY, over);
/** A fetch that fails as undici does: a TypeError whose cause chain carries the code. */
const failingFetch = (code: string | null, message = 'boom') =>
  (async () => {
    const inner = Object.assign(new Error(message), code === null ? {} : { code });
    throw new TypeError('fetch failed', { cause: new Error('wrapper', { cause: inner }) });
  }) as unknown as typeof fetch;

/** The advice each kind of network failure ends with, as the user reads it. */
const NETWORK_ADVICE_TEXT = {
  refused: 'nothing is listening at that address: check the base URL (host and port).',
  'unknown-host': 'no such host name: check the base URL for a typo, or the network connection.',
  timeout: 'the server did not answer in time: check the network connection, or whether a firewall or proxy blocks it.',
  tls: "the secure (https) connection failed: the server's certificate is not trusted or not for this host name, or it does not speak https on that port; check the base URL.",
  other: 'check the network connection and try again.',
} as const;

describe('http details', () => {
  it.each([
    ['ECONNREFUSED', 'boom', 'connection refused', 'refused'],
    ['ENOTFOUND', 'boom', 'host name not found', 'unknown-host'],
    ['EAI_AGAIN', 'boom', 'host name not found', 'unknown-host'],
    ['ETIMEDOUT', 'boom', 'connection timed out', 'timeout'],
    ['UND_ERR_CONNECT_TIMEOUT', 'boom', 'connection timed out', 'timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'boom', 'connection timed out', 'timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'boom', 'connection timed out', 'timeout'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'boom', 'secure connection failed: DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'boom', 'secure connection failed: ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['ECONNRESET', 'boom', 'connection closed in the middle of a response', 'other'],
    ['EPIPE', 'boom', 'connection closed in the middle of a response', 'other'],
    ['UND_ERR_SOCKET', 'boom', 'connection closed in the middle of a response', 'other'],
    [null, 'terminated', 'connection closed in the middle of a response', 'other'],
    [null, 'Other side closed', 'connection closed in the middle of a response', 'other'],
    ['UND_ERR_CLOSED', 'boom', 'connection closed', 'other'],
    [null, 'boom', 'network error', 'other'],
  ] as const)('a fetch failing with %s / "%s" says "%s" (%s)', async (code, message, detail, reason) => {
    const e = await failure(client({ fetchImpl: failingFetch(code, message) }).companyInfo());
    expect(e.kind).toBe('network');
    expect((e as unknown as NetworkError).reason).toBe(reason);
    expect(e.message).toBe(`Could not reach ${new URL(srv.baseUrl).host} (${detail}); ${NETWORK_ADVICE_TEXT[reason]}`);
  });

  it('names where a redirect pointed only by origin, and says so when it points nowhere readable', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ location: `https://elsewhere.example:8443/steal?key=${PROVIDER}` }, 'to https://elsewhere.example:8443.'],
      [{}, 'to an unnamed address.'],
      [{ location: 'http://[not-a-host' }, 'to an address that is not a URL.'],
    ];
    for (const [i, [headers, says]] of cases.entries()) {
      srv.handle((_r, res) => {
        // 300 (Multiple Choices) is a redirect too
        res.writeHead(i === 0 ? 300 : 302, headers);
        res.end();
      });
      const e = await failure(client().companyInfo());
      expect(e.message).toContain(says);
      expect(e.message).not.toContain(PROVIDER);
    }
  });

  it('quotes at most 300 characters of a server’s description, and none from a body that is not JSON', async () => {
    srv.handle((_r, res) => json(res, 400, { description: `${'x'.repeat(300)}TAIL`, data: null }));
    const long = await failure(client().companyInfo());
    expect(long.message).toContain(`(HTTP 400: ${'x'.repeat(300)});`);
    srv.handle((_r, res) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<html>proxy error</html>');
    });
    expect((await failure(client().companyInfo())).message).toContain('(HTTP 400: no description)');
  });

  it.each([
    ['Company API Key is not valid', 'company-key-invalid'],
    ['company_key invalid', 'company-key-invalid'],
    ['Invalid company-key', 'company-key-invalid'],
    ['Company Key is required', 'provider-key-invalid'],
    ['Provider key is not valid', 'provider-key-invalid'],
    ['', 'provider-key-invalid'],
  ])('a 401 saying "%s" is a %s failure', async (description, kind) => {
    srv.handle((_r, res) => json(res, 401, { description, data: null }));
    expect((await failure(client().companyInfo())).kind).toBe(kind);
  });

  it('retries a JSON body cut off before its end, but not one that is simply not JSON', async () => {
    for (const [body, kind, attempts] of [
      ['{"description":"success","data":[', 'network', 2],
      ['[1,', 'network', 2],
      ['hello', 'invalid-response', 1],
      ['{"description":"success"} trailing', 'invalid-response', 1],
      ['{"description": nope}', 'invalid-response', 1],
    ] as const) {
      srv.seen.length = 0;
      srv.handle((_r, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
      const e = await failure(client({ maxRetries: 1 }).companyInfo());
      expect([e.kind, srv.seen.length], body).toEqual([kind, attempts]);
      if (kind === 'network') expect(e.message).toContain('response cut off before its end');
    }
  });

  it('an API address that is not a URL is refused without echoing a key', () => {
    expect(() => client({ baseUrl: `no url ${PROVIDER}` })).toThrow(RangeError);
    expect(() => client({ baseUrl: `no url ${PROVIDER}` })).toThrow(
      'The API address is not a URL: "no url [redacted]"',
    );
  });

  it('tells listeners each response with its status and time, on the path without the query', async () => {
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: { company_name: 'P', dot_number: '1' } }));
    let clock = 1_000;
    const events: ApiEvent[] = [];
    await client({ now: () => (clock += 7), onEvent: (e) => events.push(e) }).companyInfo();
    expect(events).toEqual([
      { type: 'request', path: '/v2/company-info', attempt: 0 },
      { type: 'response', path: '/v2/company-info', status: 200, ms: 7 },
    ]);
  });
});
