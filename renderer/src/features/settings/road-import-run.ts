/**
 * One import as the page drives it: the file sent in pieces (read with `slice`, so a 1 GB extract is never
 * whole in the page's memory), the build started, its state polled until it ends. `cancel` works at any
 * stage: before the backend knows the import, while pieces go, and during the build.
 */
import type { RouteLensApi } from '../../../../shared/ipc/contract.ts';
import { ROAD_IPC_LIMITS, type RoadImportState } from '../../../../shared/ipc/roads-contract.ts';
import { piecePlan } from './road-import.ts';

export interface RoadImportRun {
  /** The state the import ended in (a failure of a call also ends as 'failed'). */
  done: Promise<RoadImportState>;
  /** Resolves once the backend has stopped the import and removed what it received. */
  cancel(): Promise<void>;
}

export interface RoadImportOptions {
  pieceBytes?: number;
  pollMs?: number;
}

type FileLike = Pick<Blob, 'size' | 'slice'> & { name: string };
const ended = (s: RoadImportState) => s.phase === 'done' || s.phase === 'failed' || s.phase === 'cancelled';
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function startRoadImport(
  api: Pick<RouteLensApi, 'roads'>,
  file: FileLike,
  onState: (s: RoadImportState) => void,
  options: RoadImportOptions = {},
): RoadImportRun {
  const pollMs = options.pollMs ?? 250;
  let cancelled = false;
  let importId: Promise<string> | null = null;

  async function run(): Promise<RoadImportState> {
    importId = api.roads.importBegin(file.name, file.size);
    const id = await importId;
    onState({ phase: 'receiving', bytesReceived: 0, bytesTotal: file.size });
    for (const p of piecePlan(file.size, options.pieceBytes ?? ROAD_IPC_LIMITS.pieceBytes)) {
      if (cancelled) return { phase: 'cancelled' };
      const piece = new Uint8Array(await file.slice(p.start, p.end).arrayBuffer());
      await api.roads.importWrite(id, piece);
      onState({ phase: 'receiving', bytesReceived: p.end, bytesTotal: file.size });
    }
    if (cancelled) return { phase: 'cancelled' };
    await api.roads.importFinish(id);
    for (;;) {
      const state = await api.roads.importPoll(id);
      if (ended(state)) return state;
      onState(state);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  const done = run().then(
    // A build that was already kept when the cancel came stays done: the new index is in use.
    (state): RoadImportState => (cancelled && state.phase !== 'done' ? { phase: 'cancelled' } : state),
    (err: unknown): RoadImportState =>
      cancelled ? { phase: 'cancelled' } : { phase: 'failed', message: messageOf(err) },
  );
  return {
    done: done.then((state) => (onState(state), state)),
    async cancel() {
      cancelled = true;
      const id = await importId?.catch(() => null);
      if (id) await api.roads.importCancel(id).catch(() => undefined);
      await done;
    },
  };
}
