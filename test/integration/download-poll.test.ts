import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/index.ts';
import { createRateLimiter } from '../../electron/node/api/rate-limiter.ts';
import { createDownloadSessions } from '../../electron/node/backend/downloads.ts';
import { toFailure } from '../../electron/node/backend/failure.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { DownloadEvent } from '../../shared/ipc/contract.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');

/**
 * The renderer acknowledges the days it stored, never a progress event
 * (renderer/src/downloads/vehicle-session.ts). A poll must then wait for
 * something new rather than answer at once with the progress event it already
 * sent, or the renderer polls in a tight loop for the whole download.
 */
describe('download session polls (real HTTP against the simulator)', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW, latencyMs: 5 });
  });
  afterAll(() => sim.close());

  it('every poll brings an event newer than any earlier poll brought, when days alone are acknowledged', async () => {
    const carrier = sim.carriers[0]!;
    const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active)!;
    const client = createApiClient({
      baseUrl: sim.baseUrl,
      providerKey: sim.providerKey,
      companyKey: carrier.companyKey,
      limiter: createRateLimiter({ unlimited: true }),
    });
    const sessions = createDownloadSessions({ toFailure: (e) => toFailure(e, []) });
    try {
      const id = sessions.start(
        {
          carrierId: carrier.id,
          vehicleId: vehicle.vehicle_id,
          from: '2026-10-01',
          to: '2026-11-19',
          completeDays: [],
        },
        client,
        '2026-11-20',
      );
      const answers: DownloadEvent[][] = [];
      let ack = 0;
      for (let finished = false; !finished;) {
        const poll = await sessions.poll(id, ack, 10_000);
        answers.push(poll.events);
        for (const e of poll.events) if (e.type === 'day') ack = e.seq;
        finished = poll.finished;
      }
      const days = answers.flat().filter((e) => e.type === 'day');
      expect(new Set(days.map((e) => e.type === 'day' && e.chunk.day)).size).toBe(50);
      expect(answers.at(-1)!.at(-1)!.type).toBe('done');
      let seen = 0;
      for (const events of answers) {
        const newest = Math.max(...events.map((e) => e.seq));
        expect(newest).toBeGreaterThan(seen);
        seen = newest;
      }
    } finally {
      sessions.cancelAll();
    }
  });
});
