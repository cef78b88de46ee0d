/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import { createAttributor } from '../../../shared/drivers/attribution.ts';
import { probableHosConflicts } from '../../../shared/drivers/hos-conflicts.ts';
import { motionFromChunks } from '../../../shared/drivers/motion.ts';
import { inboxEvents } from '../../../shared/inbox/events.ts';
import { localDayOfMs, localRangeInterval, utcDaysOverlapping } from '../../../shared/time/local-day.ts';
import { readLocalDays } from '../features/review/use-local-days.ts';
import { driverSamples } from '../store/assignments.ts';
import { carrierCoverage } from '../store/reads.ts';
import type { DriverRangeCarrier, DriverRangeData, DriverScorecardsProtocol } from './driver-scorecards-protocol.ts';
import { serveWorker } from './rpc.ts';
import { setWorkerRoads, workerRoadsFor } from './worker-roads.ts';

/**
 * Driver scorecards' inputs off the UI thread: for each carrier, every truck with readings in the range or the
 * one before it (the trend) is analysed over both with Trip review's analysis (trips carry the miles and
 * driving hours a driver is credited with; the inbox's day parts keep no trips), and its probable HOS
 * conflicts are found from the carrier's kept driver snapshots and the truck's own readings. One truck's
 * readings are held at a time: a conflict needs only the motion of the truck its driver was assigned to.
 */
let generation = 0;

async function loadCarrier(
  gen: number,
  c: DriverRangeCarrier,
  params: AnalysisParams,
  roadsKey: string,
): Promise<DriverRangeData | null> {
  const { range } = c;
  const roads = workerRoadsFor(roadsKey);
  const readFrom = range.startMs - (range.endMs - range.startMs);
  const from = localDayOfMs(readFrom, c.zone);
  const to = localDayOfMs(range.endMs - 1, c.zone);
  const utc = new Set(utcDaysOverlapping(localRangeInterval(from, to, c.zone)));
  const vehicleIds = [
    ...new Set(
      (await carrierCoverage(c.carrierId)).filter((r) => r.points > 0 && utc.has(r.day)).map((r) => r.vehicleId),
    ),
  ];
  const samples = await driverSamples(c.carrierId, readFrom, range.endMs);
  const attributor = createAttributor(c.assignments);
  const out: DriverRangeData = { carrierId: c.carrierId, trips: [], events: [], conflicts: [], roadLimits: !!roads };
  for (const vehicleId of vehicleIds) {
    if (gen !== generation) return null;
    const { chunks } = await readLocalDays(c.carrierId, vehicleId, from, to, c.zone);
    if (chunks.length === 0) continue;
    const analysis = analyzeTrack(chunks, params, roads);
    const vehicleNumber = chunks[0]!.vehicleNumber;
    for (const t of analysis.trips) {
      const { startMs, endMs, distanceMiles, movingSeconds } = t;
      out.trips.push({ vehicleId, startMs, endMs, distanceMiles, movingSeconds });
    }
    const v = { carrierId: c.carrierId, vehicleId, vehicleNumber, zone: c.zone, analysis };
    for (const e of inboxEvents([v])) out.events.push(e);
    const motion = motionFromChunks(new Map([[vehicleId, chunks]]));
    const found = probableHosConflicts({
      carrierId: c.carrierId,
      samples,
      attributor,
      motion,
      vehicleIds: [vehicleId],
    });
    for (const k of found) out.conflicts.push(k);
  }
  return out;
}

const handlers: DriverScorecardsProtocol = {
  setRoadLimits: setWorkerRoads,
  async load(carriers, params, roadsKey) {
    const gen = ++generation;
    const out: DriverRangeData[] = [];
    for (const c of carriers) {
      const part = await loadCarrier(gen, c, params, roadsKey);
      if (!part) return null;
      out.push(part);
    }
    return out;
  },
};

serveWorker(handlers);
