import type { UtcDay } from '../../../shared/util/day.ts';
import type { RouteLensDb } from './db.ts';
import type { CoverageRow } from './types.ts';

/**
 * One carrier's coverage rows packed in one row, kept under the store stamp (reads.ts storeStamp) they were read
 * at. IndexedDB's cost here is mostly per row: a carrier's 5,100 coverage rows (170 trucks × 30 days) took
 * ~120–170 ms to read beside a busy page, their digest one row. So a new inbox worker (after a restart) plans
 * from the digest while the stamp is the one it was kept under; any write or delete of a day changes the stamp
 * and the rows are read again. Derived data: a digest missing, damaged or of another stamp is simply not used.
 */
export interface CoverageDigestRow {
  carrierId: string;
  stamp: string;
  /** Distinct vehicle ids and UTC days; the rows point into them. */
  vehicles: string[];
  days: UtcDay[];
  vehicle: Int32Array;
  day: Int32Array;
  points: Float64Array;
  bytes: Float64Array;
  fetchedAt: Float64Array;
  /** 1 where the day's state is 'partial'. */
  partial: Uint8Array;
}

/** Index of each distinct value, in first-seen order. */
function indexer<T>(): { list: T[]; at: (v: T) => number } {
  const list: T[] = [];
  const seen = new Map<T, number>();
  return {
    list,
    at(v) {
      let i = seen.get(v);
      if (i === undefined) {
        i = list.length;
        seen.set(v, i);
        list.push(v);
      }
      return i;
    },
  };
}

export function packCoverage(carrierId: string, stamp: string, rows: readonly CoverageRow[]): CoverageDigestRow {
  const n = rows.length;
  const vehicles = indexer<string>();
  const days = indexer<UtcDay>();
  const out: CoverageDigestRow = {
    carrierId,
    stamp,
    vehicles: vehicles.list,
    days: days.list,
    vehicle: new Int32Array(n),
    day: new Int32Array(n),
    points: new Float64Array(n),
    bytes: new Float64Array(n),
    fetchedAt: new Float64Array(n),
    partial: new Uint8Array(n),
  };
  rows.forEach((r, i) => {
    out.vehicle[i] = vehicles.at(r.vehicleId);
    out.day[i] = days.at(r.day);
    out.points[i] = r.points;
    out.bytes[i] = r.bytes;
    out.fetchedAt[i] = r.fetchedAt;
    out.partial[i] = r.state === 'partial' ? 1 : 0;
  });
  return out;
}

const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Every column present, of one length, and every index inside its table. */
function isWhole(d: CoverageDigestRow): boolean {
  if (!isTexts(d.vehicles) || !isTexts(d.days)) return false;
  const columns = [d.vehicle, d.day, d.points, d.bytes, d.fetchedAt, d.partial];
  const kinds = [Int32Array, Int32Array, Float64Array, Float64Array, Float64Array, Uint8Array];
  if (!columns.every((c, k) => c instanceof kinds[k]!)) return false;
  const n = d.vehicle.length;
  if (!columns.every((c) => c.length === n)) return false;
  for (let i = 0; i < n; i++)
    if (d.vehicle[i]! < 0 || d.vehicle[i]! >= d.vehicles.length || d.day[i]! < 0 || d.day[i]! >= d.days.length)
      return false;
  return true;
}

/** The rows of a digest read back, in the order packed; null when it is not a whole digest of `carrierId`. */
export function unpackCoverage(digest: unknown, carrierId: string): CoverageRow[] | null {
  if (typeof digest !== 'object' || digest === null) return null;
  const d = digest as CoverageDigestRow;
  if (d.carrierId !== carrierId || typeof d.stamp !== 'string' || !isWhole(d)) return null;
  const rows: CoverageRow[] = [];
  for (let i = 0; i < d.vehicle.length; i++)
    rows.push({
      carrierId,
      vehicleId: d.vehicles[d.vehicle[i]!]!,
      day: d.days[d.day[i]!]!,
      state: d.partial[i] === 1 ? 'partial' : 'complete',
      points: d.points[i]!,
      bytes: d.bytes[i]!,
      fetchedAt: d.fetchedAt[i]!,
    });
  return rows;
}

/**
 * The carrier's coverage rows as of `stamp` (taken before this call): its digest when kept under that stamp,
 * else `read()`, whose rows are then kept as the digest (not awaited: a failed write only costs the next start a
 * full read). A write landing after the stamp was taken leaves the digest under the older stamp, never matched again.
 */
export async function keptCoverage(
  db: RouteLensDb,
  carrierId: string,
  stamp: string,
  read: () => Promise<CoverageRow[]>,
): Promise<CoverageRow[]> {
  const kept = await db.coverageDigests.get(carrierId).catch(() => undefined);
  if (kept?.stamp === stamp) {
    const rows = unpackCoverage(kept, carrierId);
    if (rows) return rows;
  }
  const rows = await read();
  void db.coverageDigests.put(packCoverage(carrierId, stamp, rows)).catch(() => undefined);
  return rows;
}
