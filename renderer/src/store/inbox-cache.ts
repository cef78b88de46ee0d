import type { PackedDayPart } from '../../../shared/analysis/day-part-pack.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { LocalDay } from '../../../shared/time/local-day.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { RouteLensDb } from './db.ts';
import { hash53 } from '../../../shared/util/hash53.ts';
import { daysStamp } from './day-stamp.ts';
import type { CoverageRow } from './types.ts';

/**
 * The safety inbox's result of one vehicle's local day: opening the inbox for any range reads one small part a
 * truck-day (shared/analysis/day-parts.ts joins them as `analyzeTrack` would over the range) instead of every
 * stored reading, and analyses again only the days stored since. A part answers for one query (the build's
 * analysis, the carrier's zone, the parameters and the road limits judged against; not the range) and one
 * state of the UTC days its local day touches (`stamp`); anything else is analysed afresh.
 */
export interface InboxDayRow {
  carrierId: string;
  query: string;
  vehicleId: string;
  day: LocalDay;
  /** daysStamp of the vehicle's coverage rows over the UTC days the local day touches. */
  stamp: string;
  /** shared/analysis/day-part-pack.ts `packDayPart`; null: readings in those UTC days, none inside the local day. */
  part: PackedDayPart | null;
}

/** A kept day in its month's row. */
export interface InboxKeptDay {
  day: LocalDay;
  stamp: string;
  part: PackedDayPart | null;
}

/**
 * How the parts are kept in IndexedDB: one row per vehicle and calendar month of its local days. Much of
 * IndexedDB's cost here is per row (tens of microseconds): a fleet's month read as a row a truck reads in about
 * 0.6× the time of 30 rows a truck (measured at 510 trucks). Days in day order.
 */
export interface InboxMonthRow {
  carrierId: string;
  query: string;
  vehicleId: string;
  /** YYYY-MM of the local days. */
  month: string;
  days: InboxKeptDay[];
}

export type MonthKey = [carrierId: string, query: string, vehicleId: string, month: string];

/** The key of the month row a kept day belongs in (the upgrade to version 11 groups by it too). */
export function monthKeyOf(carrierId: string, query: string, vehicleId: string, day: LocalDay): MonthKey {
  return [carrierId, query, vehicleId, day.slice(0, 7)];
}

/** A month key as one text, to group days by. */
export const monthKeyText = (key: MonthKey): string => JSON.stringify(key);

export interface InboxQueryRow {
  carrierId: string;
  query: string;
  usedAt: number;
}

/** Queries kept per carrier: moving among a few parameter sets stays quick, and the table stays small. */
export const KEPT_QUERIES = 6;

/**
 * The query as a key. `build` names the analysis code: a new build analyses again rather than trust rows
 * an older analysis wrote. Parameters in name order, so two equal objects give one key. `roadsKey`
 * (workers/worker-roads.ts `roadLimitsKey`) names the road limits and the over-the-limit rule: a new
 * import, zones change or rule analyses again, the same ones reuse. Hashed (106 bits): every kept row
 * carries the key, and the written-out query is longer than the part it keys.
 */
export function inboxQueryKey(build: string, zone: string, params: AnalysisParams, roadsKey: string): string {
  const named = Object.keys(params)
    .sort()
    .map((k) => [k, params[k as keyof AnalysisParams]]);
  const text = JSON.stringify([build, zone, named, roadsKey]);
  return `q${hash53(text, 1).toString(36)}.${hash53(text, 2).toString(36)}`;
}

/**
 * Each vehicle's stamp of each local day, from a carrier's coverage rows (any order) and the UTC days each
 * local day touches (`utcOf`); a local day none of whose UTC days is stored has none.
 */
export function dayStamps(
  rows: readonly CoverageRow[],
  utcOf: ReadonlyMap<LocalDay, readonly UtcDay[]>,
): Map<string, Map<LocalDay, string>> {
  const byVehicle = new Map<string, Map<UtcDay, CoverageRow>>();
  for (const r of rows) {
    const days = byVehicle.get(r.vehicleId) ?? new Map<UtcDay, CoverageRow>();
    days.set(r.day, r);
    byVehicle.set(r.vehicleId, days);
  }
  const stamps = new Map<string, Map<LocalDay, string>>();
  for (const [vehicleId, byUtc] of byVehicle) {
    const own = new Map<LocalDay, string>();
    for (const [day, utc] of utcOf) {
      const touched = utc.flatMap((u) => byUtc.get(u) ?? []);
      if (touched.length > 0) own.set(day, daysStamp(touched));
    }
    if (own.size > 0) stamps.set(vehicleId, own);
  }
  return stamps;
}

const MONTH_KEY = '[carrierId+query+vehicleId+month]';

const rowsOf = (db: RouteLensDb, carrierId: string, query: string) =>
  db.inboxMonths.where(MONTH_KEY).between([carrierId, query, '', ''], [carrierId, query, '\uffff', '\uffff']);

/** The kept days of a row read back, in `from`..`to`; an entry not of the shape written is left out (analysed again). */
function* daysOf(row: InboxMonthRow, from: LocalDay, to: LocalDay): Generator<InboxDayRow> {
  if (!Array.isArray(row.days)) return;
  for (const d of row.days as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { day, stamp, part } = d as Partial<InboxKeptDay>;
    if (typeof day !== 'string' || typeof stamp !== 'string' || day < from || day > to) continue;
    yield { carrierId: row.carrierId, query: row.query, vehicleId: row.vehicleId, day, stamp, part: part ?? null };
  }
}

/**
 * The query's kept days `from`..`to`, by vehicle and day. With `vehicleIds` (the vehicles with a stored day in
 * the range), one range of the table's key per vehicle (its months of the range); else every row of the query.
 */
export async function readInboxDays(
  db: RouteLensDb,
  carrierId: string,
  query: string,
  from: LocalDay,
  to: LocalDay,
  vehicleIds?: readonly string[],
): Promise<Map<string, Map<LocalDay, InboxDayRow>>> {
  const rows = vehicleIds
    ? (
        await db.transaction('r', db.inboxMonths, () =>
          Promise.all(
            vehicleIds.map((v) =>
              db.inboxMonths
                .where(MONTH_KEY)
                .between(monthKeyOf(carrierId, query, v, from), monthKeyOf(carrierId, query, v, to), true, true)
                .toArray(),
            ),
          ),
        )
      ).flat()
    : await rowsOf(db, carrierId, query).toArray();
  const out = new Map<string, Map<LocalDay, InboxDayRow>>();
  for (const row of rows)
    for (const r of daysOf(row, from, to)) {
      const days = out.get(r.vehicleId) ?? new Map<LocalDay, InboxDayRow>();
      days.set(r.day, r);
      out.set(r.vehicleId, days);
    }
  return out;
}

/**
 * Puts `fresh` days into their months' rows and takes `gone` days out of theirs, in the caller's read-write
 * transaction on inboxMonths: a row is read, changed and written whole, so the other days of its month stay.
 */
async function mergeMonths(
  db: RouteLensDb,
  fresh: readonly InboxDayRow[],
  gone: readonly (readonly [carrierId: string, query: string, vehicleId: string, day: LocalDay])[],
): Promise<void> {
  const changes = new Map<string, { key: MonthKey; put: InboxKeptDay[]; drop: LocalDay[] }>();
  const changeOf = (carrierId: string, query: string, vehicleId: string, day: LocalDay) => {
    const key = monthKeyOf(carrierId, query, vehicleId, day);
    const id = monthKeyText(key);
    const c = changes.get(id) ?? { key, put: [], drop: [] };
    changes.set(id, c);
    return c;
  };
  for (const r of fresh) changeOf(r.carrierId, r.query, r.vehicleId, r.day).put.push(r);
  for (const [carrierId, query, vehicleId, day] of gone) changeOf(carrierId, query, vehicleId, day).drop.push(day);
  if (changes.size === 0) return;
  const list = [...changes.values()];
  const stored = await db.inboxMonths.bulkGet(list.map((c) => c.key));
  const puts: InboxMonthRow[] = [];
  const deletes: MonthKey[] = [];
  list.forEach(({ key, put, drop }, i) => {
    const [carrierId, query, vehicleId, month] = key;
    const old = stored[i];
    const days = new Map<LocalDay, InboxKeptDay>();
    if (old) for (const d of daysOf(old, '', '\uffff')) days.set(d.day, { day: d.day, stamp: d.stamp, part: d.part });
    for (const d of put) days.set(d.day, { day: d.day, stamp: d.stamp, part: d.part });
    for (const d of drop) days.delete(d);
    if (days.size === 0) deletes.push(key);
    else {
      const sorted = [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      puts.push({ carrierId, query, vehicleId, month, days: sorted });
    }
  });
  await db.inboxMonths.bulkPut(puts);
  await db.inboxMonths.bulkDelete(deletes);
}

/** Stores rows analysed afresh (a batch written while the analysis goes on; writeInboxDays does the query's bookkeeping). */
export async function putInboxDays(db: RouteLensDb, rows: readonly InboxDayRow[]): Promise<void> {
  await db.transaction('rw', db.inboxMonths, () => mergeMonths(db, rows, []));
}

/**
 * Stores the rows analysed afresh, forgets the query's rows of days no longer stored, marks the query used
 * now and forgets the carrier's queries beyond the KEPT_QUERIES most recently used. One transaction.
 */
export async function writeInboxDays(
  db: RouteLensDb,
  carrierId: string,
  query: string,
  fresh: readonly InboxDayRow[],
  goneDays: readonly (readonly [vehicleId: string, day: LocalDay])[],
  now: number,
): Promise<void> {
  await db.transaction('rw', [db.inboxMonths, db.inboxQueries], async () => {
    await mergeMonths(
      db,
      fresh,
      goneDays.map(([v, d]) => [carrierId, query, v, d] as const),
    );
    await db.inboxQueries.put({ carrierId, query, usedAt: now });
    const queries = await db.inboxQueries.where('carrierId').equals(carrierId).toArray();
    queries.sort((a, b) => b.usedAt - a.usedAt);
    for (const old of queries.slice(KEPT_QUERIES)) {
      await rowsOf(db, carrierId, old.query).delete();
      await db.inboxQueries.delete([carrierId, old.query]);
    }
  });
}

/** Forgets every stored inbox row of a carrier (the carrier is removed). */
export async function deleteInboxCache(db: RouteLensDb, carrierId: string): Promise<void> {
  await db.inboxMonths
    .where(MONTH_KEY)
    .between([carrierId, '', '', ''], [carrierId, '\uffff', '\uffff', '\uffff'])
    .delete();
  await db.inboxQueries.where('carrierId').equals(carrierId).delete();
}
