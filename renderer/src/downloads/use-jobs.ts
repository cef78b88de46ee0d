import { useSyncExternalStore } from 'react';
import type { DownloadJob } from '../store/types.ts';
import { getJobsSnapshot, subscribeJobs } from './manager.ts';

export function useDownloadJobs(): DownloadJob[] {
  return useSyncExternalStore(subscribeJobs, getJobsSnapshot);
}
