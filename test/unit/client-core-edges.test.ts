import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { abortableSleep, parseRetryAfter } from '../../electron/node/api/backoff.ts';
import { createApiClient } from '../../electron/node/api/client.ts';
import { isAbortError, networkReasonOf } from '../../electron/node/api/errors.ts';
import type { ApiEvent } from '../../electron/node/api/http.ts';
import { readCappedBody } from '../../electron/node/api/read-capped.ts';
import { redact, sanitizedCause } from '../../electron/node/api/redact.ts';
import { json, startFakeServer, type FakeServer } from './client-fake-server.ts';

/** Edges of the client's smaller parts: redaction, cause copies, Retry-After, body caps, and endpoint options. */
const PROVIDER = 'pk_live_core_0007';
const COMPANY = 'system-ck_core_0008';

describe('redact, edges', () => {
  it('strips the legacy "system-" prefix only from keys that have it', () => {
    // The provider key's tail after 7 characters is not a secret of its own.
    expect(redact('tail _core_0007 here', [PROVIDER])).toBe('tail _core_0007 here');
    expect(redact('bare ck_core_0008 here', [COMPANY])).toBe('bare [redacted] here');
  });

  it('masks a whole key before any shorter form of it, so no part of a key is left around the mask', () => {
    expect(redact(`k=${COMPANY};`, [COMPANY])).toBe('k=[redacted];');
    // A key ending in "%": its URL-encoded form "…%25" contains the raw key, and is masked whole.
    expect(redact('q=ab_key%25&x', ['ab_key%'])).toBe('q=[redacted]&x');
  });
});

describe('sanitizedCause, edges', () => {
  const chain = (n: number): Error => {
    let e = new Error('level 0');
    for (let i = 1; i < n; i++) e = new Error(`level ${i}`, { cause: e });
    return e;
  };
  const depthOf = (e: unknown): number => {
    let d = 0;
    for (let x = e; x instanceof Error; x = x.cause) d++;
    return d;
  };

  it('copies five errors of a cause chain and no more', () => {
    expect(depthOf(sanitizedCause(chain(5), []))).toBe(5);
    expect(depthOf(sanitizedCause(chain(8), []))).toBe(5);
  });

  it('ends on a cause chain that loops back on itself', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(depthOf(sanitizedCause(a, []))).toBe(5);
  });

  it('gives an error without a cause (or with a null one) a copy without a cause', () => {
    const plain = sanitizedCause(new Error('plain'), []) as Error;
    expect('cause' in plain).toBe(false);
    const nul = sanitizedCause(new Error('null cause', { cause: null }), []) as Error;
    expect('cause' in nul).toBe(false);
    expect(sanitizedCause(undefined, [])).toBeUndefined();
    expect(sanitizedCause(null, [])).toBeUndefined();
  });

  it('replaces the stack with one line, name and redacted message, so no frame or key survives', () => {
    const e = new RangeError(`bad ${PROVIDER}`);
    expect((sanitizedCause(e, [PROVIDER]) as Error).stack).toBe('RangeError: bad [redacted]');
  });
});

describe('errors, edges', () => {
  it('sorts a detail by how it begins, whatever follows', () => {
    expect(networkReasonOf('connection refused by 10.0.0.1')).toBe('refused');
    expect(networkReasonOf('host name not found: api.example')).toBe('unknown-host');
  });

  it('does not take every error for an abort', () => {
    expect(isAbortError(new Error('plain'))).toBe(false);
    expect(isAbortError(new DOMException('late', 'TimeoutError'))).toBe(false);
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
  });
});

describe('Retry-After and sleep, edges', () => {
  const now = Date.UTC(2026, 2, 14, 12, 0, 0);
  it('reads delta-seconds with white space around them', () => {
    expect(parseRetryAfter(' 3 ', now)).toBe(3000);
  });
  it('refuses digits with anything before or after them', () => {
    expect(parseRetryAfter('abc3', now)).toBeUndefined();
    expect(parseRetryAfter('3s', now)).toBeUndefined();
  });
  it('leaves no listener on the caller’s signal once a sleep ends', async () => {
    const ac = new AbortController();
    const add = vi.spyOn(ac.signal, 'addEventListener');
    const remove = vi.spyOn(ac.signal, 'removeEventListener');
    await abortableSleep(1, ac.signal);
    expect(add).toHaveBeenCalledTimes(1);
    expect(remove.mock.calls).toEqual([[add.mock.calls[0]![0], add.mock.calls[0]![1]]]);
  });
});

describe('readCappedBody, edges', () => {
  it('reads a body whose declared length is exactly the cap', async () => {
    const res = new Response('hello', { headers: { 'content-length': '5' } });
    expect(Buffer.from((await readCappedBody(res, 5)) as Uint8Array).toString()).toBe('hello');
  });
});

describe('client endpoints, edges', () => {
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await startFakeServer();
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    srv.seen.length = 0;
  });
  const client = (events: ApiEvent[] = []) =>
    createApiClient({
      baseUrl: srv.baseUrl,
      providerKey: PROVIDER,
      companyKey: COMPANY,
      limiter: {
        acquire: async () => undefined,
        penalize: () => undefined,
        snapshot: () => ({ tokens: 1, waiting: 0, pausedForMs: 0 }),
      },
      maxRetries: 0,
      sleep: async () => undefined,
      onEvent: (e) => events.push(e),
    });
  const record = (id: string) => ({
    id,
    vehicle_number: '7',
    vin: 'V7',
    lat: '41.5',
    lng: '-93.6',
    status: 'IN_MOTION',
    speed: '55',
    timestamp: '2026-03-01T08:00:00Z',
    calc_location: '',
    direction: '90',
  });
  const cancelled = () => {
    const ac = new AbortController();
    ac.abort();
    return ac.signal;
  };

  it('a rejected record without id or time carries neither, and a clean page tells listeners nothing', async () => {
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: [record('ok'), { lat: 'north' }] }));
    const events: ApiEvent[] = [];
    const pages = [];
    for await (const p of client(events).locationHistoryPages({ vehicleId: 'v', from: '2026-03-01', to: '2026-03-01' }))
      pages.push(p);
    expect(Object.keys(pages[0]!.rejected[0]!).sort()).toEqual(['reason', 'snippet']);
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: [record('ok')] }));
    const clean: ApiEvent[] = [];
    for await (const p of client(clean).locationHistoryPages({ vehicleId: 'v', from: '2026-03-01', to: '2026-03-01' }))
      pages.push(p);
    expect(clean.map((e) => e.type)).toEqual(['request', 'response']);
  });

  it('numbers history pages 1, 2, 3', async () => {
    srv.handle((_r, res, n) =>
      json(res, 200, {
        description: 'success',
        data: [record(`r${n}`)],
        ...(n < 3 ? { next_page_token: `t${n}` } : {}),
      }),
    );
    const index: number[] = [];
    for await (const p of client().locationHistoryPages({ vehicleId: 'v', from: '2026-03-01', to: '2026-03-01' }))
      index.push(p.index);
    expect(index).toEqual([1, 2, 3]);
  });

  it('names the vehicle of a history that 404s, and the driver of a driver status that 404s', async () => {
    srv.handle((_r, res) => json(res, 404, { description: 'gone', data: null }));
    const run = async () => {
      for await (const _p of client().locationHistoryPages({ vehicleId: 'T-7', from: '2026-03-01', to: '2026-03-01' }));
    };
    await expect(run()).rejects.toThrow('The API does not know vehicle "T-7" (404: gone)');
    await expect(client().latestDriverStatus({ driverId: 'd-9' })).rejects.toThrow(
      'The API does not know driver "d-9" (404: gone)',
    );
  });

  it('says which single record did not parse: driver or vehicle', async () => {
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: { nothing: true } }));
    await expect(client().driver('d1')).rejects.toThrow(/\(driver: /);
    await expect(client().vehicle('v1')).rejects.toThrow(/\(vehicle: /);
  });

  it('sends the limit of every listing that is asked for all pages', async () => {
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: [] }));
    await client().drivers({ limit: 7 });
    await client().vehicles({ limit: 8 });
    expect(srv.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('limit'))).toEqual(['7', '8']);
  });

  it('a cancelled signal stops every listing before it asks the server', async () => {
    const c = client();
    const calls: [string, () => Promise<unknown>][] = [
      ['listDrivers', () => c.listDrivers({ signal: cancelled() })],
      ['drivers', () => c.drivers({ signal: cancelled() })],
      ['latestDriverStatus', () => c.latestDriverStatus({ signal: cancelled() })],
      ['vehicles', () => c.vehicles({ signal: cancelled() })],
    ];
    for (const [name, call] of calls) {
      const e = await call().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isAbortError(e), name).toBe(true);
    }
    expect(srv.seen).toHaveLength(0);
  });
});
