import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type * as InboxScope from '../../renderer/src/features/inbox/inbox-scope.ts';
import { packInboxEvents } from '../../shared/inbox/event-pack.ts';
import type { InboxAnswer, InboxProgress } from '../../renderer/src/workers/inbox.worker.ts';

/**
 * The inbox's first open of a large fleet takes seconds: while it loads, the screen shows how many trucks
 * the worker has finished. A fake worker (in addition to the e2e specs, which run the real one) holds the
 * load open and answers `progress` from a script, so each state can be seen.
 */
const worker = vi.hoisted(() => ({
  finishLoad: (_: unknown) => undefined as void,
  progress: { done: 0, total: 0 } as InboxProgress,
  progressCalls: 0,
}));

vi.mock('../../renderer/src/features/inbox/inbox-scope.ts', async (importActual) => ({
  ...(await importActual<typeof InboxScope>()),
  inboxWorker: () => ({
    // The road limits (none here) are set before the load.
    callWithTransfer: () => Promise.resolve('none'),
    call: (method: string) => {
      if (method === 'progress') {
        worker.progressCalls++;
        return Promise.resolve({ ...worker.progress });
      }
      return new Promise((resolve) => (worker.finishLoad = resolve));
    },
  }),
}));

// No road limits kept: the inbox judges without them (renderer/src/roads/use-worker-roads.ts reads the app state).
vi.mock('../../renderer/src/roads/use-worker-roads.ts', () => ({
  useWorkerRoads: () => ({ ready: true, spec: null, key: 'none' }),
}));

const { useInboxData } = await import('../../renderer/src/features/inbox/use-inbox-data.ts');

afterEach(cleanup);

const carriers = [{ carrierId: 'c1', zone: 'America/Chicago' }];
const params = resolveAnalysisParams({});
const answer: InboxAnswer = {
  events: packInboxEvents([]),
  scorecards: [],
  days: [],
  vehicles: 3,
  analysed: 3,
  reused: 0,
  partial: [],
};

describe('the inbox while it loads', () => {
  it('shows no count before the worker has counted the trucks, then how many of them are done', async () => {
    worker.progress = { done: 0, total: 0 };
    const { result } = renderHook(() => useInboxData(carriers, '2026-11-01', '2026-11-07', params, 'v1', '2026-11-07'));
    await waitFor(() => expect(worker.progressCalls).toBeGreaterThan(0));
    expect(result.current).toEqual({ state: 'loading' });

    worker.progress = { done: 120, total: 500 };
    await waitFor(() => expect(result.current).toEqual({ state: 'loading', progress: { done: 120, total: 500 } }));
    worker.progress = { done: 499, total: 500 };
    await waitFor(() => expect(result.current).toEqual({ state: 'loading', progress: { done: 499, total: 500 } }));
  });

  it('stops asking once the answer is in, and a late count never turns the answer back into loading', async () => {
    worker.progress = { done: 1, total: 3 };
    const { result } = renderHook(() => useInboxData(carriers, '2026-11-01', '2026-11-07', params, 'v1', '2026-11-07'));
    await waitFor(() => expect(result.current).toMatchObject({ progress: { done: 1, total: 3 } }));
    worker.finishLoad(answer);
    await waitFor(() => expect(result.current.state).toBe('ready'));
    const calls = worker.progressCalls;
    await new Promise((r) => setTimeout(r, 600));
    expect(worker.progressCalls).toBe(calls);
    expect(result.current).toMatchObject({ state: 'ready', data: { ...answer, events: [] } });
  });

  it('fails with what is wrong when the answer’s events are not whole, rather than loading forever', async () => {
    worker.progress = { done: 0, total: 0 };
    const { result } = renderHook(() => useInboxData(carriers, '2026-11-01', '2026-11-07', params, 'v1', '2026-11-07'));
    await waitFor(() => expect(worker.progressCalls).toBeGreaterThan(0));
    worker.finishLoad({ ...answer, events: { ...answer.events, count: 2 } });
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(result.current).toMatchObject({ message: expect.stringMatching(/2 events do not fill/) });
  });
});
