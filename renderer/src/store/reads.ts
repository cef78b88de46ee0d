import type { UtcDay } from '../../../shared/util/day.ts';
import { getDb, type OverviewRow } from './db.ts';
import { daysStamp } from './day-stamp.ts';
import type { CoverageRow, StorageVehicleRow, StoredDay } from './types.ts';

/** Main-thread reads: IndexedDB reads do not block the UI, and liveQuery can observe them. */
export async function completeDaysOf(vehicleId: string, from: UtcDay, to: UtcDay): Promise<UtcDay[]> {
  const rows = await getDb()
    .coverage.where('[vehicleId+day]')
    .between([vehicleId, from], [vehicleId, to], true, true)
    .toArray();
  return rows.filter((r) => r.state === 'complete').map((r) => r.day);
}

export async function coverageOf(vehicleId: string, from: UtcDay, to: UtcDay): Promise<CoverageRow[]> {
  return getDb().coverage.where('[vehicleId+day]').between([vehicleId, from], [vehicleId, to], true, true).toArray();
}

/** What is stored for a vehicle's days, as one string that changes whenever one of them is written or deleted. */
export async function storedDaysStamp(vehicleId: string, from: UtcDay, to: UtcDay): Promise<string> {
  return daysStamp(await coverageOf(vehicleId, from, to));
}

/**
 * What is stored, as one string that changes whenever a day is written (even again in place: a newer
 * `fetchedAt`) or deleted (fewer rows). Cheap: a count and one index lookup.
 */
export async function storeStamp(): Promise<string> {
  const db = getDb();
  const [count, newest] = await Promise.all([db.coverage.count(), db.coverage.orderBy('fetchedAt').last()]);
  return `${count}@${newest?.fetchedAt ?? 0}`;
}

export async function readDay(vehicleId: string, day: UtcDay): Promise<StoredDay | undefined> {
  const db = getDb();
  const [chunk, summary] = await Promise.all([db.chunks.get([vehicleId, day]), db.summaries.get([vehicleId, day])]);
  if (!chunk || !summary) return undefined;
  const { carrierId: _c, ...daySummary } = summary;
  return { carrierId: chunk.carrierId, chunk: chunk.chunk, summary: daySummary };
}

/** Days of one vehicle in a range, ascending. */
export async function readDays(vehicleId: string, from: UtcDay, to: UtcDay): Promise<StoredDay[]> {
  const db = getDb();
  const range = [
    [vehicleId, from],
    [vehicleId, to],
  ] as const;
  const [chunks, summaries] = await Promise.all([
    db.chunks.where('[vehicleId+day]').between(range[0], range[1], true, true).toArray(),
    db.summaries.where('[vehicleId+day]').between(range[0], range[1], true, true).toArray(),
  ]);
  const byDay = new Map(summaries.map((s) => [s.day, s]));
  const out: StoredDay[] = [];
  for (const c of chunks) {
    const s = byDay.get(c.day);
    if (!s) continue;
    const { carrierId: _c, ...summary } = s;
    out.push({ carrierId: c.carrierId, chunk: c.chunk, summary });
  }
  return out;
}

/** Stored overviews (store/db.ts OverviewRow) of one vehicle's days in a range, by day. */
export async function readOverviews(vehicleId: string, from: UtcDay, to: UtcDay): Promise<Map<UtcDay, OverviewRow>> {
  const rows = await getDb()
    .overviews.where('[vehicleId+day]')
    .between([vehicleId, from], [vehicleId, to], true, true)
    .toArray();
  return new Map(rows.map((r) => [r.day, r]));
}

/** Rows of the Storage screen: one per vehicle of the carrier that has anything stored. */
export async function storageRows(
  carrierId: string,
  vehicleNumbers: ReadonlyMap<string, string> = new Map(),
): Promise<StorageVehicleRow[]> {
  const rows = await getDb().coverage.where('carrierId').equals(carrierId).toArray();
  const byVehicle = new Map<string, StorageVehicleRow>();
  for (const r of rows) {
    let v = byVehicle.get(r.vehicleId);
    if (!v) {
      v = {
        carrierId,
        vehicleId: r.vehicleId,
        vehicleNumber: vehicleNumbers.get(r.vehicleId) ?? r.vehicleId,
        days: [],
        points: 0,
        bytes: 0,
      };
      byVehicle.set(r.vehicleId, v);
    }
    v.days.push({ day: r.day, state: r.state, points: r.points });
    v.points += r.points;
    v.bytes += r.bytes;
  }
  return [...byVehicle.values()].sort((a, b) =>
    a.vehicleNumber.localeCompare(b.vehicleNumber, undefined, { numeric: true }),
  );
}

/**
 * Everything stored, from the same coverage rows as `storageRows`: the Storage screen's total is
 * always the sum of its carrier and vehicle rows (the browser's own estimate counts indexes and
 * not-yet-compacted pages too, so it is not the figure to show beside them).
 */
export async function storedTotals(): Promise<{ points: number; bytes: number }> {
  let points = 0;
  let bytes = 0;
  await getDb().coverage.each((r) => {
    points += r.points;
    bytes += r.bytes;
  });
  return { points, bytes };
}

/** Vehicles of a carrier with at least one stored day. */
export async function storedVehicleIds(carrierId: string): Promise<Set<string>> {
  const rows = await getDb().coverage.where('carrierId').equals(carrierId).toArray();
  return new Set(rows.map((r) => r.vehicleId));
}

/** Carriers with anything stored (a carrier removed from settings may still hold data). */
export async function storedCarrierIds(): Promise<string[]> {
  return (await getDb().coverage.orderBy('carrierId').uniqueKeys()) as string[];
}
