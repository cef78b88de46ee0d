import type { Assignment } from '../../../shared/drivers/types.ts';
import type { ReviewMark } from '../../../shared/inbox/trail.ts';
import type { OverviewRow } from './db.ts';
import type { DaySummary } from '../../../shared/track/summary.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import { createWorkerClient } from '../workers/rpc.ts';
import { StoreError, type StoreFailure } from './errors.ts';
import type { DownloadJob, RosterRow } from './types.ts';
import type { StoreProtocol } from './worker-protocol.ts';
import type { PutDayInput } from './writes.ts';

/** Main-thread handle on the store worker: each call is one transaction there. */
const store = createWorkerClient<StoreProtocol>({
  spawn: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'routelens-store' }),
  name: 'store',
  // A crash is a store failure too: the screens show it like any other.
  toError: (f) =>
    new StoreError({ kind: f.kind === 'quota' ? 'quota' : 'store', message: f.message } satisfies StoreFailure),
});

/**
 * The buffers of the chunks' numeric columns that can be moved to the worker
 * instead of copied: only arrays that own their whole buffer alone (a view
 * into a shared buffer, such as a decoded bridge message, would take its
 * neighbours along).
 */
export function movableBuffers(inputs: readonly PutDayInput[]): ArrayBuffer[] {
  const seen = new Map<ArrayBufferLike, number>();
  const arrays = inputs.flatMap(({ chunk: c }) => [c.t, c.lat, c.lng, c.speed, c.direction, c.status]);
  for (const a of arrays) seen.set(a.buffer, (seen.get(a.buffer) ?? 0) + 1);
  return arrays
    .filter(
      (a) =>
        a.buffer instanceof ArrayBuffer &&
        seen.get(a.buffer) === 1 &&
        a.byteOffset === 0 &&
        a.byteLength === a.buffer.byteLength,
    )
    .map((a) => a.buffer as ArrayBuffer);
}

export const writer = {
  putDay: (input: PutDayInput) => store.call('putDay', input),
  /**
   * Days in one transaction. With `move`, the chunks' numeric arrays are
   * transferred to the worker, not copied: the caller must not read them after.
   */
  putDays: (inputs: PutDayInput[], opts: { move?: boolean } = {}) =>
    store.callWithTransfer('putDays', opts.move ? movableBuffers(inputs) : [], inputs),
  refreshSummaries: (carrierId: string, summaries: DaySummary[]) =>
    store.call('refreshSummaries', carrierId, summaries),
  refreshOverviews: (rows: OverviewRow[]) => store.call('refreshOverviews', rows),
  deleteVehicleDays: (carrierId: string, vehicleId: string, from: UtcDay | null, to: UtcDay | null) =>
    store.call('deleteVehicleDays', carrierId, vehicleId, from, to),
  deleteCarrier: (carrierId: string) => store.call('deleteCarrier', carrierId),
  putJob: (job: DownloadJob) => store.call('putJob', job),
  deleteJob: (jobId: string) => store.call('deleteJob', jobId),
  putRoster: (roster: RosterRow) => store.call('putRoster', roster),
  putMark: (carrierId: string, mark: ReviewMark, replaces?: string) => store.call('putMark', carrierId, mark, replaces),
  deleteMark: (carrierId: string, key: string) => store.call('deleteMark', carrierId, key),
  replaceAssignments: (carrierId: string, add: Assignment[], removeIds: string[]) =>
    store.call('replaceAssignments', carrierId, add, removeIds),
  deleteAssignment: (carrierId: string, id: string) => store.call('deleteAssignment', carrierId, id),
  /** Ends the worker's disk-full state (store/worker.ts): the next writes try IndexedDB again. */
  retryWrites: () => store.call('retryWrites'),
};

/** What renderer code is given to write with (the download manager takes it as a parameter). */
export type StoreWriter = typeof writer;
