/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { comparedMetrics, comparedTrips, type StoredCarrier } from '../../../shared/compare/carrier-comparison.ts';
import type { ComparisonFacts } from '../../../shared/compare/compare.ts';
import {
  hosFacts,
  type CarrierFacts,
  type DateRange,
  type DriverSnapshot,
  type TripFacts,
  type VehicleDay,
} from '../../../shared/compare/facts.ts';
import { carrierStamp, comparisonKey, KeptResults } from '../../../shared/compare/kept-comparisons.ts';
import { utcDaysForLocalRange } from '../../../shared/compare/local-daily.ts';
import type { CompareParams } from '../../../shared/compare/params.ts';
import type { DriverRow, VehicleRow } from '../../../shared/domain/carrier.ts';
import { keepAnalysisColumns, readAnalysisChunks } from '../store/analysis-reads.ts';
import { comparedHash, keepCompared, readCompared, type ComparedKind } from '../store/compare-cache.ts';
import { getDb, vehicleDayRows } from '../store/db.ts';
import { carrierCoverage } from '../store/reads.ts';
import type { CoverageRow } from '../store/types.ts';
import { BUILD_ID } from './build-id.ts';
import { serveWorker } from './rpc.ts';
import { setWorkerRoads, workerRoadsFor, type RoadLimitsProtocol } from './worker-roads.ts';

/**
 * The carrier comparison off the UI thread: it reads the stored days itself (no chunk crosses threads),
 * each day's analysis columns rather than its full chunk (the readings' ids and VIN, which no figure
 * reads, are most of a chunk's bytes). The page runs two of these: one answers the metrics, so the table
 * appears at once, while the other runs the trip analysis (the slow part) beside it rather than after it.
 * A carrier's results are kept (shared/compare/kept-comparisons.ts) and answer again while nothing they
 * read has changed: in this worker's memory, and in IndexedDB (store/compare-cache.ts) for the first
 * Compare after the app starts.
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
   * The metrics of the carriers over the range (no road limits: the trip analysis judges those); null when
   * a newer request came in meanwhile. `today`: later UTC days cannot be stored yet.
   */
  metrics(
    token: number,
    carriers: ComparedCarrier[],
    range: DateRange,
    params: CompareParams,
    today: string,
  ): Promise<ComparisonFacts | null>;
  /**
   * The trip analysis of the same comparison (carriers in the same order), each carrier's part to be
   * spread over its metrics' facts; null when a newer request came in meanwhile. `roadsKey`: the road
   * limits set (setRoadLimits) it judges with; refused when the worker keeps others.
   */
  trips(
    token: number,
    carriers: ComparedCarrier[],
    range: DateRange,
    params: CompareParams,
    today: string,
    roadsKey: string,
  ): Promise<TripFacts[] | null>;
}

/** Carriers whose results are kept: a few comparisons' worth, each a few hundred kB at most. */
const KEPT_CARRIERS = 12;
const keptMetrics = new KeptResults<CarrierFacts>(KEPT_CARRIERS);
const keptTrips = new KeptResults<TripFacts>(KEPT_CARRIERS);

/** The newest request: an older one still loading stops early. */
let latest = 0;

/** What a carrier's figures read besides its readings, read first: with them the kept facts may answer. */
interface CarrierHead {
  roster: { vehicleId: string; number: string }[] | null;
  coverage: CoverageRow[];
  driverSnapshots: DriverSnapshot[];
}

/** `withSnapshots`: only the metrics read the driver snapshots (for their HOS rows); the trips skip that query. */
async function readHead(carrierId: string, range: DateRange, withSnapshots: boolean): Promise<CarrierHead> {
  const db = getDb();
  const [roster, coverage, snapshots] = await Promise.all([
    db.rosters.get([carrierId, 'vehicles']),
    // All the carrier's rows at once, filtered here: a Dexie filter walks a cursor row by row.
    carrierCoverage(carrierId).then((rows) => rows.filter((c) => c.day >= range.from && c.day <= range.to)),
    withSnapshots
      ? db.snapshots
          .where('[carrierId+kind+takenAt]')
          .between([carrierId, 'drivers', -Infinity], [carrierId, 'drivers', Infinity], true, true)
          .toArray()
      : [],
  ]);
  return {
    roster: roster ? (roster.rows as VehicleRow[]).map((v) => ({ vehicleId: v.vehicleId, number: v.number })) : null,
    coverage,
    driverSnapshots: snapshots.map((s) => ({ takenAt: s.takenAt, rows: s.rows as DriverRow[] })),
  };
}

/** The carrier's stored days of `range` (UTC days): summaries, and each day's readings from its analysis columns. */
async function readDays(c: ComparedCarrier, head: CarrierHead, range: DateRange): Promise<StoredCarrier> {
  const db = getDb();
  const storedOf = new Map<string, Map<string, number>>();
  for (const r of head.coverage)
    storedOf.set(r.vehicleId, (storedOf.get(r.vehicleId) ?? new Map()).set(r.day, r.fetchedAt));
  const perVehicle = await Promise.all(
    [...storedOf].map(async ([vehicleId, stored]) => {
      const [read, summaries] = await Promise.all([
        readAnalysisChunks(db, c.carrierId, vehicleId, range.from, range.to, stored),
        vehicleDayRows(db.daySummaries, c.carrierId, vehicleId, range.from, range.to),
      ]);
      // Columns built from full chunks (days stored before they existed) are kept so the next read is the small one;
      // keeping them is only a saving: a failure leaves the next read to build them again.
      if (read.built.length > 0)
        void keepAnalysisColumns(db, read.built, new Map([[vehicleId, stored]])).catch(() => 0);
      const chunkOf = new Map(read.chunks.map((chunk) => [chunk.day, chunk]));
      return summaries.map((s): VehicleDay => {
        const { carrierId: _c, ...summary } = s;
        return { vehicleId, day: s.day, summary, chunk: chunkOf.get(s.day) ?? null };
      });
    }),
  );
  // In the vehicles' order, whichever read came first: the sums over vehicles add up in one order.
  const days = perVehicle.flat();
  return {
    carrierId: c.carrierId,
    label: c.label,
    roster: head.roster,
    days,
    driverSnapshots: head.driverSnapshots,
    stored: head.coverage.map((r) => ({ vehicleId: r.vehicleId, day: r.day, complete: r.state === 'complete' })),
  };
}

/**
 * Each carrier's result: kept when its key (its inputs and stored state) answers, in memory or in the store,
 * else computed from its stored days and kept in both; null when a newer request came in meanwhile.
 */
async function perCarrier<T>(
  token: number,
  carriers: ComparedCarrier[],
  range: DateRange,
  kind: ComparedKind,
  key: (c: ComparedCarrier, stamp: string) => string,
  kept: KeptResults<T>,
  compute: (c: ComparedCarrier, utc: StoredCarrier) => T,
  /**
   * What the answer takes from the carrier's head as it is now, kept or not (the HOS rows from its snapshots);
   * without it the driver snapshots are not read.
   */
  finish?: (value: T, c: ComparedCarrier, head: CarrierHead) => T,
): Promise<T[] | null> {
  const answer = (value: T, c: ComparedCarrier, head: CarrierHead): T => (finish ? finish(value, c, head) : value);
  // The range is of each carrier's local days, which need a UTC day more each side.
  const utcRange = utcDaysForLocalRange(range);
  const results = await Promise.all(
    carriers.map(async (c): Promise<{ value: T } | null> => {
      const head = await readHead(c.carrierId, utcRange, finish !== undefined);
      const k = key(c, carrierStamp({ days: head.coverage, roster: head.roster }));
      const done = kept.get(k) ?? (await readStored<T>(kind, k));
      if (done !== undefined) {
        kept.set(k, done);
        return { value: answer(done, c, head) };
      }
      if (token !== latest) return null;
      const utc = await readDays(c, head, utcRange);
      if (token !== latest) return null;
      const value = compute(c, utc);
      kept.set(k, value);
      // Keeping it is only a saving: a failure (a full disk) leaves the next session to compute it again.
      const row = { kind, hash: comparedHash(BUILD_ID, k), carrierId: c.carrierId, value, usedAt: Date.now() };
      void keepCompared(getDb(), row).catch(() => 0);
      return { value: answer(value, c, head) };
    }),
  );
  if (token !== latest || results.some((r) => r === null)) return null;
  return results.map((r) => r!.value);
}

/** A result a previous session kept for this build and key; undefined when none, or when the store fails. */
function readStored<T>(kind: ComparedKind, key: string): Promise<T | undefined> {
  return readCompared<T>(getDb(), kind, comparedHash(BUILD_ID, key), Date.now()).catch(() => undefined);
}

const handlers: CompareProtocol = {
  setRoadLimits: setWorkerRoads,
  async metrics(token, carriers, range, params, today) {
    latest = token;
    const facts = await perCarrier(
      token,
      carriers,
      range,
      'metrics',
      // The metrics read no road limits: a new import leaves them as they are.
      (c, stamp) => comparisonKey({ ...c, range, params, today, roadsKey: '', stamp }),
      keptMetrics,
      (c, utc) => comparedMetrics(utc, c.zone, range, params, today),
      // The driver snapshots (a new one at every start) change only the HOS rows: worked out on every answer.
      (value, c, head) => ({ ...value, hos: hosFacts(head.driverSnapshots, range, c.zone) }),
    );
    return facts && { range, params, carriers: facts };
  },
  async trips(token, carriers, range, params, today, roadsKey) {
    const roads = workerRoadsFor(roadsKey);
    latest = token;
    return perCarrier(
      token,
      carriers,
      range,
      'trips',
      (c, stamp) => comparisonKey({ ...c, range, params, today, roadsKey, stamp }),
      keptTrips,
      (c, utc) => comparedTrips(utc, c.zone, range, params, analyzeTrack, roads),
    );
  },
};

serveWorker(handlers);
