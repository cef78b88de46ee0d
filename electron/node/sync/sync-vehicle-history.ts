/**
 * Downloads the breadcrumbs of one vehicle for a range of UTC days, skipping
 * days the store already holds, and hands over whole days only.
 *
 * The spec leaves record order and end_date inclusivity unshown (4.8), so the
 * engine assumes neither: it asks for one day past the run (an exclusive
 * server still returns the last day), dedupes by id, sorts, and keeps only the
 * run's own days (buildDayChunk does the last three per day).
 */
import type { Rejection } from '../../../shared/api/validate.ts';
import { buildDayChunk, type VehicleIdentity } from '../../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../../shared/track/types.ts';
import { addDays, DAY_MS, dayOfMs, dayStartMs, type UtcDay } from '../../../shared/util/day.ts';
import type { ApiClient } from '../api/client.ts';
import { isAbortError, type ApiError } from '../api/errors.ts';
import type { ApiEvent } from '../api/http.ts';
import { planRuns, spreadRuns, type DayState } from './plan.ts';

export interface DayEmit {
  chunk: DayChunk;
  /** False for today and later: the day may still grow and will be fetched again. */
  complete: boolean;
  /** Distinct malformed records of this day (each counted once per sync call). */
  rejected: Rejection[];
}

export interface SyncProgress {
  /** Days that needed a download. */
  daysTotal: number;
  daysDone: number;
  /** Points handed to onDay. */
  records: number;
  requests: number;
  retries: number;
  rejected: number;
}

export interface SyncResult extends SyncProgress {
  cancelled: boolean;
  /** Pass back as `endDateMode` next time to save the first calls' extra day. */
  endDateMode: EndDateMode;
}

export interface SyncVehicleHistoryOptions {
  client: Pick<ApiClient, 'locationHistoryPages'>;
  vehicleId: string;
  from: UtcDay;
  to: UtcDay;
  today: UtcDay;
  have: (day: UtcDay) => DayState | Promise<DayState>;
  /** Runs paged in parallel (all still go through the Provider Key's limiter). Default 4. */
  concurrency?: number;
  /**
   * Longest run of days one query covers. Default: each run of missing days is cut into at most `concurrency`
   * queries of 7 to 31 days (SPREAD_DAYS), since every query pays for a part-full last page.
   */
  chunkDays?: number;
  /** Records per page. Default 1000 (spec maximum). */
  limit?: number;
  signal?: AbortSignal;
  /** What an earlier sync learnt about this server's end_date. Default 'unknown'. */
  endDateMode?: EndDateMode;
  /**
   * What this server has shown so far, shared (and updated in place) by concurrent syncs against it, so a
   * lesson costs one request per server rather than one per vehicle. Overrides `endDateMode`.
   */
  learnt?: ServerLearnt;
  /**
   * The vehicle as the roster lists it: fills a reading that carries no number or VIN. A function is
   * called (once) only when such a reading arrives, so a complete download costs no extra request.
   */
  identity?: VehicleIdentity | (() => Promise<VehicleIdentity | undefined>);
  onProgress?: (p: SyncProgress) => void;
  /** Awaited: the engine does not fetch further for this worker until the consumer has stored the day. */
  onDay: (e: DayEmit) => void | Promise<void>;
}

const min = (a: UtcDay, b: UtcDay): UtcDay => (a < b ? a : b);
const rejectionKey = (rej: Rejection): string => (rej.id !== undefined ? `id:${rej.id}` : `raw:${rej.snippet}`);

/**
 * How the server treats end_date: 'unknown' until readings inside the last asked day prove it
 * inclusive. At least this many distinct readings are needed, so no one record (a clock that jumped,
 * a hostile server) can make later runs ask for exactly their days and store an empty last day as complete.
 */
export type EndDateMode = 'unknown' | 'inclusive';
export const INCLUSIVE_EVIDENCE_READINGS = 2;

/** A query covers at least a week (unless the run is shorter) and at most a month (its days wait in memory). */
const SPREAD_DAYS = { minDays: 7, maxDays: 31 } as const;

export interface ServerLearnt {
  endDateMode: EndDateMode;
  /** The server refused an end_date after today: runs ending today then ask for today as the last day. */
  refusesEndDateAfterToday: boolean;
}

/** A reading dated outside the range it was asked for: dropped, and reported like a malformed record. */
function outsideRangeRejection(p: Breadcrumb, from: UtcDay, to: UtcDay): Rejection {
  return {
    id: p.id,
    reason: `timestamp ${new Date(p.t).toISOString()} is outside the requested days ${from} to ${to}`,
    snippet: JSON.stringify({ id: p.id, timestamp: new Date(p.t).toISOString() }),
  };
}

export async function syncVehicleHistory(opts: SyncVehicleHistoryOptions): Promise<SyncResult> {
  const { client, vehicleId, today } = opts;
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 4));
  const progress: SyncProgress = { daysTotal: 0, daysDone: 0, records: 0, requests: 0, retries: 0, rejected: 0 };
  const report = (): void => opts.onProgress?.({ ...progress });

  const states = new Map<UtcDay, DayState>();
  if (opts.from <= opts.to) {
    for (let d = opts.from; d <= opts.to; d = addDays(d, 1)) states.set(d, await opts.have(d));
  }
  const runs =
    opts.chunkDays !== undefined
      ? planRuns({ from: opts.from, to: opts.to, today, states, chunkDays: opts.chunkDays })
      : spreadRuns(
          planRuns({ from: opts.from, to: opts.to, today, states, chunkDays: Infinity }),
          concurrency,
          SPREAD_DAYS,
        );
  progress.daysTotal = runs.reduce((n, r) => n + r.length, 0);
  report();

  const inner = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, inner.signal]) : inner.signal;
  const onEvent = (e: ApiEvent): void => {
    if (e.type === 'request') progress.requests++;
    else if (e.type === 'retry') progress.retries++;
    else return;
    report();
  };
  /** Rejections already counted in this call, so a record repeated across pages or runs counts once. */
  const countedRejections = new Set<string>();
  const limit = opts.limit ?? 1000;
  /** Learnt from the data (spec 4.8 leaves it unshown); shared by all runs of this call (and of other calls given it). */
  const learnt: ServerLearnt = opts.learnt ?? {
    endDateMode: opts.endDateMode ?? 'unknown',
    refusesEndDateAfterToday: false,
  };

  let identityOnce: Promise<VehicleIdentity | undefined> | undefined;
  const rosterIdentity = (): Promise<VehicleIdentity | undefined> => {
    const given = opts.identity;
    identityOnce ??= typeof given === 'function' ? given() : Promise.resolve(given);
    return identityOnce;
  };

  async function fetchRun(days: UtcDay[]): Promise<DayEmit[] | null> {
    const first = days[0] as UtcDay;
    const last = days[days.length - 1] as UtcDay;
    const inRun = new Set(days);
    // A run is consecutive days, so a point's day is its offset from the run's start.
    const runStartMs = dayStartMs(first);
    const runEndMs = runStartMs + days.length * DAY_MS;
    const points: Breadcrumb[][] = days.map(() => []);
    const rejected = new Map<string, { day: UtcDay; rej: Rejection; unreadable: boolean }>();

    // Nothing exists after today: a run entirely in the future needs no request.
    if (first <= today) {
      const lastWithData = min(last, today);
      const after = addDays(lastWithData, 1);
      const afterStartMs = dayStartMs(after);
      const afterEndMs = afterStartMs + DAY_MS;
      /** Distinct readings inside the extra day asked for: the only evidence of an inclusive end_date. */
      const inAfter = new Set<string>();
      const read = async (from: UtcDay, endDay: UtcDay, sink: (rej: Rejection) => void): Promise<void> => {
        const askedStartMs = dayStartMs(from);
        const askedEndMs = dayStartMs(endDay) + DAY_MS;
        for await (const page of client.locationHistoryPages({ vehicleId, from, to: endDay, limit, signal, onEvent })) {
          for (const p of page.records) {
            // Millisecond bounds rather than dayOfMs: one comparison per point instead of a string and a map lookup.
            if (p.t < askedStartMs || p.t >= askedEndMs)
              sink({ ...outsideRangeRejection(p, from, endDay), t: runStartMs });
            else if (p.t >= runStartMs && p.t < runEndMs) points[Math.floor((p.t - runStartMs) / DAY_MS)]?.push(p);
            else if (p.t >= afterStartMs && p.t < afterEndMs) inAfter.add(p.id);
          }
          for (const rej of page.rejected) sink(rej);
        }
      };
      const collect = (rej: Rejection): void => {
        const unreadable = rej.t === undefined;
        const day = unreadable ? first : dayOfMs(rej.t as number);
        if (!inRun.has(day)) return;
        const key = rejectionKey(rej);
        if (!rejected.has(key)) rejected.set(key, { day, rej, unreadable });
      };
      let plusOne = learnt.endDateMode !== 'inclusive' && !(after > today && learnt.refusesEndDateAfterToday);
      try {
        await read(first, plusOne ? after : lastWithData, collect);
      } catch (err) {
        // A server may refuse an end_date past today; asking for today itself is then the best available.
        if ((err as ApiError).kind !== 'request' || !plusOne || lastWithData < today) throw err;
        learnt.refusesEndDateAfterToday = true;
        for (const list of points) list.length = 0;
        rejected.clear();
        inAfter.clear();
        plusOne = false;
        await read(first, lastWithData, collect);
      }
      // Readings inside the extra day prove the server includes end_date; later runs then ask for exactly their days.
      if (plusOne && inAfter.size >= INCLUSIVE_EVIDENCE_READINGS) learnt.endDateMode = 'inclusive';
      const unreadable = [...rejected.values()].some((r) => r.unreadable);
      if (plusOne && learnt.endDateMode === 'inclusive' && unreadable && after <= today) {
        // Records with an unreadable time may be the extra day's: ask for that day alone and set those aside.
        const foreign = new Set<string>();
        await read(after, after, (rej) => {
          if (rej.t === undefined) foreign.add(rejectionKey(rej));
        });
        for (const key of foreign) if (rejected.get(key)?.unreadable) rejected.delete(key);
      }
    }
    if (signal.aborted) return null;

    // Only needed to excuse rejections, which are rare: skip the set of every id otherwise.
    const goodIds = new Set<string>();
    if (rejected.size > 0) for (const list of points) for (const p of list) goodIds.add(p.id);
    const rejectedByDay = new Map<UtcDay, Rejection[]>(days.map((d) => [d, []]));
    for (const [key, { day, rej }] of rejected) {
      // A record that also arrived intact is not lost; and one seen in an earlier run was counted there.
      if ((rej.id !== undefined && goodIds.has(rej.id)) || countedRejections.has(key)) continue;
      countedRejections.add(key);
      rejectedByDay.get(day)?.push(rej);
    }
    const lacking = points.some((list) => list.some((p) => p.vehicleNumber === '' || p.vin === ''));
    const identity = lacking ? await rosterIdentity() : undefined;
    return days.map((day, i) => ({
      chunk: buildDayChunk(vehicleId, day, points[i] ?? [], identity),
      complete: day < today,
      rejected: rejectedByDay.get(day) ?? [],
    }));
  }

  // onDay is never called concurrently: the consumer writes days one at a time.
  let emitting: Promise<void> = Promise.resolve();
  const emit = (emits: DayEmit[]): Promise<void> => {
    const next = emitting.then(async () => {
      // A run whose emission has begun is finished: its days share the unreadable-time rejections of its first day.
      if (signal.aborted) return;
      for (const e of emits) {
        await opts.onDay(e);
        progress.daysDone++;
        progress.records += e.chunk.length;
        progress.rejected += e.rejected.length;
        report();
      }
    });
    emitting = next.catch(() => undefined);
    return next;
  };

  let failure: unknown;
  let nextRun = 0;
  const worker = async (): Promise<void> => {
    while (!signal.aborted && nextRun < runs.length) {
      const days = runs[nextRun++] as UtcDay[];
      try {
        const emits = await fetchRun(days);
        if (emits) await emit(emits);
      } catch (err) {
        if (!(isAbortError(err) && signal.aborted)) {
          failure ??= err;
          inner.abort();
        }
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, runs.length) }, worker));

  if (failure !== undefined && !opts.signal?.aborted) throw failure;
  return { ...progress, cancelled: opts.signal?.aborted === true, endDateMode: learnt.endDateMode };
}
