import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/index.ts';
import { createDownloadSessions } from '../../electron/node/backend/downloads.ts';
import { toFailure } from '../../electron/node/backend/failure.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { DownloadRequest } from '../../shared/domain/carrier.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');

/** Download sessions nobody polls cannot pile up: a cap on how many run, and idle ones expire. */
describe('download session limits (real HTTP against the simulator)', () => {
  let sim: RunningSimulator;
  let request: DownloadRequest;
  const client = () =>
    createApiClient({ baseUrl: sim.baseUrl, providerKey: sim.providerKey, companyKey: sim.carriers[0]!.companyKey });

  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    const vehicle = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;
    request = { carrierId: 'c', vehicleId: vehicle.vehicle_id, from: '2026-11-18', to: '2026-11-18', completeDays: [] };
  });
  afterAll(() => sim.close());

  it('holds at most maxSessions sessions; one more is refused with a sentence until one ends', async () => {
    const maxSessions = 4;
    const sessions = createDownloadSessions({ toFailure: (e) => toFailure(e, []), maxSessions });
    try {
      const ids = Array.from({ length: maxSessions }, () => sessions.start(request, client(), '2026-11-20'));
      expect(sessions.size).toBe(maxSessions);
      let refused: unknown = null;
      try {
        sessions.start(request, client(), '2026-11-20');
      } catch (err) {
        refused = toFailure(err, []);
      }
      expect(refused).toEqual({
        kind: 'other',
        message:
          '4 downloads are already running; wait for one to finish (or close other RouteLens tabs), then try again.',
      });

      // Drain one to its end: its slot is free again.
      let ack = 0;
      for (let finished = false; !finished;) {
        const poll = await sessions.poll(ids[0]!, ack, 5_000);
        ack = Math.max(ack, ...poll.events.map((e) => e.seq));
        finished = poll.finished;
      }
      expect(sessions.size).toBe(maxSessions - 1);
      expect(() => sessions.start(request, client(), '2026-11-20')).not.toThrow();
    } finally {
      sessions.cancelAll();
    }
  });

  it('a session nobody polls expires and is dropped; polling it later says to start again', async () => {
    const sessions = createDownloadSessions({ toFailure: (e) => toFailure(e, []), idleMs: 40 });
    try {
      const id = sessions.start(request, client(), '2026-11-20');
      expect(sessions.size).toBe(1);
      await expect.poll(() => sessions.size, { timeout: 5_000 }).toBe(0);
      const late = await sessions.poll(id, 0, 10);
      expect(late.finished).toBe(true);
      expect(late.events[0]).toMatchObject({
        type: 'failed',
        failure: { message: 'This download is no longer running; start it again to resume.' },
      });
    } finally {
      sessions.cancelAll();
    }
  });
});
