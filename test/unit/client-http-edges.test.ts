import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../electron/node/api/client.ts';
import type { NetworkError } from '../../electron/node/api/errors.ts';
import { startFakeServer, type FakeServer } from './client-fake-server.ts';

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

const noWait = {
  acquire: async () => undefined,
  penalize: () => undefined,
  snapshot: () => ({ tokens: 1, waiting: 0, pausedForMs: 0 }),
};
const client = (over: Partial<ApiClientOptions> = {}) =>
  createApiClient({
    baseUrl: srv.baseUrl,
    providerKey: PROVIDER,
    companyKey: COMPANY,
    limiter: noWait,
    maxRetries: 0,
    sleep: async () => undefined,
    ...over,
  });
async function failure(p: Promise<unknown>): Promise<Error & { kind?: string }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { kind?: string };
  }
  throw new Error('expected a failure');
}
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
