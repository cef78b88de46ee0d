import { describe, expect, it, vi } from 'vitest';
import type { DownloadRequest } from '../../shared/domain/carrier.ts';
import type { DownloadEvent, DownloadPoll, DownloadProgress } from '../../shared/ipc/contract.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { addDays, type UtcDay } from '../../shared/util/day.ts';
import { createDownloadManager, type DownloadManager } from '../../renderer/src/downloads/download-manager.ts';
import { MAX_SESSIONS, type NewJob } from '../../renderer/src/downloads/job-state.ts';
import { QUOTA_MESSAGE, StoreError } from '../../renderer/src/store/errors.ts';
import type { DownloadJob } from '../../renderer/src/store/types.ts';
import type { PutDayInput } from '../../renderer/src/store/writes.ts';

/**
 * The download manager against a fake backend and a fake store writer: each
 * session is a script of polls; the writer records the days and jobs written
 * and can refuse a day for lack of space.
 */
const FROM = '2026-11-01' as UtcDay;
const TO = '2026-11-03' as UtcDay;
const DAYS = [FROM, addDays(FROM, 1), TO];

const progress = (daysDone: number, records = daysDone * 10): DownloadProgress => ({
  daysTotal: DAYS.length,
  daysDone,
  records,
  requests: daysDone,
  retries: 0,
  rejected: 0,
});
const day = (seq: number, vehicleId: string, d: UtcDay, rejected: string[] = []): DownloadEvent => ({
  seq,
  type: 'day',
  chunk: buildDayChunk(vehicleId, d, []),
  complete: true,
  rejected: rejected.map((reason) => ({ reason })),
});
/** A whole session: every day, then done; delivered in two polls to prove the acknowledgements. */
const fullSession = (vehicleId: string): DownloadEvent[][] => [
  [day(1, vehicleId, DAYS[0]!), { seq: 2, type: 'progress', progress: progress(1) }],
  [day(3, vehicleId, DAYS[1]!), day(4, vehicleId, DAYS[2]!), { seq: 5, type: 'done', progress: progress(3) }],
];

function fakeBackend(
  script: (vehicleId: string) => DownloadEvent[][],
  options: {
    failDay?: (input: PutDayInput) => boolean;
    stored?: DownloadJob[];
    /** Awaited by every poll of the first session: the test decides when that session answers. */
    holdFirst?: Promise<void>;
    /** A cancelled session's next poll ends it with the backend's cancelled event, as the backend does. */
    cancelEnds?: boolean;
  } = {},
) {
  const sessions = new Map<string, { vehicleId: string; polls: DownloadEvent[][]; next: number }>();
  const log = {
    started: [] as DownloadRequest[],
    acks: new Map<string, number[]>(),
    cancelled: [] as string[],
    days: [] as string[],
    jobs: [] as DownloadJob[],
    maxOpen: 0,
    retryWrites: 0,
  };
  let open = 0;
  let ids = 0;
  let clock = 1_000;
  const manager: DownloadManager = createDownloadManager({
    api: {
      downloads: {
        async start(request) {
          log.started.push(request);
          const sessionId = `s${++ids}`;
          sessions.set(sessionId, { vehicleId: request.vehicleId, polls: script(request.vehicleId), next: 0 });
          log.maxOpen = Math.max(log.maxOpen, ++open);
          return sessionId;
        },
        async poll(sessionId, ackSeq): Promise<DownloadPoll> {
          if (sessionId === 's1') await options.holdFirst;
          const s = sessions.get(sessionId)!;
          if (options.cancelEnds && log.cancelled.includes(sessionId)) {
            open--;
            const failure = { kind: 'cancelled', message: 'The download was cancelled.' } as const;
            return { events: [{ seq: 99, type: 'failed', failure, progress: progress(0) }], finished: true };
          }
          log.acks.set(s.vehicleId, [...(log.acks.get(s.vehicleId) ?? []), ackSeq]);
          const events = s.polls[s.next++] ?? [];
          const finished = s.next >= s.polls.length;
          if (finished) open--;
          return { events, finished };
        },
        async cancel(sessionId) {
          log.cancelled.push(sessionId);
        },
      },
    },
    writer: {
      // One transaction per call, as the store worker does: all of the days, or none.
      async putDays(inputs) {
        if (inputs.some((input) => options.failDay?.(input)))
          throw new StoreError({ kind: 'quota', message: QUOTA_MESSAGE });
        for (const input of inputs) log.days.push(`${input.chunk.vehicleId} ${input.chunk.day}`);
        return inputs.map((input) => ({
          carrierId: input.carrierId,
          vehicleId: input.chunk.vehicleId,
          day: input.chunk.day,
          state: 'complete',
          points: 0,
          bytes: 0,
          fetchedAt: 0,
        })) as never;
      },
      async putJob(job) {
        log.jobs.push(job);
      },
      async deleteJob() {},
      async retryWrites() {
        log.retryWrites++;
      },
    },
    reads: { completeDaysOf: async () => [], jobs: async () => options.stored ?? [] },
    now: () => (clock += 1000),
    newId: () => `job${++ids}`,
    sleep: async () => undefined,
  });
  return { manager, log };
}

const job = (vehicles: string[], carrierId = 'c1'): NewJob => ({
  carrierId,
  carrierLabel: carrierId,
  vehicles: vehicles.map((v) => ({ vehicleId: v, vehicleNumber: `#${v}` })),
  from: FROM,
  to: TO,
  selection: 'some',
});

/** Resolves once every job is out of queued/running (the manager tells its subscribers after each change). */
function settled(manager: DownloadManager): Promise<DownloadJob[]> {
  const done = () =>
    manager.snapshot().length > 0 && manager.snapshot().every((j) => j.state !== 'queued' && j.state !== 'running');
  return new Promise((resolve) => {
    if (done()) return resolve(manager.snapshot());
    const off = manager.subscribe(() => {
      if (done()) {
        off();
        resolve(manager.snapshot());
      }
    });
  });
}

describe('download manager (fake backend and writer)', () => {
  it('stores every day, acknowledges each poll by the last stored day, and ends done with the final totals persisted', async () => {
    const { manager, log } = fakeBackend(fullSession);
    await manager.start();
    const id = await manager.createJob(job(['v1', 'v2']));
    const [j] = await settled(manager);
    expect(j!.id).toBe(id);
    expect(j!.state).toBe('done');
    expect(j!.vehicles.map((v) => [v.state, v.progress.daysDone, v.progress.records])).toEqual([
      ['done', 3, 30],
      ['done', 3, 30],
    ]);
    expect(log.days.sort()).toEqual(['v1', 'v2'].flatMap((v) => DAYS.map((d) => `${v} ${d}`)).sort());
    // First poll acknowledges nothing; the second acknowledges the day of seq 1 (the progress event is not a day).
    expect(log.acks.get('v1')).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(log.jobs.at(-1)!.state).toBe('done');
    expect(log.retryWrites).toBe(1);
  });

  it('runs at most MAX_SESSIONS sessions at once, oldest job first', async () => {
    const { manager, log } = fakeBackend(fullSession);
    await manager.start();
    await manager.createJob(job(['a1', 'a2', 'a3', 'a4']));
    await manager.createJob(job(['b1', 'b2']));
    await settled(manager);
    expect(log.maxOpen).toBe(MAX_SESSIONS);
    expect(log.started.map((r) => r.vehicleId)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2']);
  });

  it("a failed event fails its vehicle with the backend's sentence, and the job with it; the other vehicle finishes", async () => {
    const failure = { kind: 'unreachable', message: 'Could not reach host.' } as const;
    const { manager } = fakeBackend((v) =>
      v === 'bad'
        ? [[day(1, v, DAYS[0]!), { seq: 2, type: 'failed', failure, progress: progress(1) }]]
        : fullSession(v),
    );
    await manager.start();
    await manager.createJob(job(['bad', 'good']));
    const [j] = await settled(manager);
    expect(j!.state).toBe('failed');
    expect(j!.vehicles.find((v) => v.vehicleId === 'bad')).toMatchObject({ state: 'failed', failure });
    expect(j!.vehicles.find((v) => v.vehicleId === 'good')!.state).toBe('done');
  });

  it('a cancelled event cancels the vehicle; a job whose vehicles were all cancelled is cancelled, not failed', async () => {
    const failure = { kind: 'cancelled', message: 'The download was cancelled.' } as const;
    const { manager } = fakeBackend(() => [[{ seq: 1, type: 'failed', failure, progress: progress(0) }]]);
    await manager.start();
    await manager.createJob(job(['v1', 'v2']));
    const [j] = await settled(manager);
    expect(j!.vehicles.map((v) => v.state)).toEqual(['cancelled', 'cancelled']);
    expect(j!.state).toBe('cancelled');
  });

  it('a job cancelled and resumed while its session still winds down downloads that vehicle again, and only then is done', async () => {
    let release = () => {};
    const holdFirst = new Promise<void>((r) => (release = r));
    const { manager, log } = fakeBackend(fullSession, { holdFirst, cancelEnds: true });
    await manager.start();
    const id = await manager.createJob(job(['v1']));
    await vi.waitFor(() => expect(log.started).toHaveLength(1));
    manager.cancelJob(id);
    // Resumed before the cancelled session has ended (its poll still out).
    manager.resumeJob(id);
    release();
    const [j] = await settled(manager);
    expect(j!.state).toBe('done');
    expect(j!.vehicles[0]!.state).toBe('done');
    expect(log.started).toHaveLength(2);
    expect(log.days.filter((d) => d.startsWith('v1 '))).toEqual(expect.arrayContaining(DAYS.map((d) => `v1 ${d}`)));
  });

  it('a full disk stops every running and queued job with the quota failure, cancels their sessions, and stores nothing more', async () => {
    const { manager, log } = fakeBackend(fullSession, {
      failDay: (input) => input.chunk.day === DAYS[1] && input.chunk.vehicleId === 'v1',
    });
    await manager.start();
    await manager.createJob(job(['v1', 'v2', 'v3', 'v4']));
    const [j] = await settled(manager);
    expect(manager.lastStoreFailure()).toEqual({ kind: 'quota', message: QUOTA_MESSAGE });
    expect(j!.state).toBe('failed');
    expect(j!.failure).toEqual({ kind: 'quota', message: QUOTA_MESSAGE });
    // v4 was queued (3 sessions at once): it fails without a session.
    expect(log.started.map((r) => r.vehicleId)).not.toContain('v4');
    expect(j!.vehicles.find((v) => v.vehicleId === 'v4')).toMatchObject({
      state: 'failed',
      failure: { kind: 'quota' },
    });
    expect(j!.vehicles.find((v) => v.vehicleId === 'v1')).toMatchObject({
      state: 'failed',
      failure: { kind: 'quota' },
    });
    expect(log.cancelled.length).toBeGreaterThan(0);
    expect(log.days).not.toContain(`v1 ${DAYS[1]}`);
  });

  it('resumes at start a job that was running when the page went away, and leaves a paused one alone', async () => {
    const stored = (id: string, state: DownloadJob['state'], createdAt: number): DownloadJob => ({
      id,
      carrierId: 'c1',
      carrierLabel: 'c1',
      from: FROM,
      to: TO,
      createdAt,
      state,
      vehicles: [
        {
          vehicleId: `${id}-v`,
          vehicleNumber: '#1',
          state: state === 'running' ? 'running' : 'paused',
          progress: progress(0),
          failure: null,
        },
      ],
      rejected: [],
      startedAt: 1,
      finishedAt: null,
      failure: null,
    });
    const { manager, log } = fakeBackend(fullSession, {
      stored: [stored('old-run', 'running', 1), stored('old-pause', 'paused', 2)],
    });
    await manager.start();
    await settled(manager);
    expect(log.started.map((r) => r.vehicleId)).toEqual(['old-run-v']);
    expect(manager.snapshot().map((j) => [j.id, j.state])).toEqual([
      ['old-pause', 'paused'],
      ['old-run', 'done'],
    ]);
  });
});
