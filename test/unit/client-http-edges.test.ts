// The HTTP edges of one client share the loopback servers set up at the top, so they stay together.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClientOptions } from '../../electron/node/api/client.ts';
import type { NetworkError } from '../../electron/node/api/errors.ts';
import { failure, fakeClient, noWait, startFakeServer, type FakeServer } from './client-fake-server.ts';

/**
 * The edges of http.ts's wording that client-http-details leaves open: every TLS and name-lookup code,
 * codes deep in the cause chain or not at the start, and the kinds of cut-off JSON.
 */
const PROVIDER = 'pk_live_edges_0005';
const COMPANY = 'system-ck_edges_0006';
let srv: FakeServer;
beforeAll(async () => {
  srv = await startFakeServer();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.seen.length = 0;
});

const client = (over: Partial<ApiClientOptions> = {}) => fakeClient(srv, PROVIDER, COMPANY, over);
/** A fetch failing with `cause` as the error undici would wrap. */
const fetchFailingWith = (cause: unknown) =>
  (async () => {
    throw new TypeError('fetch failed', { cause });
  }) as unknown as typeof fetch;
const coded = (code: string, cause?: unknown) => Object.assign(new Error('boom', { cause }), { code });
const detailOf = async (cause: unknown): Promise<{ reason: string; message: string }> => {
  const e = (await failure(client({ fetchImpl: fetchFailingWith(cause) }).companyInfo())) as unknown as NetworkError;
  expect(e.kind).toBe('network');
  const inner = /\(([^)]*)\)/.exec(e.message)?.[1] ?? '';
  return { reason: e.reason, message: inner };
};

describe('http network wording, edges', () => {
  it.each([
    'EPROTO',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'CERT_HAS_EXPIRED',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'HOSTNAME_MISMATCH',
  ])('names the TLS code %s as a failed secure connection', async (code) => {
    expect(await detailOf(coded(code))).toEqual({ reason: 'tls', message: `secure connection failed: ${code}` });
  });

  it('takes a TLS code only from the start of a code, not from inside one', async () => {
    expect(await detailOf(coded('X_CERT_HAS_EXPIRED'))).toEqual({ reason: 'other', message: 'network error' });
    expect(await detailOf(coded('UNABLE_TO_DECRYPT'))).toEqual({ reason: 'other', message: 'network error' });
  });

  it.each(['EAI_NONAME', 'EAI_NODATA'])('names %s as a host name not found', async (code) => {
    expect(await detailOf(coded(code))).toEqual({ reason: 'unknown-host', message: 'host name not found' });
  });

  it('reads codes through five errors of the cause chain, and no further', async () => {
    const chain = (depth: number) => {
      let e: Error = coded('ECONNREFUSED');
      for (let i = 0; i < depth; i++) e = new Error(`wrapper ${i}`, { cause: e });
      return e;
    };
    // The TypeError fetch throws is the first of the five; the code sits on the fifth.
    expect((await detailOf(chain(3))).message).toBe('connection refused');
    expect((await detailOf(chain(4))).message).toBe('network error');
  });

  it('reads a code only from an Error, not from a plain object in the chain', async () => {
    expect((await detailOf({ code: 'ECONNREFUSED', message: 'terminated' })).message).toBe('network error');
  });

  it('ranks refused over a name lookup, a lookup over a timeout, a timeout over TLS and TLS over a reset', async () => {
    const pairs: [string, string, string][] = [
      ['ENOTFOUND', 'ECONNREFUSED', 'connection refused'],
      ['ETIMEDOUT', 'EAI_AGAIN', 'host name not found'],
      ['CERT_HAS_EXPIRED', 'ETIMEDOUT', 'connection timed out'],
      ['ECONNRESET', 'EPROTO', 'secure connection failed: EPROTO'],
      ['UND_ERR_CLOSED', 'EPIPE', 'connection closed in the middle of a response'],
    ];
    for (const [outer, inner, says] of pairs) {
      expect((await detailOf(coded(outer, coded(inner)))).message, `${outer} over ${inner}`).toBe(says);
    }
  });
});

describe('http cut-off bodies, edges', () => {
  const serve = (body: string) =>
    srv.handle((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });

  it.each([
    ['a string cut inside its quotes', '{"description":"succ'],
    ['an object cut after a key', '{"description"'],
    ['an object cut after leading white space', '  \n{"description":"success",'],
  ])('retries %s as a network fault', async (_what, body) => {
    serve(body);
    const e = await failure(client({ maxRetries: 1 }).companyInfo());
    expect([e.kind, srv.seen.length]).toEqual(['network', 2]);
    expect(e.message).toContain('response cut off before its end');
  });

  it.each([
    ['a bare string cut inside its quotes', '"success'],
    ['a number with junk', '12x'],
    ['an empty body', ''],
  ])('does not retry %s: it is not an object or array cut short', async (_what, body) => {
    serve(body);
    const e = await failure(client({ maxRetries: 1 }).companyInfo());
    expect([e.kind, srv.seen.length]).toEqual(['invalid-response', 1]);
    expect(e.message).toContain('the body is not JSON');
  });
});

describe('http request and retry edges', () => {
  const ok = () =>
    srv.handle((_r, res) => {
      const text = JSON.stringify({ description: 'success', data: { company_name: 'Edge', dot_number: '1' } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });

  it('drops every trailing slash of the API address, and sends no "?" when there is no query', async () => {
    ok();
    await client({ baseUrl: `${srv.baseUrl}///` }).companyInfo();
    expect(srv.seen.map((s) => s.url)).toEqual(['/v2/company-info']);
  });

  it('keeps the slashes inside the API address', async () => {
    srv.handle((req, res) => {
      const text = JSON.stringify({ description: 'success', data: { company_name: req.url ?? '', dot_number: '1' } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    expect((await client({ baseUrl: `${srv.baseUrl}/api/x/` }).companyInfo()).company_name).toBe(
      '/api/x/v2/company-info',
    );
  });

  it('says how long an attempt had, in whole seconds, when its own time limit ends it', async () => {
    srv.handle(() => undefined);
    // 0.6 s rounds to 1 s; the first-byte window (30 s) and the deadline (5 min) would say 30 or 300.
    const e = await failure(client({ timeoutMs: 600 }).companyInfo());
    expect(e.message).toContain('(no answer within 1 s)');
  });

  it('gives an attempt only what is left of the call deadline', async () => {
    srv.handle(() => undefined);
    const e = await failure(client({ timeoutMs: 60_000, deadlineMs: 600, firstByteTimeoutMs: 60_000 }).companyInfo());
    expect(e.message).toContain('(no answer within 1 s)');
  });

  it('passes on a limiter failure that is not the caller cancelling, as it is', async () => {
    const broken = new Error('limiter closed');
    const e = await failure(
      client({
        limiter: { ...noWait, acquire: () => Promise.reject(broken) },
      }).companyInfo(),
    );
    expect(e).toBe(broken);
    expect(srv.seen).toHaveLength(0);
  });

  it('passes on a failing wait between attempts that is not the caller cancelling, as it is', async () => {
    srv.handle((_r, res) => {
      res.writeHead(503);
      res.end();
    });
    const broken = new Error('timer gone');
    const e = await failure(client({ maxRetries: 2, sleep: () => Promise.reject(broken) }).companyInfo());
    expect(e).toBe(broken);
    expect(srv.seen).toHaveLength(1);
  });

  it('tells listeners each retry: its number, the wait and why', async () => {
    srv.handle((_r, res, n) => {
      if (n === 1) {
        res.writeHead(502);
        res.end();
        return;
      }
      const text = JSON.stringify({ description: 'success', data: { company_name: 'Edge', dot_number: '1' } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    const events: { type: string }[] = [];
    await client({
      maxRetries: 1,
      backoff: { baseMs: 400, capMs: 1000, random: () => 0.5 },
      onEvent: (e) => events.push(e),
    }).companyInfo();
    // Full jitter of the first retry: half of min(cap, base * 2^0) = 200 ms.
    expect(events.filter((e) => e.type === 'retry')).toEqual([
      { type: 'retry', path: '/v2/company-info', attempt: 1, delayMs: 200, reason: 'HTTP 502' },
    ]);
  });

  it('a server refusing connections for the whole first-byte window is "connection refused", not "not answering"', async () => {
    let t = 0;
    const e = await failure(
      client({
        fetchImpl: fetchFailingWith(coded('ECONNREFUSED')),
        maxRetries: 10,
        firstByteTimeoutMs: 1_200,
        now: () => t,
        sleep: async (ms) => void (t += ms),
        backoff: { baseMs: 400, capMs: 400, random: () => 1 },
      }).companyInfo(),
    );
    expect(e.message).toContain('(connection refused)');
    // Waits of 400 ms resume at 400 and 800; the third would resume at 1,200, the window's end: too late.
    expect(t).toBe(800);
  });
});

describe('http status and description edges', () => {
  const jsonRes = (status: number, body: unknown) =>
    srv.handle((_r, res) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });

  it.each([
    ['CompanyKey invalid', 'company-key-invalid'],
    ['Company  API   Key is not valid', 'company-key-invalid'],
    ['Company APIKey is not valid', 'company-key-invalid'],
    ['Company key is not   valid', 'company-key-invalid'],
  ])('a 401 saying "%s" is a %s failure (any run of separators, or none)', async (description, kind) => {
    jsonRes(401, { description, data: null });
    expect((await failure(client().companyInfo())).kind).toBe(kind);
  });

  it('a 401 without a description says "unauthorized"', async () => {
    jsonRes(401, { description: '', data: null });
    const e = await failure(client().companyInfo());
    expect(e.message).toBe(
      'The API rejected the Provider Key (401: unauthorized); check the Provider Key in Settings.',
    );
  });

  it('quotes no description that is not text (an array), rather than failing on it', async () => {
    jsonRes(400, { description: ['x'], data: null });
    const e = await failure(client().companyInfo());
    expect(e.kind).toBe('request');
    expect(e.message).toContain('(HTTP 400: no description)');
  });

  it('asks for JSON', async () => {
    jsonRes(200, { description: 'success', data: { company_name: 'Edge', dot_number: '1' } });
    await client().companyInfo();
    expect(srv.seen[0]!.headers.accept).toBe('application/json');
  });

  it('refuses a status outside 2xx that is no error either (101) as unexpected', async () => {
    const fetch101 = (async () => ({ status: 101, headers: new Headers(), body: null })) as unknown as typeof fetch;
    const e = await failure(client({ fetchImpl: fetch101 }).companyInfo());
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toContain('(unexpected HTTP 101)');
  });

  it('names a 429 as the reason of its retry', async () => {
    srv.handle((_r, res, n) => {
      const text =
        n === 1
          ? JSON.stringify({ description: 'slow down' })
          : JSON.stringify({ description: 'success', data: { company_name: 'Edge', dot_number: '1' } });
      res.writeHead(n === 1 ? 429 : 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    });
    const events: { type: string; reason?: string }[] = [];
    await client({ maxRetries: 1, onEvent: (e) => events.push(e) }).companyInfo();
    expect(events.filter((e) => e.type === 'retry').map((e) => e.reason)).toEqual(['HTTP 429']);
  });
});

describe('http clocks, edges', () => {
  const fixedWaits = (ms: number) => ({ baseMs: ms, capMs: ms, random: () => 1 });

  it('gives up when the next attempt would start exactly at the deadline', async () => {
    srv.handle((_r, res) => {
      res.writeHead(503);
      res.end();
    });
    let t = 0;
    const e = await failure(
      client({
        maxRetries: 10,
        deadlineMs: 1_000,
        now: () => t,
        sleep: async (ms) => void (t += ms),
        backoff: fixedWaits(500),
      }).companyInfo(),
    );
    expect(e.kind).toBe('server');
    // Attempts at 0 and 500; the third would start at 1,000, the deadline.
    expect(srv.seen).toHaveLength(2);
  });

  it.each([
    ['a body cut off mid-way', (res: ServerResponse) => resetMidBody(res)],
    ['a JSON body that ends too early', (res: ServerResponse) => cutJson(res)],
  ])('a server that answers with %s has answered: retries go on past the first-byte window', async (_what, serve) => {
    srv.handle((_r, res) => serve(res));
    let t = 0;
    await failure(
      client({
        maxRetries: 4,
        firstByteTimeoutMs: 1_000,
        now: () => t,
        sleep: async (ms) => void (t += ms),
        backoff: fixedWaits(400),
      }).companyInfo(),
    );
    // Waits of 400 ms: attempts at 0, 400, 800, 1,200 and 1,600, all five (the window was about silence).
    expect(srv.seen).toHaveLength(5);
  });

  it('cuts a silent server’s first attempt at the first-byte limit, not the attempt limit, and says so in whole seconds', async () => {
    srv.handle(() => undefined);
    // A clock far from zero: the window is measured from when the call began, whatever the clock's origin.
    const now = () => performance.now() + 1e9;
    const e = await failure(client({ firstByteTimeoutMs: 600, timeoutMs: 120_000, maxRetries: 3, now }).companyInfo());
    expect(e.message).toContain('(no answer within 1 s: the server is not answering)');
    expect(srv.seen).toHaveLength(1);
  }, 10_000);

  it('once the server has answered, a silent attempt gets its own limit, no longer the first-byte window', async () => {
    srv.handle((_r, res, n) => {
      if (n > 1) return; // silent from the second request on
      res.writeHead(503);
      res.end();
    });
    const e = await failure(client({ firstByteTimeoutMs: 300, timeoutMs: 1_600, maxRetries: 1 }).companyInfo());
    // 1.6 s rounds to 2 s; the rest of a 0.3-s window would round to 0 s.
    expect(e.message).toContain('(no answer within 2 s)');
  });

  it.each([
    ['waiting for the limiter', 'acquire'],
    ['waiting between attempts', 'sleep'],
  ] as const)('a cancel while %s is an AbortedError, whatever the wait rejected with', async (_what, where) => {
    srv.handle((_r, res) => {
      res.writeHead(503);
      res.end();
    });
    const ac = new AbortController();
    const rejectOnAbort = () => {
      ac.abort(new Error('some other reason'));
      return Promise.reject(new Error('wait ended'));
    };
    const e = await failure(
      client({
        maxRetries: 2,
        ...(where === 'acquire' ? { limiter: { ...noWait, acquire: rejectOnAbort } } : { sleep: rejectOnAbort }),
      }).companyInfo({ signal: ac.signal }),
    );
    expect(e.kind).toBe('aborted');
    expect(e.message).toBe('The download was cancelled.');
  });
});

/** Sends the head and half of a JSON body, then kills the socket. */
function resetMidBody(res: ServerResponse): void {
  const text = JSON.stringify({ description: 'success', data: { company_name: 'x'.repeat(2000), dot_number: '1' } });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
}
/** A complete response whose JSON stops before its end. */
function cutJson(res: ServerResponse): void {
  const text = '{"description":"success","data":{';
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
