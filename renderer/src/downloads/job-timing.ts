import type { DownloadJob } from '../store/types.ts';
import { formatDuration } from '../../../shared/util/duration.ts';
import { formatCount } from './format.ts';

export interface JobTiming {
  /** "Rate" or "Avg. rate". */
  rateLabel: string;
  rate: string;
  /** "ETA" while running, "Elapsed" once finished. */
  timeLabel: string;
  time: string;
}

const FINISHED = new Set(['done', 'failed', 'cancelled']);

/**
 * What the job card shows about speed: the live windowed rate and ETA while a
 * job runs; for a finished one the average over its whole run (pauses included,
 * as the person waited through them) and how long it took.
 */
export function jobTiming(
  job: DownloadJob,
  records: number,
  live: { recordsPerSec: number | null; etaSeconds: number | null },
  now: number,
): JobTiming {
  if (FINISHED.has(job.state) && job.startedAt !== null && job.finishedAt !== null) {
    const secs = Math.max(0.001, (job.finishedAt - job.startedAt) / 1000);
    return {
      rateLabel: 'Avg. rate',
      rate: `${formatCount(Math.round(records / secs))} records/s`,
      timeLabel: 'Elapsed',
      time: formatDuration(secs, 'fine'),
    };
  }
  if (job.state === 'running' || job.state === 'queued') {
    return {
      rateLabel: 'Rate',
      rate: live.recordsPerSec !== null ? `${formatCount(Math.round(live.recordsPerSec))} records/s` : 'measuring…',
      timeLabel: 'ETA',
      time:
        live.etaSeconds !== null
          ? formatDuration(live.etaSeconds, 'fine')
          : job.startedAt !== null
            ? `${formatDuration((now - job.startedAt) / 1000, 'fine')} so far`
            : 'waiting…',
    };
  }
  // Paused: no rate to show, only how long it has run.
  return {
    rateLabel: 'Rate',
    rate: 'paused',
    timeLabel: 'Elapsed',
    time: job.startedAt !== null ? formatDuration(((job.finishedAt ?? now) - job.startedAt) / 1000, 'fine') : '—',
  };
}
