/// <reference lib="webworker" />
import { serveWorker } from '../workers/rpc.ts';
import { getDb, type RouteLensDb } from './db.ts';
import { toStoreFailure, type StoreFailure } from './errors.ts';
import type { StoreProtocol } from './worker-protocol.ts';
import {
  deleteCarrier,
  deleteJob,
  deleteVehicleDays,
  putDay,
  putDays,
  putJob,
  putRoster,
  refreshOverviews,
  refreshSummaries,
} from './writes.ts';
import { deleteMark, putMark } from './trail.ts';
import { deleteAssignment, replaceAssignments } from './assignments.ts';

/** The store's writer: every IndexedDB write runs here, off the UI thread. */

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

/** Runs one write; `freesSpace`: a delete, allowed while the disk is full and ending that state when it succeeds. */
async function write<T>(freesSpace: boolean, run: (db: RouteLensDb) => Promise<T>): Promise<T> {
  const db = getDb();
  if (diskFull && !freesSpace) throw diskFull;
  // close() in failureOf also stops Dexie's reopen-on-demand: reopen explicitly once writes are allowed again.
  if (db.hasBeenClosed() && !db.isOpen()) await db.open();
  const result = await run(db);
  if (diskFull && freesSpace) diskFull = null;
  return result;
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

const handlers: StoreProtocol = {
  putDay: (input) => write(false, (db) => putDay(db, input)),
  putDays: (inputs) => write(false, (db) => putDays(db, inputs)),
  refreshSummaries: (carrierId, summaries) => write(false, (db) => refreshSummaries(db, carrierId, summaries)),
  refreshOverviews: (rows) => write(false, (db) => refreshOverviews(db, rows)),
  deleteVehicleDays: (carrierId, vehicleId, from, to) =>
    write(true, (db) => deleteVehicleDays(db, carrierId, vehicleId, from, to)),
  deleteCarrier: (carrierId) => write(true, (db) => deleteCarrier(db, carrierId)),
  putJob: (job) => write(false, (db) => putJob(db, job)),
  deleteJob: (jobId) => write(false, (db) => deleteJob(db, jobId)),
  putRoster: (roster) => write(false, (db) => putRoster(db, roster)),
  putMark: (carrierId, mark, replaces) => write(false, (db) => putMark(db, carrierId, mark, replaces)),
  deleteMark: (carrierId, key) => write(false, (db) => deleteMark(db, carrierId, key)),
  replaceAssignments: (carrierId, add, removeIds) =>
    write(false, (db) => replaceAssignments(db, carrierId, add, removeIds)),
  deleteAssignment: (carrierId, id) => write(false, (db) => deleteAssignment(db, carrierId, id)),
  // The person started or resumed a download (space may have been freed outside the app): try again.
  retryWrites: () => {
    diskFull = null;
    return write(false, async () => undefined);
  },
};

serveWorker(handlers, { failure: failureOf });
