/// <reference lib="webworker" />
import { getDb } from './db.ts';
import { toStoreFailure, type StoreFailure } from './errors.ts';
import { deleteCarrier, deleteJob, deleteVehicleDays, putDay, putDays, putJob, putRoster, refreshSummaries } from './writes.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** The store's writer: every IndexedDB write runs here, off the UI thread. */
const scope = self as unknown as DedicatedWorkerGlobalScope;

/**
 * Set by the first write that fails for lack of space. Measured in Chromium (test/e2e/quota.spec.ts):
 * LevelDB's FILE_ERROR_NO_SPACE force-closes every connection and Chromium discards the origin's
 * store; a write after that silently lands in a new, empty database (Dexie reopens it), so the
 * job would keep "storing" days into a store that lost everything before. From then on nothing
 * writes (job state included) and the connection stays closed; only deletes, which free space,
 * may reopen it, and one that succeeds ends the state, as does the person starting or resuming a
 * download (writer.retryWrites).
 */
let diskFull: StoreFailure | null = null;

const FREES_SPACE = new Set<WorkerRequest['op']>(['deleteVehicleDays', 'deleteCarrier']);

async function run(req: WorkerRequest): Promise<unknown> {
  const db = getDb();
  if (diskFull && !FREES_SPACE.has(req.op)) throw diskFull;
  // close() below also stops Dexie's reopen-on-demand: reopen explicitly once writes are allowed again.
  if (db.hasBeenClosed() && !db.isOpen()) await db.open();
  switch (req.op) {
    case 'retryWrites':
      return undefined;
    case 'putDay':
      return putDay(db, req.input);
    case 'putDays':
      return putDays(db, req.inputs);
    case 'refreshSummaries':
      return refreshSummaries(db, req.carrierId, req.summaries);
    case 'deleteVehicleDays':
      return deleteVehicleDays(db, req.vehicleId, req.from, req.to);
    case 'deleteCarrier':
      return deleteCarrier(db, req.carrierId);
    case 'putJob':
      return putJob(db, req.job);
    case 'deleteJob':
      return deleteJob(db, req.jobId);
    case 'putRoster':
      return putRoster(db, req.roster);
  }
}

function failureOf(err: unknown): StoreFailure {
  if (err === diskFull && diskFull) return diskFull;
  const failure = toStoreFailure(err);
  if (failure.kind === 'quota' && !diskFull) {
    diskFull = failure;
    getDb().close();
  }
  return failure;
}

scope.onmessage = (ev: MessageEvent<{ id: number; req: WorkerRequest }>) => {
  const { id, req } = ev.data;
  // The person started or resumed a download (space may have been freed outside the app): try again.
  if (req.op === 'retryWrites') diskFull = null;
  run(req).then(
    (result) => {
      if (diskFull && FREES_SPACE.has(req.op)) diskFull = null;
      scope.postMessage({ id, ok: true, result } satisfies WorkerReply);
    },
    (err: unknown) => scope.postMessage({ id, ok: false, failure: failureOf(err) } satisfies WorkerReply),
  );
};
