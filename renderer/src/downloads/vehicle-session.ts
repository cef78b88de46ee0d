import { StoreError, type StoreFailure } from '../store/errors.ts';
import type { DownloadEvent } from '../../../shared/ipc/contract.ts';
import type { DownloadJob, JobVehicle } from '../store/types.ts';
import type { DownloadManagerDeps } from './download-manager.ts';
import * as S from './job-state.ts';
import { failureOf, pollWithRetry } from './poll.ts';

/** A running vehicle session, and why it was asked to stop (if it was). */
export interface Task {
  sessionId: string | null;
  stop: S.StopReason | null;
}

/** What a session needs of its manager: the I/O, and the jobs (read and replaced by id, never held). */
export interface SessionHost extends Pick<DownloadManagerDeps, 'api' | 'writer' | 'reads' | 'now'> {
  sleep: (ms: number) => Promise<void>;
  job(id: string): DownloadJob | undefined;
  setJob(next: DownloadJob): void;
  vehicle(jobId: string, vehicleId: string): JobVehicle | undefined;
  setVehicle(jobId: string, vehicleId: string, change: (v: JobVehicle) => JobVehicle): void;
  persist(jobId: string): Promise<void>;
  /** Progress arrived: meter it and tell the screens. */
  tick(jobId: string): void;
  emit(): void;
  stopForQuota(failure: StoreFailure): void;
}

/** One vehicle of a job: a backend session from start to end, every finished day stored before it is acknowledged. */
export async function runVehicle(host: SessionHost, jobId: string, vehicleId: string, task: Task): Promise<void> {
  host.setVehicle(jobId, vehicleId, (v) => ({ ...v, state: 'running', failure: null }));
  const starting = host.job(jobId);
  if (!starting) return;
  host.setJob({ ...starting, state: 'running', startedAt: starting.startedAt ?? host.now() });
  host.emit();
  void host.persist(jobId);

  let outcome: S.VehicleOutcome = { state: 'failed', failure: null };
  try {
    const { from, to, carrierId } = starting;
    const complete = await host.reads.completeDaysOf(carrierId, vehicleId, from, to);
    host.setVehicle(jobId, vehicleId, (v) => S.startedVehicle(v, complete.length));
    if (task.stop) return;
    const sessionId = await host.api.downloads.start({ carrierId, vehicleId, from, to, completeDays: complete });
    task.sessionId = sessionId;
    if (task.stop) void host.api.downloads.cancel(sessionId);
    outcome = await pullDays(host, starting, vehicleId, sessionId, task);
  } catch (err) {
    if (err instanceof StoreError) {
      outcome = { state: 'failed', failure: err.failure };
      if (err.failure.kind === 'quota') host.stopForQuota(err.failure);
    } else outcome = { state: 'failed', failure: failureOf(err) };
  } finally {
    const j = host.job(jobId);
    const ended = j ? S.endedVehicle(task.stop, outcome, j) : outcome;
    host.setVehicle(jobId, vehicleId, (v) => ({
      ...v,
      state: ended.state,
      failure: task.stop === 'pause' || task.stop === 'cancel' ? v.failure : ended.failure,
    }));
  }
}

type DayEvent = Extract<DownloadEvent, { type: 'day' }>;

/** Writes a poll's days in one transaction and keeps the job's first rejected records. */
async function storeDays(
  host: SessionHost,
  job: DownloadJob,
  vehicleId: string,
  days: readonly DayEvent[],
): Promise<void> {
  await host.writer.putDays(
    days.map((e) => ({ carrierId: job.carrierId, chunk: e.chunk, complete: e.complete, rejected: e.rejected })),
    { move: true },
  );
  const j = host.job(job.id);
  const number = host.vehicle(job.id, vehicleId)?.vehicleNumber ?? '';
  if (j)
    host.setJob({
      ...j,
      rejected: days.reduce((kept, e) => S.keptRejections({ ...j, rejected: kept }, number, e), j.rejected),
    });
  void host.persist(job.id);
}

/** Polls the session to its end: stores each new day, then acknowledges it; applies progress. The session's outcome. */
async function pullDays(
  host: SessionHost,
  job: DownloadJob,
  vehicleId: string,
  sessionId: string,
  task: Task,
): Promise<S.VehicleOutcome> {
  let outcome: S.VehicleOutcome = { state: 'failed', failure: null };
  let ack = 0;
  for (;;) {
    const { events, finished } = await pollWithRetry(() => host.api.downloads.poll(sessionId, ack), host.sleep);
    // The days this poll brought are stored together, in one transaction (their arrays move to the store worker), then acknowledged.
    const days = events.filter((e): e is DayEvent => e.type === 'day' && e.seq > ack);
    if (days.length > 0 && task.stop !== 'quota') await storeDays(host, job, vehicleId, days);
    if (days.length > 0) ack = days[days.length - 1]!.seq;
    for (const e of events) {
      if (e.type === 'day') continue;
      const v = host.vehicle(job.id, vehicleId);
      if (!v) continue; // the job was removed while its session wound down
      const applied = S.applyProgressEvent(v, e);
      host.setVehicle(job.id, vehicleId, (x) => ({ ...x, progress: applied.progress }));
      host.tick(job.id);
      if (applied.outcome) outcome = applied.outcome;
    }
    if (finished || task.stop === 'quota') return outcome;
  }
}
