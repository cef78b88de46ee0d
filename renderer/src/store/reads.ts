import type { UtcDay } from '../../../shared/util/day.ts';
import { carrierDays, DAY_KEY, getDb, vehicleDayRows, type DayKey, type OverviewRow, type RouteLensDb } from './db.ts';
import { daysStamp } from './day-stamp.ts';
import type { CoverageRow, StorageVehicleRow, StoredDay } from './types.ts';

/** Main-thread reads: IndexedDB reads do not block the UI, and liveQuery can observe them. */
export async function completeDaysOf(
  carrierId: string,
  vehicleId: string,
  from: UtcDay,
  to: UtcDay,
): Promise<UtcDay[]> {
  const rows = await coverageOf(carrierId, vehicleId, from, to);
  return rows.filter((r) => r.state === 'complete').map((r) => r.day);
}

export async function coverageOf(
  carrierId: string,
  vehicleId: string,
  from: UtcDay,
  to: UtcDay,
): Promise<CoverageRow[]> {
  return vehicleDayRows(getDb().dayCoverage, carrierId, vehicleId, from, to);
}

/** What is stored for a vehicle's days, as one string that changes whenever one of them is written or deleted. */
export async function storedDaysStamp(carrierId: string, vehicleId: string, from: UtcDay, to: UtcDay): Promise<string> {
  return daysStamp(await coverageOf(carrierId, vehicleId, from, to));
}

/**
 * What is stored, as one string that changes whenever a day is written (even again in place: a newer
 * `fetchedAt`) or deleted (fewer rows). Cheap: a count and one index lookup.
 */
export function storeStamp(): Promise<string> {
  return storeStampOf(getDb());
}

/** `storeStamp` of another database than the app's (tests of what keeps by it). */
export async function storeStampOf(db: RouteLensDb): Promise<string> {
  const [count, newest] = await Promise.all([db.dayCoverage.count(), db.dayCoverage.orderBy('fetchedAt').last()]);
  return `${count}@${newest?.fetchedAt ?? 0}`;
}

export async function readDay(carrierId: string, vehicleId: string, day: UtcDay): Promise<StoredDay | undefined> {
  const db = getDb();
  const key: DayKey = [carrierId, vehicleId, day];
  const [chunk, summary] = await Promise.all([db.dayChunks.get(key), db.daySummaries.get(key)]);
  if (!chunk || !summary) return undefined;
  const { carrierId: _c, ...daySummary } = summary;
  return { carrierId: chunk.carrierId, chunk: chunk.chunk, summary: daySummary };
}

/** Days of one vehicle of a carrier in a range, ascending. */
export async function readDays(carrierId: string, vehicleId: string, from: UtcDay, to: UtcDay): Promise<StoredDay[]> {
  const db = getDb();
  const [chunks, summaries] = await Promise.all([
    vehicleDayRows(db.dayChunks, carrierId, vehicleId, from, to),
    vehicleDayRows(db.daySummaries, carrierId, vehicleId, from, to),
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
export async function readOverviews(
  carrierId: string,
  vehicleId: string,
  from: UtcDay,
  to: UtcDay,
): Promise<Map<UtcDay, OverviewRow>> {
  const rows = await vehicleDayRows(getDb().dayOverviews, carrierId, vehicleId, from, to);
  return new Map(rows.map((r) => [r.day, r]));
}

/** A carrier's coverage rows, by vehicle then day. */
export function carrierCoverage(carrierId: string, db: RouteLensDb = getDb()): Promise<CoverageRow[]> {
  return db.dayCoverage
    .where(DAY_KEY)
    .between(...carrierDays(carrierId), true, true)
    .toArray();
}

/** Rows of the Storage screen: one per vehicle of the carrier that has anything stored. */
export async function storageRows(
  carrierId: string,
  vehicleNumbers: ReadonlyMap<string, string> = new Map(),
): Promise<StorageVehicleRow[]> {
  const rows = await carrierCoverage(carrierId);
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
  await getDb().dayCoverage.each((r) => {
    points += r.points;
    bytes += r.bytes;
  });
  return { points, bytes };
}

/** Vehicles of a carrier with at least one stored day. */
export async function storedVehicleIds(carrierId: string): Promise<Set<string>> {
  const rows = await carrierCoverage(carrierId);
  return new Set(rows.map((r) => r.vehicleId));
}

/** Carriers with anything stored (a carrier removed from settings may still hold data). */
export async function storedCarrierIds(): Promise<string[]> {
  return (await getDb().dayCoverage.orderBy('carrierId').uniqueKeys()) as string[];
}
