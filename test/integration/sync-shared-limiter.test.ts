import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/node/simulator/types.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { createApiClient } from '../../electron/node/api/client.ts';
import { createRateLimiter, type RateLimiter } from '../../electron/node/api/rate-limiter.ts';
import { syncVehicleHistory, type DayEmit } from '../../electron/node/sync/sync-vehicle-history.ts';
import type { DayState } from '../../electron/node/sync/plan.ts';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import { addDays, type UtcDay } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 4, 20, 15, 30);
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, now: () => NOW });
});
afterAll(() => sim?.close());

/** Syncs one vehicle of each of two carriers at the same time through `limiter`; checks both against the truth. */
async function syncTwoCarriers(limiter: RateLimiter): Promise<void> {
  const to = addDays(sim.truth.today(), -2);
  const from = addDays(to, -1);
  const jobs = sim.carriers.slice(0, 2).map(async (carrier) => {
    const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active);
    if (!vehicle) throw new Error('no active vehicle');
    const client = createApiClient({
      baseUrl: sim.baseUrl,
      providerKey: sim.providerKey,
      companyKey: carrier.companyKey,
      limiter,
      maxRetries: 10,
      backoff: { baseMs: 5, capMs: 50 },
    });
    const states = new Map<UtcDay, DayState>();
    const ids: string[] = [];
    await syncVehicleHistory({
      client,
      vehicleId: vehicle.vehicle_id,
      from,
      to,
      today: sim.truth.today(),
      limit: 300,
      chunkDays: 1,
      have: (d) => states.get(d) ?? 'missing',
      onDay: (e: DayEmit) => {
        states.set(e.chunk.day, e.complete ? 'complete' : 'partial');
        for (const p of chunkPoints(e.chunk)) ids.push(p.id);
      },
    });
    expect(ids.sort()).toEqual(
      sim.truth
        .history(carrier.id, vehicle.vehicle_id, from, to)
        .map((r) => r.id)
        .sort(),
    );
  });
  expect(jobs).toHaveLength(2);
  await Promise.all(jobs);
}

describe('one limiter per Provider Key, shared by carriers', () => {
  it('two carriers syncing at once through one limiter below the server limit never see a 429', async () => {
    sim.setFaults({});
    // two separate limiters like this one would together exceed the server's 10/s, burst 6
    sim.setRateLimit({ ratePerSec: 10, burst: 6 });
    sim.resetStats();
    await syncTwoCarriers(createRateLimiter({ ratePerSec: 6, burst: 4 }));
    expect(sim.stats().byStatus[429] ?? 0).toBe(0);
    expect(sim.stats().requests).toBeGreaterThan(6);
  });

  it('without client pacing the server limit is hit, and the penalty lets both finish correctly', async () => {
    sim.setRateLimit({ ratePerSec: 4, burst: 2 });
    sim.resetStats();
    await syncTwoCarriers(createRateLimiter({ unlimited: true }));
    expect(sim.stats().byStatus[429] ?? 0).toBeGreaterThan(0);
    sim.setRateLimit(null);
  });
});
