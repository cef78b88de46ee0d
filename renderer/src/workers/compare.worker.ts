/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import { compareFacts, type ComparisonFacts } from '../../../shared/compare/compare.ts';
import type { CarrierData, DateRange, VehicleDay } from '../../../shared/compare/facts.ts';
import { dailyPointsOf, utcDaysForLocalRange } from '../../../shared/compare/local-daily.ts';
import type { CompareParams } from '../../../shared/compare/params.ts';
import { localVehicleDays } from '../../../shared/compare/local-vehicle-days.ts';
import type { DriverRow, VehicleRow } from '../../../shared/domain/carrier.ts';
import { partialDaysLines, partialVehicleDays, type StoredUtcDay } from '../../../shared/inbox/partial-days.ts';
import { getDb, vehicleDayRows } from '../store/db.ts';
import { carrierCoverage } from '../store/reads.ts';
import { serveWorker } from './rpc.ts';
import { setWorkerRoads, workerRoadsFor, type RoadLimitsProtocol } from './worker-roads.ts';

/**
 * The carrier comparison off the UI thread: it reads the stored days itself
 * (no chunk crosses threads), answers with the metrics first, then again with
 * the trip analysis (the slow part) so the table appears at once.
 */
/** A carrier as compared: `zone` is its home zone, whose local days its per-day series counts. */
export interface ComparedCarrier {
  carrierId: string;
  label: string;
  zone: string;
}

/** What the comparison worker offers; `token` orders the requests: a newer one supersedes the older. */
export interface CompareProtocol extends RoadLimitsProtocol {
  /**
   * The metrics of the carriers over the range; null when a newer request came in meanwhile. `today`: later
   * UTC days cannot be stored yet. `roadsKey`: the road limits set (setRoadLimits) its trips call judges
   * with; refused when the worker keeps others.
   */
  metrics(
    token: number,
    carriers: ComparedCarrier[],
    range: DateRange,
    params: CompareParams,
    today: string,
    roadsKey: string,
  ): Promise<ComparisonFacts | null>;
  /** The same facts with the trip analysis (the slow part) of the last metrics call; null when that was not `token`. */
  trips(token: number): ComparisonFacts | null;
}

/** The newest request: an older one still loading stops early. */
let latest = 0;
/** The data the last finished metrics call loaded, kept for its trips call. */
let loaded: {
  token: number;
  data: CarrierData[];
  range: DateRange;
  params: CompareParams;
  /** The limits asked for with the metrics: a later setRoadLimits does not change this comparison's trips. */
  roads: RoadLimits | undefined;
  withLocalDays: (f: ComparisonFacts) => ComparisonFacts;
} | null = null;

/** A carrier's stored data over UTC days, with which of those days are stored and complete. */
type LoadedCarrier = CarrierData & { stored: StoredUtcDay[] };

async function loadCarrier(carrierId: string, label: string, range: DateRange): Promise<LoadedCarrier> {
  const db = getDb();
  const [roster, coverage, snapshots] = await Promise.all([
    db.rosters.get([carrierId, 'vehicles']),
    // All the carrier's rows at once, filtered here: a Dexie filter walks a cursor row by row.
    carrierCoverage(carrierId).then((rows) => rows.filter((c) => c.day >= range.from && c.day <= range.to)),
    db.snapshots
      .where('[carrierId+kind+takenAt]')
      .between([carrierId, 'drivers', -Infinity], [carrierId, 'drivers', Infinity], true, true)
      .toArray(),
  ]);
  const vehicleIds = [...new Set(coverage.map((c) => c.vehicleId))];
  const days: VehicleDay[] = [];
  await Promise.all(
    vehicleIds.map(async (vehicleId) => {
      const [chunks, summaries] = await Promise.all([
        vehicleDayRows(db.dayChunks, carrierId, vehicleId, range.from, range.to),
        vehicleDayRows(db.daySummaries, carrierId, vehicleId, range.from, range.to),
      ]);

      const chunkOf = new Map(chunks.map((c) => [c.day, c.chunk]));
      for (const s of summaries) {
        const { carrierId: _c, ...summary } = s;
        days.push({ vehicleId, day: s.day, summary, chunk: chunkOf.get(s.day) ?? null });
      }
    }),
  );
  return {
    carrierId,
    label,
    roster: roster ? (roster.rows as VehicleRow[]).map((v) => ({ vehicleId: v.vehicleId, number: v.number })) : null,
    days,
    driverSnapshots: snapshots.map((s) => ({ takenAt: s.takenAt, rows: s.rows as DriverRow[] })),
    stored: coverage.map((c) => ({ vehicleId: c.vehicleId, day: c.day, complete: c.state === 'complete' })),
  };
}

/**
 * The carrier's data in its home zone's days (one clock, issue 31 item 5): every figure counts the local
 * days of `range`, and the days held only in part are listed with their missing hours (item 1).
 */
function inHomeDays(
  loaded: LoadedCarrier,
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: string,
): { data: CarrierData; partialDays: string[] } {
  const { stored, ...utc } = loaded;
  const numbers = new Map((utc.roster ?? []).map((v) => [v.vehicleId, v.number]));
  for (const d of utc.days) if (d.chunk && !numbers.has(d.vehicleId)) numbers.set(d.vehicleId, d.chunk.vehicleNumber);
  const partial = partialVehicleDays(stored, zone, range, today);
  return {
    data: { ...utc, zone, days: localVehicleDays(utc.days, zone, range, params) },
    partialDays: partialDaysLines(partial, (id) => numbers.get(id) ?? id),
  };
}

const handlers: CompareProtocol = {
  setRoadLimits: setWorkerRoads,
  async metrics(token, carriers, range, params, today, roadsKey) {
    const roads = workerRoadsFor(roadsKey);
    latest = token;
    // The range is of each carrier's local days, which need a UTC day more each side.
    const utc = await Promise.all(carriers.map((c) => loadCarrier(c.carrierId, c.label, utcDaysForLocalRange(range))));
    if (token !== latest) return null;
    const local = utc.map((d, k) => inHomeDays(d, carriers[k]!.zone, range, params, today));
    const daily = utc.map((d, k) => dailyPointsOf(d.days, local[k]!.data.days, carriers[k]!.zone, range, today));
    const data = local.map((l) => l.data);
    const withLocalDays = (facts: ComparisonFacts): ComparisonFacts => ({
      ...facts,
      carriers: facts.carriers.map((c, k) => ({
        ...c,
        daily: daily[k]!,
        dailyZone: carriers[k]!.zone,
        partialDays: local[k]!.partialDays,
      })),
    });
    loaded = { token, data, range, params, roads, withLocalDays };
    return withLocalDays(compareFacts(data, range, params));
  },
  trips(token) {
    if (loaded?.token !== token || token !== latest) return null;
    return loaded.withLocalDays(compareFacts(loaded.data, loaded.range, loaded.params, analyzeTrack, loaded.roads));
  },
};

serveWorker(handlers);
