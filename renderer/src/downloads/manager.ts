import type { Failure } from '../../../shared/domain/carrier.ts';
import type { DownloadEvent, DownloadPoll, DownloadProgress } from '../../../shared/ipc/contract.ts';
import { daysBetween, type UtcDay } from '../../../shared/util/day.ts';
import { api } from '../bridge/api.ts';
import { getDb } from '../store/db.ts';
import { StoreError, type StoreFailure } from '../store/errors.ts';
import { requestPersistentStorage } from '../store/persist.ts';
import { completeDaysOf } from '../store/reads.ts';
import type { DownloadJob, JobState, JobVehicle } from '../store/types.ts';
import { writer } from '../store/writer.ts';
import { RateMeter } from './rate.ts';

/**
 * The download manager: turns jobs (carrier × vehicles × range) into backend
 * sessions, one per vehicle and at most MAX_SESSIONS at once, pulls finished
 * days and hands each to the store worker. A day's seq is acknowledged only
 * after its transaction committed, so a crash re-delivers rather than loses.
 */
export const MAX_SESSIONS = 3;
/** Enough reasons to see the pattern; the counts stay exact in progress.rejected. */
const MAX_REJECTED_KEPT = 500;

export interface NewJob {
  carrierId: string;
  carrierLabel: string;
  vehicles: { vehicleId: string; vehicleNumber: string }[];
  from: UtcDay;
  to: UtcDay;
  selection: 'some' | 'all' | 'active';
}

interface Task {
  jobId: string;
  vehicleId: string;
  sessionId: string | null;
  stop: 'pause' | 'cancel' | 'quota' | null;
}

const EMPTY: DownloadProgress = { daysTotal: 0, daysDone: 0, records: 0, requests: 0, retries: 0, rejected: 0 };

const jobs = new Map<string, DownloadJob>();
const tasks = new Map<string, Task>();
const meters = new Map<string, RateMeter>();
const listeners = new Set<() => void>();
let snapshot: DownloadJob[] = [];
let started = false;
let ready = false;
let storeFailure: StoreFailure | null = null;
/** Set while the page goes away: its aborted fetches are no failures, and the job must stay 'running' to resume. */
let unloading = false;

const taskKey = (jobId: string, vehicleId: string) => `${jobId}/${vehicleId}`;

function emit(): void {
  snapshot = [...jobs.values()].sort((a, b) => b.createdAt - a.createdAt).map((j) => ({ ...j, vehicles: j.vehicles.map((v) => ({ ...v })) }));
  for (const l of listeners) l();
}

export function subscribeJobs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getJobsSnapshot = (): DownloadJob[] => snapshot;
export const managerReady = (): boolean => ready;
/** The last store failure (quota), for a banner that survives the job list. */
export const lastStoreFailure = (): StoreFailure | null => storeFailure;

export function jobRate(jobId: string): { recordsPerSec: number | null; etaSeconds: number | null } {
  const job = jobs.get(jobId);
  const meter = meters.get(jobId);
  if (!job || !meter || job.state !== 'running') return { recordsPerSec: null, etaSeconds: null };
  const t = jobTotals(job);
  return { recordsPerSec: meter.recordsPerSec(), etaSeconds: meter.etaSeconds(t.daysTotal - t.daysDone) };
}

export function jobTotals(job: DownloadJob): DownloadProgress {
  const sum = { ...EMPTY };
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

async function persist(job: DownloadJob): Promise<void> {
  if (unloading) return;
  try {
    await writer.putJob(structuredClone(job));
  } catch (err) {
    // The job list still works in memory. A full disk stops every download: once the
    // store refuses writes (store/worker.ts), carrying on could only lose data.
    if (err instanceof StoreError && err.failure.kind === 'quota') stopForQuota(err.failure);
  }
}

function settleJob(job: DownloadJob): void {
  if (job.state === 'paused' || job.state === 'cancelled') return;
  const states = job.vehicles.map((v) => v.state);
  if (states.some((s) => s === 'running' || s === 'queued')) {
    job.state = states.some((s) => s === 'running') ? 'running' : 'queued';
    return;
  }
  job.state = states.some((s) => s === 'failed') ? 'failed' : states.every((s) => s === 'cancelled') ? 'cancelled' : 'done';
  job.finishedAt = Date.now();
  meters.get(job.id)?.reset();
}

function schedule(): void {
  if (!ready) return;
  const order = [...jobs.values()].filter((j) => j.state === 'queued' || j.state === 'running').sort((a, b) => a.createdAt - b.createdAt);
  for (const job of order) {
    for (const v of job.vehicles) {
      if (tasks.size >= MAX_SESSIONS) return;
      if (v.state !== 'queued' || tasks.has(taskKey(job.id, v.vehicleId))) continue;
      const task: Task = { jobId: job.id, vehicleId: v.vehicleId, sessionId: null, stop: null };
      tasks.set(taskKey(job.id, v.vehicleId), task);
      void runVehicle(job, v, task).finally(() => {
        tasks.delete(taskKey(job.id, v.vehicleId));
        if (unloading) return;
        settleJob(job);
        void persist(job);
        emit();
        schedule();
      });
    }
  }
}

function failureOf(err: unknown): Failure {
  const e = err as { kind?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return { kind: e?.kind === 'cancelled' ? 'cancelled' : 'unreachable', message: `The download stopped: ${message}` };
}

function cumulative(v: JobVehicle, session: DownloadProgress): DownloadProgress {
  const base = v.base ?? EMPTY;
  return {
    daysTotal: v.progress.daysTotal,
    daysDone: Math.min(v.progress.daysTotal, (v.skippedDays ?? 0) + session.daysDone),
    records: base.records + session.records,
    requests: base.requests + session.requests,
    retries: base.retries + session.retries,
    rejected: base.rejected + session.rejected,
  };
}

async function runVehicle(job: DownloadJob, v: JobVehicle, task: Task): Promise<void> {
  if (!api) {
    v.state = 'failed';
    v.failure = { kind: 'other', message: 'The RouteLens bridge is not available in this window.' };
    return;
  }
  v.state = 'running';
  v.failure = null;
  job.state = 'running';
  job.startedAt ??= Date.now();
  emit();
  void persist(job);

  let outcome: { state: JobState; failure: Failure | StoreFailure | null } = { state: 'failed', failure: null };
  try {
    const complete = await completeDaysOf(v.vehicleId, job.from, job.to);
    v.skippedDays = complete.length;
    v.base = { ...v.progress };
    v.progress = { ...v.progress, daysDone: Math.min(v.progress.daysTotal, complete.length) };
    if (task.stop) return;
    const sessionId = await api.downloads.start({ carrierId: job.carrierId, vehicleId: v.vehicleId, from: job.from, to: job.to, completeDays: complete });
    task.sessionId = sessionId;
    if (task.stop) void api.downloads.cancel(sessionId);
    let ack = 0;
    const downloads = api.downloads;
    for (;;) {
      const { events, finished } = await pollWithRetry(() => downloads.poll(sessionId, ack));
      // The days this poll brought are stored together, in one transaction.
      const days = events.filter((e): e is DayEvent => e.type === 'day' && e.seq > ack);
      if (days.length > 0 && task.stop !== 'quota') {
        await storeDays(job, v, days);
        ack = days[days.length - 1]!.seq;
      }
      for (const e of events) {
        if (e.type === 'day') continue;
        const end = await handleEvent(job, v, e);
        if (end) outcome = end;
      }
      if (finished) break;
      if (task.stop === 'quota') break;
    }
  } catch (err) {
    if (err instanceof StoreError) {
      outcome = { state: 'failed', failure: err.failure };
      if (err.failure.kind === 'quota') stopForQuota(err.failure);
    } else outcome = { state: 'failed', failure: failureOf(err) };
  } finally {
    if (task.stop === 'pause') {
      // Resumed while this session was still winding down: run it again.
      v.state = outcome.state === 'done' ? 'done' : (job.state as JobState) === 'paused' ? 'paused' : 'queued';
    } else if (task.stop === 'cancel') {
      v.state = outcome.state === 'done' ? 'done' : 'cancelled';
    } else if (task.stop === 'quota' && outcome.state !== 'done' && job.failure) {
      v.state = 'failed';
      v.failure = job.failure;
    } else {
      v.state = outcome.state;
      v.failure = outcome.failure;
    }
  }
}

type DayEvent = Extract<DownloadEvent, { type: 'day' }>;

/** Writes the days (their arrays move to the store worker) and keeps the first rejected records for the job. */
async function storeDays(job: DownloadJob, v: JobVehicle, days: readonly DayEvent[]): Promise<void> {
  await writer.putDays(days.map((e) => ({ carrierId: job.carrierId, chunk: e.chunk, complete: e.complete, rejected: e.rejected })), { move: true });
  for (const e of days) {
    if (e.rejected.length > 0 && job.rejected.length < MAX_REJECTED_KEPT) {
      const room = MAX_REJECTED_KEPT - job.rejected.length;
      job.rejected.push(...e.rejected.slice(0, room).map((r) => ({ ...r, reason: `${v.vehicleNumber} ${e.chunk.day}: ${r.reason}` })));
    }
  }
  void persist(job);
}

async function handleEvent(job: DownloadJob, v: JobVehicle, e: DownloadEvent): Promise<{ state: JobState; failure: Failure | null } | null> {
  switch (e.type) {
    case 'day':
      return null;
    case 'progress':
      v.progress = cumulative(v, e.progress);
      tick(job);
      return null;
    case 'done':
      v.progress = cumulative(v, e.progress);
      v.progress.daysDone = v.progress.daysTotal;
      tick(job);
      return { state: 'done', failure: null };
    case 'failed':
      v.progress = cumulative(v, e.progress);
      tick(job);
      return { state: e.failure.kind === 'cancelled' ? 'cancelled' : 'failed', failure: e.failure };
  }
}

function tick(job: DownloadJob): void {
  let meter = meters.get(job.id);
  if (!meter) meters.set(job.id, (meter = new RateMeter()));
  const t = jobTotals(job);
  meter.add({ at: Date.now(), records: t.records, days: t.daysDone });
  emit();
}

/** A start or resume is the person's retry after freeing space: the store worker writes again. */
function clearStoreFailure(): void {
  // Always sent: a write outside the downloads (rosters, deletes) may have put the worker in that state too.
  void writer.retryWrites().catch(() => undefined);
  storeFailure = null;
}

/** A full disk stops every job that is running or queued: their vehicles would fail the same way. */
function stopForQuota(failure: StoreFailure): void {
  storeFailure = failure;
  for (const job of jobs.values()) {
    if (job.state === 'running' || job.state === 'queued') stopJobForQuota(job, failure);
  }
  emit();
}

function stopJobForQuota(job: DownloadJob, failure: StoreFailure): void {
  job.failure = failure;
  for (const v of job.vehicles) {
    const task = tasks.get(taskKey(job.id, v.vehicleId));
    if (task) {
      task.stop = 'quota';
      if (task.sessionId) void api?.downloads.cancel(task.sessionId).catch(() => undefined);
    }
    if (v.state === 'queued') {
      v.state = 'failed';
      v.failure = failure;
    }
  }
}

function stopTasks(job: DownloadJob, why: 'pause' | 'cancel'): void {
  for (const v of job.vehicles) {
    const task = tasks.get(taskKey(job.id, v.vehicleId));
    if (task) {
      task.stop = why;
      if (task.sessionId) void api?.downloads.cancel(task.sessionId).catch(() => undefined);
    }
  }
}

export async function createJob(input: NewJob): Promise<string> {
  const id = crypto.randomUUID();
  const daysTotal = daysBetween(input.from, input.to).length;
  const job: DownloadJob = {
    id,
    carrierId: input.carrierId,
    carrierLabel: input.carrierLabel,
    from: input.from,
    to: input.to,
    createdAt: Date.now(),
    state: 'queued',
    vehicles: input.vehicles.map((v) => ({ vehicleId: v.vehicleId, vehicleNumber: v.vehicleNumber, state: 'queued', progress: { ...EMPTY, daysTotal }, failure: null })),
    rejected: [],
    startedAt: null,
    finishedAt: null,
    failure: null,
    selection: input.selection,
  };
  jobs.set(id, job);
  clearStoreFailure();
  await persist(job);
  emit();
  schedule();
  return id;
}

export function pauseJob(jobId: string): void {
  const job = jobs.get(jobId);
  if (!job || (job.state !== 'running' && job.state !== 'queued')) return;
  job.state = 'paused';
  for (const v of job.vehicles) if (v.state === 'queued') v.state = 'paused';
  stopTasks(job, 'pause');
  void persist(job);
  emit();
}

export function resumeJob(jobId: string): void {
  const job = jobs.get(jobId);
  if (!job || (job.state !== 'paused' && job.state !== 'failed' && job.state !== 'cancelled')) return;
  job.state = 'queued';
  job.failure = null;
  job.finishedAt = null;
  clearStoreFailure();
  for (const v of job.vehicles) if (v.state !== 'done' && !tasks.has(taskKey(job.id, v.vehicleId))) v.state = 'queued';
  void persist(job);
  emit();
  schedule();
}

export function cancelJob(jobId: string): void {
  const job = jobs.get(jobId);
  if (!job || job.state === 'done' || job.state === 'cancelled') return;
  job.state = 'cancelled';
  job.finishedAt = Date.now();
  for (const v of job.vehicles) if (v.state === 'queued' || v.state === 'paused') v.state = 'cancelled';
  stopTasks(job, 'cancel');
  void persist(job);
  emit();
}

/** Removes a finished job from the list (its downloaded days stay stored). */
export async function removeJob(jobId: string): Promise<void> {
  const job = jobs.get(jobId);
  if (!job || job.state === 'running' || job.state === 'queued') return;
  jobs.delete(jobId);
  meters.delete(jobId);
  emit();
  await writer.deleteJob(jobId);
}

/**
 * Called once at startup: asks for persistent storage and resumes every job
 * that was queued or running when the app stopped. Its backend sessions died
 * with the old page or process, so each vehicle starts a new one, and the
 * coverage table makes it skip the days already stored.
 */
export function startDownloadManager(): void {
  if (started) return;
  started = true;
  void requestPersistentStorage();
  // Sessions of a closing page would otherwise run on in the backend until they idle out.
  const leaving = () => {
    unloading = true;
    for (const t of tasks.values()) if (t.sessionId) void api?.downloads.cancel(t.sessionId).catch(() => undefined);
  };
  addEventListener('pagehide', leaving);
  void (async () => {
    try {
      for (const job of await getDb().jobs.toArray()) {
        if (job.state === 'running' || job.state === 'queued') {
          job.state = 'queued';
          for (const v of job.vehicles) if (v.state === 'running') v.state = 'queued';
        }
        jobs.set(job.id, job);
      }
    } catch (err) {
      storeFailure = { kind: 'store', message: `Could not read the download jobs: ${err instanceof Error ? err.message : String(err)}` };
    }
    ready = true;
    emit();
    schedule();
  })();
}

/**
 * A poll is idempotent (the same ackSeq returns the same events), so a
 * transient network failure of the bridge — e.g. a keep-alive socket the
 * server closed just as the browser reused it, which fetch reports as
 * "Failed to fetch" and never retries for a POST — is retried a few times
 * before the download is declared stopped.
 */
async function pollWithRetry(poll: () => Promise<DownloadPoll>, attempts = 4): Promise<DownloadPoll> {
  for (let i = 0; ; i++) {
    try {
      return await poll();
    } catch (err) {
      if (!(err instanceof TypeError) || i + 1 >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** i));
    }
  }
}
