import type { DayChunk } from '../../../shared/track/types.ts';
import { byDay, type UtcDay } from '../../../shared/util/day.ts';
import {
  analysisColumnsOf,
  chunkOfAnalysisColumns,
  isAnalysisColumnsRow,
} from '../../../shared/analysis/analysis-columns.ts';
import { analysisColumnsBytes } from './bytes.ts';
import { DAY_KEY, vehicleDays, type DayKey, type RouteLensDb } from './db.ts';

/** A vehicle's stored UTC days with readings, each with its coverage's `fetchedAt` (which chunk is stored). */
export type StoredDays = ReadonlyMap<UtcDay, number>;

export interface AnalysisChunks {
  /** The vehicle's days `from`..`to` with readings, in day order, as the analysis reads them. */
  chunks: DayChunk[];
  /** Days read from their full chunk (stored before the analysis columns existed, or their row damaged). */
  fromChunks: number;
  /** Their analysis columns, to be kept (keepAnalysisColumns) so the next read is the small one. */
  built: ReturnType<typeof analysisColumnsOf>[];
}

/**
 * A carrier's vehicle's days `from`..`to` for the analysis: each day's analysis columns (shared/analysis/analysis-columns.ts),
 * and the full chunk only for a day of `stored` that has none.
 */
export async function readAnalysisChunks(
  db: RouteLensDb,
  carrierId: string,
  vehicleId: string,
  from: UtcDay,
  to: UtcDay,
  stored: StoredDays,
): Promise<AnalysisChunks> {
  const rows = await db.dayAnalysisColumns
    .where(DAY_KEY)
    .between(...vehicleDays(carrierId, vehicleId, from, to), true, true)
    .toArray();
  const chunks: DayChunk[] = [];
  const have = new Set<UtcDay>();
  for (const row of rows) {
    if (!isAnalysisColumnsRow(row)) continue;
    have.add(row.day);
    if (row.length > 0) chunks.push(chunkOfAnalysisColumns(row));
  }
  const wanted = [...stored.keys()].filter((d) => d >= from && d <= to && !have.has(d));
  const missing = wanted.map((d): DayKey => [carrierId, vehicleId, d]);
  const full = missing.length > 0 ? await db.dayChunks.bulkGet(missing) : [];
  const built: AnalysisChunks['built'] = [];
  for (const row of full) {
    if (!row || row.chunk.length === 0) continue;
    chunks.push(row.chunk);
    built.push(analysisColumnsOf(carrierId, row.chunk));
  }
  chunks.sort(byDay);
  return { chunks, fromChunks: built.length, built };
}

/**
 * Keeps analysis columns built from chunks (readAnalysisChunks), each only while its day is still the one
 * read (its coverage's `fetchedAt` as in `stored`) and has no columns yet: a day downloaded again meanwhile
 * has its own, written with its chunk. Each kept row's bytes are added to its day's coverage bytes. Returns how many were written.
 */
export async function keepAnalysisColumns(
  db: RouteLensDb,
  built: AnalysisChunks['built'],
  stored: ReadonlyMap<string, StoredDays>,
): Promise<number> {
  if (built.length === 0) return 0;
  return db.transaction('rw', [db.dayCoverage, db.dayAnalysisColumns], async () => {
    const keys = built.map((r): DayKey => [r.carrierId, r.vehicleId, r.day]);
    const [coverage, existing] = await Promise.all([db.dayCoverage.bulkGet(keys), db.dayAnalysisColumns.bulkGet(keys)]);
    const fresh = built.filter((r, k) => {
      const read = stored.get(r.vehicleId)?.get(r.day);
      return existing[k] === undefined && read !== undefined && coverage[k]?.fetchedAt === read;
    });
    await db.dayAnalysisColumns.bulkPut(fresh);
    // The Storage screen sums coverage bytes: the kept rows occupy space too, until their day is deleted.
    const grown = fresh.flatMap((r) => {
      const row = coverage[built.indexOf(r)];
      return row ? [{ ...row, bytes: row.bytes + analysisColumnsBytes(r) }] : [];
    });
    await db.dayCoverage.bulkPut(grown);
    return fresh.length;
  });
}
