/// <reference lib="webworker" />
/**
 * The inbox bench's baselines (bench/inbox.ts through the store harness): bare Dexie reads of the full
 * chunks, of the analysis columns renderer/src/workers/inbox.worker.ts reads, or of the kept day parts, and optionally a bare `analyzeTrack` per truck over its UTC days,
 * with none of the inbox's work around them (local days, events list, scorecards, sorting, answer).
 */
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../../shared/analysis/params.ts';
import { DAY_KEY, getDb, vehicleDays } from '../../../renderer/src/store/db.ts';
import { carrierCoverage } from '../../../renderer/src/store/reads.ts';
import { chunkOfAnalysisColumns } from '../../../shared/analysis/analysis-columns.ts';
import type { DayChunk } from '../../../shared/track/types.ts';

interface Ask {
  id: number;
  carrierIds: string[];
  from: string;
  to: string;
  analyse: boolean;
  /** What is read: the full chunks, the analysis columns (shared/analysis/analysis-columns.ts) or the kept day parts. */
  read: 'chunks' | 'columns' | 'parts';
}

/** One vehicle's days of the range from the table asked for; the number of readings (or parts) read. */
async function readVehicle(a: Ask, carrierId: string, vehicleId: string): Promise<DayChunk[]> {
  const db = getDb();
  const range = vehicleDays(carrierId, vehicleId, a.from, a.to);
  if (a.read === 'columns') {
    const rows = await db.dayAnalysisColumns
      .where(DAY_KEY)
      .between(...range, true, true)
      .toArray();
    return rows.map(chunkOfAnalysisColumns);
  }
  const rows = await db.dayChunks
    .where(DAY_KEY)
    .between(...range, true, true)
    .toArray();
  return rows.map((r) => r.chunk);
}

/** Every kept day part of the carrier's days in the range (whatever query kept them); their count. */
async function readParts(a: Ask, carrierId: string): Promise<number> {
  const rows = await getDb()
    .inboxMonths.where('[carrierId+query+vehicleId+month]')
    .between([carrierId, '', '', ''], [carrierId, '\uffff', '\uffff', '\uffff'])
    .toArray();
  return rows.reduce((n, r) => n + r.days.filter((d) => d.day >= a.from && d.day <= a.to).length, 0);
}

async function run(a: Ask): Promise<{ points: number; events: number }> {
  let points = 0;
  let events = 0;
  for (const carrierId of a.carrierIds) {
    const coverage = (await carrierCoverage(carrierId)).filter((r) => r.day >= a.from && r.day <= a.to && r.points > 0);
    if (a.read === 'parts') {
      points += await readParts(a, carrierId);
      continue;
    }
    const vehicleIds = [...new Set(coverage.map((r) => r.vehicleId))];
    await Promise.all(
      vehicleIds.map(async (vehicleId) => {
        const chunks = await readVehicle(a, carrierId, vehicleId);
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
