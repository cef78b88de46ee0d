/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import {
  comparedMetrics,
  withTrips,
  type ComparedMetrics,
  type StoredCarrier,
} from '../../../shared/compare/carrier-comparison.ts';
import type { ComparisonFacts } from '../../../shared/compare/compare.ts';
import type { CarrierFacts, DateRange, DriverSnapshot, VehicleDay } from '../../../shared/compare/facts.ts';
import { carrierStamp, comparisonKey, KeptResults } from '../../../shared/compare/kept-comparisons.ts';
import { utcDaysForLocalRange } from '../../../shared/compare/local-daily.ts';
import type { CompareParams } from '../../../shared/compare/params.ts';
import type { DriverRow, VehicleRow } from '../../../shared/domain/carrier.ts';
import { keepAnalysisColumns, readAnalysisChunks } from '../store/analysis-reads.ts';
import { getDb, vehicleDayRows } from '../store/db.ts';
import { carrierCoverage } from '../store/reads.ts';
import type { CoverageRow } from '../store/types.ts';
import { serveWorker } from './rpc.ts';
import { setWorkerRoads, workerRoadsFor, type RoadLimitsProtocol } from './worker-roads.ts';

/**
 * The carrier comparison off the UI thread: it reads the stored days itself (no chunk crosses threads),
 * each day's analysis columns rather than its full chunk (the readings' ids and VIN, which no figure
 * reads, are most of a chunk's bytes), answers with the metrics first, then again with the trip analysis
 * (the slow part) so the table appears at once. A carrier's finished facts are kept
 * (shared/compare/kept-comparisons.ts) and answer again while nothing they read has changed.
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

/** Carriers whose finished facts are kept: a few comparisons' worth, each a few hundred kB at most. */
const KEPT_CARRIERS = 12;
const kept = new KeptResults<CarrierFacts>(KEPT_CARRIERS);

/** One carrier of the last metrics call: its key, and either its kept facts or its metrics pass. */
type Pending = { key: string; facts: CarrierFacts; metrics: ComparedMetrics | null };

/** The newest request: an older one still loading stops early. */
let latest = 0;
/** What the last finished metrics call computed, kept for its trips call. */
let loaded: {
  token: number;
  carriers: Pending[];
  range: DateRange;
  params: CompareParams;
  /** The limits asked for with the metrics: a later setRoadLimits does not change this comparison's trips. */
  roads: RoadLimits | undefined;
} | null = null;

/** What a carrier's figures read besides its readings, read first: with them the kept facts may answer. */
interface CarrierHead {
  roster: { vehicleId: string; number: string }[] | null;
  coverage: CoverageRow[];
  driverSnapshots: DriverSnapshot[];
}

async function readHead(carrierId: string, range: DateRange): Promise<CarrierHead> {
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
  const days: VehicleDay[] = [];
  await Promise.all(
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
      for (const s of summaries) {
        const { carrierId: _c, ...summary } = s;
        days.push({ vehicleId, day: s.day, summary, chunk: chunkOf.get(s.day) ?? null });
      }
    }),
  );
  return {
    carrierId: c.carrierId,
    label: c.label,
    roster: head.roster,
    days,
    driverSnapshots: head.driverSnapshots,
    stored: head.coverage.map((r) => ({ vehicleId: r.vehicleId, day: r.day, complete: r.state === 'complete' })),
  };
}

const handlers: CompareProtocol = {
  setRoadLimits: setWorkerRoads,
  async metrics(token, carriers, range, params, today, roadsKey) {
    const roads = workerRoadsFor(roadsKey);
    latest = token;
    // The range is of each carrier's local days, which need a UTC day more each side.
    const utcRange = utcDaysForLocalRange(range);
    const pending = await Promise.all(
      carriers.map(async (c): Promise<Pending | null> => {
        const head = await readHead(c.carrierId, utcRange);
        const stamp = carrierStamp({ days: head.coverage, roster: head.roster, snapshots: head.driverSnapshots });
        const key = comparisonKey({ ...c, range, params, today, roadsKey, stamp });
        const done = kept.get(key);
        if (done) return { key, facts: done, metrics: null };
        if (token !== latest) return null;
        const utc = await readDays(c, head, utcRange);
        if (token !== latest) return null;
        const metrics = comparedMetrics(utc, c.zone, range, params, today);
        return { key, facts: metrics.facts, metrics };
      }),
    );
    if (token !== latest || pending.some((p) => p === null)) return null;
    loaded = { token, carriers: pending as Pending[], range, params, roads };
    return { range, params, carriers: loaded.carriers.map((p) => p.facts) };
  },
  trips(token) {
    if (loaded?.token !== token || token !== latest) return null;
    const { range, params, roads } = loaded;
    const carriers = loaded.carriers.map((p) => {
      if (!p.metrics) return p.facts;
      const facts = withTrips(p.metrics, range, params, analyzeTrack, roads);
      kept.set(p.key, facts);
      return facts;
    });
    return { range, params, carriers };
  },
};

serveWorker(handlers);
