import type { RouteLensApi } from '../../../shared/ipc/contract.ts';
import { errorText } from '../../../shared/util/error-text.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import { StoreError, type StoreFailure } from '../store/errors.ts';
import type { DownloadJob, JobVehicle } from '../store/types.ts';
import type { StoreWriter } from '../store/writer.ts';
import * as S from './job-state.ts';
import { RateMeter } from './rate.ts';
import { runVehicle, type SessionHost, type Task } from './vehicle-session.ts';

/**
 * The download manager: turns jobs (carrier × vehicles × range) into backend
 * sessions, one per vehicle and at most MAX_SESSIONS at once, pulls finished
 * days and hands each to the store worker. A day's seq is acknowledged only
 * after its transaction committed, so a crash re-delivers rather than loses.
 * Every state change is a pure function of job-state.ts; this file does the I/O.
 */
export interface DownloadManagerDeps {
  api: Pick<RouteLensApi, 'downloads'>;
  writer: Pick<StoreWriter, 'putDays' | 'putJob' | 'deleteJob' | 'retryWrites'>;
  reads: {
    /** The carrier's vehicle's days stored complete: another carrier's vehicle of the same id has its own. */
    completeDaysOf(carrierId: string, vehicleId: string, from: UtcDay, to: UtcDay): Promise<UtcDay[]>;
    /** The jobs stored by an earlier run. */
    jobs(): Promise<DownloadJob[]>;
  };
  now: () => number;
  newId?: () => string;
  /** Waits between retries of a poll the network dropped (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

export interface DownloadManager {
  /** Reads the stored jobs and resumes the running and queued ones (once). */
  start(): Promise<void>;
  createJob(input: S.NewJob): Promise<string>;
  pauseJob(jobId: string): void;
  resumeJob(jobId: string): void;
  cancelJob(jobId: string): void;
  /** Removes a finished job from the list (its downloaded days stay stored). */
  removeJob(jobId: string): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** The jobs, newest first, as copies (a new array after each change). */
  snapshot(): DownloadJob[];
  ready(): boolean;
  /** The last store failure (quota), for a banner that survives the job list. */
  lastStoreFailure(): StoreFailure | null;
  jobRate(jobId: string): { recordsPerSec: number | null; etaSeconds: number | null };
  /** The page goes away: its aborted fetches are no failures, the jobs stay 'running' to resume, the sessions are cancelled. */
  unload(): void;
}

export function createDownloadManager(deps: DownloadManagerDeps): DownloadManager {
  const { api, writer, reads, now } = deps;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const jobs = new Map<string, DownloadJob>();
  const tasks = new Map<string, Task>();
  const meters = new Map<string, RateMeter>();
  const listeners = new Set<() => void>();
  let snapshot: DownloadJob[] = [];
  let started = false;
  let ready = false;
  let storeFailure: StoreFailure | null = null;
  let unloading = false;

  function emit(): void {
    snapshot = [...jobs.values()].sort((a, b) => b.createdAt - a.createdAt).map(S.copyJob);
    for (const l of listeners) l();
  }

  const job = (id: string): DownloadJob | undefined => jobs.get(id);
  const setJob = (next: DownloadJob): void => void jobs.set(next.id, next);
  const vehicle = (jobId: string, vehicleId: string): JobVehicle | undefined =>
    jobs.get(jobId)?.vehicles.find((v) => v.vehicleId === vehicleId);
  function setVehicle(jobId: string, vehicleId: string, change: (v: JobVehicle) => JobVehicle): void {
    const j = jobs.get(jobId);
    if (j) setJob({ ...j, vehicles: j.vehicles.map((v) => (v.vehicleId === vehicleId ? change(v) : v)) });
  }

  async function persist(jobId: string): Promise<void> {
    const j = jobs.get(jobId);
    if (unloading || !j) return;
    try {
      await writer.putJob(S.copyJob(j));
    } catch (err) {
      // The job list still works in memory. A full disk stops every download: once the
      // store refuses writes (store/worker.ts), carrying on could only lose data.
      if (err instanceof StoreError && err.failure.kind === 'quota') stopForQuota(err.failure);
    }
  }

  const host: SessionHost = {
    api,
    writer,
    reads,
    now,
    sleep,
    job,
    setJob,
    vehicle,
    setVehicle,
    persist,
    tick,
    emit,
    stopForQuota: (f) => stopForQuota(f),
  };

  function schedule(): void {
    if (!ready) return;
    for (const { jobId, vehicleId } of S.vehiclesToStart(jobs.values(), new Set(tasks.keys()))) {
      const key = S.taskKey(jobId, vehicleId);
      const task: Task = { sessionId: null, stop: null };
      tasks.set(key, task);
      void runVehicle(host, jobId, vehicleId, task).finally(() => {
        tasks.delete(key);
        if (unloading) return;
        const j = jobs.get(jobId);
        if (!j) return;
        const settled = S.settledJob(j, now());
        setJob(settled);
        if (settled !== j && settled.state !== 'running' && settled.state !== 'queued') meters.get(jobId)?.reset();
        void persist(jobId);
        emit();
        schedule();
      });
    }
  }

  function tick(jobId: string): void {
    let meter = meters.get(jobId);
    if (!meter) meters.set(jobId, (meter = new RateMeter()));
    const j = jobs.get(jobId);
    if (!j) return;
    const t = S.jobTotals(j);
    meter.add({ at: now(), records: t.records, days: t.daysDone });
    emit();
  }

  function stopTasks(jobId: string, why: S.StopReason): void {
    for (const v of job(jobId)?.vehicles ?? []) {
      const task = tasks.get(S.taskKey(jobId, v.vehicleId));
      if (!task) continue;
      task.stop = why;
      if (task.sessionId) void api.downloads.cancel(task.sessionId).catch(() => undefined);
    }
  }

  function stopForQuota(failure: StoreFailure): void {
    storeFailure = failure;
    for (const j of [...jobs.values()]) {
      const stopped = S.stoppedForQuota(j, failure);
      if (!stopped) continue;
      setJob(stopped);
      stopTasks(j.id, 'quota');
    }
    emit();
  }

  /** A start or resume is the person's retry after freeing space: the store worker writes again. */
  function clearStoreFailure(): void {
    // Always sent: a write outside the downloads (rosters, deletes) may have put the worker in that state too.
    void writer.retryWrites().catch(() => undefined);
    storeFailure = null;
  }

  /** Applies a pure change to a job when it allows it; true when it did. */
  function change(jobId: string, next: (j: DownloadJob) => DownloadJob | null): boolean {
    const j = job(jobId);
    const n = j ? next(j) : null;
    if (!n) return false;
    setJob(n);
    return true;
  }

  return {
    async start() {
      if (started) return;
      started = true;
      try {
        for (const stored of await reads.jobs()) setJob(S.restoredJob(stored));
      } catch (err) {
        storeFailure = { kind: 'store', message: `Could not read the download jobs: ${errorText(err)}` };
      }
      ready = true;
      emit();
      schedule();
    },
    async createJob(input) {
      const j = S.newJob(input, newId(), now());
      setJob(j);
      clearStoreFailure();
      await persist(j.id);
      emit();
      schedule();
      return j.id;
    },
    pauseJob(jobId) {
      if (!change(jobId, S.pausedJob)) return;
      stopTasks(jobId, 'pause');
      void persist(jobId);
      emit();
    },
    resumeJob(jobId) {
      if (!change(jobId, (j) => S.resumedJob(j, new Set(tasks.keys())))) return;
      clearStoreFailure();
      void persist(jobId);
      emit();
      schedule();
    },
    cancelJob(jobId) {
      if (!change(jobId, (j) => S.cancelledJob(j, now()))) return;
      stopTasks(jobId, 'cancel');
      void persist(jobId);
      emit();
    },
    async removeJob(jobId) {
      const j = job(jobId);
      if (!j || !S.removable(j)) return;
      jobs.delete(jobId);
      meters.delete(jobId);
      emit();
      await writer.deleteJob(jobId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => snapshot,
    ready: () => ready,
    lastStoreFailure: () => storeFailure,
    jobRate(jobId) {
      const j = job(jobId);
      const meter = meters.get(jobId);
      if (!j || !meter || j.state !== 'running') return { recordsPerSec: null, etaSeconds: null };
      const t = S.jobTotals(j);
      return { recordsPerSec: meter.recordsPerSec(), etaSeconds: meter.etaSeconds(t.daysTotal - t.daysDone) };
    },
    unload() {
      unloading = true;
      for (const t of tasks.values()) if (t.sessionId) void api.downloads.cancel(t.sessionId).catch(() => undefined);
    },
  };
}
