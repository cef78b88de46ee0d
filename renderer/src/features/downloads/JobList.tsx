// Over 300 lines: a job card, its vehicle rows and the job list share their state badges and progress bars.
import { useEffect, useState } from 'react';
import { cancelJob, jobRate, jobTotals, pauseJob, removeJob, resumeJob } from '../../downloads/manager.ts';
import { formatCount } from '../../downloads/format.ts';
import { jobTiming } from '../../downloads/job-timing.ts';
import type { DownloadJob, JobState } from '../../store/types.ts';
import type { ReviewPlace } from '../layout/navigation.ts';
import { OpenInReview } from './OpenInReview.tsx';

/** Where a finished job's days open (Trip review); without, the job list has no such links. */
type OpenReview = ((place: ReviewPlace) => void) | undefined;

const pct = (done: number, total: number) => (total > 0 ? Math.round((done * 100) / total) : 0);

const STATE_LABEL: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  paused: 'Paused',
  cancelled: 'Cancelled',
  done: 'Done',
  failed: 'Failed',
};

export function StateBadge({ state, testId }: { state: JobState; testId?: string }) {
  return (
    <span className={`badge badge-job badge-job-${state}`} data-testid={testId} data-state={state}>
      {STATE_LABEL[state]}
    </span>
  );
}

export function ProgressBar({
  done,
  total,
  label,
  testId,
  state,
}: {
  done: number;
  total: number;
  label: string;
  testId: string;
  state?: JobState;
}) {
  const value = pct(done, total);
  return (
    <div
      role="progressbar"
      className={`progress${state ? ` progress-${state}` : ''}`}
      data-testid={testId}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="progress-fill" style={{ width: `${value}%` }} />
    </div>
  );
}

function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function VehicleRows({ job, onOpenReview }: { job: DownloadJob; onOpenReview: OpenReview }) {
  return (
    <div className="table-wrap table-wrap-flat">
      <table className="data-table dl-vehicle-table">
        <thead>
          <tr>
            <th scope="col">Vehicle</th>
            <th scope="col">State</th>
            <th scope="col" className="dl-progress-col">
              Progress
            </th>
            <th scope="col" className="num">
              Days
            </th>
            <th scope="col" className="num">
              Records
            </th>
            <th scope="col" className="num">
              Retries
            </th>
            <th scope="col">Note</th>
            {onOpenReview && (
              <th scope="col">
                <span className="visually-hidden">Open</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {job.vehicles.map((v) => (
            <tr key={v.vehicleId} data-testid="dl-job-vehicle" data-vehicle-id={v.vehicleId} data-state={v.state}>
              <td className="strong">{v.vehicleNumber}</td>
              <td>
                <StateBadge state={v.state} />
              </td>
              <td className="dl-progress-col">
                <ProgressBar
                  testId="dl-vehicle-progress"
                  state={v.state}
                  label={`Days downloaded for ${v.vehicleNumber}`}
                  done={v.progress.daysDone}
                  total={v.progress.daysTotal}
                />
              </td>
              <td className="num">
                {v.progress.daysDone}/{v.progress.daysTotal}
              </td>
              <td className="num">{formatCount(v.progress.records)}</td>
              <td className="num">{v.progress.retries}</td>
              <td className="dl-note">{v.failure ? v.failure.message : ''}</td>
              {onOpenReview && (
                <td className="row-actions">
                  <OpenInReview
                    job={job}
                    vehicleId={v.vehicleId}
                    onOpenReview={onOpenReview}
                    testId="dl-job-vehicle-open-review"
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JobCard({ job, now, onOpenReview }: { job: DownloadJob; now: number; onOpenReview: OpenReview }) {
  const [showVehicles, setShowVehicles] = useState(false);
  const [showRejected, setShowRejected] = useState(false);
  const t = jobTotals(job);
  const timing = jobTiming(job, t.records, jobRate(job.id), now);
  const active = job.state === 'running' || job.state === 'queued';
  const failure =
    job.failure ??
    (job.state === 'failed' ? (job.vehicles.find((v) => v.failure && v.state === 'failed')?.failure ?? null) : null);
  const vehiclesId = `dl-vehicles-${job.id}`;
  const rejectedId = `dl-rejected-${job.id}`;
  return (
    <li className="dl-job" data-testid="dl-job" data-job-id={job.id} data-state={job.state}>
      <div className="dl-job-head">
        <div className="dl-job-title">
          <strong>{job.carrierLabel}</strong>
          <StateBadge state={job.state} testId="dl-job-state" />
          <span className="muted">
            {job.from} → {job.to} · {job.vehicles.length} {job.vehicles.length === 1 ? 'vehicle' : 'vehicles'}
          </span>
        </div>
        <div className="actions">
          {onOpenReview && !active && job.state !== 'paused' && (
            <OpenInReview job={job} onOpenReview={onOpenReview} testId="dl-open-review" />
          )}
          {active && (
            <button type="button" className="btn btn-small" data-testid="dl-pause" onClick={() => pauseJob(job.id)}>
              Pause
            </button>
          )}
          {(job.state === 'paused' || job.state === 'failed' || job.state === 'cancelled') && (
            <button type="button" className="btn btn-small" data-testid="dl-resume" onClick={() => resumeJob(job.id)}>
              Resume
            </button>
          )}
          {(active || job.state === 'paused' || job.state === 'failed') && (
            <button
              type="button"
              className="btn btn-small btn-danger-quiet"
              data-testid="dl-cancel"
              onClick={() => cancelJob(job.id)}
            >
              Cancel
            </button>
          )}
          {!active && (
            <button
              type="button"
              className="btn btn-small"
              data-testid="dl-remove"
              onClick={() => void removeJob(job.id)}
            >
              Remove from list
            </button>
          )}
        </div>
      </div>
      <div className="dl-job-progress">
        <ProgressBar
          testId="dl-job-progress"
          state={job.state}
          label={`Days downloaded for ${job.carrierLabel}`}
          done={t.daysDone}
          total={t.daysTotal}
        />
        <span className="dl-pct">{pct(t.daysDone, t.daysTotal)}%</span>
      </div>
      <dl className="stats" data-testid="dl-job-stats">
        <Stat label="Days" testId="dl-job-days" value={`${t.daysDone}/${t.daysTotal}`} />
        <Stat label="Records" testId="dl-job-records" value={formatCount(t.records)} />
        <Stat label={timing.rateLabel} testId="dl-job-rate" value={timing.rate} />
        <Stat label={timing.timeLabel} testId="dl-job-time" value={timing.time} />
        <Stat label="Retries" testId="dl-job-retries" value={formatCount(t.retries)} />
        <Stat label="Rejected" testId="dl-job-rejected" value={formatCount(t.rejected)} />
      </dl>
      {failure && (
        <div role="alert" className="alert alert-error" data-testid="dl-job-failure" data-kind={failure.kind}>
          {failure.message}
        </div>
      )}
      <div className="dl-job-more">
        <button
          type="button"
          className="btn-link"
          data-testid="dl-vehicles-toggle"
          aria-expanded={showVehicles}
          aria-controls={vehiclesId}
          onClick={() => setShowVehicles((s) => !s)}
        >
          {showVehicles ? 'Hide' : 'Show'} vehicles ({job.vehicles.length})
        </button>
        {job.rejected.length > 0 && (
          <button
            type="button"
            className="btn-link"
            data-testid="dl-rejected-toggle"
            aria-expanded={showRejected}
            aria-controls={rejectedId}
            onClick={() => setShowRejected((s) => !s)}
          >
            {showRejected ? 'Hide' : 'Show'} rejected records ({job.rejected.length})
          </button>
        )}
      </div>
      {showVehicles && (
        <div id={vehiclesId}>
          <VehicleRows job={job} onOpenReview={onOpenReview} />
        </div>
      )}
      {showRejected && (
        <ul id={rejectedId} className="dl-rejected" data-testid="dl-rejected-list">
          {job.rejected.map((r, i) => (
            <li key={i}>
              {r.id && <code>{r.id}</code>} {r.reason}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function JobList({ jobs, onOpenReview }: { jobs: DownloadJob[]; onOpenReview?: OpenReview }) {
  const now = useTicker(jobs.some((j) => j.state === 'running'));
  const totals = jobs.filter((j) => j.state === 'running' || j.state === 'queued').map(jobTotals);
  const done = totals.reduce((n, t) => n + t.daysDone, 0);
  const total = totals.reduce((n, t) => n + t.daysTotal, 0);
  return (
    <section className="panel panel-wide" data-testid="dl-jobs" aria-labelledby="dl-jobs-title">
      <div className="dl-jobs-head">
        <h2 id="dl-jobs-title">Jobs</h2>
        {total > 0 && (
          <div className="dl-overall" data-testid="dl-overall">
            <span className="muted">
              All running: {done}/{total} days
            </span>
            <ProgressBar
              testId="dl-overall-progress"
              state="running"
              label="All running downloads"
              done={done}
              total={total}
            />
          </div>
        )}
      </div>
      {jobs.length === 0 ? (
        <p className="empty" data-testid="dl-no-jobs">
          No downloads yet. Choose a carrier, vehicles and a range above.
        </p>
      ) : (
        <ul className="dl-job-list">
          {jobs.map((j) => (
            <JobCard key={j.id} job={j} now={now} onOpenReview={onOpenReview} />
          ))}
        </ul>
      )}
    </section>
  );
}
