import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/index.ts';
import { createRateLimiter } from '../../electron/node/api/rate-limiter.ts';
import { createDownloadSessions } from '../../electron/node/backend/downloads.ts';
import { toFailure } from '../../electron/node/backend/failure.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { addDays, type UtcDay } from '../../shared/util/day.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const TODAY = '2026-11-20';
const HISTORY = '/vehicle-location-history/';

/**
 * Downloads ask the pages their records need and little more: the minimum is
 * ⌈records / 1000⌉ per vehicle and run of days, the records counted by the
 * simulator's truth (bench/download-network.ts times the same against the rate limit).
 */
describe('download request counts against the minimum (real HTTP against the simulator)', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
  });
  afterAll(() => sim.close());

  function recordingClient(companyKey: string) {
    const urls: string[] = [];
    const client = createApiClient({
      baseUrl: sim.baseUrl,
      providerKey: sim.providerKey,
      companyKey,
      limiter: createRateLimiter({ unlimited: true }),
      fetchImpl: (input, init) => {
        if (String(input).includes(HISTORY)) urls.push(String(input));
        return fetch(input, init);
      },
    });
    return { client, urls };
  }

  async function download(
    sessions: ReturnType<typeof createDownloadSessions>,
    client: ReturnType<typeof createApiClient>,
    carrierId: string,
    vehicleId: string,
    from: UtcDay,
  ): Promise<number> {
    const id = sessions.start({ carrierId, vehicleId, from, to: TODAY, completeDays: [] }, client, TODAY);
    let records = 0;
    for (let ack = 0, finished = false; !finished;) {
      const poll = await sessions.poll(id, ack, 10_000);
      for (const e of poll.events) {
        if (e.type === 'day') [records, ack] = [records + e.chunk.length, e.seq];
        if (e.type === 'failed') throw new Error(e.failure.message);
      }
      finished = poll.finished;
    }
    return records;
  }

  const pagesFor = (records: number): number => Math.max(1, Math.ceil(records / 1000));

  it('a week of four trucks, one after another: the minimum, plus the one refused end_date that taught every later session', async () => {
    const carrier = sim.carriers[2]!;
    const { client, urls } = recordingClient(carrier.companyKey);
    const sessions = createDownloadSessions({ toFailure: (e) => toFailure(e, []) });
    const from = addDays(TODAY, -6);
    let minimum = 0;
    try {
      for (const v of sim.truth.vehicles(carrier.id).slice(0, 4)) {
        const truth = sim.truth.history(carrier.id, v.vehicle_id, from, TODAY).length;
        expect(await download(sessions, client, carrier.id, v.vehicle_id, from)).toBe(truth);
        minimum += pagesFor(truth);
      }
    } finally {
      sessions.cancelAll();
    }
    expect(urls).toHaveLength(minimum + 1);
    // Only the first query asked for the day after today.
    expect(urls.filter((u) => u.includes(`end_date=11-21-2026`))).toHaveLength(1);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('six months of one truck: within 1.1× the minimum, no page asked twice', async () => {
    const carrier = sim.carriers[0]!;
    const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active)!;
    const { client, urls } = recordingClient(carrier.companyKey);
    const sessions = createDownloadSessions({ toFailure: (e) => toFailure(e, []) });
    const from = sim.truth.windowStart();
    const truth = sim.truth.history(carrier.id, vehicle.vehicle_id, from, TODAY).length;
    try {
      expect(await download(sessions, client, carrier.id, vehicle.vehicle_id, from)).toBe(truth);
    } finally {
      sessions.cancelAll();
    }
    expect(urls.length).toBeLessThanOrEqual(Math.floor(1.1 * pagesFor(truth)));
    expect(new Set(urls).size).toBe(urls.length);
  });
});
