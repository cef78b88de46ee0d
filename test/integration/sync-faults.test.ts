import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultOptions, RunningSimulator } from '../../electron/node/simulator/types.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { createApiClient } from '../../electron/node/api/client.ts';
import type { ApiEvent } from '../../electron/node/api/http.ts';
import { createRateLimiter } from '../../electron/node/api/rate-limiter.ts';
import { syncVehicleHistory, type DayEmit } from '../../electron/node/sync/sync-vehicle-history.ts';
import type { DayState } from '../../electron/node/sync/plan.ts';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import { addDays, dayOfMs, daysBetween, type UtcDay } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 4, 20, 15, 30);
let sim: RunningSimulator;
let carrierId: string;
let vehicleId: string;
let today: UtcDay;

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, now: () => NOW });
  const carrier = sim.carriers[0];
  if (!carrier) throw new Error('no demo carrier');
  carrierId = carrier.id;
  today = sim.truth.today();
  // the busiest vehicle, so pagination and every fault get exercised
  const from = addDays(today, -8);
  const vs = sim.truth
    .vehicles(carrierId)
    .map((v) => ({ id: v.vehicle_id, n: sim.truth.history(carrierId, v.vehicle_id, from, today).length }));
  vs.sort((a, b) => b.n - a.n);
  vehicleId = vs[0]?.id ?? '';
});
afterAll(() => sim?.close());

function makeClient(events: ApiEvent[] = []) {
  const carrier = sim.carriers[0];
  if (!carrier) throw new Error('no demo carrier');
  return createApiClient({
    baseUrl: sim.baseUrl,
    providerKey: sim.providerKey,
    companyKey: carrier.companyKey,
    limiter: createRateLimiter({ unlimited: true }),
    maxRetries: 8,
    timeoutMs: 5_000,
    backoff: { baseMs: 5, capMs: 40 },
    onEvent: (e) => events.push(e),
  });
}

function memoryStore() {
  const states = new Map<UtcDay, DayState>();
  const days = new Map<UtcDay, DayEmit>();
  let duplicateEmits = 0;
  return {
    have: (d: UtcDay): DayState => states.get(d) ?? 'missing',
    onDay: (e: DayEmit) => {
      if (states.get(e.chunk.day) === 'complete') duplicateEmits++;
      states.set(e.chunk.day, e.complete ? 'complete' : 'partial');
      days.set(e.chunk.day, e);
    },
    days,
    get duplicateEmits() {
      return duplicateEmits;
    },
    ids(): string[] {
      return [...days.values()].flatMap((e) => [...chunkPoints(e.chunk)].map((p) => p.id));
    },
    rejectedIds(): string[] {
      return [...days.values()].flatMap((e) => e.rejected.map((r) => r.id ?? ''));
    },
  };
}

function expectMatchesTruth(
  s: ReturnType<typeof memoryStore>,
  from: UtcDay,
  to: UtcDay,
  malformedEvery?: number,
): void {
  const truth = sim.truth.history(carrierId, vehicleId, from, to);
  const corrupted = malformedEvery
    ? new Set(sim.truth.corruptedIds(carrierId, vehicleId, from, to, malformedEvery))
    : new Set<string>();
  const ids = s.ids();
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.sort()).toEqual(
    truth
      .map((r) => r.id)
      .filter((id) => !corrupted.has(id))
      .sort(),
  );
  for (const e of s.days.values()) {
    expect(e.chunk.day >= from && e.chunk.day <= to).toBe(true);
    for (const p of chunkPoints(e.chunk)) expect(dayOfMs(p.t)).toBe(e.chunk.day);
    for (let i = 1; i < e.chunk.length; i++) expect(e.chunk.t[i] ?? 0).toBeGreaterThanOrEqual(e.chunk.t[i - 1] ?? 0);
  }
  expect([...s.days.keys()].sort()).toEqual(daysBetween(from, to));
  expect(s.rejectedIds().sort()).toEqual([...corrupted].sort());
  expect(s.duplicateEmits).toBe(0);
}

const FAULTS: [string, FaultOptions][] = [
  ['429 every 4 (Retry-After 0 s)', { status429Every: 4, retryAfter: 0 }],
  ['429 every 9 with an HTTP-date Retry-After', { status429Every: 9, retryAfter: 'http-date' }],
  ['503 every 3', { status503Every: 3 }],
  ['connection reset every 3', { resetEvery: 3 }],
  ['malformed every 7', { malformedEvery: 7 }],
  ['descending order', { order: 'desc' }],
  ['shuffled order', { order: 'shuffled' }],
  ['duplicate across pages', { duplicateAcrossPages: true }],
  ['inclusive end date', { endDate: 'inclusive' }],
  ['exclusive end date', { endDate: 'exclusive' }],
  [
    'everything at once, exclusive',
    {
      status429Every: 11,
      retryAfter: 0,
      status503Every: 7,
      resetEvery: 5,
      malformedEvery: 5,
      order: 'shuffled',
      duplicateAcrossPages: true,
      endDate: 'exclusive',
    },
  ],
  [
    'everything at once, inclusive',
    {
      status429Every: 13,
      retryAfter: 0,
      status503Every: 6,
      resetEvery: 4,
      malformedEvery: 3,
      order: 'desc',
      duplicateAcrossPages: true,
      endDate: 'inclusive',
    },
  ],
];

describe('sync engine against the simulator under faults', () => {
  for (const [name, faults] of FAULTS) {
    it(`stores exactly the ground truth: ${name}`, async () => {
      sim.setFaults(faults);
      sim.setLatency(0);
      const to = addDays(today, -2);
      const from = addDays(to, -4);
      const events: ApiEvent[] = [];
      const s = memoryStore();
      const res = await syncVehicleHistory({
        client: makeClient(events),
        vehicleId,
        from,
        to,
        today,
        have: s.have,
        onDay: s.onDay,
        limit: 300,
        chunkDays: 2,
      });
      expect(res.cancelled).toBe(false);
      expectMatchesTruth(s, from, to, faults.malformedEvery);
      expect(res.rejected).toBe(s.rejectedIds().length);
      const injected = (faults.status429Every ?? 0) + (faults.status503Every ?? 0) + (faults.resetEvery ?? 0);
      if (injected > 0) expect(res.retries).toBeGreaterThan(0);
      expect(res.requests).toBe(events.filter((e) => e.type === 'request').length);
    });
  }

  it('with latency, today stays partial and a second pass refetches only today', async () => {
    // Inclusive: the simulator refuses an end_date after today, and an exclusive server could never serve today at all.
    sim.setFaults({ endDate: 'inclusive' });
    sim.setLatency(20);
    const from = addDays(today, -2);
    const s = memoryStore();
    const client = makeClient();
    await syncVehicleHistory({ client, vehicleId, from, to: today, today, have: s.have, onDay: s.onDay, limit: 400 });
    expect(s.days.get(today)?.complete).toBe(false);
    expect(s.days.get(addDays(today, -1))?.complete).toBe(true);
    const seen: UtcDay[] = [];
    await syncVehicleHistory({
      client,
      vehicleId,
      from,
      to: today,
      today,
      have: s.have,
      onDay: (e) => {
        seen.push(e.chunk.day);
        s.onDay(e);
      },
    });
    expect(seen).toEqual([today]);
    const truthToday = sim.truth
      .history(carrierId, vehicleId, today, today)
      .map((r) => r.id)
      .sort();
    const stored = s.days.get(today);
    expect(stored && [...chunkPoints(stored.chunk)].map((p) => p.id).sort()).toEqual(truthToday);
  });

  it('cancel at a random point, then resume: equals the truth with no duplicates', async () => {
    const to = addDays(today, -1);
    const from = addDays(to, -6);
    let seed = 12345;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const faults of [
      { order: 'shuffled', duplicateAcrossPages: true, malformedEvery: 6, endDate: 'inclusive' },
      { order: 'desc', resetEvery: 5, status503Every: 7, malformedEvery: 4, endDate: 'exclusive' },
    ] satisfies FaultOptions[]) {
      sim.setFaults(faults);
      sim.setLatency(2);
      const s = memoryStore();
      let cancels = 0;
      let resumedMidway = 0;
      for (let round = 0; round < 30; round++) {
        const ac = new AbortController();
        const stopAfter = 1 + Math.floor(random() * 16);
        let requests = 0;
        const client = makeClient();
        const res = await syncVehicleHistory({
          client,
          vehicleId,
          from,
          to,
          today,
          have: s.have,
          onDay: s.onDay,
          signal: ac.signal,
          limit: 400,
          chunkDays: 2,
          concurrency: 2,
          onProgress: (p) => {
            requests = p.requests;
            if (requests >= stopAfter && !ac.signal.aborted) ac.abort();
          },
        });
        if (!res.cancelled) break;
        cancels++;
        if (s.days.size > 0 && s.days.size < 7) resumedMidway++;
      }
      expect(cancels).toBeGreaterThan(0);
      // at least one cancel landed after some days were stored, so resuming really continued a download
      expect(resumedMidway).toBeGreaterThan(0);
      expectMatchesTruth(s, from, to, faults.malformedEvery);
    }
  });
});
