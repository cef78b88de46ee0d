/**
 * The inbox's background preparation (InboxPreparer) starts only after PREPARE_AFTER_MS of quiet and never
 * while foreground work runs (app/foreground-work.ts: a Trip review load): on a two-core laptop it would take
 * the core the user's screen needs. It starts PREPARE_AFTER_MS after that work ends; one running when such
 * work begins is paused (the worker stops it after its truck) and asked again afterwards. The store, the app state,
 * the road limits and the inbox worker are stand-ins; the preparer and the foreground count are the app's.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { beginForegroundWork } from '../../renderer/src/app/foreground-work.ts';
import { InboxPreparer, PREPARE_AFTER_MS, WARM_AFTER_MS } from '../../renderer/src/features/inbox/InboxPreparer.tsx';

const prepared: string[] = [];
const pauses: number[] = [];
/** Each `warm` asked: its carrier ids. */
const warmed: string[] = [];
type Answer = { analysed: number; reused: number } | null;
/** When set, the next preparation waits for this to be called with its answer (null: stopped, by a pause or a load). */
let holdNext: ((answer: (r: Answer) => void) => void) | null = null;
/** When set, the next preparation fails. */
let failNext = false;

vi.mock('../../renderer/src/app/app-state.tsx', () => ({
  useAppState: () => ({ carriers: [{ id: 'c1', homeZone: 'UTC' }], info: { today: '2026-11-20' } }),
}));
vi.mock('../../renderer/src/store/hooks.ts', () => ({
  // The store's stamp and the count of running downloads (none).
  useLive: (query: unknown) => (query === storeStampStandIn ? stamp.now : 0),
}));
const storeStampStandIn = vi.hoisted(() => () => Promise.resolve('stamp 1'));
/** The store's stamp as the preparer reads it. */
const stamp = vi.hoisted(() => ({ now: 'stamp 1' }));
vi.mock('../../renderer/src/store/reads.ts', () => ({ storeStamp: storeStampStandIn }));
vi.mock('../../renderer/src/store/db.ts', () => ({ getDb: () => ({}) }));
vi.mock('../../renderer/src/roads/use-worker-roads.ts', () => ({
  useWorkerRoads: () => ({ ready: true, spec: null, key: 'none' }),
}));
vi.mock('../../renderer/src/roads/ensure-worker-roads.ts', () => ({
  withWorkerRoads: (_w: unknown, _spec: unknown, call: (key: string) => Promise<unknown>) => call('none'),
}));
vi.mock('../../renderer/src/features/inbox/inbox-scope.ts', () => ({
  inboxCarriers: (carriers: { id: string }[]) => carriers.map((c) => ({ carrierId: c.id, zone: 'UTC' })),
  carriersKeyOf: (carriers: { carrierId: string }[]) => carriers.map((c) => c.carrierId).join(','),
  useInboxParams: () => DEFAULT_ANALYSIS_PARAMS,
  inboxWorker: () => ({
    call: (method: string, carriers: { carrierId: string }[]) => {
      if (method === 'pause') return Promise.resolve(void pauses.push(prepared.length));
      if (method === 'warm') return Promise.resolve(warmed.push((carriers as unknown as string[]).join(',')));
      prepared.push(carriers.map((c) => c.carrierId).join(','));
      if (failNext) {
        failNext = false;
        return new Promise((_, reject) => setTimeout(() => reject(new Error('disk full')), 50));
      }
      const hold = holdNext;
      holdNext = null;
      if (hold) return new Promise((resolve) => hold(resolve));
      return Promise.resolve({ analysed: 1, reused: 0 });
    },
  }),
}));

const state = () => screen.getByTestId('inbox-preparer').getAttribute('data-state');

beforeEach(() => {
  vi.useFakeTimers();
  prepared.length = 0;
  pauses.length = 0;
  warmed.length = 0;
  stamp.now = 'stamp 1';
  failNext = false;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('warming the inbox worker after a start', () => {
  it('warms it once, WARM_AFTER_MS after the foreground is idle, never while a load runs', async () => {
    const end = beginForegroundWork();
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(10 * WARM_AFTER_MS));
    expect(warmed).toEqual([]);
    act(() => end());
    await act(() => vi.advanceTimersByTimeAsync(WARM_AFTER_MS - 50));
    expect(warmed).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(warmed).toEqual(['c1']);
    expect(prepared).toEqual([]);
    // Foreground work again and idle again: not warmed twice (the preparation still comes).
    act(() => beginForegroundWork()());
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    expect(warmed).toEqual(['c1']);
    expect(prepared).toEqual(['c1']);
  });
});

describe('the inbox preparer', () => {
  it('prepares after the quiet time when nothing runs in the foreground', async () => {
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS - 100));
    expect(prepared).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(prepared).toEqual(['c1']);
    expect(state()).toBe('idle');
  });

  it('waits while a foreground load runs, and starts the quiet time after it ends', async () => {
    const end = beginForegroundWork();
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(10 * PREPARE_AFTER_MS));
    expect(prepared).toEqual([]);
    expect(state()).toBe('waiting');
    // A load that began meanwhile, before it ended: the preparer waits for both.
    const second = beginForegroundWork();
    act(() => end());
    await act(() => vi.advanceTimersByTimeAsync(2 * PREPARE_AFTER_MS));
    expect(prepared).toEqual([]);
    act(() => second());
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS - 100));
    expect(prepared).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(prepared).toEqual(['c1']);
  });

  it('pauses a preparation running when foreground work begins, and asks again once it has ended', async () => {
    let answer: ((r: Answer) => void) | null = null;
    holdNext = (a) => (answer = a);
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    expect(prepared).toEqual(['c1']);
    expect(state()).toBe('running');
    const end = beginForegroundWork();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(pauses).toEqual([1]);
    // The worker stops it: not prepared, and nothing asked while the foreground is busy.
    await act(async () => answer!(null));
    expect(state()).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(5 * PREPARE_AFTER_MS));
    expect(prepared).toEqual(['c1']);
    act(() => end());
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    expect(prepared).toEqual(['c1', 'c1']);
    expect(state()).toBe('idle');
  });
});

describe('what is asked again', () => {
  it('nothing, after a finished preparation, when foreground work comes and goes with nothing changed', async () => {
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    expect([prepared, state()]).toEqual([['c1'], 'idle']);
    for (let i = 0; i < 3; i++) {
      act(() => beginForegroundWork()());
      await act(() => vi.advanceTimersByTimeAsync(2 * PREPARE_AFTER_MS));
    }
    expect(prepared).toEqual(['c1']);
    expect(state()).toBe('idle');
  });

  it('the same, after one stopped without a pause (the user’s own load of perhaps another range)', async () => {
    let answer: ((r: Answer) => void) | null = null;
    holdNext = (a) => (answer = a);
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    await act(async () => answer!(null));
    expect(state()).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS - 100));
    expect(prepared).toEqual(['c1']);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(prepared).toEqual(['c1', 'c1']);
    expect(state()).toBe('idle');
  });

  it('not one that failed, until the stored days change', async () => {
    failNext = true;
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    expect(prepared).toEqual(['c1']);
    // Its failure lands (the worker's answer comes later than the call), then foreground work comes and goes.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(state()).toBe('waiting');
    act(() => beginForegroundWork()());
    await act(() => vi.advanceTimersByTimeAsync(5 * PREPARE_AFTER_MS));
    expect(prepared).toEqual(['c1']);
    expect(state()).toBe('waiting');
    stamp.now = 'stamp 2';
    cleanup();
    render(<InboxPreparer />);
    await act(() => vi.advanceTimersByTimeAsync(PREPARE_AFTER_MS + 10));
    expect(prepared).toEqual(['c1', 'c1']);
    expect(state()).toBe('idle');
  });
});
