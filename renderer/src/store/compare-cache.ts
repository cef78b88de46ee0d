import { hash53 } from '../../../shared/util/hash53.ts';
import type { RouteLensDb } from './db.ts';

/**
 * Compare's per-carrier results kept in IndexedDB, under the compare worker's kept results in memory
 * (shared/compare/kept-comparisons.ts): the first Compare after the app starts reads a carrier's coverage,
 * roster and snapshots, and answers with the result a previous session computed for exactly that state
 * instead of reading and analysing every stored reading again. Derived data only: losing it costs time,
 * never a fact. A row answers for one build of the app (a new build computes afresh rather than trust an
 * older analysis) and one `comparisonKey` (carrier, label, zone, range, parameters, today, road limits and
 * the stamp of everything the figures read).
 */
export type ComparedKind = 'metrics' | 'trips';

export interface CompareResultRow {
  kind: ComparedKind;
  /** comparedHash of the build and the comparison key. */
  hash: string;
  carrierId: string;
  /** CarrierFacts (metrics) or TripFacts (trips), as the worker computed them. */
  value: unknown;
  usedAt: number;
}

/** Results kept per kind: a few comparisons of a few carriers, each a few hundred kB at most. */
export const KEPT_COMPARED = 24;

/** The build and the comparison key as a row's key (106 bits: the key holds a stamp of every stored day). */
export function comparedHash(build: string, key: string): string {
  const text = JSON.stringify([build, key]);
  return `c${hash53(text, 1).toString(36)}.${hash53(text, 2).toString(36)}`;
}

/** A kept result of `kind` for `hash`, marked used now; undefined when none is kept. */
export async function readCompared<T>(
  db: RouteLensDb,
  kind: ComparedKind,
  hash: string,
  now: number,
): Promise<T | undefined> {
  const row = await db.compareResults.get([kind, hash]);
  if (row === undefined) return undefined;
  // Marking it used is only bookkeeping for forgetting: a failure leaves it older than it is.
  void db.compareResults.update([kind, hash], { usedAt: now }).catch(() => 0);
  return row.value as T;
}

/** Keeps a result computed afresh and forgets the kind's results beyond the KEPT_COMPARED most recently used. */
export async function keepCompared(db: RouteLensDb, row: CompareResultRow): Promise<void> {
  await db.transaction('rw', db.compareResults, async () => {
    await db.compareResults.put(row);
    const keys = await db.compareResults
      .where('[kind+usedAt]')
      .between([row.kind, -Infinity], [row.kind, Infinity])
      .reverse()
      .offset(KEPT_COMPARED)
      .primaryKeys();
    await db.compareResults.bulkDelete(keys);
  });
}

/** Forgets every kept comparison result of a carrier (the carrier is removed). */
export async function deleteComparedOf(db: RouteLensDb, carrierId: string): Promise<void> {
  await db.compareResults.where('carrierId').equals(carrierId).delete();
}
