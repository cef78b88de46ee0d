import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/index.ts';
import { createDiskGuard, freeBytes } from '../../electron/node/backend/disk-guard.ts';
import { createDownloadSessions } from '../../electron/node/backend/downloads.ts';
import { toFailure } from '../../electron/node/backend/failure.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { DownloadEvent } from '../../shared/ipc/contract.ts';
import { mountTmpfs } from '../support/tmpfs.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const MB = 1024 * 1024;

async function drain(sessions: ReturnType<typeof createDownloadSessions>, id: string): Promise<DownloadEvent[]> {
  const all: DownloadEvent[] = [];
  let ack = 0;
  for (let finished = false; !finished;) {
    const poll = await sessions.poll(id, ack, 5_000);
    all.push(...poll.events);
    ack = Math.max(ack, ...poll.events.map((e) => e.seq));
    finished = poll.finished;
  }
  return all;
}

const disk = mountTmpfs('16m');

describe.skipIf('skip' in disk)(
  `download disk guard on a real 16 MB disk${'skip' in disk ? ` (skipped: ${disk.skip})` : ''}`,
  () => {
    let sim: RunningSimulator;
    const dir = 'dir' in disk ? disk.dir : '';
    beforeAll(async () => {
      sim = await startSimulator({ now: () => NOW });
    });
    afterAll(async () => {
      await sim.close();
      if ('unmount' in disk) disk.unmount();
    });

    const start = (minFree: number) => {
      const sessions = createDownloadSessions({
        toFailure: (e) => toFailure(e, []),
        diskGuard: createDiskGuard(dir, minFree),
      });
      const carrier = sim.carriers[0]!;
      const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active)!;
      const client = createApiClient({
        baseUrl: sim.baseUrl,
        providerKey: sim.providerKey,
        companyKey: carrier.companyKey,
      });
      const id = sessions.start(
        { carrierId: 'c', vehicleId: vehicle.vehicle_id, from: '2026-11-10', to: '2026-11-12', completeDays: [] },
        client,
        '2026-11-20',
      );
      return { sessions, id };
    };

    it('hands over every day while the disk keeps the margin free', async () => {
      expect(await freeBytes(dir)).toBeGreaterThan(12 * MB);
      const { sessions, id } = start(4 * MB);
      const events = await drain(sessions, id);
      expect(events.filter((e) => e.type === 'day')).toHaveLength(3);
      expect(events.at(-1)?.type).toBe('done');
    });

    it('stops before handing over a day once free space falls under the margin, and says why', async () => {
      writeFileSync(path.join(dir, 'filler'), Buffer.alloc(10 * MB));
      const free = await freeBytes(dir);
      expect(free).toBeLessThan(8 * MB);
      const { sessions, id } = start(8 * MB);
      const events = await drain(sessions, id);
      expect(events.filter((e) => e.type === 'day')).toHaveLength(0);
      const last = events.at(-1);
      expect(last?.type).toBe('failed');
      if (last?.type !== 'failed') return;
      expect(last.failure.kind).toBe('disk-full');
      expect(last.failure.message).toMatch(/only \d+ MB free .* at least 8 MB free/);
    });
  },
);
