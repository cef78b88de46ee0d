import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { API_PATHS, type Envelope, type WireLocationRecord } from '../../shared/api/wire.ts';
import { addDays, toApiDate } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ now: () => NOW });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.setFaults({});
  sim.setRateLimit(null);
  sim.setLatency(0);
  sim.resetStats();
});

const carrier = () => sim.carriers[0]!;
const headers = () => ({ 'X-API-Provider-Key': sim.providerKey, 'X-API-Company-Key': carrier().companyKey });
const vehicle = () => sim.truth.vehicles(carrier().id).find((v) => v.active)!;

async function get<T = unknown>(path: string) {
  const res = await fetch(sim.baseUrl + path, { headers: headers() });
  return { status: res.status, res, body: (await res.json()) as Envelope<T> };
}

async function history(
  s: string,
  e: string,
  limit: number,
): Promise<{ records: Record<string, unknown>[]; pages: number }> {
  const records: Record<string, unknown>[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const tq = token ? `&next_page_token=${encodeURIComponent(token)}` : '';
    const r = await get<Record<string, unknown>[]>(
      `${API_PATHS.vehicleLocationHistory(vehicle().vehicle_id)}?start_date=${toApiDate(s)}&end_date=${toApiDate(e)}&limit=${limit}${tq}`,
    );
    expect(r.status).toBe(200);
    records.push(...r.body.data!);
    token = r.body.next_page_token;
    pages++;
  } while (token && pages < 10_000);
  return { records, pages };
}

const day = (n: number) => addDays(sim.truth.today(), n);
const truth = (s: string, e: string): WireLocationRecord[] =>
  sim.truth.history(carrier().id, vehicle().vehicle_id, s, e);
const sortedIds = (rs: { id?: unknown }[]) => rs.map((r) => String(r.id)).sort();

describe('status faults', () => {
  it('answers 429 every N-th request with Retry-After seconds or an HTTP date', async () => {
    sim.setFaults({ status429Every: 3, retryAfter: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const r = await get(API_PATHS.companyInfo);
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.res.headers.get('retry-after')).toBe('2');
        expect(r.body).toMatchObject({ data: null, status_code: 429 });
      }
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    sim.setFaults({ status429Every: 1, retryAfter: 'http-date' });
    const r = await get(API_PATHS.companyInfo);
    expect(Number.isNaN(Date.parse(r.res.headers.get('retry-after') ?? ''))).toBe(false);
  });

  it('answers 503 every N-th request and counts it in stats', async () => {
    sim.setFaults({ status503Every: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(API_PATHS.vehicles)).status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    const stats = sim.stats();
    expect(stats.requests).toBe(6);
    expect(stats.byStatus[503]).toBe(3);
    expect(stats.byPath['/v2/vehicles']).toBe(6);
  });

  it('resets the connection mid-body every N-th request', async () => {
    sim.setFaults({ resetEvery: 1 });
    const outcome = await new Promise<string>((resolve) => {
      const req = request(`${sim.baseUrl}${API_PATHS.drivers}`, { headers: headers() }, (res) => {
        let got = 0;
        res.on('data', (c: Buffer) => (got += c.length));
        res.on('error', (e) => resolve(`error:${e.message}:${got}`));
        res.on('aborted', () => resolve(`aborted:${got}`));
        res.on('end', () => resolve(`end:${got}:${res.headers['content-length']}`));
      });
      req.on('error', (e) => resolve(`error:${e.message}`));
      req.end();
    });
    expect(outcome).toMatch(/^(error|aborted)/);
    await expect(
      fetch(sim.baseUrl + API_PATHS.drivers, { headers: headers() }).then((r) => r.json()),
    ).rejects.toThrow();
  });

  it('holds each response back by the latency knob, and not without it', async () => {
    // A scheduler the test controls: the delay is observed, never timed.
    const held: { ms: number; respond: () => void }[] = [];
    const slow = await startSimulator({
      now: () => NOW,
      latencyMs: 150,
      schedule: (respond, ms) => held.push({ ms, respond }),
    });
    try {
      let answered = false;
      const pending = fetch(slow.baseUrl + API_PATHS.companyInfo, { headers: headers() }).then((res) => {
        answered = true;
        return res;
      });
      await vi.waitFor(() => expect(held).toHaveLength(1));
      expect(held[0]!.ms).toBe(150);
      expect(answered).toBe(false);
      held[0]!.respond();
      expect((await pending).status).toBe(200);
      slow.setLatency(0);
      expect((await fetch(slow.baseUrl + API_PATHS.companyInfo, { headers: headers() })).status).toBe(200);
      expect(held).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('rate limiter', () => {
  it('lets a burst through, then answers 429 with Retry-After', async () => {
    sim.setRateLimit({ ratePerSec: 0.5, burst: 4 });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 7; i++) {
      const r = await get(API_PATHS.companyInfo);
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.res.headers.get('retry-after');
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    sim.setRateLimit(null);
    expect((await get(API_PATHS.companyInfo)).status).toBe(200);
  });
});

describe('history faults', () => {
  it('corrupts exactly the records truth names, keeping ids valid', async () => {
    const s = day(-3);
    const e = day(-2);
    sim.setFaults({ malformedEvery: 7 });
    const { records } = await history(s, e, 1000);
    const expected = sim.truth.corruptedIds(carrier().id, vehicle().vehicle_id, s, e, 7);
    expect(expected.length).toBeGreaterThan(10);
    const clean = new Map(truth(s, e).map((r) => [r.id, r]));
    const differing = records.filter((r) => JSON.stringify(r) !== JSON.stringify(clean.get(String(r.id))));
    expect(sortedIds(differing)).toEqual([...expected].sort());
    expect(records).toHaveLength(clean.size);
    const again = await history(s, e, 1000);
    expect(again.records).toEqual(records);
  });

  it('serves desc and shuffled orders as permutations of the truth', async () => {
    const s = day(-4);
    const e = day(-3);
    const base = truth(s, e);
    sim.setFaults({ order: 'desc' });
    const desc = (await history(s, e, 300)).records;
    expect(desc).toEqual([...base].reverse());
    sim.setFaults({ order: 'shuffled' });
    const shuffled = (await history(s, e, 300)).records;
    expect(sortedIds(shuffled)).toEqual(sortedIds(base));
    expect(shuffled).not.toEqual(base);
    expect((await history(s, e, 300)).records).toEqual(shuffled);
  });

  it('repeats the last record of the previous page at the start of the next', async () => {
    const s = day(-6);
    const base = truth(s, s);
    sim.setFaults({ duplicateAcrossPages: true });
    const { records, pages } = await history(s, s, 100);
    expect(pages).toBeGreaterThan(2);
    expect(records.length).toBeGreaterThan(base.length);
    expect(new Set(records.map((r) => r.id)).size).toBe(base.length);
    const deduped = records.filter((r, i) => i === 0 || r.id !== records[i - 1]!.id);
    expect(deduped).toEqual(base);
  });

  it('drops the last day when end_date is exclusive', async () => {
    const s = day(-5);
    const e = day(-3);
    sim.setFaults({ endDate: 'exclusive' });
    const { records } = await history(s, e, 1000);
    expect(records).toEqual(truth(s, day(-4)));
    expect(records.every((r) => !String(r.timestamp).startsWith(e))).toBe(true);
    sim.setFaults({});
    expect((await history(s, e, 1000)).records).toEqual(truth(s, e));
  });
});

describe('list and description faults', () => {
  const ids = (b: Envelope<unknown>) => (b.data as { vehicle_id: string }[]).map((v) => v.vehicle_id);
  const roster = () => sim.truth.vehicles(carrier().id).map((v) => v.vehicle_id);

  it('caps a page at pageSizeCap whatever the limit, with totals to match', async () => {
    sim.setFaults({ pageSizeCap: 3 });
    const all = roster();
    const { body } = await get('/v2/vehicles?limit=1000');
    expect(ids(body)).toEqual(all.slice(0, 3));
    expect(body).toMatchObject({
      page: 1,
      size: 3,
      total_elements: all.length,
      total_pages: Math.ceil(all.length / 3),
    });
  });

  it('rotates a list before each of the next `times` later-page requests, then holds still; setFaults starts again', async () => {
    sim.setFaults({ pageSizeCap: 2, listChanges: { kind: 'rotate', times: 1 } });
    const all = roster();
    expect(ids((await get('/v2/vehicles?page=1')).body)).toEqual(all.slice(0, 2));
    const rotated = [all.at(-1)!, ...all.slice(0, -1)];
    expect(ids((await get('/v2/vehicles?page=2')).body)).toEqual(rotated.slice(2, 4));
    expect(ids((await get('/v2/vehicles?page=2')).body)).toEqual(rotated.slice(2, 4));
    expect(ids((await get('/v2/vehicles?page=1')).body)).toEqual(rotated.slice(0, 2));
    sim.setFaults({ pageSizeCap: 2 });
    expect(ids((await get('/v2/vehicles?page=1')).body)).toEqual(all.slice(0, 2));
  });

  it('shrinks a list by its first item, per endpoint, with total_elements to match', async () => {
    sim.setFaults({ pageSizeCap: 2, listChanges: { kind: 'shrink', times: 1 } });
    const all = roster();
    const { body } = await get('/v2/vehicles?page=2');
    expect(ids(body)).toEqual(all.slice(3, 5));
    expect(body.total_elements).toBe(all.length - 1);
    // Another endpoint's list is changed on its own count.
    expect((await get('/v2/latest-vehicle-status?page=1')).body.total_elements).toBe(all.length);
  });

  it('answers 200 with an error description on the endpoints, pages and days it names', async () => {
    const description = 'Internal error: the query timed out';
    sim.setFaults({
      errorDescription: {
        description,
        endpoint: '/v2/vehicle-location-history/{vehicle_id}',
        laterPagesOnly: true,
        fromDay: day(-3),
        data: [],
      },
    });
    expect((await get('/v2/vehicles')).body.description).toBe('success');
    const path = (s: string) =>
      `${API_PATHS.vehicleLocationHistory(vehicle().vehicle_id)}?start_date=${toApiDate(s)}&end_date=${toApiDate(day(-1))}&limit=100`;
    const early = await get(path(day(-5)));
    const first = await get(path(day(-3)));
    expect(early.body.description).toBe('success');
    expect(first.body.description).toBe('success');
    const later = await get(`${path(day(-3))}&next_page_token=${encodeURIComponent(first.body.next_page_token!)}`);
    expect(later.status).toBe(200);
    expect(later.body).toEqual({ description, data: [] });
    sim.setFaults({ errorDescription: { description } });
    expect((await get('/v2/company-info')).body).toEqual({ description, data: null });
  });
});
