/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import { inboxEvents, type InboxEvent } from '../../../shared/inbox/events.ts';
import { scorecard, type Scorecard } from '../../../shared/inbox/scorecards.ts';
import {
  daysFromTo,
  localRangeInterval,
  utcDaysOverlapping,
  type Interval,
  type LocalDay,
} from '../../../shared/time/local-day.ts';
import { localDayChunks } from '../../../shared/track/local-days.ts';
import { errorText } from '../../../shared/util/error-text.ts';
import { getDb } from '../store/db.ts';
import {
  inboxQueryKey,
  readInboxCache,
  vehicleStamps,
  writeInboxCache,
  type InboxCacheRow,
} from '../store/inbox-cache.ts';
import { serveWorker } from './rpc.ts';
import { byDay, type UtcDay } from '../../../shared/util/day.ts';

/**
 * The safety inbox off the UI thread: it reads every stored vehicle-day of the carriers itself (no chunk
 * crosses threads), analyses each vehicle over the range exactly as Trip review does (its local days of
 * the carrier's home zone, `analyzeTrack` with the Review's parameters) and answers with the flat event
 * list and the vehicles' scorecards. Each truck's result is kept (store/inbox-cache.ts) and reused while
 * its stored days and the query stay the same. Filtering, sorting and grouping happen on the page, on that list.
 */
export interface InboxCarrier {
  carrierId: string;
  /** The carrier's home zone: the range is its days. */
  zone: string;
}

export interface InboxData {
  events: InboxEvent[];
  scorecards: Scorecard[];
  /** The range's days, in order (the scorecards' sparklines have one value each). */
  days: LocalDay[];
  /** Vehicles with a reading in the range. */
  vehicles: number;
  /** Trucks analysed from their readings for this answer, and trucks whose kept results were still valid. */
  analysed: number;
  reused: number;
}

export interface InboxProtocol {
  /** The inbox's answer; null when a newer `load` came in meanwhile. Stops any older load or prepare. */
  load(carriers: InboxCarrier[], from: LocalDay, to: LocalDay, params: AnalysisParams): Promise<InboxData | null>;
  /**
   * The same work in the background, kept for the next open and not sent back: how many trucks were
   * analysed and reused, or null when a `load` came in meanwhile (a prepare never stops a load).
   */
  prepare(
    carriers: InboxCarrier[],
    from: LocalDay,
    to: LocalDay,
    params: AnalysisParams,
  ): Promise<{ analysed: number; reused: number } | null>;
  /** Trucks finished of the trucks in the run going on (or the last run): answered between its reads. */
  progress(): InboxProgress;
}

export interface InboxProgress {
  done: number;
  total: number;
}

/** Counts loads: a run goes on while no load came in after it started. */
let generation = 0;
/** The run in progress: the next one starts after it, so it reads the results the previous one kept. */
let running: Promise<unknown> = Promise.resolve();
/** Of the run going on: every carrier's trucks are counted before the first is read, so `total` does not grow. */
let progress: InboxProgress = { done: 0, total: 0 };
/** Vehicles whose days are read at once (see runCarrier). */
const IN_FLIGHT = 8;

/** Names this build's analysis in the inbox's stored results (a new build analyses again). */
const BUILD = typeof __ROUTELENS_BUILD__ === 'string' ? __ROUTELENS_BUILD__ : 'unbuilt';

type VehicleResult = NonNullable<InboxCacheRow['result']>;

interface CarrierPart {
  events: InboxEvent[];
  scorecards: Scorecard[];
  analysed: number;
  reused: number;
}

interface CarrierPlan {
  carrier: InboxCarrier;
  interval: Interval;
  lo: UtcDay;
  hi: UtcDay;
  stamps: Map<string, string>;
  vehicleIds: string[];
  query: string;
  cached: Map<string, InboxCacheRow>;
}

/** The carrier's trucks with a reading in the range, and the results kept for this query; null for no stored day. */
async function planCarrier(
  c: InboxCarrier,
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
): Promise<CarrierPlan | null> {
  const interval = localRangeInterval(from, to, c.zone);
  const utc = utcDaysOverlapping(interval);
  if (utc.length === 0) return null;
  const lo = utc[0]!;
  const hi = utc[utc.length - 1]!;
  // All the carrier's rows at once, filtered here: a Dexie filter walks a cursor row by row (several times slower).
  const coverage = (await getDb().coverage.where('carrierId').equals(c.carrierId).toArray()).filter(
    (r) => r.day >= lo && r.day <= hi && r.points > 0,
  );
  const stamps = vehicleStamps(coverage);
  const query = inboxQueryKey(BUILD, c.zone, from, to, params);
  const cached = await readCachedOrNone(c.carrierId, query);
  return { carrier: c, interval, lo, hi, stamps, vehicleIds: [...stamps.keys()], query, cached };
}

async function runCarrier(
  gen: number,
  plan: CarrierPlan,
  params: AnalysisParams,
  days: LocalDay[],
): Promise<CarrierPart> {
  const db = getDb();
  const { carrier: c, interval, lo, hi, stamps, vehicleIds, query, cached } = plan;

  const analyseVehicle = async (vehicleId: string): Promise<VehicleResult | null> => {
    const rows = await db.chunks
      .where('[vehicleId+day]')
      .between([vehicleId, lo], [vehicleId, hi], true, true)
      .toArray();
    const utcChunks = rows.filter((r) => r.carrierId === c.carrierId && r.chunk.length > 0).map((r) => r.chunk);
    if (utcChunks.length === 0) return null;
    utcChunks.sort(byDay);
    const chunks = localDayChunks(utcChunks, c.zone, interval);
    if (chunks.length === 0) return null;
    const vehicle = {
      carrierId: c.carrierId,
      vehicleId,
      vehicleNumber: chunks[0]!.vehicleNumber,
      zone: c.zone,
      analysis: analyzeTrack(chunks, params),
    };
    return {
      events: inboxEvents([vehicle]),
      scorecard: scorecard({ ...vehicle, daysWithData: chunks.filter((k) => k.length > 0).length }, days),
    };
  };

  // A truck whose stored days are as they were when its row was written is read from the row; the others
  // are analysed. At most IN_FLIGHT trucks are read at once: reading every truck at once let read days pile
  // up while the analysis (the slower part) caught up — millions of points held for a large carrier, and a
  // heap and garbage collection to match. Results keep the order of `vehicleIds`; a newer request stops.
  const perVehicle = new Array<VehicleResult | null>(vehicleIds.length).fill(null);
  const fresh: InboxCacheRow[] = [];
  let next = 0;
  const lane = async () => {
    while (next < vehicleIds.length && gen === generation) {
      const k = next++;
      const vehicleId = vehicleIds[k]!;
      const stamp = stamps.get(vehicleId)!;
      const row = cached.get(vehicleId);
      if (row && row.stamp === stamp) perVehicle[k] = row.result;
      else {
        perVehicle[k] = await analyseVehicle(vehicleId);
        fresh.push({ carrierId: c.carrierId, query, vehicleId, stamp, result: perVehicle[k] });
      }
      if (gen === generation) progress.done++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, vehicleIds.length) }, lane));
  const gone = [...cached.keys()].filter((v) => !stamps.has(v));
  await writeCachedOrWarn(c.carrierId, query, fresh, gone);

  const events: InboxEvent[] = [];
  const scorecards: Scorecard[] = [];
  for (const v of perVehicle) {
    if (!v) continue;
    for (const e of v.events) events.push(e);
    scorecards.push(v.scorecard);
  }
  return { events, scorecards, analysed: fresh.length, reused: vehicleIds.length - fresh.length };
}

/** The stored results are a shortcut: when they cannot be read, every truck is analysed. */
async function readCachedOrNone(carrierId: string, query: string): Promise<Map<string, InboxCacheRow>> {
  try {
    return await readInboxCache(getDb(), carrierId, query);
  } catch (err) {
    console.warn(`Inbox: stored results unreadable, analysing every truck (${errorText(err)})`);
    return new Map();
  }
}

/** A full disk must not cost the inbox its answer: the results are shown, only not kept. */
async function writeCachedOrWarn(carrierId: string, query: string, fresh: InboxCacheRow[], gone: string[]) {
  try {
    await writeInboxCache(getDb(), carrierId, query, fresh, gone, Date.now());
  } catch (err) {
    console.warn(`Inbox: results not kept for next time (${errorText(err)})`);
  }
}

async function loadAll(
  gen: number,
  carriers: InboxCarrier[],
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
): Promise<InboxData | null> {
  const days = daysFromTo(from, to);
  const plans: CarrierPlan[] = [];
  for (const c of carriers) {
    const plan = await planCarrier(c, from, to, params);
    if (gen !== generation) return null;
    if (plan) plans.push(plan);
  }
  progress = { done: 0, total: plans.reduce((n, p) => n + p.vehicleIds.length, 0) };
  const parts: CarrierPart[] = [];
  for (const plan of plans) {
    parts.push(await runCarrier(gen, plan, params, days));
    if (gen !== generation) return null;
  }
  const events = parts.flatMap((p) => p.events);
  events.sort((a, b) => a.startMs - b.startMs || a.key.localeCompare(b.key));
  return {
    events,
    scorecards: parts.flatMap((p) => p.scorecards),
    days,
    vehicles: parts.reduce((n, p) => n + p.scorecards.length, 0),
    analysed: parts.reduce((n, p) => n + p.analysed, 0),
    reused: parts.reduce((n, p) => n + p.reused, 0),
  };
}

/** Runs one after the other; `gen` is taken when the run is asked for, so a later load stops it even while it waits. */
function inTurn<T>(gen: number, run: () => Promise<T | null>): Promise<T | null> {
  const mine = running.catch(() => undefined).then(() => (gen === generation ? run() : null));
  running = mine;
  return mine;
}

const handlers: InboxProtocol = {
  load(carriers, from, to, params) {
    const gen = ++generation;
    progress = { done: 0, total: 0 };
    return inTurn(gen, () => loadAll(gen, carriers, from, to, params));
  },
  progress() {
    return { ...progress };
  },
  prepare(carriers, from, to, params) {
    const gen = generation;
    return inTurn(gen, async () => {
      const data = await loadAll(gen, carriers, from, to, params);
      return data && { analysed: data.analysed, reused: data.reused };
    });
  },
};

serveWorker(handlers);
