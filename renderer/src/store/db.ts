// Over 300 lines: every version of the schema (IndexedDB opens a database through each) and the upgrade steps between them.
import Dexie, { type Collection, type IndexableType, type Table, type Transaction } from 'dexie';
import type { Assignment } from '../../../shared/drivers/types.ts';
import type { ReviewMark } from '../../../shared/inbox/trail.ts';
import type { RejectedRecord } from '../../../shared/ipc/contract.ts';
import type { TrackOverview } from '../../../shared/map/overview.ts';
import type { DaySummary } from '../../../shared/track/summary.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { AnalysisColumnsRow } from '../../../shared/analysis/analysis-columns.ts';
import { chunkBytes } from './bytes.ts';
import { monthKeyOf, monthKeyText, type InboxDayRow, type InboxMonthRow, type InboxQueryRow } from './inbox-cache.ts';
import type { ComparedKind, CompareResultRow } from './compare-cache.ts';
import type { CoverageDigestRow } from './coverage-digest.ts';
import type { CoverageRow, DownloadJob, RosterRow, SnapshotRow } from './types.ts';

export const DB_NAME = 'routelens';

export interface ChunkRow {
  carrierId: string;
  vehicleId: string;
  day: UtcDay;
  chunk: DayChunk;
}

export interface SummaryRow extends DaySummary {
  carrierId: string;
}

/** A day's simplified route (shared/map/overview.ts), built at ingest from the day without its outliers. */
export interface OverviewRow {
  carrierId: string;
  vehicleId: string;
  day: UtcDay;
  overview: TrackOverview;
}

/** Malformed records of one vehicle-day, replaced together with its chunk. */
export interface RejectionRow {
  carrierId: string;
  vehicleId: string;
  day: UtcDay;
  records: RejectedRecord[];
}

/**
 * Version 1 as it shipped: coverage had no `bytes` and no per-vehicle index.
 * Kept verbatim so the upgrade path stays testable (a test opens a database
 * with only this version, fills it, then reopens it with the current code).
 */
export const SCHEMA_V1 = {
  chunks: '[vehicleId+day], carrierId',
  summaries: '[vehicleId+day], carrierId',
  coverage: '[vehicleId+day], carrierId, state',
  rosters: '[carrierId+kind]',
  snapshots: '++id, [carrierId+kind+takenAt]',
  jobs: 'id, state',
  rejections: '[vehicleId+day], carrierId',
} as const;

/** Version 2: coverage carries `bytes` (the Storage screen sums it) and is indexed per carrier+vehicle. */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  coverage: '[vehicleId+day], carrierId, state, [carrierId+vehicleId]',
} as const;

/** v1 coverage rows lack `bytes`: compute it from the chunk they describe. */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  const coverage = tx.table<Omit<CoverageRow, 'bytes'> & { bytes?: number }, [string, string]>('coverage');
  const chunks = tx.table<ChunkRow, [string, string]>('chunks');
  const rows = await coverage.toArray();
  const stored = await chunks.bulkGet(rows.map((r) => [r.vehicleId, r.day] as [string, string]));
  await coverage.bulkPut(
    rows.map((r, i) => {
      const c = stored[i];
      return { ...r, bytes: typeof r.bytes === 'number' ? r.bytes : c ? chunkBytes(c.chunk) : 0 };
    }),
  );
}

/**
 * Version 3: the review trail (shared/inbox/trail.ts), one row per mark of a carrier's event. Apart
 * from the days on purpose: deleting or downloading days again never touches what was decided.
 */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  marks: '[carrierId+key], [carrierId+vehicleId]',
} as const;

export interface MarkRow extends ReviewMark {
  carrierId: string;
}

/**
 * Version 4: the safety inbox's per-vehicle results (store/inbox-cache.ts), so opening the inbox again
 * reads one row a truck instead of every stored reading (derived data only: losing it costs time, never
 * a fact); coverage indexed by `fetchedAt`, so screens notice a day fetched again in place (storeStamp).
 */
export const SCHEMA_V4 = {
  ...SCHEMA_V3,
  coverage: `${SCHEMA_V3.coverage}, fetchedAt`,
  inboxCache: '[carrierId+query+vehicleId]',
  inboxQueries: '[carrierId+query], carrierId',
} as const;

/**
 * Version 5: a simplified route per day (issue 16). No upgrade step: days stored before it have no
 * overview row, and the Review builds the overview on first read and stores it (writes.ts
 * `refreshOverviews`), so opening an old database does not rescan every chunk before the first screen.
 */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  overviews: '[vehicleId+day], carrierId',
} as const;

/**
 * Version 6: the safety inbox's results kept per vehicle and local day (store/inbox-cache.ts), so any
 * range opens from its days' kept parts; the per-range table of version 4 goes (derived data only).
 */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  inboxCache: null,
  inboxDays: '[carrierId+query+vehicleId+day], [carrierId+query+day]',
} as const;

/**
 * Version 7: the day tables keyed by carrier as well as vehicle and day, so two carriers whose vehicles
 * share an id (a truck moved between carriers, a test and a production tenant) keep apart. IndexedDB
 * cannot change a table's key, so each day table is a new one with the old rows copied across
 * (`upgradeToV7`) and the old one goes. Reads of a carrier's days are ranges of the key itself; only
 * coverage keeps a `carrierId` index (the carriers with anything stored) and its `fetchedAt` (storeStamp).
 */
export const SCHEMA_V7 = {
  ...SCHEMA_V6,
  chunks: null,
  summaries: null,
  coverage: null,
  rejections: null,
  overviews: null,
  dayChunks: '[carrierId+vehicleId+day]',
  daySummaries: '[carrierId+vehicleId+day]',
  dayCoverage: '[carrierId+vehicleId+day], carrierId, fetchedAt',
  dayRejections: '[carrierId+vehicleId+day]',
  dayOverviews: '[carrierId+vehicleId+day]',
} as const;

/**
 * Version 8: who drove (shared/drivers/types.ts), one row per regular driver or dated assignment of a
 * carrier's vehicle. Apart from the days on purpose, like the review trail: deleting or downloading days
 * again never touches them. No upgrade step: a database before it simply has no assignments.
 */
export const SCHEMA_V8 = {
  ...SCHEMA_V7,
  assignments: '[carrierId+id], [carrierId+vehicleId]',
} as const;

/**
 * Version 9: each stored day's columns as the safety inbox's analysis reads them (shared/analysis/analysis-columns.ts),
 * written at ingest beside the chunk. No upgrade step: a day stored before it has none, and the inbox reads
 * its chunk and stores its columns on first use (store/analysis-reads.ts), so opening an old database does
 * not rewrite every chunk before the first screen, and nothing stored is lost.
 */
export const SCHEMA_V9 = {
  ...SCHEMA_V8,
  dayAnalysisColumns: '[carrierId+vehicleId+day]',
} as const;

/**
 * Version 10: Compare's per-carrier results (store/compare-cache.ts), so the first Compare after a start
 * reads them instead of every stored reading. Derived data only; no upgrade step (an empty table).
 */
export const SCHEMA_V10 = {
  ...SCHEMA_V9,
  compareResults: '[kind+hash], [kind+usedAt], carrierId',
} as const;

/**
 * Version 11: the inbox's kept day parts a row per vehicle and month instead of per day (store/inbox-cache.ts
 * `InboxMonthRow`): a fleet's month reads in a thirtieth of the rows. The kept days move across
 * (`upgradeToV11`), so a prepared inbox stays prepared.
 */
export const SCHEMA_V11 = {
  ...SCHEMA_V10,
  inboxDays: null,
  inboxMonths: '[carrierId+query+vehicleId+month]',
} as const;

/**
 * Version 12: each carrier's coverage rows packed in one row under the store stamp they were read at
 * (store/coverage-digest.ts), so a new inbox worker plans from one row instead of thousands. Derived data, no
 * upgrade step (an empty table); a later version that rewrites coverage rows clears it.
 */
export const SCHEMA_V12 = {
  ...SCHEMA_V11,
  coverageDigests: 'carrierId',
} as const;

/**
 * The version-6 day tables, the version-7 tables their rows move to, and how many rows are copied a step:
 * a few at a time, not the whole store in memory (a chunk of a day read every second holds megabytes).
 */
const MOVED_TABLES = [
  ['chunks', 'dayChunks', 16],
  ['summaries', 'daySummaries', 500],
  ['coverage', 'dayCoverage', 500],
  ['rejections', 'dayRejections', 500],
  ['overviews', 'dayOverviews', 100],
] as const;

/**
 * Copies every row of the version-6 day tables under its carrier. A row without a carrier (never
 * written by the app) has no key in the new tables and is left behind with its table.
 */
export async function upgradeToV7(tx: Transaction): Promise<void> {
  for (const [from, to, batch] of MOVED_TABLES) {
    const source = tx.table<{ carrierId?: unknown }, IndexableType>(from);
    const target = tx.table(to);
    let after: IndexableType | null = null;
    for (;;) {
      const page: Collection = after === null ? source.orderBy(':id') : source.where(':id').above(after);
      const keys: IndexableType[] = await page.limit(batch).primaryKeys();
      if (keys.length === 0) break;
      const rows = await source.bulkGet(keys);
      await target.bulkPut(rows.filter((r) => r !== undefined && typeof r.carrierId === 'string'));
      after = keys[keys.length - 1]!;
    }
  }
}

/**
 * Copies the kept day parts of versions 6–10 into month rows. The old table is read in key order (carrier,
 * query, vehicle, day), so a month's days come together and only one month is held at a time.
 */
export async function upgradeToV11(tx: Transaction): Promise<void> {
  const target = tx.table<InboxMonthRow>('inboxMonths');
  let month: InboxMonthRow | null = null;
  let held = '';
  const writes: Promise<unknown>[] = [];
  await tx.table<InboxDayRow>('inboxDays').each((r) => {
    if (typeof r.day !== 'string' || typeof r.stamp !== 'string') return;
    const key = monthKeyOf(r.carrierId, r.query, r.vehicleId, r.day);
    if (!month || monthKeyText(key) !== held) {
      if (month) writes.push(target.put(month));
      const [carrierId, query, vehicleId, m] = key;
      month = { carrierId, query, vehicleId, month: m, days: [] };
      held = monthKeyText(key);
    }
    month.days.push({ day: r.day, stamp: r.stamp, part: r.part ?? null });
  });
  if (month) writes.push(target.put(month));
  await Promise.all(writes);
}

/** The day tables' key: a stored day is a carrier's vehicle's UTC day. */
export const DAY_KEY = '[carrierId+vehicleId+day]';
export type DayKey = [carrierId: string, vehicleId: string, day: UtcDay];

/** The key bounds of a carrier's vehicle's days `from`..`to` (inclusive; null: from the first or to the last). */
export function vehicleDays(
  carrierId: string,
  vehicleId: string,
  from: UtcDay | null = null,
  to: UtcDay | null = null,
): [IndexableType, IndexableType] {
  return [
    [carrierId, vehicleId, from ?? Dexie.minKey],
    [carrierId, vehicleId, to ?? Dexie.maxKey],
  ];
}

/** The rows of one vehicle of a carrier from `from` to `to` (inclusive; all its days when absent) of a day table. */
export function vehicleDayRows<T>(
  table: Table<T, DayKey>,
  carrierId: string,
  vehicleId: string,
  from: UtcDay | null = null,
  to: UtcDay | null = null,
): Promise<T[]> {
  return table
    .where(DAY_KEY)
    .between(...vehicleDays(carrierId, vehicleId, from, to), true, true)
    .toArray();
}

/** The key bounds of every stored day of a carrier. */
export function carrierDays(carrierId: string): [IndexableType, IndexableType] {
  return [
    [carrierId, Dexie.minKey],
    [carrierId, Dexie.maxKey],
  ];
}

export class RouteLensDb extends Dexie {
  declare dayChunks: Table<ChunkRow, DayKey>;
  declare daySummaries: Table<SummaryRow, DayKey>;
  declare dayCoverage: Table<CoverageRow, DayKey>;
  declare rosters: Table<RosterRow, [string, string]>;
  declare snapshots: Table<SnapshotRow, number>;
  declare jobs: Table<DownloadJob, string>;
  declare dayRejections: Table<RejectionRow, DayKey>;
  declare marks: Table<MarkRow, [string, string]>;
  declare inboxMonths: Table<InboxMonthRow, [string, string, string, string]>;
  declare inboxQueries: Table<InboxQueryRow, [string, string]>;
  declare dayOverviews: Table<OverviewRow, DayKey>;
  declare assignments: Table<Assignment, [string, string]>;
  declare dayAnalysisColumns: Table<AnalysisColumnsRow, DayKey>;
  declare compareResults: Table<CompareResultRow, [ComparedKind, string]>;
  declare coverageDigests: Table<CoverageDigestRow, string>;

  constructor(name: string = DB_NAME, options: { relaxedDurability?: boolean } = {}) {
    super(name, options.relaxedDurability ? { chromeTransactionDurability: 'relaxed' } : {});
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4);
    this.version(5).stores(SCHEMA_V5);
    this.version(6).stores(SCHEMA_V6);
    this.version(7).stores(SCHEMA_V7).upgrade(upgradeToV7);
    this.version(8).stores(SCHEMA_V8);
    this.version(9).stores(SCHEMA_V9);
    this.version(10).stores(SCHEMA_V10);
    this.version(11).stores(SCHEMA_V11).upgrade(upgradeToV11);
    this.version(12).stores(SCHEMA_V12);
  }
}

let shared: RouteLensDb | null = null;

/**
 * The one connection of this realm (main thread or worker). Relaxed
 * durability: a commit returns once the OS has the data, without waiting for
 * it to reach the disk. A crash of the app loses nothing; a power cut may lose
 * the last transactions, whole (a day's chunk and its coverage are in one), so
 * a restart finds those days missing and downloads them again.
 */
export function getDb(): RouteLensDb {
  shared ??= new RouteLensDb(DB_NAME, { relaxedDurability: true });
  return shared;
}
