import type { Failure } from '../../../shared/domain/carrier.ts';
import type { DownloadEvent, DownloadProgress } from '../../../shared/ipc/contract.ts';
import { daysBetween, type UtcDay } from '../../../shared/util/day.ts';
import type { StoreFailure } from '../store/errors.ts';
import type { DownloadJob, JobState, JobVehicle } from '../store/types.ts';

/**
 * The download jobs' state changes as pure functions: each takes the state it
 * changes (and the time, where one is stamped) and returns the new state,
 * touching nothing else. The manager (download-manager.ts) does the I/O.
 */

/** Vehicle sessions the manager runs at once. */
export const MAX_SESSIONS = 3;
/** Enough reasons to see the pattern; the counts stay exact in progress.rejected. */
export const MAX_REJECTED_KEPT = 500;

export const EMPTY_PROGRESS: DownloadProgress = {
  daysTotal: 0,
  daysDone: 0,
  records: 0,
  requests: 0,
  retries: 0,
  rejected: 0,
};

export interface NewJob {
  carrierId: string;
  carrierLabel: string;
  vehicles: { vehicleId: string; vehicleNumber: string }[];
  from: UtcDay;
  to: UtcDay;
  selection: 'some' | 'all' | 'active';
}

/** Why a running vehicle session was asked to stop. */
export type StopReason = 'pause' | 'cancel' | 'quota';

export type VehicleOutcome = { state: JobState; failure: Failure | StoreFailure | null };

export const taskKey = (jobId: string, vehicleId: string): string => `${jobId}/${vehicleId}`;

export function newJob(input: NewJob, id: string, now: number): DownloadJob {
  const daysTotal = daysBetween(input.from, input.to).length;
  return {
    id,
    carrierId: input.carrierId,
    carrierLabel: input.carrierLabel,
    from: input.from,
    to: input.to,
    createdAt: now,
    state: 'queued',
    vehicles: input.vehicles.map((v) => ({
      vehicleId: v.vehicleId,
      vehicleNumber: v.vehicleNumber,
      state: 'queued',
      progress: { ...EMPTY_PROGRESS, daysTotal },
      failure: null,
    })),
    rejected: [],
    startedAt: null,
    finishedAt: null,
    failure: null,
    selection: input.selection,
  };
}

/** A deep copy (jobs go to IndexedDB and to React as snapshots). */
export const copyJob = (j: DownloadJob): DownloadJob => ({
  ...j,
  vehicles: j.vehicles.map((v) => ({ ...v })),
  rejected: [...j.rejected],
});

export function jobTotals(job: DownloadJob): DownloadProgress {
  const sum = { ...EMPTY_PROGRESS };
  for (const v of job.vehicles) {
    sum.daysTotal += v.progress.daysTotal;
    sum.daysDone += v.progress.daysDone;
    sum.records += v.progress.records;
    sum.requests += v.progress.requests;
    sum.retries += v.progress.retries;
    sum.rejected += v.progress.rejected;
  }
  return sum;
}

/** A job read back at startup: what was running or queued runs again (its sessions died with the old page). */
export function restoredJob(job: DownloadJob): DownloadJob {
  if (job.state !== 'running' && job.state !== 'queued') return job;
  return {
    ...job,
    state: 'queued',
    vehicles: job.vehicles.map((v) => (v.state === 'running' ? { ...v, state: 'queued' } : v)),
  };
}

/**
 * Scheduling: the vehicles to start now, oldest job first, vehicles in order,
 * so that at most `max` sessions run. `running` holds the taskKeys of sessions running.
 */
export function vehiclesToStart(
  jobs: Iterable<DownloadJob>,
  running: ReadonlySet<string>,
  max = MAX_SESSIONS,
): { jobId: string; vehicleId: string }[] {
  const order = [...jobs]
    .filter((j) => j.state === 'queued' || j.state === 'running')
    .sort((a, b) => a.createdAt - b.createdAt);
  const out: { jobId: string; vehicleId: string }[] = [];
  let busy = running.size;
  for (const job of order) {
    for (const v of job.vehicles) {
      if (busy >= max) return out;
      if (v.state !== 'queued' || running.has(taskKey(job.id, v.vehicleId))) continue;
      out.push({ jobId: job.id, vehicleId: v.vehicleId });
      busy++;
    }
  }
  return out;
}

/** The job's state once a vehicle session ended: still going, or done / failed / cancelled (stamped `now`). */
export function settledJob(job: DownloadJob, now: number): DownloadJob {
  if (job.state === 'paused' || job.state === 'cancelled') return job;
  const states = job.vehicles.map((v) => v.state);
  if (states.some((s) => s === 'running' || s === 'queued'))
    return { ...job, state: states.some((s) => s === 'running') ? 'running' : 'queued' };
  const state: JobState = states.some((s) => s === 'failed')
    ? 'failed'
    : states.every((s) => s === 'cancelled')
      ? 'cancelled'
      : 'done';
  return { ...job, state, finishedAt: now };
}

/** A session's counts on top of what the vehicle had before it (a resumed vehicle keeps its earlier figures). */
export function cumulative(v: JobVehicle, session: DownloadProgress): DownloadProgress {
  const base = v.base ?? EMPTY_PROGRESS;
  return {
    daysTotal: v.progress.daysTotal,
    daysDone: Math.min(v.progress.daysTotal, (v.skippedDays ?? 0) + session.daysDone),
    records: base.records + session.records,
    requests: base.requests + session.requests,
    retries: base.retries + session.retries,
    rejected: base.rejected + session.rejected,
  };
}

/** A vehicle as its session starts, `completeDays` already stored (skipped, counted done). */
export function startedVehicle(v: JobVehicle, completeDays: number): JobVehicle {
  return {
    ...v,
    skippedDays: completeDays,
    base: { ...v.progress },
    progress: { ...v.progress, daysDone: Math.min(v.progress.daysTotal, completeDays) },
  };
}

/** A progress, done or failed event applied to its vehicle: its new progress, and the outcome when the session ended. */
export function applyProgressEvent(
  v: JobVehicle,
  e: Exclude<DownloadEvent, { type: 'day' }>,
): { progress: DownloadProgress; outcome: VehicleOutcome | null } {
  const progress = cumulative(v, e.progress);
  if (e.type === 'progress') return { progress, outcome: null };
  if (e.type === 'done')
    return { progress: { ...progress, daysDone: progress.daysTotal }, outcome: { state: 'done', failure: null } };
  return { progress, outcome: { state: e.failure.kind === 'cancelled' ? 'cancelled' : 'failed', failure: e.failure } };
}

/** The job's kept rejection reasons after a stored day, at most MAX_REJECTED_KEPT, each naming vehicle and day. */
export function keptRejections(
  job: DownloadJob,
  vehicleNumber: string,
  e: Extract<DownloadEvent, { type: 'day' }>,
): DownloadJob['rejected'] {
  const room = MAX_REJECTED_KEPT - job.rejected.length;
  if (e.rejected.length === 0 || room <= 0) return job.rejected;
  return [
    ...job.rejected,
    ...e.rejected.slice(0, room).map((r) => ({ ...r, reason: `${vehicleNumber} ${e.chunk.day}: ${r.reason}` })),
  ];
}

/** The state a person's stop puts a job in, and so each vehicle stopped for it while the job stays so. */
const HELD_BY = { pause: 'paused', cancel: 'cancelled' } as const satisfies Partial<Record<StopReason, JobState>>;

/** How a vehicle ends once its session stopped, given why it was asked to stop (if it was) and the job's state then. */
export function endedVehicle(
  stop: StopReason | null,
  outcome: VehicleOutcome,
  job: Pick<DownloadJob, 'state' | 'failure'>,
): VehicleOutcome & { state: JobState } {
  if (stop === 'pause' || stop === 'cancel') {
    // Resumed while it wound down (the job has left the stop's state): it runs again.
    const held = HELD_BY[stop];
    return { state: outcome.state === 'done' ? 'done' : job.state === held ? held : 'queued', failure: null };
  }
  if (stop === 'quota' && outcome.state !== 'done' && job.failure) return { state: 'failed', failure: job.failure };
  return outcome;
}

export function pausedJob(job: DownloadJob): DownloadJob | null {
  if (job.state !== 'running' && job.state !== 'queued') return null;
  return {
    ...job,
    state: 'paused',
    vehicles: job.vehicles.map((v) => (v.state === 'queued' ? { ...v, state: 'paused' } : v)),
  };
}

/** `running`: taskKeys of sessions still winding down (they requeue themselves when they end). */
export function resumedJob(job: DownloadJob, running: ReadonlySet<string>): DownloadJob | null {
  if (job.state !== 'paused' && job.state !== 'failed' && job.state !== 'cancelled') return null;
  const vehicles = job.vehicles.map((v) =>
    v.state !== 'done' && !running.has(taskKey(job.id, v.vehicleId)) ? { ...v, state: 'queued' as const } : v,
  );
  return { ...job, state: 'queued', failure: null, finishedAt: null, vehicles };
}

export function cancelledJob(job: DownloadJob, now: number): DownloadJob | null {
  if (job.state === 'done' || job.state === 'cancelled') return null;
  return {
    ...job,
    state: 'cancelled',
    finishedAt: now,
    vehicles: job.vehicles.map((v) =>
      v.state === 'queued' || v.state === 'paused' ? { ...v, state: 'cancelled' } : v,
    ),
  };
}

/**
 * Disk-full policy: a full disk stops every job that is running or queued
 * (their vehicles would fail the same way): the job carries the failure, its
 * queued vehicles fail with it, and its running ones are stopped by the manager.
 */
export function stoppedForQuota(job: DownloadJob, failure: StoreFailure): DownloadJob | null {
  if (job.state !== 'running' && job.state !== 'queued') return null;
  return {
    ...job,
    failure,
    vehicles: job.vehicles.map((v) => (v.state === 'queued' ? { ...v, state: 'failed', failure } : v)),
  };
}

/** Only the person removes a job, and only one that is not running or queued. */
export const removable = (job: DownloadJob): boolean => job.state !== 'running' && job.state !== 'queued';
