import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../electron/node/api/client.ts';
import { RedirectRefusedError } from '../../electron/node/api/errors.ts';
import { json, startFakeServer, type FakeServer } from './client-fake-server.ts';

const PROVIDER = 'pk_live_limits_5a4b3c2d1e';
const COMPANY = 'ck_limits_0f9e8d7c6b';
const noWaitLimiter = {
  acquire: async () => undefined,
  penalize: () => undefined,
  snapshot: () => ({ tokens: 1, waiting: 0, pausedForMs: 0 }),
};

/** Bounds of one API call: redirects, response size, first byte, total deadline. */
describe('API client limits', () => {
  let api: FakeServer;
  let elsewhere: FakeServer;
  beforeAll(async () => {
    api = await startFakeServer();
    elsewhere = await startFakeServer();
  });
  afterAll(async () => {
    await api.close();
    await elsewhere.close();
  });
  beforeEach(() => {
    api.seen.length = 0;
    elsewhere.seen.length = 0;
  });

  const client = (over: Partial<ApiClientOptions> = {}) =>
    createApiClient({
      baseUrl: api.baseUrl,
      providerKey: PROVIDER,
      companyKey: COMPANY,
      limiter: noWaitLimiter,
      sleep: async () => undefined,
      ...over,
    });

  async function failure(p: Promise<unknown>): Promise<Error & { kind?: string }> {
    try {
      await p;
    } catch (e) {
      return e as Error & { kind?: string };
    }
    throw new Error('expected a rejection');
  }

  it.each([301, 302, 307, 308])(
    'does not follow a %i to another origin: no key reaches it, and the message says why',
    async (status) => {
      elsewhere.handle((_q, res) =>
        json(res, 200, { description: 'success', data: { company_name: 'Thief', dot_number: '1' } }),
      );
      api.handle((_q, res) => {
        res.writeHead(status, { Location: `${elsewhere.baseUrl}/v2/company-info?stolen=1` });
        res.end();
      });
      const err = await failure(client().companyInfo());
      expect(err).toBeInstanceOf(RedirectRefusedError);
      expect(err.kind).toBe('invalid-response');
      expect(err.message).toContain(`redirect (HTTP ${status}) to ${new URL(elsewhere.baseUrl).origin}`);
      expect(err.message).toMatch(/does not follow redirects, so no key was sent there/);
      expect(err.message).not.toContain('stolen');
      expect(elsewhere.seen).toHaveLength(0);
      // Not retried: a redirect is an answer, not a fault.
      expect(api.seen).toHaveLength(1);
    },
  );

  it('does not follow a redirect to another path of the same server either', async () => {
    api.handle((req, res) => {
      if (req.url?.startsWith('/moved'))
        return json(res, 200, { description: 'success', data: { company_name: 'Same host', dot_number: '1' } });
      res.writeHead(302, { Location: '/moved/v2/company-info' });
      res.end();
    });
    const err = await failure(client().companyInfo());
    expect(err.message).toContain('to another path on the same server');
    expect(api.seen.map((s) => s.url)).toEqual(['/v2/company-info']);
  });

  it('stops reading a response past the size cap, without buffering the rest, and does not retry it', async () => {
    const sent: number[] = [];
    api.handle((_q, res) => {
      // An endless-looking body with no Content-Length: only a running count can stop it.
      res.writeHead(200, { 'content-type': 'application/json' });
      let bytes = 0;
      const piece = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (bytes < 64 * 1024 * 1024) {
          bytes += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => sent.push(bytes));
      pump();
    });
    const err = await failure(client({ maxBodyBytes: 1024 * 1024 }).companyInfo());
    expect(err.kind).toBe('invalid-response');
    expect(err.message).toMatch(/the response is larger than 1 MB/);
    expect(api.seen).toHaveLength(1);
    await expect.poll(() => sent.length).toBe(1);
    // What the server managed to push before the client hung up: the cap plus socket buffers, far from 64 MB.
    expect(sent[0]).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a declared oversize body before reading it', async () => {
    api.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(40 * 1024 * 1024) });
      res.write('{');
    });
    const err = await failure(client({ maxBodyBytes: 32 * 1024 * 1024 }).companyInfo());
    expect(err.message).toMatch(/larger than 32 MB/);
  });

  it('a server that accepts but never answers ends the call at the first-byte limit, with one attempt and a clear sentence', async () => {
    api.handle(() => undefined);
    const err = await failure(client({ firstByteTimeoutMs: 300, timeoutMs: 10_000, maxRetries: 5 }).companyInfo());
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/the server is not answering/);
    expect(api.seen).toHaveLength(1);
  });

  it('keeps retrying a server that answers (503) within the first-byte window: the limit is about silence, not faults', async () => {
    api.handle((_q, res, n) =>
      n < 3
        ? json(res, 503, { description: 'busy' })
        : json(res, 200, { description: 'success', data: { company_name: 'A', dot_number: '1' } }),
    );
    let t = 0;
    // Retries resume past the first-byte window (1.5 s of waits), which is fine: the server did answer.
    const got = await client({
      firstByteTimeoutMs: 1500,
      now: () => t,
      sleep: async (ms) => void (t += ms),
      backoff: { baseMs: 1000, capMs: 1000, random: () => 1 },
    }).companyInfo();
    expect(got.company_name).toBe('A');
    expect(api.seen).toHaveLength(3);
  });

  it('time spent queued in the shared rate limiter does not count as the server being silent', async () => {
    api.handle((_q, res) =>
      json(res, 200, { description: 'success', data: { company_name: 'Queued', dot_number: '1' } }),
    );
    let t = 0;
    // The first acquire returns a minute later (many downloads share the Provider Key).
    const slowLimiter = { ...noWaitLimiter, acquire: async () => void (t += t === 0 ? 60_000 : 0) };
    const got = await client({
      limiter: slowLimiter,
      now: () => t,
      firstByteTimeoutMs: 5_000,
      deadlineMs: 10_000,
    }).companyInfo();
    expect(got.company_name).toBe('Queued');
  });

  it('gives up at the total deadline, waits between retries included', async () => {
    api.handle((_q, res) => json(res, 503, { description: 'busy' }));
    let t = 0;
    const err = await failure(
      client({
        maxRetries: 100,
        deadlineMs: 10_000,
        now: () => t,
        sleep: async (ms) => void (t += ms),
        backoff: { baseMs: 1000, capMs: 4000, random: () => 0.999 },
      }).companyInfo(),
    );
    expect(err.kind).toBe('server');
    // Waits of ~1, 2, 4, 4 s fit in 10 s; the next would not.
    expect(api.seen).toHaveLength(4);
    expect(t).toBeLessThan(10_000);
  });
});
