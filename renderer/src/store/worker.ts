/// <reference lib="webworker" />
import { getDb } from './db.ts';
import { toStoreFailure } from './errors.ts';
import { deleteCarrier, deleteJob, deleteVehicleDays, putDay, putJob, putRoster } from './writes.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** The store's writer: every IndexedDB write runs here, off the UI thread. */
const scope = self as unknown as DedicatedWorkerGlobalScope;

async function run(req: WorkerRequest): Promise<unknown> {
  const db = getDb();
  switch (req.op) {
    case 'putDay':
      return putDay(db, req.input);
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

scope.onmessage = (ev: MessageEvent<{ id: number; req: WorkerRequest }>) => {
  const { id, req } = ev.data;
  run(req).then(
    (result) => scope.postMessage({ id, ok: true, result } satisfies WorkerReply),
    (err: unknown) => scope.postMessage({ id, ok: false, failure: toStoreFailure(err) } satisfies WorkerReply),
  );
};
