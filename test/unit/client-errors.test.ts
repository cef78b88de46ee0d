// Over 300 lines: one case per failure the API client maps (status, body, network, redirect) over one fake server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../electron/node/api/client.ts';
import type { ApiEvent } from '../../electron/node/api/http.ts';
import { isAbortError } from '../../electron/node/api/errors.ts';
import { json, resetMidBody, startFakeServer, type FakeServer } from './client-fake-server.ts';

const PROVIDER = 'pk_live_9f8e7d6c5b4a3210';
const COMPANY = 'system-ck_1234abcd5678efgh';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFakeServer();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.seen.length = 0;
});

const sleeps: number[] = [];
/** Penalties are tested separately; here they must not turn into real waits. */
const noWaitLimiter = {
  acquire: async () => undefined,
  penalize: () => undefined,
  snapshot: () => ({ tokens: 1, waiting: 0, pausedForMs: 0 }),
};
function client(over: Partial<ApiClientOptions> = {}) {
  sleeps.length = 0;
  const events: ApiEvent[] = [];
  const c = createApiClient({
    baseUrl: srv.baseUrl,
    providerKey: PROVIDER,
    companyKey: COMPANY,
    limiter: noWaitLimiter,
    maxRetries: 3,
    backoff: { baseMs: 100, capMs: 1000, random: () => 0.5 },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onEvent: (e) => events.push(e),
    ...over,
  });
  return { c, events };
}

const company = { company_name: 'Prairie Line', dot_number: '1234567' };

async function caught(p: Promise<unknown>): Promise<Error & { kind?: string; status?: number }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { kind?: string };
  }
  throw new Error('expected a rejection');
}

function allText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 10 && e; i++) {
    if (e instanceof Error) {
      parts.push(e.message, e.stack ?? '', JSON.stringify(e, Object.getOwnPropertyNames(e)));
      e = e.cause;
    } else {
      parts.push(String(e));
      e = undefined;
    }
  }
  return parts.join('\n');
}

function expectNoKeys(text: string): void {
  for (const key of [PROVIDER, COMPANY, COMPANY.slice('system-'.length)]) {
    for (let i = 0; i + 8 <= key.length; i++) expect(text).not.toContain(key.slice(i, i + 8));
  }
}

describe('client against a fake server', () => {
  it('sends both key headers on every request', async () => {
    srv.handle((_q, res) => json(res, 200, { description: 'success', data: company }));
    const { c } = client();
    await expect(c.companyInfo()).resolves.toEqual(company);
    expect(srv.seen[0]?.headers['x-api-provider-key']).toBe(PROVIDER);
    expect(srv.seen[0]?.headers['x-api-company-key']).toBe(COMPANY);
  });

  it('maps 401 with the company-key message to CompanyKeyInvalidError, other 401 to provider', async () => {
    srv.handle((_q, res) =>
      json(res, 401, { status_code: 401, description: `The company API key ${COMPANY} is not valid`, data: null }),
    );
    const e1 = await caught(client().c.companyInfo());
    expect(e1.kind).toBe('company-key-invalid');
    expectNoKeys(allText(e1));
    srv.handle((_q, res) => json(res, 401, { status_code: 401, description: 'Unauthorized', data: null }));
    const e2 = await caught(client().c.companyInfo());
    expect(e2.kind).toBe('provider-key-invalid');
    expect(srv.seen).toHaveLength(2);
  });

  it('maps 404 to NotFoundError and 400 to RequestError with the description, without retrying', async () => {
    srv.handle((_q, res) => json(res, 404, { status_code: 404, description: 'vehicle not found', data: null }));
    const e404 = await caught(client().c.vehicle('nope'));
    expect(e404.kind).toBe('not-found');
    expect(e404.message).toContain('vehicle "nope"');
    srv.handle((_q, res) =>
      json(res, 400, { status_code: 400, description: 'start_date must be MM-DD-YYYY', data: null }),
    );
    const e400 = await caught(client().c.companyInfo());
    expect(e400.kind).toBe('request');
    expect(e400.message).toContain('start_date must be MM-DD-YYYY');
    expect(srv.seen).toHaveLength(2);
  });

  it('retries 500 with backoff, then gives up with ServerError', async () => {
    srv.handle((_q, res) => json(res, 500, { description: 'boom', data: null }));
    const { c, events } = client();
    const e = await caught(c.companyInfo());
    expect(e.kind).toBe('server');
    expect(srv.seen).toHaveLength(4);
    expect(events.filter((x) => x.type === 'retry')).toHaveLength(3);
    expect(sleeps).toEqual([50, 100, 200]);
  });

  it('recovers when a 503 is followed by success', async () => {
    srv.handle((_q, res, n) =>
      n === 1
        ? json(res, 503, { description: 'busy', data: null })
        : json(res, 200, { description: 'success', data: company }),
    );
    await expect(client().c.companyInfo()).resolves.toEqual(company);
    expect(srv.seen).toHaveLength(2);
  });

  it('honours Retry-After in seconds on 429 and penalises the shared limiter', async () => {
    srv.handle((_q, res, n) =>
      n <= 2
        ? json(res, 429, { description: 'slow down', data: null }, { 'retry-after': '2' })
        : json(res, 200, { description: 'success', data: company }),
    );
    const penalties: number[] = [];
    const { c } = client({ limiter: { ...noWaitLimiter, penalize: (ms) => penalties.push(ms) } });
    await expect(c.companyInfo()).resolves.toEqual(company);
    expect(sleeps.every((s) => s >= 2000)).toBe(true);
    expect(sleeps).toHaveLength(2);
    expect(penalties).toEqual([2000, 2000]);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    srv.handle((_q, res, n) =>
      n === 1
        ? json(
            res,
            429,
            { description: 'slow down', data: null },
            { 'retry-after': new Date(Date.now() + 4000).toUTCString() },
          )
        : json(res, 200, { description: 'success', data: company }),
    );
    await client().c.companyInfo();
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(2900);
  });

  it('fails fast on a Retry-After far beyond the cap (3600 s) instead of waiting it out', async () => {
    srv.handle((_q, res) => json(res, 429, { description: 'slow down', data: null }, { 'retry-after': '3600' }));
    const penalties: number[] = [];
    // A call deadline of a day: only the Retry-After cap can stop the client from waiting an hour.
    const limiter = { ...noWaitLimiter, penalize: (ms: number) => penalties.push(ms) };
    const { c, events } = client({ maxRetryAfterMs: 120_000, deadlineMs: 86_400_000, limiter });
    const e = (await caught(c.companyInfo())) as Error & { kind?: string; retryAfterMs?: number };
    expect(e.kind).toBe('rate-limited');
    expect(e.retryAfterMs).toBe(3_600_000);
    expect(e.message).toContain('wait 3600 s');
    expect(srv.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(events.filter((x) => x.type === 'retry')).toHaveLength(0);
    // The shared limiter still learns the pause, so other downloads of the key do not hammer the server.
    expect(penalties).toEqual([3_600_000]);
  });

  it('fails fast on a Retry-After past the cap but inside the default call deadline (200 s)', async () => {
    srv.handle((_q, res) => json(res, 429, { description: 'slow down', data: null }, { 'retry-after': '200' }));
    const e = (await caught(client({ maxRetryAfterMs: undefined, deadlineMs: undefined }).c.companyInfo())) as Error & {
      kind?: string;
    };
    expect(e.kind).toBe('rate-limited');
    expect(srv.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a Retry-After of exactly the cap is still waited out', async () => {
    srv.handle((_q, res, n) =>
      n === 1
        ? json(res, 429, { description: 'slow down', data: null }, { 'retry-after': '120' })
        : json(res, 200, { description: 'success', data: company }),
    );
    await expect(client({ maxRetryAfterMs: 120_000 }).c.companyInfo()).resolves.toEqual(company);
    expect(sleeps).toEqual([120_000]);
  });

  it('a Retry-After just under the cap is waited out and retried', async () => {
    srv.handle((_q, res, n) =>
      n === 1
        ? json(res, 429, { description: 'slow down', data: null }, { 'retry-after': '119' })
        : json(res, 200, { description: 'success', data: company }),
    );
    await expect(client({ maxRetryAfterMs: 120_000 }).c.companyInfo()).resolves.toEqual(company);
    expect(sleeps).toEqual([119_000]);
  });

  it('gives up on 429 with RateLimitedError after the retries', async () => {
    srv.handle((_q, res) => json(res, 429, { description: 'slow down', data: null }));
    const e = await caught(client().c.companyInfo());
    expect(e.kind).toBe('rate-limited');
    expect(srv.seen).toHaveLength(4);
  });

  it('retries a connection reset in the middle of the body', async () => {
    srv.handle((_q, res, n) =>
      n === 1
        ? resetMidBody(res, { description: 'success', data: company })
        : json(res, 200, { description: 'success', data: company }),
    );
    const { c, events } = client();
    await expect(c.companyInfo()).resolves.toEqual(company);
    expect(events.find((x) => x.type === 'retry')).toBeTruthy();
  });

  it('a body cut short without an error on the socket is retried too', async () => {
    srv.handle((_q, res, n) => {
      const text = JSON.stringify({ description: 'success', data: company });
      if (n === 1) {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
        res.end(text.slice(0, 20));
      } else json(res, 200, { description: 'success', data: company });
    });
    await expect(client().c.companyInfo()).resolves.toEqual(company);
    expect(srv.seen).toHaveLength(2);
  });

  it('a reset on every attempt ends in NetworkError naming the host, not the keys', async () => {
    srv.handle((_q, res) => resetMidBody(res, { description: 'success', data: company }));
    const e = await caught(client().c.companyInfo());
    expect(e.kind).toBe('network');
    expect(e.message).toContain(new URL(srv.baseUrl).host);
    expectNoKeys(allText(e));
  });

  it('connection refused is a NetworkError', async () => {
    const dead = await startFakeServer();
    const url = dead.baseUrl;
    await dead.close();
    const e = await caught(client({ baseUrl: url, maxRetries: 1 }).c.companyInfo());
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/connection refused/);
    expectNoKeys(allText(e));
  });

  it('a body that is not JSON, or not an envelope, is an InvalidResponseError and is not retried', async () => {
    srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login</html>');
    });
    const e1 = await caught(client().c.companyInfo());
    expect(e1.kind).toBe('invalid-response');
    expect(e1.message).toMatch(/not JSON/);
    srv.handle((_q, res) => json(res, 200, { result: 'ok' }));
    const e2 = await caught(client().c.companyInfo());
    expect(e2.kind).toBe('invalid-response');
    expect(e2.message).toMatch(/description is missing/);
    expect(srv.seen).toHaveLength(2);
  });

  it('times out a silent server, retries, then reports a NetworkError', async () => {
    srv.handle(() => undefined);
    const e = await caught(client({ timeoutMs: 150, maxRetries: 1 }).c.companyInfo());
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/no answer within/);
    expect(srv.seen).toHaveLength(2);
  });

  it('caller abort gives an AbortError and no retry', async () => {
    srv.handle(() => undefined);
    const ac = new AbortController();
    const p = client().c.companyInfo({ signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const e = await caught(p);
    expect(isAbortError(e)).toBe(true);
    expect(e.kind).toBe('aborted');
    expect(srv.seen).toHaveLength(1);
  });

  it('keeps good records of a page and reports the malformed ones with reasons', async () => {
    const good = { driver_id: 'd1', username: 'u1', first_name: 'A', last_name: 'B', active: true };
    srv.handle((_q, res) =>
      json(res, 200, {
        description: 'success',
        page: 1,
        size: 3,
        total_elements: 3,
        total_pages: 1,
        data: [good, { ...good, driver_id: 'd2', active: 'maybe' }, 'junk'],
      }),
    );
    const { c, events } = client();
    const got = await c.drivers();
    expect(got.records).toEqual([good]);
    expect(got.rejected.map((r) => r.id)).toEqual(['d2', undefined]);
    expect(got.rejected[0]?.reason).toMatch(/active/);
    expect(events).toContainEqual({ type: 'rejected', path: '/v2/drivers', count: 2 });
  });

  it('follows page < total_pages and next_page_token', async () => {
    srv.handle((req, res) => {
      const u = new URL(req.url ?? '', 'http://x');
      if (u.pathname === '/v2/vehicles') {
        const page = Number(u.searchParams.get('page'));
        const data = [{ vehicle_id: `v${page}`, number: String(page), vin: `VIN${page}`, active: true }];
        return json(res, 200, { description: 'success', page, size: 1, total_elements: 3, total_pages: 3, data });
      }
      const tok = u.searchParams.get('next_page_token');
      const i = tok === null ? 0 : Number(tok);
      const rec = {
        id: `r${i}`,
        vehicle_number: '1',
        vin: 'V',
        lat: '1',
        lng: '2',
        status: 'OFFLINE',
        speed: '0',
        timestamp: '2026-03-01T00:00:00Z',
        calc_location: '',
        direction: '0',
      };
      return json(res, 200, {
        description: 'success',
        size: 1,
        data: [rec],
        ...(i < 4 ? { next_page_token: String(i + 1) } : {}),
      });
    });
    const { c } = client();
    const vs = await c.vehicles({ status: 'active', limit: 1 });
    expect(vs.records.map((v) => v.vehicle_id)).toEqual(['v1', 'v2', 'v3']);
    expect(srv.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('status'))).toEqual([
      'active',
      'active',
      'active',
    ]);
    srv.seen.length = 0;
    const ids: string[] = [];
    for await (const p of c.locationHistoryPages({
      vehicleId: 'veh 1',
      from: '2026-03-01',
      to: '2026-03-03',
      limit: 1,
    }))
      ids.push(...p.records.map((r) => r.id));
    expect(ids).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    const first = new URL(srv.seen[0]?.url ?? '', 'http://x');
    expect(first.pathname).toBe('/v2/vehicle-location-history/veh%201');
    expect(first.searchParams.get('start_date')).toBe('03-01-2026');
    expect(first.searchParams.get('end_date')).toBe('03-03-2026');
  });
});
