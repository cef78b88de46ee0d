import { describe, expect, it } from 'vitest';
import { startRoadImport } from '../../renderer/src/features/settings/road-import-run.ts';
import type { RouteLensApi } from '../../shared/ipc/contract.ts';
import type { RoadImportState } from '../../shared/ipc/roads-contract.ts';

/**
 * A backend as the page sees it, keeping what it receives: the build reports `steps` states, one per
 * poll, then ends with `end` (the real backend's behaviour is tested in test/integration/backend-road-limits).
 */
function fakeRoads(steps: RoadImportState[], end: RoadImportState) {
  const calls: string[] = [];
  const received: number[] = [];
  let cancelled = false;
  let polls = 0;
  const roads: RouteLensApi['roads'] = {
    status: async () => null,
    read: async () => new Uint8Array(0),
    remove: async () => null,
    importBegin: async (name, bytes) => (calls.push(`begin ${name} ${bytes}`), 'job-1'),
    importWrite: async (_id, piece) => {
      if (cancelled) throw new Error('The import of x was stopped.');
      calls.push(`write ${piece.length}`);
      received.push(...piece);
    },
    importFinish: async () => void calls.push('finish'),
    importPoll: async () => {
      if (cancelled) return { phase: 'cancelled' };
      return steps[polls++] ?? end;
    },
    importCancel: async () => {
      calls.push('cancel');
      cancelled = true;
    },
  };
  return { api: { roads }, calls, received };
}
const fileOf = (bytes: number[], name = 'a.osm.pbf') => {
  const blob = new Blob([new Uint8Array(bytes)]);
  return { name, size: blob.size, slice: blob.slice.bind(blob) };
};
const building = (pass: 1 | 2, fraction: number): RoadImportState => ({ phase: 'building', pass, fraction, ways: 0 });
const DONE: RoadImportState = {
  phase: 'done',
  info: {
    id: 'x',
    fileName: 'a',
    origin: 'import',
    importedAt: 0,
    ways: 1,
    segments: 1,
    bytes: 1,
    counts: { posted: 1, default: 0, none: 0, refused: 0 },
  },
};

describe('startRoadImport: the page sending a file', () => {
  it('sends the file in order in pieces, then follows the build to its end', async () => {
    const bytes = Array.from({ length: 23 }, (_, k) => k);
    const fake = fakeRoads([building(1, 0.5), building(2, 0.1)], DONE);
    const seen: RoadImportState[] = [];
    const end = await startRoadImport(fake.api, fileOf(bytes), (s) => seen.push(s), { pieceBytes: 10, pollMs: 0 }).done;
    expect(end).toEqual(DONE);
    expect(fake.received).toEqual(bytes);
    expect(fake.calls).toEqual(['begin a.osm.pbf 23', 'write 10', 'write 10', 'write 3', 'finish']);
    expect(seen).toEqual([
      { phase: 'receiving', bytesReceived: 0, bytesTotal: 23 },
      { phase: 'receiving', bytesReceived: 10, bytesTotal: 23 },
      { phase: 'receiving', bytesReceived: 20, bytesTotal: 23 },
      { phase: 'receiving', bytesReceived: 23, bytesTotal: 23 },
      building(1, 0.5),
      building(2, 0.1),
      DONE,
    ]);
  });

  it('cancels while sending: no piece after the cancel, the backend told, the end is cancelled', async () => {
    const fake = fakeRoads([], DONE);
    let run: ReturnType<typeof startRoadImport> | null = null;
    run = startRoadImport(
      fake.api,
      fileOf(Array.from({ length: 50 }, () => 1)),
      (s) => void (s.phase === 'receiving' && s.bytesReceived === 10 && run?.cancel()),
      { pieceBytes: 10, pollMs: 0 },
    );
    expect(await run.done).toEqual({ phase: 'cancelled' });
    expect(fake.calls.filter((c) => c.startsWith('write')).length).toBeLessThanOrEqual(2);
    expect(fake.calls).toContain('cancel');
    expect(fake.calls).not.toContain('finish');
  });

  it('cancels during the build, and a cancel that comes after the index was kept leaves it done', async () => {
    const fake = fakeRoads([building(1, 0.2), building(1, 0.4), building(1, 0.6)], DONE);
    let run: ReturnType<typeof startRoadImport> | null = null;
    run = startRoadImport(fake.api, fileOf([1, 2, 3]), (s) => void (s.phase === 'building' && run?.cancel()), {
      pollMs: 0,
    });
    expect(await run.done).toEqual({ phase: 'cancelled' });

    const late = startRoadImport(fakeRoads([], DONE).api, fileOf([1]), () => {}, { pollMs: 0 });
    await late.done;
    await late.cancel();
    expect(await late.done).toEqual(DONE);
  });

  it('ends failed with the message of a call the backend refused', async () => {
    const fake = fakeRoads([], DONE);
    fake.api.roads.importBegin = async () => {
      throw new Error('The import of big.osm.pbf is still running: wait for it to end or cancel it first.');
    };
    const end = await startRoadImport(fake.api, fileOf([1]), () => {}).done;
    expect(end).toEqual({ phase: 'failed', message: expect.stringMatching(/still running/) });
  });
});
