import type { DaySummary } from '../../../shared/track/summary.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import { StoreError } from './errors.ts';
import type { CoverageRow, DownloadJob, RosterRow } from './types.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';
import type { PutDayInput } from './writes.ts';

/** Main-thread handle on the store worker: each call is one transaction there. */
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'routelens-store' });
  w.onmessage = (ev: MessageEvent<WorkerReply>) => {
    const p = pending.get(ev.data.id);
    if (!p) return;
    pending.delete(ev.data.id);
    if (ev.data.ok) p.resolve(ev.data.result);
    else p.reject(new StoreError(ev.data.failure));
  };
  w.onerror = (ev) => {
    const failure = { kind: 'store' as const, message: `The store worker stopped: ${ev.message}` };
    for (const p of pending.values()) p.reject(new StoreError(failure));
    pending.clear();
    worker = null;
  };
  worker = w;
  return w;
}

function call<T>(req: WorkerRequest, transfer: Transferable[] = []): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    ensureWorker().postMessage({ id, req }, transfer);
  });
}

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
    .filter((a) => a.buffer instanceof ArrayBuffer && seen.get(a.buffer) === 1 && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength)
    .map((a) => a.buffer as ArrayBuffer);
}

export const writer = {
  putDay: (input: PutDayInput) => call<CoverageRow>({ op: 'putDay', input }),
  /**
   * Days in one transaction. With `move`, the chunks' numeric arrays are
   * transferred to the worker, not copied: the caller must not read them after.
   */
  putDays: (inputs: PutDayInput[], opts: { move?: boolean } = {}) =>
    call<CoverageRow[]>({ op: 'putDays', inputs }, opts.move ? movableBuffers(inputs) : []),
  refreshSummaries: (carrierId: string, summaries: DaySummary[]) => call<number>({ op: 'refreshSummaries', carrierId, summaries }),
  deleteVehicleDays: (vehicleId: string, from: UtcDay | null, to: UtcDay | null) => call<number>({ op: 'deleteVehicleDays', vehicleId, from, to }),
  deleteCarrier: (carrierId: string) => call<void>({ op: 'deleteCarrier', carrierId }),
  putJob: (job: DownloadJob) => call<void>({ op: 'putJob', job }),
  deleteJob: (jobId: string) => call<void>({ op: 'deleteJob', jobId }),
  putRoster: (roster: RosterRow) => call<void>({ op: 'putRoster', roster }),
  /** Ends the worker's disk-full state (store/worker.ts): the next writes try IndexedDB again. */
  retryWrites: () => call<void>({ op: 'retryWrites' }),
};
