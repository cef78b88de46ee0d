import { useEffect, useState } from 'react';
import { cancelJob, jobRate, jobTotals, pauseJob, removeJob, resumeJob } from '../../downloads/manager.ts';
import { formatCount, formatDuration } from '../../downloads/format.ts';
import type { DownloadJob } from '../../store/types.ts';

const pct = (done: number, total: number) => (total > 0 ? Math.round((done * 100) / total) : 0);

export function ProgressBar({ done, total, label, testId }: { done: number; total: number; label: string; testId: string }) {
  const value = pct(done, total);
  return (
    <div role="progressbar" data-testid={testId} aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} style={{ background: '#e5e7eb', height: 10, borderRadius: 5, overflow: 'hidden' }}>
      <div style={{ width: `${value}%`, height: '100%', background: '#2563eb' }} />
    </div>
  );
}

function useTicker(active: boolean): void {
  const [, setN] = useState(0);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setN((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [active]);
}

function JobCard({ job }: { job: DownloadJob }) {
  const [showRejected, setShowRejected] = useState(false);
  const t = jobTotals(job);
  const { recordsPerSec, etaSeconds } = jobRate(job.id);
  const active = job.state === 'running' || job.state === 'queued';
  const failure = job.failure ?? (job.state === 'failed' ? (job.vehicles.find((v) => v.failure && v.state === 'failed')?.failure ?? null) : null);
  return (
    <li data-testid="dl-job" data-job-id={job.id} data-state={job.state} style={{ border: '1px solid #d1d5db', borderRadius: 6, padding: 10, listStyle: 'none' }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <strong>{job.carrierLabel}</strong>
        <span>
          {job.from} → {job.to}
        </span>
        <span>{job.vehicles.length} vehicle(s)</span>
        <span data-testid="dl-job-state">{job.state}</span>
        <span style={{ marginLeft: 'auto', display: 'flex', gap: 6 }}>
          {active && (
            <button type="button" data-testid="dl-pause" onClick={() => pauseJob(job.id)}>
              Pause
            </button>
          )}
          {(job.state === 'paused' || job.state === 'failed' || job.state === 'cancelled') && (
            <button type="button" data-testid="dl-resume" onClick={() => resumeJob(job.id)}>
              Resume
            </button>
          )}
          {(active || job.state === 'paused' || job.state === 'failed') && (
            <button type="button" data-testid="dl-cancel" onClick={() => cancelJob(job.id)}>
              Cancel
            </button>
          )}
          {!active && (
            <button type="button" data-testid="dl-remove" onClick={() => void removeJob(job.id)}>
              Remove from list
            </button>
          )}
        </span>
      </div>
      <ProgressBar testId="dl-job-progress" label={`Days downloaded for ${job.carrierLabel}`} done={t.daysDone} total={t.daysTotal} />
      <div data-testid="dl-job-stats" style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 13 }}>
        <span data-testid="dl-job-days">
          {t.daysDone}/{t.daysTotal} days
        </span>
        <span data-testid="dl-job-records">{formatCount(t.records)} records</span>
        <span>{recordsPerSec !== null ? `${formatCount(Math.round(recordsPerSec))} records/s` : '– records/s'}</span>
        <span>ETA {etaSeconds !== null ? formatDuration(etaSeconds) : '–'}</span>
        <span data-testid="dl-job-retries">{t.retries} retries</span>
        <span data-testid="dl-job-rejected">{t.rejected} rejected</span>
      </div>
      {failure && (
        <p role="alert" data-testid="dl-job-failure" data-kind={failure.kind}>
          {failure.message}
        </p>
      )}
      <details>
        <summary>Vehicles</summary>
        <ul style={{ padding: 0 }}>
          {job.vehicles.map((v) => (
            <li key={v.vehicleId} data-testid="dl-job-vehicle" data-vehicle-id={v.vehicleId} data-state={v.state} style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: '120px 1fr 200px', gap: 8, alignItems: 'center' }}>
              <span>{v.vehicleNumber}</span>
              <ProgressBar testId="dl-vehicle-progress" label={`Days downloaded for ${v.vehicleNumber}`} done={v.progress.daysDone} total={v.progress.daysTotal} />
              <span style={{ fontSize: 12 }}>
                {v.state} · {v.progress.daysDone}/{v.progress.daysTotal} · {formatCount(v.progress.records)}
                {v.failure && ` · ${v.failure.message}`}
              </span>
            </li>
          ))}
        </ul>
      </details>
      {job.rejected.length > 0 && (
        <div>
          <button type="button" data-testid="dl-rejected-toggle" aria-expanded={showRejected} onClick={() => setShowRejected((s) => !s)}>
            {showRejected ? 'Hide' : 'Show'} rejected records ({job.rejected.length})
          </button>
          {showRejected && (
            <ul data-testid="dl-rejected-list" style={{ maxHeight: 200, overflow: 'auto', fontSize: 12 }}>
              {job.rejected.map((r, i) => (
                <li key={i}>
                  {r.id ? `${r.id}: ` : ''}
                  {r.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

export function JobList({ jobs }: { jobs: DownloadJob[] }) {
  useTicker(jobs.some((j) => j.state === 'running'));
  const totals = jobs.filter((j) => j.state === 'running' || j.state === 'queued').map(jobTotals);
  const done = totals.reduce((n, t) => n + t.daysDone, 0);
  const total = totals.reduce((n, t) => n + t.daysTotal, 0);
  return (
    <div data-testid="dl-jobs">
      <h3>Jobs</h3>
      {total > 0 && (
        <div data-testid="dl-overall" style={{ marginBottom: 8 }}>
          <span>
            Overall: {done}/{total} days
          </span>
          <ProgressBar testId="dl-overall-progress" label="All running downloads" done={done} total={total} />
        </div>
      )}
      {jobs.length === 0 ? <p data-testid="dl-no-jobs">No downloads yet.</p> : <ul style={{ display: 'grid', gap: 8, padding: 0 }}>{jobs.map((j) => <JobCard key={j.id} job={j} />)}</ul>}
    </div>
  );
}
