import { randomUUID } from 'node:crypto';
import type { DownloadRequest, Failure } from '../../../shared/domain/carrier.ts';
import type { DownloadEvent, DownloadPoll, DownloadProgress } from '../../../shared/ipc/contract.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { ApiClient } from '../api/client.ts';
import { syncVehicleHistory } from '../sync/index.ts';
import type { ServerLearnt } from '../sync/sync-vehicle-history.ts';
import type { DiskGuard } from './disk-guard.ts';
import { UserFacingError } from './failure.ts';

/**
 * Download sessions: the sync engine runs here, in the main process (it holds
 * the keys); the renderer pulls the finished days with `poll` and writes them
 * to IndexedDB. Pull-based on purpose: it works the same over Electron IPC
 * and over the browser shell's HTTP bridge, and the engine waits while more
 * than `maxUnackedDays` days are waiting to be stored (backpressure), so a
 * slow disk never buffers six months in memory.
 */
type WithoutSeq<T> = T extends unknown ? Omit<T, 'seq'> : never;

export interface DownloadSessions {
  start(request: DownloadRequest, client: ApiClient, today: UtcDay): string;
  poll(sessionId: string, ackSeq: number, waitMs?: number): Promise<DownloadPoll>;
  cancel(sessionId: string): void;
  cancelAll(): void;
  readonly size: number;
}

interface Session {
  queue: DownloadEvent[];
  seq: number;
  finished: boolean;
  controller: AbortController;
  /** Wakes a waiting poll or a waiting producer. */
  waiters: Set<() => void>;
  lastPolledAt: number;
  /** The highest seq a poll has returned: a poll finding nothing newer waits, rather than answering at once. */
  delivered: number;
}

export interface DownloadSessionOptions {
  /** Checked before each day is handed over; throws to stop the download while the disk still has room. */
  diskGuard?: DiskGuard;
  maxUnackedDays?: number;
  /** A session nobody polled for this long is cancelled and dropped (the renderer went away). */
  idleMs?: number;
  /** Sessions held at once; one more is refused with a sentence (each holds up to maxUnackedDays days in memory). */
  maxSessions?: number;
  toFailure: (err: unknown) => Failure;
  /** Runs before the first request for history; a throw fails the session like a sync error. */
  beforeSync?: (request: DownloadRequest, client: ApiClient) => Promise<void>;
}

/**
 * The renderer runs 3 sessions at a time (renderer/src/downloads/manager.ts) and
 * polls each continuously (a poll waits at most 20 s); a reloaded page leaves its
 * old sessions behind until they expire. 16 leaves room for that and a second tab.
 */
export const DOWNLOAD_LIMITS = { maxSessions: 16, idleMs: 2 * 60_000 } as const;

export function createDownloadSessions(opts: DownloadSessionOptions): DownloadSessions {
  const sessions = new Map<string, Session>();
  // A week: the renderer stores the days of one poll in one transaction, and larger ones store faster (bench/indexeddb-write.ts).
  const maxUnacked = opts.maxUnackedDays ?? 7;
  const idleMs = opts.idleMs ?? DOWNLOAD_LIMITS.idleMs;
  /** Per API host: what its answers showed about end_date, so each vehicle after the first asks the fewest pages. */
  const learntByHost = new Map<string, ServerLearnt>();
  const maxSessions = opts.maxSessions ?? DOWNLOAD_LIMITS.maxSessions;

  const learntOf = (host: string): ServerLearnt => {
    let learnt = learntByHost.get(host);
    if (!learnt) learntByHost.set(host, (learnt = { endDateMode: 'unknown', refusesEndDateAfterToday: false }));
    return learnt;
  };
  const wake = (s: Session) => {
    for (const w of [...s.waiters]) w();
  };
  const waitForChange = (s: Session, ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        s.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      s.waiters.add(done);
    });

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) {
        if (now - s.lastPolledAt > idleMs) {
          s.controller.abort();
          sessions.delete(id);
        }
      }
    },
    Math.min(30_000, Math.max(10, idleMs / 4)),
  );
  sweep.unref();

  return {
    get size() {
      return sessions.size;
    },
    start(request, client, today) {
      if (sessions.size >= maxSessions) {
        throw new UserFacingError({
          kind: 'other',
          message: `${maxSessions} downloads are already running; wait for one to finish (or close other RouteLens tabs), then try again.`,
        });
      }
      const id = randomUUID();
      const s: Session = {
        queue: [],
        seq: 0,
        finished: false,
        controller: new AbortController(),
        waiters: new Set(),
        lastPolledAt: Date.now(),
        delivered: 0,
      };
      sessions.set(id, s);
      const complete = new Set(request.completeDays);
      let progress: DownloadProgress = { daysTotal: 0, daysDone: 0, records: 0, requests: 0, retries: 0, rejected: 0 };
      const push = (e: WithoutSeq<DownloadEvent>) => {
        s.queue.push({ ...e, seq: ++s.seq });
        wake(s);
      };
      const unackedDays = () => s.queue.filter((e) => e.type === 'day').length;

      const prepared = opts.beforeSync ? opts.beforeSync(request, client) : Promise.resolve();
      void prepared
        .then(() =>
          syncVehicleHistory({
            client,
            vehicleId: request.vehicleId,
            from: request.from,
            to: request.to,
            today,
            have: (day) => (complete.has(day) ? 'complete' : 'missing'),
            learnt: learntOf(client.host),
            signal: s.controller.signal,
            // Asked only when a reading lacks its number or VIN; without an answer such readings keep what they carried.
            identity: () =>
              client.vehicle(request.vehicleId, { signal: s.controller.signal }).then(
                (v) => ({ vehicleNumber: v.number, vin: v.vin }),
                () => undefined,
              ),
            onProgress: (p) => {
              progress = { ...p };
              // Progress events replace each other: keep only the newest unacked one.
              s.queue = s.queue.filter((e) => e.type !== 'progress');
              push({ type: 'progress', progress });
            },
            onDay: async ({ chunk, complete: isComplete, rejected }) => {
              await opts.diskGuard?.check();
              push({
                type: 'day',
                chunk,
                complete: isComplete,
                rejected: rejected.map((r) => ({ reason: r.reason, ...(r.id ? { id: r.id } : {}) })),
              });
              while (unackedDays() > maxUnacked && !s.controller.signal.aborted) await waitForChange(s, 1000);
            },
          }),
        )
        .then(
          (result) => {
            const final = {
              daysTotal: result.daysTotal,
              daysDone: result.daysDone,
              records: result.records,
              requests: result.requests,
              retries: result.retries,
              rejected: result.rejected,
            };
            if (result.cancelled)
              push({
                type: 'failed',
                failure: { kind: 'cancelled', message: 'The download was cancelled.' },
                progress: final,
              });
            else push({ type: 'done', progress: final });
          },
          (err: unknown) => push({ type: 'failed', failure: opts.toFailure(err), progress }),
        );
      return id;
    },

    async poll(sessionId, ackSeq, waitMs = 20_000) {
      const s = sessions.get(sessionId);
      if (!s)
        return {
          events: [
            {
              seq: ackSeq + 1,
              type: 'failed',
              failure: { kind: 'other', message: 'This download is no longer running; start it again to resume.' },
              progress: { daysTotal: 0, daysDone: 0, records: 0, requests: 0, retries: 0, rejected: 0 },
            },
          ],
          finished: true,
        };
      s.lastPolledAt = Date.now();
      const before = s.queue.length;
      s.queue = s.queue.filter((e) => e.seq > ackSeq);
      if (s.queue.length !== before) wake(s);
      // A progress event is never acknowledged (the renderer acknowledges stored days): answering a poll at once
      // because one is still queued would have the renderer poll in a tight loop until the next event.
      const newest = s.queue[s.queue.length - 1]?.seq ?? 0;
      if (newest <= s.delivered) await waitForChange(s, waitMs);
      const events = s.queue.slice();
      s.delivered = Math.max(s.delivered, events[events.length - 1]?.seq ?? 0);
      const finished = events.some((e) => e.type === 'done' || e.type === 'failed');
      if (finished) {
        s.finished = true;
        sessions.delete(sessionId);
      }
      return { events, finished };
    },

    cancel(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) return;
      s.controller.abort();
      wake(s);
    },

    cancelAll() {
      for (const s of sessions.values()) s.controller.abort();
      clearInterval(sweep);
    },
  };
}
