// Over 300 lines: the inbox worker's one run (plan, reuse the kept parts, analyse the rest, keep them) and its protocol's handlers.
/// <reference lib="webworker" />
import { dayPart, type DayPart } from '../../../shared/analysis/day-parts.ts';
import { isPackedDayPart, packDayPart, unpackDayPart } from '../../../shared/analysis/day-part-pack.ts';
import { packInboxEvents } from '../../../shared/inbox/event-pack.ts';
import { partialVehicleDays, type CarrierPartialDays } from '../../../shared/inbox/partial-days.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import type { InboxEvent } from '../../../shared/inbox/events.ts';
import type { Scorecard } from '../../../shared/inbox/scorecards.ts';
import { inboxVehicle, type InboxVehicle } from '../../../shared/inbox/vehicle.ts';
import {
  daysFromTo,
  localDayInterval,
  localRangeInterval,
  utcDaysOverlapping,
  type LocalDay,
} from '../../../shared/time/local-day.ts';
import { localDayChunks } from '../../../shared/track/local-days.ts';
import { isUtcDay, type UtcDay } from '../../../shared/util/day.ts';
import { errorText } from '../../../shared/util/error-text.ts';
import { keepAnalysisColumns, readAnalysisChunks } from '../store/analysis-reads.ts';
import { getDb } from '../store/db.ts';
import { carrierCoverage, storeStamp } from '../store/reads.ts';
import { stampMemo } from '../store/stamp-memo.ts';
import { keptCoverage } from '../store/coverage-digest.ts';
import type { CoverageRow } from '../store/types.ts';
import {
  dayStamps,
  inboxQueryKey,
  putInboxDays,
  readInboxDays,
  writeInboxDays,
  type InboxDayRow,
} from '../store/inbox-cache.ts';
import type { InboxAnswer, InboxCarrier, InboxData, InboxProgress, InboxProtocol } from './inbox-protocol.ts';
import { BUILD_ID } from './build-id.ts';
import { serveWorker } from './rpc.ts';
import { setWorkerRoads, workerRoadsFor } from './worker-roads.ts';

export type { InboxAnswer, InboxCarrier, InboxData, InboxProgress, InboxProtocol } from './inbox-protocol.ts';

/**
 * The safety inbox off the UI thread: it reads the carriers' stored days itself (no chunk crosses threads),
 * analyses each vehicle's local days of the carrier's home zone with Trip review's parameters and the road
 * limits the page set (setRoadLimits; each call names their key), and joins them over the range
 * (shared/analysis/day-parts.ts: the events and totals `analyzeTrack` gives over the range) into the flat
 * event list and the vehicles' scorecards. Each day's part is kept (store/inbox-cache.ts) and reused while
 * its stored UTC days, the parameters and the road limits stay the same, so any range of prepared days
 * opens from small rows. Filtering, sorting and grouping happen on the page, on that list.
 */
/** Counts loads: a run goes on while no load came in after it started. */
let generation = 0;
/** Preparations asked before the last pause stop (between trucks); loads go on. */
let pauses = 0;
/** The run in progress: the next one starts after it, so it reads the results the previous one kept. */
let running: Promise<unknown> = Promise.resolve();
/** Of the run going on: every carrier's trucks are counted before the first is read, so `total` does not grow. */
let progress: InboxProgress = { done: 0, total: 0 };
/** Vehicles whose days are read at once (see runCarrier). */
const IN_FLIGHT = 8;
/** Fresh day rows written in one go while the analysis goes on (about a month of 8 trucks). */
const WRITE_BATCH = 250;

interface CarrierPart {
  events: InboxEvent[];
  scorecards: Scorecard[];
  analysed: number;
  reused: number;
}

interface CarrierPlan {
  carrier: InboxCarrier;
  days: LocalDay[];
  /** The UTC days (storage) each local day of the range touches. */
  utcOf: Map<LocalDay, UtcDay[]>;
  /** Per vehicle with a reading in the range, the stamp of each of its local days with one. */
  stamps: Map<string, Map<LocalDay, string>>;
  vehicleIds: string[];
  query: string;
  kept: Map<string, Map<LocalDay, InboxDayRow>>;
  /** The limits the run judges with (its query names their key). */
  roads: RoadLimits | undefined;
  /** Per vehicle, its stored UTC days of the range with readings and their coverage's fetchedAt. */
  stored: Map<string, Map<UtcDay, number>>;
  /** The coverage rows of the UTC days the range touches, with readings or not: its partial days are theirs. */
  rangeRows: CoverageRow[];
}

/**
 * Each carrier's coverage rows, read once per state of the store: an open again (back from Trip review, another
 * range, a filter's reload) reads a count and an index entry instead of a row per truck-day, and the first open
 * after a restart one digest row a carrier (store/coverage-digest.ts) while nothing was stored since.
 */
const coverageOf = stampMemo((carrierId, stamp) =>
  keptCoverage(getDb(), carrierId, stamp, () => carrierCoverage(carrierId)),
);

/**
 * The carriers' coverage rows for one state of the store: the stamp (a count of every coverage row) is taken
 * once, before any read; null when `alive` turns false between carriers.
 */
async function coverageNow(
  carrierIds: readonly string[],
  alive: () => boolean = () => true,
): Promise<Map<string, CoverageRow[]> | null> {
  const stamp = await storeStamp();
  const out = new Map<string, CoverageRow[]>();
  for (const id of carrierIds) {
    out.set(id, await coverageOf(id, stamp));
    if (!alive()) return null;
  }
  return out;
}

/** The road limits a run judges with, and their key (workers/worker-roads.ts). */
interface RunRoads {
  key: string;
  roads: RoadLimits | undefined;
}

/** The carrier's trucks with a reading in the range, and their days' kept parts; null for no stored day. */
async function planCarrier(
  c: InboxCarrier,
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
  roads: RunRoads,
  carrierRows: readonly CoverageRow[],
): Promise<CarrierPlan | null> {
  const days = daysFromTo(from, to);
  const utcOf = new Map(days.map((d) => [d, utcDaysOverlapping(localDayInterval(d, c.zone))]));
  const utc = utcDaysOverlapping(localRangeInterval(from, to, c.zone));
  if (utc.length === 0) return null;
  const lo = utc[0]!;
  const hi = utc[utc.length - 1]!;
  // All the carrier's rows at once, filtered here: a Dexie filter walks a cursor row by row (several times slower).
  const rangeRows = carrierRows.filter((r) => r.day >= lo && r.day <= hi);
  const coverage = rangeRows.filter((r) => r.points > 0);
  const stamps = dayStamps(coverage, utcOf);
  const query = inboxQueryKey(BUILD_ID, c.zone, params, roads.key);
  const kept = await readKeptOrNone(c.carrierId, query, from, to, [...stamps.keys()]);
  const stored = new Map<string, Map<UtcDay, number>>();
  for (const r of coverage) {
    const own = stored.get(r.vehicleId) ?? new Map<UtcDay, number>();
    own.set(r.day, r.fetchedAt);
    stored.set(r.vehicleId, own);
  }
  const vehicleIds = [...stamps.keys()];
  return { carrier: c, days, utcOf, stamps, vehicleIds, query, kept, roads: roads.roads, stored, rangeRows };
}

/** The carrier's days held only in part, counted to `today` (none for a carrier with no plan: nothing stored). */
function partialOf(
  c: InboxCarrier,
  plans: readonly CarrierPlan[],
  from: LocalDay,
  to: LocalDay,
  today: UtcDay,
): CarrierPartialDays {
  const stored = plans.find((p) => p.carrier === c)?.rangeRows ?? [];
  const rows = stored.map((r) => ({ vehicleId: r.vehicleId, day: r.day, complete: r.state === 'complete' }));
  return { carrierId: c.carrierId, zone: c.zone, days: partialVehicleDays(rows, c.zone, { from, to }, today) };
}

/** The parts of `vehicleId`'s local days `wanted` (in order), from its stored readings; writes started go to `writing`. */
async function analyseDays(
  plan: CarrierPlan,
  vehicleId: string,
  wanted: readonly LocalDay[],
  params: AnalysisParams,
  writing: Promise<void>[],
): Promise<Map<LocalDay, DayPart | null>> {
  const { carrier: c, utcOf } = plan;
  const lo = utcOf.get(wanted[0]!)![0]!;
  const hi = utcOf.get(wanted[wanted.length - 1]!)!.at(-1)!;
  const stored = plan.stored.get(vehicleId) ?? new Map<UtcDay, number>();
  const read = await readAnalysisChunks(getDb(), c.carrierId, vehicleId, lo, hi, stored);
  // Days stored before the analysis columns existed: theirs are kept now, so the next open reads the small rows.
  if (read.built.length > 0)
    writing.push(keepOrWarn(keepAnalysisColumns(getDb(), read.built, plan.stored).then(() => undefined)));
  const interval = localRangeInterval(wanted[0]!, wanted[wanted.length - 1]!, c.zone);
  const local = new Map(localDayChunks(read.chunks, c.zone, interval).map((k) => [k.day, k]));
  return new Map(wanted.map((d) => [d, local.has(d) ? dayPart(local.get(d)!, params, plan.roads) : null]));
}

async function runCarrier(alive: () => boolean, plan: CarrierPlan, params: AnalysisParams): Promise<CarrierPart> {
  const { carrier: c, days, stamps, vehicleIds, query, kept } = plan;
  // A truck's day whose stored UTC days are as they were when its row was written is read from the row, the
  // others are analysed from the readings. At most IN_FLIGHT trucks are read at once: reading every truck at
  // once let read days pile up while the analysis caught up (millions of points held for a large carrier).
  // Results keep the order of `vehicleIds`; a newer request stops.
  const perVehicle = new Array<InboxVehicle | null>(vehicleIds.length).fill(null);
  const fresh: InboxDayRow[] = [];
  const writing: Promise<void>[] = [];
  let analysed = 0;
  let next = 0;
  const lane = async () => {
    while (next < vehicleIds.length && alive()) {
      const k = next++;
      const vehicleId = vehicleIds[k]!;
      const own = stamps.get(vehicleId)!;
      const rows = kept.get(vehicleId);
      const parts = new Map<LocalDay, DayPart | null>();
      for (const [day, row] of rows ?? []) {
        if (own.get(day) !== row.stamp) continue;
        if (row.part === null) parts.set(day, null);
        else if (isPackedDayPart(row.part)) parts.set(day, unpackDayPart(vehicleId, row.part));
      }
      // Days stored since their row was written, or whose row is damaged.
      const stale = days.filter((d) => own.has(d) && !parts.has(d));
      if (stale.length > 0) {
        for (const [day, part] of await analyseDays(plan, vehicleId, stale, params, writing)) {
          parts.set(day, part);
          const packed = part && packDayPart(part);
          fresh.push({ carrierId: c.carrierId, query, vehicleId, day, stamp: own.get(day)!, part: packed });
        }
        // Written while the next trucks are analysed, not all at the end: IndexedDB commits off this thread.
        if (fresh.length >= WRITE_BATCH) writing.push(keepOrWarn(putInboxDays(getDb(), fresh.splice(0))));
        analysed++;
      }
      const inRange = days.filter((d) => own.has(d)).flatMap((d) => parts.get(d) ?? []);
      perVehicle[k] = inboxVehicle({ ...c, vehicleId }, inRange, params, days, plan.roads !== undefined);
      if (alive()) progress.done++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, vehicleIds.length) }, lane));
  // Kept rows of days no longer stored (deleted since) go.
  const gone: [string, LocalDay][] = [];
  for (const [vehicleId, rows] of kept)
    for (const day of rows.keys()) if (!stamps.get(vehicleId)?.has(day)) gone.push([vehicleId, day]);
  await Promise.all(writing);
  await keepOrWarn(writeInboxDays(getDb(), c.carrierId, query, fresh, gone, Date.now()));

  const events: InboxEvent[] = [];
  const scorecards: Scorecard[] = [];
  for (const v of perVehicle) {
    if (!v) continue;
    for (const e of v.events) events.push(e);
    scorecards.push(v.scorecard);
  }
  return { events, scorecards, analysed, reused: vehicleIds.length - analysed };
}

/** The stored results are a shortcut: when they cannot be read, every truck is analysed. */
async function readKeptOrNone(
  carrierId: string,
  query: string,
  from: LocalDay,
  to: LocalDay,
  vehicleIds: readonly string[],
): Promise<Map<string, Map<LocalDay, InboxDayRow>>> {
  try {
    return await readInboxDays(getDb(), carrierId, query, from, to, vehicleIds);
  } catch (err) {
    console.warn(`Inbox: stored results unreadable, analysing every truck (${errorText(err)})`);
    return new Map();
  }
}

/** A full disk must not cost the inbox its answer: the results are shown, only not kept for next time. */
async function keepOrWarn(write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (err) {
    console.warn(`Inbox: results not kept for next time (${errorText(err)})`);
  }
}

async function loadAll(
  alive: () => boolean,
  carriers: InboxCarrier[],
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
  roads: RunRoads,
  today: UtcDay | null,
): Promise<InboxData | null> {
  const days = daysFromTo(from, to);
  const plans: CarrierPlan[] = [];
  // One state of the store for every carrier's plan: the stamp costs a count of every coverage row.
  const coverage = await coverageNow(
    carriers.map((c) => c.carrierId),
    alive,
  );
  if (!coverage) return null;
  for (const c of carriers) {
    const plan = await planCarrier(c, from, to, params, roads, coverage.get(c.carrierId)!);
    if (!alive()) return null;
    if (plan) plans.push(plan);
  }
  progress = { done: 0, total: plans.reduce((n, p) => n + p.vehicleIds.length, 0) };
  const parts: CarrierPart[] = [];
  for (const plan of plans) {
    parts.push(await runCarrier(alive, plan, params));
    if (!alive()) return null;
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
    partial: today === null ? [] : carriers.map((c) => partialOf(c, plans, from, to, today)),
  };
}

/** Runs one after the other; `alive` is taken when the run is asked for, so a later load stops it even while it waits. */
function inTurn<T>(alive: () => boolean, run: () => Promise<T | null>): Promise<T | null> {
  const mine = running.catch(() => undefined).then(() => (alive() ? run() : null));
  running = mine;
  return mine;
}

/** The limits a call asked for, taken when asked: a later setRoadLimits does not change a run already asked. */
const runRoads = (roadsKey: string): RunRoads => ({ key: roadsKey, roads: workerRoadsFor(roadsKey) });

const handlers: InboxProtocol = {
  setRoadLimits: setWorkerRoads,
  load(carriers, from, to, params, roadsKey, today) {
    const roads = runRoads(roadsKey);
    const untilDay = typeof today === 'string' && isUtcDay(today) ? today : null;
    const gen = ++generation;
    const alive = () => gen === generation;
    progress = { done: 0, total: 0 };
    return inTurn(alive, async (): Promise<InboxAnswer | null> => {
      const data = await loadAll(alive, carriers, from, to, params, roads, untilDay);
      return data && { ...data, events: packInboxEvents(data.events) };
    });
  },
  progress() {
    return { ...progress };
  },
  pause() {
    pauses++;
  },
  async warm(carrierIds) {
    const ids = carrierIds.filter((id): id is string => typeof id === 'string');
    await coverageNow(ids);
    return ids.length;
  },
  prepare(carriers, from, to, params, roadsKey) {
    const roads = runRoads(roadsKey);
    const gen = generation;
    const paused = pauses;
    // Stopped by a later load, or by a pause (the user's screen needs the core), never stopping a load itself.
    const alive = () => gen === generation && paused === pauses;
    return inTurn(alive, async () => {
      const data = await loadAll(alive, carriers, from, to, params, roads, null);
      return data && { analysed: data.analysed, reused: data.reused };
    });
  },
};

/** A load's packed events move to the page rather than being copied. */
function transferOf(result: unknown): Transferable[] {
  const events = (result as Partial<InboxAnswer> | null)?.events;
  return events && 'n' in events ? [events.n.buffer, events.t.buffer] : [];
}

serveWorker(handlers, { transfer: transferOf });
