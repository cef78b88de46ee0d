import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { InboxEvent } from '../../../shared/inbox/events.ts';
import type { Scorecard } from '../../../shared/inbox/scorecards.ts';
import type { LocalDay } from '../../../shared/time/local-day.ts';
import type { RouteLensDb } from './db.ts';
import { daysStamp } from './day-stamp.ts';
import type { CoverageRow } from './types.ts';
import { byDay } from '../../../shared/util/day.ts';

/**
 * The safety inbox's results per vehicle, kept in IndexedDB: opening the inbox again reads one row a truck
 * instead of every stored reading, and analyses again only the trucks whose days changed since. A row
 * answers for exactly one query (the build's analysis, the carrier's zone, the range and the parameters)
 * and one state of the truck's stored days (`stamp`); anything else is analysed afresh.
 */
export interface InboxCacheRow {
  carrierId: string;
  query: string;
  vehicleId: string;
  /** daysStamp of the vehicle's coverage rows over the UTC days the range touches. */
  stamp: string;
  /** null: readings in those UTC days, none inside the range's local days. */
  result: { events: InboxEvent[]; scorecard: Scorecard } | null;
}

export interface InboxQueryRow {
  carrierId: string;
  query: string;
  usedAt: number;
}

/** Queries kept per carrier: moving among a few ranges stays quick, and the table stays small. */
export const KEPT_QUERIES = 6;

/**
 * The query as a key. `build` names the analysis code: a new build analyses again rather than trust rows
 * an older analysis wrote. Parameters in name order, so two equal objects give one key.
 */
export function inboxQueryKey(
  build: string,
  zone: string,
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
): string {
  const named = Object.keys(params)
    .sort()
    .map((k) => [k, params[k as keyof AnalysisParams]]);
  return JSON.stringify([build, zone, from, to, named]);
}

/** Each vehicle's stamp, from a carrier's coverage rows (any order). */
export function vehicleStamps(rows: readonly CoverageRow[]): Map<string, string> {
  const byVehicle = new Map<string, CoverageRow[]>();
  for (const r of rows) {
    const list = byVehicle.get(r.vehicleId);
    if (list) list.push(r);
    else byVehicle.set(r.vehicleId, [r]);
  }
  const stamps = new Map<string, string>();
  for (const [vehicleId, list] of byVehicle) {
    list.sort(byDay);
    stamps.set(vehicleId, daysStamp(list));
  }
  return stamps;
}

const rowsOf = (db: RouteLensDb, carrierId: string, query: string) =>
  db.inboxCache.where('[carrierId+query+vehicleId]').between([carrierId, query, ''], [carrierId, query, '\uffff']);

/** The query's stored rows, by vehicle. */
export async function readInboxCache(
  db: RouteLensDb,
  carrierId: string,
  query: string,
): Promise<Map<string, InboxCacheRow>> {
  const rows = await rowsOf(db, carrierId, query).toArray();
  return new Map(rows.map((r) => [r.vehicleId, r]));
}

/**
 * Stores the rows analysed afresh, forgets the query's rows of vehicles no longer in it, marks the query
 * used now and forgets the carrier's queries beyond the KEPT_QUERIES most recently used. One transaction.
 */
export async function writeInboxCache(
  db: RouteLensDb,
  carrierId: string,
  query: string,
  fresh: readonly InboxCacheRow[],
  goneVehicles: readonly string[],
  now: number,
): Promise<void> {
  await db.transaction('rw', [db.inboxCache, db.inboxQueries], async () => {
    await db.inboxCache.bulkPut(fresh);
    await db.inboxCache.bulkDelete(goneVehicles.map((v) => [carrierId, query, v] as [string, string, string]));
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
  await db.inboxCache
    .where('[carrierId+query+vehicleId]')
    .between([carrierId, '', ''], [carrierId, '\uffff', '\uffff'])
    .delete();
  await db.inboxQueries.where('carrierId').equals(carrierId).delete();
}
