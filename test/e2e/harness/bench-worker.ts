/// <reference lib="webworker" />
/**
 * The inbox bench's baselines (bench/inbox.ts through the store harness): the same Dexie reads as
 * renderer/src/workers/inbox.worker.ts, and optionally a bare `analyzeTrack` per truck over its UTC days,
 * with none of the inbox's work around them (local days, events list, scorecards, sorting, answer).
 */
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../../shared/analysis/params.ts';
import { DAY_KEY, getDb, vehicleDays } from '../../../renderer/src/store/db.ts';
import { carrierCoverage } from '../../../renderer/src/store/reads.ts';

interface Ask {
  id: number;
  carrierIds: string[];
  from: string;
  to: string;
  analyse: boolean;
}

async function run(a: Ask): Promise<{ points: number; events: number }> {
  const db = getDb();
  let points = 0;
  let events = 0;
  for (const carrierId of a.carrierIds) {
    const coverage = (await carrierCoverage(carrierId)).filter((r) => r.day >= a.from && r.day <= a.to && r.points > 0);
    const vehicleIds = [...new Set(coverage.map((r) => r.vehicleId))];
    await Promise.all(
      vehicleIds.map(async (vehicleId) => {
        const rows = await db.dayChunks
          .where(DAY_KEY)
          .between(...vehicleDays(carrierId, vehicleId, a.from, a.to), true, true)
          .toArray();
        const chunks = rows.map((r) => r.chunk);
        for (const c of chunks) points += c.length;
        if (a.analyse && chunks.length > 0) events += analyzeTrack(chunks, DEFAULT_ANALYSIS_PARAMS).events.length;
      }),
    );
  }
  return { points, events };
}

self.onmessage = (e: MessageEvent<Ask>) => {
  void run(e.data).then((r) => self.postMessage({ id: e.data.id, ...r }));
};
