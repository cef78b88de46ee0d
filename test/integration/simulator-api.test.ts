import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { API_PATHS, type Envelope } from '../../shared/api/wire.ts';
import { addDays, toApiDate } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ now: () => NOW });
});
afterAll(() => sim.close());

const carrier = () => sim.carriers[2]!;
const keys = (companyKey = carrier().companyKey) => ({
  'x-api-provider-key': sim.providerKey,
  'X-API-COMPANY-KEY': companyKey,
});

async function get<T = unknown>(path: string, headers: Record<string, string> = keys(), method = 'GET') {
  const res = await fetch(sim.baseUrl + path, { headers, method });
  return { status: res.status, res, body: (await res.json()) as Envelope<T> };
}

function expectError(r: { status: number; body: Envelope<unknown> }, status: number, message?: RegExp) {
  expect(r.status).toBe(status);
  expect(r.body.data).toBeNull();
  expect(r.body.status_code).toBe(status);
  if (message) expect(r.body.description).toMatch(message);
}

describe('authentication', () => {
  it('rejects a missing or wrong provider key first', async () => {
    expectError(await get(API_PATHS.companyInfo, {}), 401, /provider API key is (missing|not valid)/);
    expectError(await get(API_PATHS.companyInfo, { 'X-API-Company-Key': 'whatever' }), 401, /provider API key/);
    expectError(
      await get(API_PATHS.companyInfo, { 'X-API-Provider-Key': 'bad', 'X-API-Company-Key': 'bad' }),
      401,
      /^The provider API key is not valid$/,
    );
  });

  it('rejects a missing or invalid company key with its own message', async () => {
    expectError(await get(API_PATHS.companyInfo, { 'X-API-Provider-Key': sim.providerKey }), 401, /company API key/);
    expectError(await get(API_PATHS.vehicles, keys('not-a-key')), 401, /^The company API key is not valid$/);
  });

  it('accepts every company key with and without the system- prefix', async () => {
    for (const c of sim.carriers) {
      const bare = c.companyKey.replace(/^system-/, '');
      for (const key of [bare, `system-${bare}`]) {
        const r = await get<{ company_name: string; dot_number: string }>(API_PATHS.companyInfo, keys(key));
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ description: 'success', data: { company_name: c.name, dot_number: c.dotNumber } });
      }
    }
  });

  it('never echoes a key in an error', async () => {
    const r = await get(API_PATHS.drivers, keys('secret-company-key-123'));
    expect(JSON.stringify(r.body)).not.toContain('secret-company-key-123');
  });
});

describe('routing', () => {
  it('answers 405 to non-GET and 404 to unknown paths, with the envelope', async () => {
    expectError(await get(API_PATHS.vehicles, keys(), 'POST'), 405);
    expectError(await get(API_PATHS.vehicles, keys(), 'DELETE'), 405);
    expectError(await get('/v2/nothing-here'), 404);
    expectError(await get('/v1/vehicles'), 404);
  });
});

describe('page-paginated endpoints', () => {
  it('computes total_pages and the last page size', async () => {
    const total = carrier().vehicleCount;
    const r = await get<unknown[]>(`${API_PATHS.vehicles}?limit=7&page=1`);
    expect(r.body).toMatchObject({
      description: 'success',
      page: 1,
      size: 7,
      total_elements: total,
      total_pages: Math.ceil(total / 7),
    });
    const last = await get<unknown[]>(`${API_PATHS.vehicles}?limit=7&page=${Math.ceil(total / 7)}`);
    expect(last.body.data).toHaveLength(total - 7 * (Math.ceil(total / 7) - 1));
    expect(last.body.size).toBe(last.body.data!.length);
    const beyond = await get<unknown[]>(`${API_PATHS.vehicles}?limit=7&page=${Math.ceil(total / 7) + 1}`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body).not.toHaveProperty('next_page_token');
  });

  it('walks all pages of drivers without overlap', async () => {
    const first = await get<{ driver_id: string }[]>(`${API_PATHS.drivers}?limit=9`);
    const ids = [...first.body.data!.map((d) => d.driver_id)];
    for (let page = 2; page <= first.body.total_pages!; page++) {
      const r = await get<{ driver_id: string }[]>(`${API_PATHS.drivers}?limit=9&page=${page}`);
      ids.push(...r.body.data!.map((d) => d.driver_id));
    }
    expect(ids).toHaveLength(carrier().driverCount);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it('defaults to limit 100, page 1', async () => {
    const r = await get<unknown[]>(API_PATHS.latestDriverStatus);
    expect(r.body.page).toBe(1);
    expect(r.body.size).toBe(Math.min(100, carrier().driverCount));
  });

  it('enforces limit maxima: 1000, and 200 for latest vehicle status', async () => {
    expect((await get(`${API_PATHS.drivers}?limit=1000`)).status).toBe(200);
    expectError(await get(`${API_PATHS.drivers}?limit=1001`), 400, /limit/);
    expectError(await get(`${API_PATHS.vehicles}?limit=1001`), 400, /limit/);
    expectError(await get(`${API_PATHS.latestDriverStatus}?limit=1001`), 400, /limit/);
    expect((await get(`${API_PATHS.latestVehicleStatus}?limit=200`)).status).toBe(200);
    expectError(await get(`${API_PATHS.latestVehicleStatus}?limit=201`), 400, /200/);
    for (const bad of ['0', '-1', 'abc', '2.5'])
      expectError(await get(`${API_PATHS.vehicles}?limit=${bad}`), 400, /limit/);
    for (const bad of ['0', 'x']) expectError(await get(`${API_PATHS.vehicles}?page=${bad}`), 400, /page/);
  });

  it('filters vehicles by status', async () => {
    const all = (await get<{ active: boolean }[]>(API_PATHS.vehicles)).body.data!;
    const active = (await get<{ active: boolean }[]>(`${API_PATHS.vehicles}?status=active`)).body;
    const inactive = (await get<{ active: boolean }[]>(`${API_PATHS.vehicles}?status=inactive`)).body;
    expect(active.data!.every((v) => v.active)).toBe(true);
    expect(inactive.data!.every((v) => !v.active)).toBe(true);
    expect(inactive.data!.length).toBeGreaterThan(0);
    expect(active.total_elements! + inactive.total_elements!).toBe(all.length);
    expectError(await get(`${API_PATHS.vehicles}?status=All`), 400, /status/);
  });
});

describe('entities by id', () => {
  it('accepts UUIDs and legacy ids and always returns UUIDs', async () => {
    const v = sim.truth.vehicles(carrier().id)[3]!;
    const d = sim.truth.drivers(carrier().id)[3]!;
    for (const id of [v.vehicle_id, v.legacyId]) {
      const r = await get(API_PATHS.vehicle(id));
      expect(r.body).toEqual({
        description: 'success',
        data: { vehicle_id: v.vehicle_id, number: v.number, vin: v.vin, active: v.active },
      });
    }
    for (const id of [d.driver_id, d.legacyId]) {
      const r = await get(API_PATHS.driver(id));
      expect(r.body.data).toEqual({
        driver_id: d.driver_id,
        username: d.username,
        first_name: d.first_name,
        last_name: d.last_name,
        active: d.active,
      });
    }
  });

  it('answers 404 for unknown ids and ids of another carrier', async () => {
    expectError(await get(API_PATHS.vehicle('00000000-0000-4000-8000-000000000000')), 404);
    expectError(await get(API_PATHS.driver('999999')), 404);
    const other = sim.truth.vehicles(sim.carriers[0]!.id)[0]!;
    expectError(await get(API_PATHS.vehicle(other.vehicle_id)), 404);
  });
});

describe('latest statuses', () => {
  it('serves the truth for drivers, with null HOS for idle drivers and a driver_id filter', async () => {
    const truth = sim.truth.driverStatuses(carrier().id);
    const r = await get(`${API_PATHS.latestDriverStatus}?limit=1000`);
    expect(r.body.data).toEqual(truth);
    const idle = truth.find((s) => s.current_status === null)!;
    expect(idle).toMatchObject({ break: null, drive: null, shift: null, cycle: null });
    const one = await get(`${API_PATHS.latestDriverStatus}?driver_id=${truth[0]!.driver_id}`);
    expect(one.body.data).toEqual([truth[0]]);
    expect(one.body.total_elements).toBe(1);
  });

  it('serves the truth for vehicles with a vehicle_id filter', async () => {
    const truth = sim.truth.vehicleStatuses(carrier().id);
    const r = await get(`${API_PATHS.latestVehicleStatus}?limit=200`);
    expect(r.body.data).toEqual(truth);
    const v = sim.truth.vehicles(carrier().id)[5]!;
    const one = await get(`${API_PATHS.latestVehicleStatus}?vehicle_id=${v.vehicle_id}`);
    expect(one.body.data).toEqual([truth[5]]);
  });
});

describe('location history', () => {
  const vehicle = () => sim.truth.vehicles(carrier().id).find((v) => v.active)!;
  const today = () => sim.truth.today();
  const q = (s: string, e: string, extra = '') => `?start_date=${toApiDate(s)}&end_date=${toApiDate(e)}${extra}`;

  async function all(id: string, s: string, e: string, limit: number) {
    const out: unknown[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const r = await get<unknown[]>(
        API_PATHS.vehicleLocationHistory(id) +
          q(s, e, `&limit=${limit}${token ? `&next_page_token=${encodeURIComponent(token)}` : ''}`),
      );
      expect(r.status).toBe(200);
      expect(r.body.size).toBe(r.body.data!.length);
      expect(r.body).not.toHaveProperty('page');
      out.push(...r.body.data!);
      token = r.body.next_page_token;
      pages++;
    } while (token);
    return { out, pages };
  }

  it('pages through exactly the truth, token absent on the last page', async () => {
    const s = addDays(today(), -3);
    const truth = sim.truth.history(carrier().id, vehicle().vehicle_id, s, today());
    const { out, pages } = await all(vehicle().vehicle_id, s, today(), 1000);
    expect(out).toEqual(truth);
    expect(pages).toBe(Math.ceil(truth.length / 1000));
  });

  it('defaults to 100 records and accepts the legacy id', async () => {
    const s = addDays(today(), -2);
    const r = await get<{ id: string }[]>(API_PATHS.vehicleLocationHistory(vehicle().legacyId) + q(s, s));
    expect(r.body.data).toHaveLength(100);
    expect(r.body.data![0]).toEqual(sim.truth.history(carrier().id, vehicle().vehicle_id, s, s)[0]);
    expect(r.body.next_page_token).toBeTypeOf('string');
  });

  it('binds the token to vehicle, start and end date', async () => {
    const s = addDays(today(), -5);
    const e = addDays(today(), -4);
    const first = await get(API_PATHS.vehicleLocationHistory(vehicle().vehicle_id) + q(s, e, '&limit=50'));
    const token = encodeURIComponent(first.body.next_page_token!);
    const other = sim.truth.vehicles(carrier().id).filter((v) => v.active)[1]!;
    expectError(
      await get(
        API_PATHS.vehicleLocationHistory(vehicle().vehicle_id) + q(s, addDays(e, 1), `&next_page_token=${token}`),
      ),
      400,
      /token/,
    );
    expectError(
      await get(
        API_PATHS.vehicleLocationHistory(vehicle().vehicle_id) + q(addDays(s, -1), e, `&next_page_token=${token}`),
      ),
      400,
      /token/,
    );
    expectError(
      await get(API_PATHS.vehicleLocationHistory(other.vehicle_id) + q(s, e, `&next_page_token=${token}`)),
      400,
      /token/,
    );
    expectError(
      await get(API_PATHS.vehicleLocationHistory(vehicle().vehicle_id) + q(s, e, `&next_page_token=garbage`)),
      400,
      /token/,
    );
    const ok = await get(
      API_PATHS.vehicleLocationHistory(vehicle().legacyId) + q(s, e, `&next_page_token=${token}&limit=50`),
    );
    expect(ok.status).toBe(200);
  });

  it('validates dates, range, window and limit', async () => {
    const path = API_PATHS.vehicleLocationHistory(vehicle().vehicle_id);
    expectError(await get(path), 400, /start_date/);
    expectError(await get(`${path}?start_date=${toApiDate(today())}`), 400, /end_date/);
    expectError(await get(`${path}?start_date=2026-03-01&end_date=03-02-2026`), 400, /MM-DD-YYYY/);
    expectError(await get(`${path}?start_date=02-30-2026&end_date=03-02-2026`), 400, /MM-DD-YYYY/);
    expectError(await get(path + q(today(), addDays(today(), -1))), 400, /after/);
    expectError(await get(path + q(addDays(sim.truth.windowStart(), -1), today())), 400, /6 months/);
    expectError(await get(path + q(today(), addDays(today(), 1))), 400, /6 months/);
    expect((await get(path + q(sim.truth.windowStart(), sim.truth.windowStart(), '&limit=1'))).status).toBe(200);
    expectError(await get(path + q(today(), today(), '&limit=1001')), 400, /limit/);
    expectError(await get(API_PATHS.vehicleLocationHistory('nope') + q(today(), today())), 404);
  });
});
