import { describe, expect, it } from 'vitest';
import type { UtcDay } from '../../shared/util/day.ts';
import * as S from '../../renderer/src/downloads/job-state.ts';
import { RateMeter } from '../../renderer/src/downloads/rate.ts';
import type { DownloadJob, JobVehicle } from '../../renderer/src/store/types.ts';

const quota = { kind: 'quota', message: 'full' } as const;
const make = (
  id: string,
  createdAt: number,
  states: JobVehicle['state'][],
  state: DownloadJob['state'] = 'queued',
): DownloadJob => ({
  ...S.newJob(
    {
      carrierId: 'c',
      carrierLabel: 'C',
      vehicles: states.map((_, i) => ({ vehicleId: `${id}${i}`, vehicleNumber: `#${i}` })),
      from: '2026-11-01' as UtcDay,
      to: '2026-11-10' as UtcDay,
      selection: 'some',
    },
    id,
    createdAt,
  ),
  state,
  vehicles: states.map((s, i) => ({
    vehicleId: `${id}${i}`,
    vehicleNumber: `#${i}`,
    state: s,
    progress: { ...S.EMPTY_PROGRESS, daysTotal: 10 },
    failure: null,
  })),
});

describe('job state changes (pure)', () => {
  it("newJob: every vehicle queued with the range's day count", () => {
    const j = S.newJob(
      {
        carrierId: 'c',
        carrierLabel: 'C',
        vehicles: [{ vehicleId: 'v', vehicleNumber: '1' }],
        from: '2026-02-27' as UtcDay,
        to: '2026-03-02' as UtcDay,
        selection: 'all',
      },
      'id',
      5,
    );
    expect(j.vehicles[0]!.progress.daysTotal).toBe(4);
    expect([j.state, j.createdAt, j.vehicles[0]!.state]).toEqual(['queued', 5, 'queued']);
  });

  it('scheduling: oldest job first, skips vehicles not queued or already running, stops at the limit', () => {
    const newer = make('n', 2, ['queued', 'queued']);
    const older = make('o', 1, ['done', 'queued', 'queued', 'queued'], 'running');
    const paused = make('p', 0, ['paused'], 'paused');
    expect(S.vehiclesToStart([newer, older, paused], new Set([S.taskKey('o', 'o1')]), 3)).toEqual([
      { jobId: 'o', vehicleId: 'o2' },
      { jobId: 'o', vehicleId: 'o3' },
    ]);
    expect(S.vehiclesToStart([newer, older], new Set(), 10).map((x) => x.vehicleId)).toEqual([
      'o1',
      'o2',
      'o3',
      'n0',
      'n1',
    ]);
  });

  it('settling: running while any vehicle runs; failed beats done; all cancelled is cancelled; paused stays paused', () => {
    expect(S.settledJob(make('a', 0, ['done', 'running'], 'running'), 9).state).toBe('running');
    expect(S.settledJob(make('a', 0, ['done', 'queued'], 'running'), 9).state).toBe('queued');
    expect(S.settledJob(make('a', 0, ['done', 'failed'], 'running'), 9)).toMatchObject({
      state: 'failed',
      finishedAt: 9,
    });
    expect(S.settledJob(make('a', 0, ['cancelled', 'cancelled'], 'running'), 9).state).toBe('cancelled');
    expect(S.settledJob(make('a', 0, ['done', 'cancelled'], 'running'), 9).state).toBe('done');
    const paused = make('a', 0, ['paused'], 'paused');
    expect(S.settledJob(paused, 9)).toBe(paused);
  });

  it('disk-full policy: running and queued jobs carry the failure and their queued vehicles fail; others are untouched', () => {
    const stopped = S.stoppedForQuota(make('a', 0, ['running', 'queued', 'done'], 'running'), quota)!;
    expect(stopped.failure).toEqual(quota);
    expect(stopped.vehicles.map((v) => [v.state, v.failure])).toEqual([
      ['running', null],
      ['failed', quota],
      ['done', null],
    ]);
    expect(S.stoppedForQuota(make('b', 0, ['paused'], 'paused'), quota)).toBeNull();
  });

  it('a vehicle whose session was stopped ends by why it was stopped', () => {
    const failed = { state: 'failed' as const, failure: { kind: 'unreachable' as const, message: 'x' } };
    expect(S.endedVehicle('pause', failed, { state: 'paused' }).state).toBe('paused');
    // Resumed while it wound down: it runs again.
    expect(S.endedVehicle('pause', failed, { state: 'queued' }).state).toBe('queued');
    expect(S.endedVehicle('cancel', failed, { state: 'cancelled' }).state).toBe('cancelled');
    expect(S.endedVehicle('cancel', { state: 'done', failure: null }, { state: 'cancelled' }).state).toBe('done');
    // Cancelled, then resumed while it wound down: it runs again, never left cancelled under a resumed job.
    expect(S.endedVehicle('cancel', failed, { state: 'queued' }).state).toBe('queued');
    expect(S.endedVehicle('cancel', failed, { state: 'running' }).state).toBe('queued');
    expect(S.endedVehicle('quota', failed, { state: 'running', failure: quota })).toEqual({
      state: 'failed',
      failure: quota,
    });
    expect(S.endedVehicle(null, failed, { state: 'running' })).toEqual(failed);
  });

  it('pause, resume and cancel change only what they may', () => {
    const running = make('a', 0, ['running', 'queued', 'done'], 'running');
    const paused = S.pausedJob(running)!;
    expect(paused.vehicles.map((v) => v.state)).toEqual(['running', 'paused', 'done']);
    expect(S.pausedJob(paused)).toBeNull();
    // The running vehicle is still winding down: it requeues itself; the paused one is queued now.
    const resumed = S.resumedJob({ ...paused, failure: quota }, new Set([S.taskKey('a', 'a0')]))!;
    expect(resumed.vehicles.map((v) => v.state)).toEqual(['running', 'queued', 'done']);
    expect([resumed.state, resumed.failure, resumed.finishedAt]).toEqual(['queued', null, null]);
    const cancelled = S.cancelledJob(paused, 7)!;
    expect(cancelled.vehicles.map((v) => v.state)).toEqual(['running', 'cancelled', 'done']);
    expect(S.cancelledJob(cancelled, 8)).toBeNull();
  });

  it('progress accumulates over sessions; done completes the days; rejections are kept up to the cap, named', () => {
    const v: JobVehicle = {
      ...make('a', 0, ['running']).vehicles[0]!,
      progress: { ...S.EMPTY_PROGRESS, daysTotal: 10, records: 100, requests: 4 },
    };
    const started = S.startedVehicle(v, 3);
    const session = { daysTotal: 7, daysDone: 2, records: 50, requests: 2, retries: 1, rejected: 0 };
    expect(S.applyProgressEvent(started, { seq: 1, type: 'progress', progress: session }).progress).toEqual({
      daysTotal: 10,
      daysDone: 5,
      records: 150,
      requests: 6,
      retries: 1,
      rejected: 0,
    });
    expect(S.applyProgressEvent(started, { seq: 2, type: 'done', progress: session })).toMatchObject({
      progress: { daysDone: 10 },
      outcome: { state: 'done' },
    });
    const j = {
      ...make('a', 0, ['running']),
      rejected: Array.from({ length: S.MAX_REJECTED_KEPT - 1 }, () => ({ reason: 'r' })),
    };
    const kept = S.keptRejections(j, '#7', {
      seq: 3,
      type: 'day',
      chunk: { day: '2026-11-02' } as never,
      complete: true,
      rejected: [{ reason: 'bad lat' }, { reason: 'bad lng' }],
    });
    expect(kept).toHaveLength(S.MAX_REJECTED_KEPT);
    expect(kept.at(-1)!.reason).toBe('#7 2026-11-02: bad lat');
  });

  it('restoring at start: running and queued jobs queue again, with their running vehicles', () => {
    const r = S.restoredJob(make('a', 0, ['running', 'done'], 'running'));
    expect([r.state, ...r.vehicles.map((v) => v.state)]).toEqual(['queued', 'queued', 'done']);
  });
});

describe('metering', () => {
  it('rate and time left from the samples of the last 15 s', () => {
    const m = new RateMeter();
    m.add({ at: 0, records: 0, days: 0 });
    expect(m.recordsPerSec()).toBeNull();
    m.add({ at: 10_000, records: 1_000, days: 2 });
    expect(m.recordsPerSec()).toBe(100);
    expect(m.etaSeconds(4)).toBe(20);
    // An old burst falls out of the window: only the recent rate counts.
    m.add({ at: 30_000, records: 1_200, days: 3 });
    m.add({ at: 40_000, records: 1_400, days: 4 });
    expect(m.recordsPerSec()).toBe(20);
  });
});
