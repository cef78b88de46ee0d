import type { PackedDayPart } from '../../../shared/analysis/day-part-pack.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { LocalDay } from '../../../shared/time/local-day.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { RouteLensDb } from './db.ts';
import { hash53 } from '../../../shared/util/hash53.ts';
import { daysStamp } from './day-stamp.ts';
import type { CoverageRow } from './types.ts';

/**
 * The safety inbox's results per vehicle and local day, kept in IndexedDB: opening the inbox for any range
 * reads one small row a truck-day (shared/analysis/day-parts.ts joins them as `analyzeTrack` would over
 * the range) instead of every stored reading, and analyses again only the days stored since. A row answers
 * for one query (the build's analysis, the carrier's zone, the parameters and the road limits judged
 * against; not the range) and one state
 * of the UTC days its local day touches (`stamp`); anything else is analysed afresh.
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

const rowsOf = (db: RouteLensDb, carrierId: string, query: string) =>
  db.inboxDays
    .where('[carrierId+query+vehicleId+day]')
    .between([carrierId, query, '', ''], [carrierId, query, '\uffff', '\uffff']);

/**
 * The query's stored rows of the local days `from`..`to`, by vehicle and day. With `vehicleIds` (the
 * vehicles with a stored day in the range), one range of the table's own key per vehicle: rows found
 * through the day index cost IndexedDB a second lookup each (index entry, then the row).
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
        await db.transaction('r', db.inboxDays, () =>
          Promise.all(
            vehicleIds.map((v) =>
              db.inboxDays
                .where('[carrierId+query+vehicleId+day]')
                .between([carrierId, query, v, from], [carrierId, query, v, to], true, true)
                .toArray(),
            ),
          ),
        )
      ).flat()
    : await db.inboxDays
        .where('[carrierId+query+day]')
        .between([carrierId, query, from], [carrierId, query, to], true, true)
        .toArray();
  const out = new Map<string, Map<LocalDay, InboxDayRow>>();
  for (const r of rows) {
    const days = out.get(r.vehicleId) ?? new Map<LocalDay, InboxDayRow>();
    days.set(r.day, r);
    out.set(r.vehicleId, days);
  }
  return out;
}

/** Stores rows analysed afresh (a batch written while the analysis goes on; writeInboxDays does the query's bookkeeping). */
export async function putInboxDays(db: RouteLensDb, rows: readonly InboxDayRow[]): Promise<void> {
  await db.inboxDays.bulkPut(rows);
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
  await db.transaction('rw', [db.inboxDays, db.inboxQueries], async () => {
    await db.inboxDays.bulkPut(fresh);
    await db.inboxDays.bulkDelete(
      goneDays.map(([v, d]) => [carrierId, query, v, d] as [string, string, string, string]),
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
  await db.inboxDays
    .where('[carrierId+query+vehicleId+day]')
    .between([carrierId, '', '', ''], [carrierId, '\uffff', '\uffff', '\uffff'])
    .delete();
  await db.inboxQueries.where('carrierId').equals(carrierId).delete();
}
