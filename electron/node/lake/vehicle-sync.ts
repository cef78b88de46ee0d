/**
 * One vehicle's share of a lake sync: its home-zone days that need writing
 * (shared/lake/day-plan.ts), downloaded as UTC days by the app's sync engine
 * (7-day runs through the Provider Key's limiter), each local day written as
 * soon as every UTC day it needs has arrived, and its manifest entry updated.
 */
import type { WireVehicle } from '../../../shared/api/wire.ts';
import type { Rejection } from '../../../shared/api/validate.ts';
import type { LocalDayPlan } from '../../../shared/lake/day-plan.ts';
import { utcDaysToFetch } from '../../../shared/lake/day-plan.ts';
import type { LakeDay, LakeVehicle } from '../../../shared/lake/manifest.ts';
import { findOutliers } from '../../../shared/track/outliers.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { dayStartMs, type UtcDay } from '../../../shared/util/day.ts';
import type { ApiClient } from '../api/index.ts';
import { syncVehicleHistory } from '../sync/index.ts';
import type { ServerLearnt } from '../sync/sync-vehicle-history.ts';
import { buildDayChunk } from '../../../shared/track/day-chunk.ts';
import type { ChunkSlice, DayFileResult } from './parquet-writer.ts';

export interface VehicleSyncContext {
  today: UtcDay;
  maxPlausibleMph: number;
  signal: AbortSignal;
  /** Writes (or, with no readings, removes) the day's file; calls are serialized by the caller. */
  /** What this server does with end_date, learnt by earlier vehicles and updated in place (saves a request per run ending today). */
  learnt: ServerLearnt;
  /** Called when the sync ends, to keep what it learnt. */
  onLearnt: () => void;
  writeDay: (day: string, slices: ChunkSlice[], keep: { beforeMs: number } | null) => Promise<DayFileResult>;
  onRequest: () => void;
  onDayWritten: (records: number) => Promise<void>;
}

interface Arrived {
  chunk: DayChunk;
  outliers: Uint8Array | null;
  complete: boolean;
  rejected: Rejection[];
}

export async function syncVehicle(
  client: ApiClient,
  vehicle: WireVehicle,
  entry: LakeVehicle,
  plans: readonly LocalDayPlan[],
  ctx: VehicleSyncContext,
): Promise<{ cancelled: boolean }> {
  const planned = utcDaysToFetch(plans);
  if (planned.length === 0) return { cancelled: false };
  const pending = [...plans];
  const arrived = new Map<UtcDay, Arrived>();
  // Nothing exists after today: those UTC days arrive empty and growing, without a request.
  for (const day of planned.filter((d) => d > ctx.today))
    arrived.set(day, {
      chunk: buildDayChunk(vehicle.vehicle_id, day, []),
      outliers: null,
      complete: false,
      rejected: [],
    });
  const utcDays = planned.filter((d) => d <= ctx.today);
  const needed = new Set(utcDays);

  const writeReady = async (): Promise<void> => {
    for (const plan of [...pending]) {
      const parts = plan.fetch.map((d) => arrived.get(d));
      if (parts.some((p) => p === undefined)) continue;
      pending.splice(pending.indexOf(plan), 1);
      await writePlan(plan, parts as Arrived[], entry, ctx);
      await ctx.onDayWritten(entry.days[plan.day]!.records);
    }
    // A UTC day no pending local day needs is let go: memory stays a few days per vehicle.
    for (const day of arrived.keys()) if (!pending.some((p) => p.fetch.includes(day))) arrived.delete(day);
  };

  if (utcDays.length === 0) {
    await writeReady();
    return { cancelled: false };
  }
  const result = await syncVehicleHistory({
    client,
    vehicleId: vehicle.vehicle_id,
    from: utcDays[0]!,
    to: utcDays[utcDays.length - 1]!,
    today: ctx.today,
    have: (day) => (needed.has(day) ? 'missing' : 'complete'),
    concurrency: 2,
    identity: { vehicleNumber: vehicle.number, vin: vehicle.vin },
    signal: ctx.signal,
    learnt: ctx.learnt,
    onProgress: (() => {
      let seen = 0;
      return (p) => {
        for (; seen < p.requests; seen++) ctx.onRequest();
      };
    })(),
    onDay: async (e) => {
      arrived.set(e.chunk.day, {
        chunk: e.chunk,
        outliers: findOutliers(e.chunk, ctx.maxPlausibleMph),
        complete: e.complete,
        rejected: e.rejected,
      });
      await writeReady();
    },
  });
  ctx.onLearnt();
  return { cancelled: result.cancelled };
}

async function writePlan(plan: LocalDayPlan, parts: Arrived[], entry: LakeVehicle, ctx: VehicleSyncContext) {
  const { startMs, endMs } = plan.interval;
  const keepBeforeMs = plan.keepBeforeMs;
  const slices: ChunkSlice[] = parts.map((p) => ({
    chunk: p.chunk,
    outliers: p.outliers,
    fromMs: startMs,
    toMs: endMs,
  }));
  const written = await ctx.writeDay(plan.day, slices, keepBeforeMs === null ? null : { beforeMs: keepBeforeMs });
  const old = entry.days[plan.day];
  // Rejections dated inside the day, plus undated ones of its first UTC day (where the engine files them).
  const rejected = parts
    .flatMap((p) => p.rejected)
    .filter((r) => (r.t === undefined ? plan.fetch[0] === dayOf(r, parts) : r.t >= startMs && r.t < endMs));
  const fresh = keepBeforeMs === null ? rejected : rejected.filter((r) => r.t === undefined || r.t >= keepBeforeMs);
  const kept = keepBeforeMs === null ? 0 : (old?.rejectedBeforeAsOf ?? 0);
  const complete = plan.completes && parts.every((p) => p.complete);
  const asOfMs = dayStartMs(ctx.today);
  const day: LakeDay = {
    state: complete ? 'complete' : 'partial',
    records: written.records,
    outliers: written.outliers,
    rejected: kept + fresh.length,
  };
  if (!complete) {
    day.asOf = ctx.today;
    day.rejectedBeforeAsOf = kept + fresh.filter((r) => r.t !== undefined && r.t < asOfMs).length;
  }
  entry.days[plan.day] = day;
}

/** The UTC day a rejection arrived with (undated ones arrive with their run's first day). */
function dayOf(r: Rejection, parts: Arrived[]): UtcDay | undefined {
  return parts.find((p) => p.rejected.includes(r))?.chunk.day;
}
