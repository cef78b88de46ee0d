import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DownloadJob, JobState } from '../../renderer/src/store/types.ts';
import { JobList } from '../../renderer/src/features/downloads/JobList.tsx';

afterEach(cleanup);

function job(
  id: string,
  state: JobState,
  daysDone: number,
  daysTotal: number,
  over: Partial<DownloadJob> = {},
): DownloadJob {
  return {
    id,
    carrierId: 'demo-prairie',
    carrierLabel: `Carrier ${id}`,
    from: '2026-11-01',
    to: '2026-11-07',
    createdAt: 0,
    state,
    vehicles: [
      {
        vehicleId: `${id}-v1`,
        vehicleNumber: 'T-101',
        state,
        progress: { daysTotal, daysDone, records: 1234, requests: 3, retries: 1, rejected: 0 },
        failure: null,
      },
    ],
    rejected: [],
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

const card = (id: string) => screen.getAllByTestId('dl-job').find((j) => j.getAttribute('data-job-id') === id)!;
const actions = (id: string) =>
  within(card(id))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('data-testid'))
    .filter((t) => t !== 'dl-vehicles-toggle');

describe('JobList', () => {
  it('offers the actions each job state allows', () => {
    const states: JobState[] = ['queued', 'running', 'paused', 'failed', 'cancelled', 'done'];
    render(<JobList jobs={states.map((s) => job(s, s, 2, 7))} />);
    expect(Object.fromEntries(states.map((s) => [s, actions(s)]))).toEqual({
      queued: ['dl-pause', 'dl-cancel'],
      running: ['dl-pause', 'dl-cancel'],
      paused: ['dl-resume', 'dl-cancel', 'dl-remove'],
      failed: ['dl-resume', 'dl-cancel', 'dl-remove'],
      cancelled: ['dl-resume', 'dl-remove'],
      done: ['dl-remove'],
    });
    for (const s of states)
      expect(within(card(s)).getByTestId('dl-job-state').textContent).toBe(s[0]!.toUpperCase() + s.slice(1));
  });

  it('the overall bar counts only running and queued jobs; each job shows its own share of days', () => {
    render(
      <JobList
        jobs={[job('a', 'running', 1, 4), job('b', 'queued', 0, 4), job('c', 'done', 7, 7), job('d', 'paused', 1, 3)]}
      />,
    );
    expect(screen.getByTestId('dl-overall').textContent).toContain('All running: 1/8 days');
    expect(screen.getByTestId('dl-overall-progress').getAttribute('aria-valuenow')).toBe('13');
    expect(within(card('d')).getByTestId('dl-job-progress').getAttribute('aria-valuenow')).toBe('33');
    expect(within(card('c')).getByTestId('dl-job-days').textContent).toBe('7/7');
  });

  it('a failed job says why: its own failure, else the failed vehicle’s; no jobs says how to start one', async () => {
    const failedVehicle = job('f', 'failed', 3, 7);
    failedVehicle.vehicles[0]!.failure = {
      kind: 'rate-limited',
      message: 'The server kept answering "too many requests".',
    };
    const quota = job('q', 'failed', 1, 7, {
      failure: { kind: 'quota', message: 'Storage is full.' } as DownloadJob['failure'],
    });
    const { rerender } = render(<JobList jobs={[failedVehicle, quota, job('ok', 'done', 7, 7)]} />);
    const alert = within(card('f')).getByRole('alert');
    expect(alert.getAttribute('data-kind')).toBe('rate-limited');
    expect(alert.textContent).toBe('The server kept answering "too many requests".');
    expect(within(card('q')).getByRole('alert').textContent).toBe('Storage is full.');
    expect(within(card('ok')).queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('dl-overall')).toBeNull();
    // the vehicle rows, on demand, carry the note
    await userEvent.setup().click(within(card('f')).getByTestId('dl-vehicles-toggle'));
    expect(within(card('f')).getByTestId('dl-job-vehicle').textContent).toContain('too many requests');
    rerender(<JobList jobs={[]} />);
    expect(screen.getByTestId('dl-no-jobs')).toBeTruthy();
  });
});
