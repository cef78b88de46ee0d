import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/client.ts';
import type { ApiEvent } from '../../electron/node/api/http.ts';
import { json, startFakeServer, type FakeServer } from './client-fake-server.ts';

/** Every endpoint's request (path, query) and how its answer is read, against a scripted server on loopback. */
const PROVIDER = 'pk_live_endpoint_0001';
const COMPANY = 'system-ck_endpoint_0002';
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
function client() {
  const events: ApiEvent[] = [];
  const c = createApiClient({
    baseUrl: `${srv.baseUrl}/`,
    providerKey: PROVIDER,
    companyKey: COMPANY,
    limiter: noWait,
    maxRetries: 0,
    sleep: async () => undefined,
    onEvent: (e) => events.push(e),
  });
  return { c, events };
}
const urls = () => srv.seen.map((s) => new URL(s.url, 'http://x'));
const q = (u: URL) => Object.fromEntries(u.searchParams);
const driver = (i: number) => ({
  driver_id: `d${i}`,
  username: `u${i}`,
  first_name: 'F',
  last_name: `L${i}`,
  active: true,
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

describe('API client endpoints (fake server)', () => {
  it('clamps limits to 1…1000 (200 for latest vehicle status) in whole numbers, and omits them when not given', async () => {
    srv.handle((_r, res) => json(res, 200, { description: 'success', page: 1, total_pages: 1, data: [] }));
    const { c } = client();
    await c.listDrivers({ limit: 5000 });
    await c.listDrivers({ limit: 0 });
    await c.listDrivers({ limit: 2.7 });
    await c.listDrivers({});
    await c.latestVehicleStatus({ limit: 5000 });
    await c.latestDriverStatus({ driverId: 'd1', limit: 10 });
    expect(urls().map((u) => [u.pathname, q(u)])).toEqual([
      ['/v2/drivers', { limit: '1000', page: '1' }],
      ['/v2/drivers', { limit: '1', page: '1' }],
      ['/v2/drivers', { limit: '2', page: '1' }],
      ['/v2/drivers', { page: '1' }],
      ['/v2/latest-vehicle-status', { limit: '200', page: '1' }],
      ['/v2/latest-driver-status', { driver_id: 'd1', limit: '10', page: '1' }],
    ]);
  });

  it('reads every page up to total_pages, asks a given page of drivers, and reports the page it got', async () => {
    srv.handle((req, res) => {
      const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page'));
      json(res, 200, { description: 'success', page, total_pages: 3, total_elements: 3, data: [driver(page)] });
    });
    const { c } = client();
    const all = await c.drivers();
    expect(all.records.map((d) => d.driver_id)).toEqual(['d1', 'd2', 'd3']);
    expect(urls().map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    srv.seen.length = 0;
    const p = await c.listDrivers({ page: 2 });
    expect(urls().map((u) => u.searchParams.get('page'))).toEqual(['2']);
    expect({ page: p.page, totalPages: p.totalPages, totalElements: p.totalElements }).toEqual({
      page: 2,
      totalPages: 3,
      totalElements: 3,
    });
  });

  it('a page without paging fields is the last one', async () => {
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: [driver(1)] }));
    const { c } = client();
    const p = await c.listDrivers({ page: 4 });
    expect({ page: p.page, totalPages: p.totalPages }).toEqual({ page: 4, totalPages: 4 });
    expect((await c.drivers()).records).toHaveLength(1);
    expect(srv.seen).toHaveLength(2);
  });

  it('names the missing vehicle or driver on a 404, with the id encoded in the path', async () => {
    srv.handle((_r, res) => json(res, 404, { description: 'no such thing', data: null }));
    const { c } = client();
    await expect(c.vehicle('T 9/x')).rejects.toThrow('The API does not know vehicle "T 9/x" (404: no such thing)');
    await expect(c.driver('d/1')).rejects.toThrow('The API does not know driver "d/1"');
    await expect(c.latestVehicleStatus({ vehicleId: 'T-404' })).rejects.toThrow('vehicle "T-404"');
    expect(
      urls()
        .map((u) => u.pathname)
        .slice(0, 2),
    ).toEqual(['/v2/vehicle/T%209%2Fx', '/v2/driver/d%2F1']);
  });

  it('refuses data that is not a list, or a single record that does not parse, saying what', async () => {
    const { c } = client();
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: { not: 'a list' } }));
    await expect(c.vehicles()).rejects.toThrow('data of /v2/vehicles is not an array');
    srv.handle((_r, res) => json(res, 200, { description: 'success', data: { company_name: 42 } }));
    await expect(c.companyInfo()).rejects.toThrow(/\(company info: /);
  });

  it('keeps malformed records out, with reason, id, time and a key-free snippet, and tells listeners how many', async () => {
    srv.handle((_r, res) =>
      json(res, 200, {
        description: 'success',
        data: [
          record('ok-1'),
          { ...record('bad-1'), lat: `north of ${PROVIDER}` },
          { ...record('bad-2'), timestamp: 'yesterday' },
        ],
      }),
    );
    const { c, events } = client();
    const perCall: ApiEvent[] = [];
    const pages = [];
    for await (const p of c.locationHistoryPages({
      vehicleId: 'v',
      from: '2026-03-01',
      to: '2026-03-01',
      onEvent: (e) => perCall.push(e),
    }))
      pages.push(p);
    expect(pages[0]!.records.map((r) => r.id)).toEqual(['ok-1']);
    const [a, b] = pages[0]!.rejected;
    expect(a).toMatchObject({ id: 'bad-1', t: Date.parse('2026-03-01T08:00:00Z') });
    expect(a!.snippet).not.toContain(PROVIDER);
    expect(a!.snippet).toContain('[redacted]');
    expect(b!.id).toBe('bad-2');
    expect(b!.t).toBeUndefined();
    expect(b!.reason).toMatch(/timestamp/);
    for (const list of [events, perCall])
      expect(list.filter((e) => e.type === 'rejected')).toEqual([
        { type: 'rejected', path: '/v2/vehicle-location-history/v', count: 2 },
      ]);
    expect(q(urls()[0]!)).toEqual({ start_date: '03-01-2026', end_date: '03-01-2026', limit: '1000' });
  });

  it('stops a location history whose server hands out the same page token twice', async () => {
    srv.handle((_r, res) =>
      json(res, 200, {
        description: 'success',
        data: [record(`r${srv.seen.length}`)],
        next_page_token: srv.seen.length === 1 ? 'A' : 'B',
      }),
    );
    const { c } = client();
    const got: string[] = [];
    const run = async () => {
      for await (const p of c.locationHistoryPages({ vehicleId: 'v', from: '2026-03-01', to: '2026-03-02' }))
        got.push(...p.records.map((r) => r.id));
    };
    await expect(run()).rejects.toThrow('the same next_page_token came back twice');
    expect(got).toEqual(['r1', 'r2', 'r3']);
    expect(urls().map((u) => u.searchParams.get('next_page_token'))).toEqual([null, 'A', 'B']);
  });
});
