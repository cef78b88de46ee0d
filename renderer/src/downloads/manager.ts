import type { RouteLensApi } from '../../../shared/ipc/contract.ts';
import { getDb } from '../store/db.ts';
import { requestPersistentStorage } from '../store/persist.ts';
import { completeDaysOf } from '../store/reads.ts';
import type { DownloadJob } from '../store/types.ts';
import { writer } from '../store/writer.ts';
import { createDownloadManager, type DownloadManager } from './download-manager.ts';
import type { NewJob } from './job-state.ts';

/**
 * The app's one download manager (download-manager.ts), wired to the bridge,
 * the store worker and IndexedDB. Created by startDownloadManager at boot.
 */
export { MAX_SESSIONS, jobTotals, type NewJob } from './job-state.ts';

let manager: DownloadManager | null = null;

function theManager(): DownloadManager {
  if (!manager) throw new Error('The download manager has not been started.');
  return manager;
}

/**
 * Called once at startup: asks for persistent storage and resumes every job
 * that was queued or running when the app stopped. Its backend sessions died
 * with the old page or process, so each vehicle starts a new one, and the
 * coverage table makes it skip the days already stored.
 */
export function startDownloadManager(api: RouteLensApi): void {
  if (manager) return;
  manager = createDownloadManager({
    api,
    writer,
    reads: { completeDaysOf, jobs: () => getDb().jobs.toArray() },
    now: Date.now,
  });
  void requestPersistentStorage();
  // Sessions of a closing page would otherwise run on in the backend until they idle out.
  const m = manager;
  addEventListener('pagehide', () => m.unload());
  void m.start();
}

const NO_JOBS: DownloadJob[] = [];
export const subscribeJobs = (listener: () => void): (() => void) =>
  manager ? manager.subscribe(listener) : () => undefined;
export const getJobsSnapshot = (): DownloadJob[] => manager?.snapshot() ?? NO_JOBS;
export const managerReady = (): boolean => manager?.ready() ?? false;
export const lastStoreFailure = () => manager?.lastStoreFailure() ?? null;
export const jobRate = (jobId: string) => manager?.jobRate(jobId) ?? { recordsPerSec: null, etaSeconds: null };
export const createJob = (input: NewJob): Promise<string> => theManager().createJob(input);
export const pauseJob = (jobId: string): void => theManager().pauseJob(jobId);
export const resumeJob = (jobId: string): void => theManager().resumeJob(jobId);
export const cancelJob = (jobId: string): void => theManager().cancelJob(jobId);
export const removeJob = (jobId: string): Promise<void> => theManager().removeJob(jobId);
