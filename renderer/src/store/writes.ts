import type { Table } from 'dexie';
import type { RejectedRecord } from '../../../shared/ipc/contract.ts';
import { SUMMARY_RULE, summarizeDay, type DaySummary } from '../../../shared/track/summary.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import { analysisColumnsOf } from '../../../shared/analysis/analysis-columns.ts';
import { storedDayBytes } from './bytes.ts';
import { carrierDays, DAY_KEY, vehicleDays, type DayKey, type OverviewRow, type RouteLensDb } from './db.ts';
import { deleteComparedOf } from './compare-cache.ts';
import { deleteInboxCache } from './inbox-cache.ts';
import { storedOverviewOf } from './overview-rows.ts';
import type { CoverageRow, DownloadJob, RosterRow, SnapshotRow } from './types.ts';

/**
 * Every write the store makes, one IndexedDB transaction each. They run in
 * the store worker (worker.ts); the test harness calls them directly to
 * inject failures inside a transaction.
 */
export interface PutDayInput {
  carrierId: string;
  chunk: DayChunk;
  complete: boolean;
  rejected: RejectedRecord[];
}

export interface WriteHooks {
  /** Runs inside the transaction after every put (tests throw here to prove the rollback). */
  beforeCommit?: () => void;
}

type TxTables = Table[];

const DAY_TABLES = (db: RouteLensDb) => [
  db.dayChunks,
  db.daySummaries,
  db.dayCoverage,
  db.dayRejections,
  db.dayOverviews,
  db.dayAnalysisColumns,
];

/** The transaction's own error; the request's AbortError can arrive before the abort event sets it. */
function abortReason(tx: IDBTransaction): Promise<DOMException | null> {
  if (tx.error) return Promise.resolve(tx.error);
  return new Promise((resolve) => {
    tx.addEventListener('abort', () => resolve(tx.error), { once: true });
    setTimeout(() => resolve(tx.error), 1000);
  });
}

/**
 * One read-write transaction. When it aborts, the rejection Dexie hands back is
 * the request's bare AbortError; why the transaction aborted (a full disk comes
 * as QuotaExceededError) is on the transaction: it is attached as `cause`.
 */
async function rw<T>(db: RouteLensDb, tables: TxTables, body: () => Promise<T>): Promise<T> {
  let idb: IDBTransaction | null = null;
  try {
    return await db.transaction('rw', tables, (tx) => {
      idb = tx.idbtrans;
      return body();
    });
  } catch (err) {
    const why = idb ? await abortReason(idb) : null;
    if (
      why &&
      why !== err &&
      err &&
      typeof err === 'object' &&
      !('cause' in err && (err as { cause?: unknown }).cause)
    ) {
      Object.defineProperty(err, 'cause', { value: why, configurable: true });
    }
    throw err;
  }
}

export async function putDay(db: RouteLensDb, input: PutDayInput, hooks: WriteHooks = {}): Promise<CoverageRow> {
  return (await putDays(db, [input], hooks))[0]!;
}

/**
 * Several days (chunk, summary, overview, analysis columns, rejections, coverage each) in one transaction:
 * all of them or none. The download manager hands over the days one poll
 * brought together; a transaction's commit costs about as much as its writes,
 * so fewer, larger ones store more readings a second.
 */
export async function putDays(
  db: RouteLensDb,
  inputs: readonly PutDayInput[],
  hooks: WriteHooks = {},
): Promise<CoverageRow[]> {
  // Computed before the transaction opens: IndexedDB commits a transaction left idle across non-IDB work.
  const rows = inputs.map(({ carrierId, chunk, complete, rejected }) => {
    const columns = analysisColumnsOf(carrierId, chunk);
    return {
      chunk: { carrierId, vehicleId: chunk.vehicleId, day: chunk.day, chunk },
      summary: { ...summarizeDay(chunk), carrierId },
      overview: { carrierId, vehicleId: chunk.vehicleId, day: chunk.day, overview: storedOverviewOf(chunk) },
      columns,
      rejection: { carrierId, vehicleId: chunk.vehicleId, day: chunk.day, records: rejected },
      coverage: {
        carrierId,
        vehicleId: chunk.vehicleId,
        day: chunk.day,
        state: complete ? 'complete' : 'partial',
        points: chunk.length,
        bytes: storedDayBytes(chunk, columns),
        fetchedAt: Date.now(),
      } satisfies CoverageRow as CoverageRow,
    };
  });
  if (rows.length === 0) return [];
  await rw(db, DAY_TABLES(db), async () => {
    // put on the [carrierId+vehicleId+day] key replaces the carrier's earlier chunk of the day: never two copies of a
    // point, and never another carrier's day (two carriers' vehicles may share an id).
    await db.dayChunks.bulkPut(rows.map((r) => r.chunk));
    await db.daySummaries.bulkPut(rows.map((r) => r.summary));
    await db.dayRejections.bulkPut(rows.map((r) => r.rejection));
    await db.dayOverviews.bulkPut(rows.map((r) => r.overview));
    await db.dayAnalysisColumns.bulkPut(rows.map((r) => r.columns));
    await db.dayCoverage.bulkPut(rows.map((r) => r.coverage));
    hooks.beforeCommit?.();
  });
  return rows.map((r) => r.coverage);
}

/**
 * Replaces stored summaries computed by older rules (no or an older `rule`,
 * shared/track/summary.ts) with ones recomputed from their chunk by the
 * current rules and the default parameters, as ingest stores them: a reader
 * that had to recompute a stale day stores the result, so each stored day is
 * recomputed once, when it is first read. A summary that is no longer stale
 * (the day was downloaded again meanwhile) is left as it is. Returns how many
 * were replaced.
 */
export async function refreshSummaries(
  db: RouteLensDb,
  carrierId: string,
  summaries: readonly DaySummary[],
): Promise<number> {
  const fresh = summaries.filter((s) => s.rule === SUMMARY_RULE);
  return rw(db, [db.daySummaries], async () => {
    const stored = await db.daySummaries.bulkGet(fresh.map((s): DayKey => [carrierId, s.vehicleId, s.day]));
    const replace = fresh.filter((s, k) => {
      const old = stored[k];
      return old !== undefined && old.rule !== SUMMARY_RULE && old.points === s.points;
    });
    await db.daySummaries.bulkPut(replace.map((s) => ({ ...s, carrierId })));
    return replace.length;
  });
}

/**
 * Stores overviews a reader built for days stored without one (before schema
 * version 5) or with an older rule, so each is built once. Only for days still
 * stored with the same number of readings (a day downloaded again meanwhile
 * has its own, fresher one). Returns how many were written.
 */
export async function refreshOverviews(db: RouteLensDb, rows: readonly OverviewRow[]): Promise<number> {
  return rw(db, [db.dayOverviews, db.dayCoverage], async () => {
    const keys = rows.map((r): DayKey => [r.carrierId, r.vehicleId, r.day]);
    const [coverage, stored] = await Promise.all([db.dayCoverage.bulkGet(keys), db.dayOverviews.bulkGet(keys)]);
    const fresh = rows.filter((r, k) => {
      const c = coverage[k];
      const old = stored[k]?.overview;
      return c !== undefined && c.points >= r.overview.points && (!old || old.rule !== r.overview.rule);
    });
    await db.dayOverviews.bulkPut(fresh);
    return fresh.length;
  });
}

/** Deletes a carrier's vehicle's days in `from`..`to` (inclusive; both null = every day). */
export async function deleteVehicleDays(
  db: RouteLensDb,
  carrierId: string,
  vehicleId: string,
  from: UtcDay | null,
  to: UtcDay | null,
): Promise<number> {
  const range = vehicleDays(carrierId, vehicleId, from, to);
  return rw(db, DAY_TABLES(db), async () => {
    let n = 0;
    for (const table of DAY_TABLES(db)) {
      const count = await table
        .where(DAY_KEY)
        .between(...range, true, true)
        .delete();
      if (table === db.dayCoverage) n = count;
    }
    return n;
  });
}

/** Deletes everything stored for a carrier: days, rosters, snapshots, finished jobs, the inbox's and Compare's results, its coverage digest. */
export async function deleteCarrier(db: RouteLensDb, carrierId: string): Promise<void> {
  const tables = [
    ...DAY_TABLES(db),
    db.rosters,
    db.snapshots,
    db.jobs,
    db.inboxMonths,
    db.inboxQueries,
    db.compareResults,
    db.coverageDigests,
  ];
  await rw(db, tables, async () => {
    await deleteInboxCache(db, carrierId);
    await deleteComparedOf(db, carrierId);
    await db.coverageDigests.delete(carrierId);
    for (const table of DAY_TABLES(db))
      await table
        .where(DAY_KEY)
        .between(...carrierDays(carrierId), true, true)
        .delete();
    await db.rosters.where('[carrierId+kind]').between([carrierId, ''], [carrierId, '\uffff']).delete();
    await db.snapshots
      .where('[carrierId+kind+takenAt]')
      .between([carrierId, '', -Infinity], [carrierId, '\uffff', Infinity])
      .delete();
    await db.jobs.filter((j) => j.carrierId === carrierId).delete();
  });
}

export async function putJob(db: RouteLensDb, job: DownloadJob): Promise<void> {
  await db.jobs.put(job);
}

export async function deleteJob(db: RouteLensDb, jobId: string): Promise<void> {
  await db.jobs.delete(jobId);
}

/** The roster for offline use and a timestamped snapshot of it, together. */
export async function putRoster(db: RouteLensDb, roster: RosterRow): Promise<void> {
  const snapshot = {
    carrierId: roster.carrierId,
    kind: roster.kind,
    takenAt: roster.fetchedAt,
    rows: roster.rows,
  } as SnapshotRow;
  await rw(db, [db.rosters, db.snapshots], async () => {
    await db.rosters.put(roster);
    await db.snapshots.add(snapshot);
  });
}
