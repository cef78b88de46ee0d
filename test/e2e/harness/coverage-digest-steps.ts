/**
 * The coverage digest (renderer/src/store/coverage-digest.ts) in a fresh database, through Chromium's IndexedDB:
 * each step asks for a carrier's coverage under the store's stamp of that moment, as the inbox worker does, and
 * waits for the digest it keeps (written without being awaited) before the next.
 */
import { RouteLensDb } from '../../../renderer/src/store/db.ts';
import { keptCoverage } from '../../../renderer/src/store/coverage-digest.ts';
import { carrierCoverage, storeStampOf } from '../../../renderer/src/store/reads.ts';
import { deleteCarrier } from '../../../renderer/src/store/writes.ts';
import type { CoverageRow } from '../../../renderer/src/store/types.ts';
import type { CoverageDigestSteps } from './api.ts';

const coverage = (
  carrierId: string,
  vehicleId: string,
  day: string,
  fetchedAt: number,
  state: CoverageRow['state'] = 'complete',
): CoverageRow => ({ carrierId, vehicleId, day, state, points: 100 + (fetchedAt % 7), bytes: 5000, fetchedAt });

/** Until the digest under `stamp` is there: the write is not awaited by `keptCoverage`. */
async function digestKept(db: RouteLensDb, carrierId: string, stamp: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await db.coverageDigests.get(carrierId))?.stamp === stamp) return;
    await new Promise((r) => requestAnimationFrame(r));
  }
  throw new Error(`no digest of ${carrierId} kept under ${stamp}`);
}

export async function coverageDigestSteps(dbName: string): Promise<CoverageDigestSteps> {
  const db = new RouteLensDb(dbName);
  const reads: string[] = [];
  const ask = async (step: string, carrierId: string) => {
    const stamp = await storeStampOf(db);
    const rows = await keptCoverage(db, carrierId, stamp, () => {
      reads.push(`${step} ${carrierId}`);
      return carrierCoverage(carrierId, db);
    });
    await digestKept(db, carrierId, stamp);
    return rows.map((r) => `${r.carrierId} ${r.vehicleId} ${r.day} ${r.state} ${r.points} ${r.fetchedAt}`);
  };
  await db.dayCoverage.bulkPut([
    coverage('c1', 'v1', '2026-11-01', 1_790_000_000_001),
    coverage('c1', 'v1', '2026-11-02', 1_790_000_000_002, 'partial'),
    coverage('c1', 'v2', '2026-11-01', 1_790_000_000_003),
    coverage('c2', 'w1', '2026-11-01', 1_790_000_000_004),
  ]);
  const first = await ask('first', 'c1');
  const again = await ask('again', 'c1');
  await ask('other', 'c2');
  await db.dayCoverage.put(coverage('c1', 'v2', '2026-11-02', 1_790_000_000_009));
  const added = await ask('added', 'c1');
  const kept = (await db.coverageDigests.get('c1'))!;
  await db.coverageDigests.put({ ...kept, day: kept.day.subarray(1) });
  const afterTorn = await ask('torn', 'c1');
  await deleteCarrier(db, 'c1');
  const left = (await db.coverageDigests.toArray()).map((d) => d.carrierId);
  db.close();
  return { first, again, added, afterTorn, reads, left };
}
