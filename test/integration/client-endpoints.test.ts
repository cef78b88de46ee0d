import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/node/simulator/types.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { createApiClient, type ApiClientOptions } from '../../electron/node/api/client.ts';
import { createRateLimiter } from '../../electron/node/api/rate-limiter.ts';
import { LEGACY_COMPANY_KEY_PREFIX } from '../../shared/api/wire.ts';
import { addDays } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 4, 20, 15, 30);
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, now: () => NOW });
});
afterAll(() => sim?.close());

function client(companyKey: string, over: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: sim.baseUrl,
    providerKey: sim.providerKey,
    companyKey,
    limiter: createRateLimiter({ unlimited: true }),
    maxRetries: 2,
    backoff: { baseMs: 5, capMs: 20 },
    ...over,
  });
}

async function caught(p: Promise<unknown>): Promise<Error & { kind: string }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { kind: string };
  }
  throw new Error('expected a rejection');
}

const byId =
  <T>(key: keyof T) =>
  (a: T, b: T) =>
    String(a[key]).localeCompare(String(b[key]));
const strip = <T extends { legacyId: string }>({ legacyId: _l, ...rest }: T) => rest;

describe('every endpoint through the client against the simulator', () => {
  it('company info, rosters and statuses equal the ground truth, across all pages', async () => {
    for (const carrier of sim.carriers) {
      const c = client(carrier.companyKey);
      expect(await c.companyInfo()).toEqual(sim.truth.company(carrier.id));

      const drivers = await c.drivers({ limit: 3 });
      expect(drivers.rejected).toEqual([]);
      expect(drivers.records.sort(byId('driver_id'))).toEqual(
        sim.truth.drivers(carrier.id).map(strip).sort(byId('driver_id')),
      );

      const statuses = await c.latestDriverStatus({ limit: 4 });
      expect(statuses.records.sort(byId('driver_id'))).toEqual(
        [...sim.truth.driverStatuses(carrier.id)].sort(byId('driver_id')),
      );

      const vehicles = await c.vehicles({ limit: 2 });
      const truthVehicles = sim.truth.vehicles(carrier.id).map(strip).sort(byId('vehicle_id'));
      expect(vehicles.records.sort(byId('vehicle_id'))).toEqual(truthVehicles);
      const active = await c.vehicles({ status: 'active', limit: 2 });
      expect(active.records.sort(byId('vehicle_id'))).toEqual(truthVehicles.filter((v) => v.active));
      const inactive = await c.vehicles({ status: 'inactive' });
      expect(inactive.records.sort(byId('vehicle_id'))).toEqual(truthVehicles.filter((v) => !v.active));

      const vstatus = await c.latestVehicleStatus({ limit: 3 });
      expect(vstatus.records.sort(byId('vehicle_id'))).toEqual(
        [...sim.truth.vehicleStatuses(carrier.id)].sort(byId('vehicle_id')),
      );
    }
  });

  it('single driver and vehicle by UUID and by legacy id return the UUID', async () => {
    const carrier = sim.carriers[0];
    if (!carrier) throw new Error('no demo carrier');
    const c = client(carrier.companyKey);
    const d = sim.truth.drivers(carrier.id)[0];
    const v = sim.truth.vehicles(carrier.id)[0];
    if (!d || !v) throw new Error('empty demo carrier');
    expect(await c.driver(d.driver_id)).toEqual(strip(d));
    expect(await c.driver(d.legacyId)).toEqual(strip(d));
    expect(await c.vehicle(v.vehicle_id)).toEqual(strip(v));
    expect(await c.vehicle(v.legacyId)).toEqual(strip(v));
    const one = await c.latestDriverStatus({ driverId: d.driver_id });
    expect(one.records.map((s) => s.driver_id)).toEqual([d.driver_id]);
    const vs = await c.latestVehicleStatus({ vehicleId: v.vehicle_id });
    expect(vs.records.map((s) => s.vehicle_id)).toEqual([v.vehicle_id]);
  });

  it('location history pages gather every breadcrumb of the range, also by legacy id', async () => {
    const carrier = sim.carriers[0];
    const v = carrier && sim.truth.vehicles(carrier.id).find((x) => x.active);
    if (!carrier || !v) throw new Error('no active vehicle');
    const to = addDays(sim.truth.today(), -2);
    const from = addDays(to, -2);
    const truth = sim.truth.history(carrier.id, v.vehicle_id, from, to);
    expect(truth.length).toBeGreaterThan(0);
    for (const id of [v.vehicle_id, v.legacyId]) {
      const ids: string[] = [];
      let pages = 0;
      for await (const p of client(carrier.companyKey).locationHistoryPages({ vehicleId: id, from, to, limit: 250 })) {
        pages++;
        expect(p.rejected).toEqual([]);
        ids.push(...p.records.map((r) => r.id));
      }
      expect(pages).toBeGreaterThan(1);
      // the simulator's default end date is inclusive (its contract), so the range is exactly the truth
      expect(ids.sort()).toEqual(truth.map((r) => r.id).sort());
    }
  });

  it('accepts Company Keys with and without the legacy prefix', async () => {
    for (const carrier of sim.carriers) {
      const bare = carrier.companyKey.startsWith(LEGACY_COMPANY_KEY_PREFIX)
        ? carrier.companyKey.slice(LEGACY_COMPANY_KEY_PREFIX.length)
        : carrier.companyKey;
      for (const key of [bare, `${LEGACY_COMPANY_KEY_PREFIX}${bare}`]) {
        expect((await client(key).companyInfo()).company_name).toBe(carrier.name);
      }
    }
    expect(sim.carriers.some((c) => c.companyKey.startsWith(LEGACY_COMPANY_KEY_PREFIX))).toBe(true);
  });

  it('tells a bad Company Key from a bad Provider Key, and never echoes either', async () => {
    const carrier = sim.carriers[0];
    if (!carrier) throw new Error('no demo carrier');
    const badCompany = 'ck-not-a-real-key-31337';
    const e1 = await caught(client(badCompany).companyInfo());
    expect(e1.kind).toBe('company-key-invalid');
    expect(`${e1.message}${e1.stack}`).not.toContain(badCompany);
    const badProvider = 'pk-not-a-real-key-31337';
    const e2 = await caught(client(carrier.companyKey, { providerKey: badProvider }).companyInfo());
    expect(e2.kind).toBe('provider-key-invalid');
    expect(`${e2.message}${e2.stack}`).not.toContain(badProvider);
    expect(`${e2.message}${e2.stack}`).not.toContain(carrier.companyKey);
  });

  it('an unknown vehicle is a not-found or request error, not a crash', async () => {
    const carrier = sim.carriers[0];
    if (!carrier) throw new Error('no demo carrier');
    const e = await caught(client(carrier.companyKey).vehicle('00000000-0000-4000-8000-000000000000'));
    expect(['not-found', 'request']).toContain(e.kind);
  });
});
