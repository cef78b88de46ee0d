import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarrierView, DriverRow, FleetSnapshot } from '../../shared/domain/carrier.ts';
import type { AppState, Preferences } from '../../renderer/src/app/app-state.tsx';

/**
 * The app keeps every carrier's driver statuses on its own clock (renderer/src/app/driver-snapshots.ts): a
 * fake api and fake timers show when it asks, whom, that it never asks one carrier twice at once, that a
 * failure waits for the next tick, and that a new interval takes effect from the last tick.
 */
const saved = vi.hoisted(() => [] as FleetSnapshot<DriverRow>[]);
vi.mock('../../renderer/src/store/snapshots.ts', () => ({
  saveFleetSnapshot: (s: FleetSnapshot<DriverRow>) => {
    saved.push(s);
    return Promise.resolve();
  },
}));

const { AppStateProvider } = await import('../../renderer/src/app/app-state.tsx');
const { DriverSnapshotKeeper } = await import('../../renderer/src/app/use-driver-snapshots.tsx');

const MIN = 60_000;
const FIRST = 5_000;
// Only what the snapshots read of a carrier: its id and whether it has a Company Key.
const carrier = (id: string, hasCompanyKey: boolean) => ({ id, label: id, hasCompanyKey }) as CarrierView;
const carriers = [carrier('north', true), carrier('south', true), carrier('keyless', false)];

type Answer = (carrierId: string) => Promise<FleetSnapshot<DriverRow>>;
const snapshot = (carrierId: string): FleetSnapshot<DriverRow> => ({
  carrierId,
  fetchedAt: Date.now(),
  nextRefreshAt: Date.now() + 30_000,
  cached: false,
  rows: [],
  rejected: 0,
});

function setup(
  minutes: number,
  answer: Answer = (id) => Promise.resolve(snapshot(id)),
  initial: readonly CarrierView[] = carriers,
) {
  const asked: { carrierId: string; force: boolean; at: number }[] = [];
  const api = {
    fleet: {
      drivers: (carrierId: string, force: boolean) => {
        asked.push({ carrierId, force, at: Date.now() });
        return answer(carrierId);
      },
    },
  };
  const state = (m: number, list: readonly CarrierView[]) =>
    ({
      api,
      carriers: list,
      preferences: { driverSnapshotMinutes: m } as Preferences,
    }) as unknown as AppState;
  const view = (m: number, list: readonly CarrierView[]) => (
    <AppStateProvider value={state(m, list)}>
      <DriverSnapshotKeeper firstDelayMs={FIRST} />
    </AppStateProvider>
  );
  const r = render(view(minutes, initial));
  return {
    asked,
    rerender: (m: number, list: readonly CarrierView[] = initial) => r.rerender(view(m, list)),
    unmount: r.unmount,
  };
}

const whoAsked = (asked: { carrierId: string }[]) => asked.map((a) => a.carrierId);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
  saved.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('regular driver-status snapshots', () => {
  it('asks once shortly after start, then every interval, only for carriers with a Company Key', async () => {
    const { asked } = setup(15);
    await act(() => vi.advanceTimersByTimeAsync(FIRST - 1));
    expect(asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(whoAsked(asked)).toEqual(['north', 'south']);
    expect(asked.every((a) => a.force === false)).toBe(true);
    expect(saved.map((s) => s.carrierId)).toEqual(['north', 'south']);

    await act(() => vi.advanceTimersByTimeAsync(15 * MIN - 1));
    expect(asked).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(whoAsked(asked)).toEqual(['north', 'south', 'north', 'south']);
    expect(asked[2]!.at - asked[0]!.at).toBe(15 * MIN);
  });

  it('never asks for one carrier while its last fetch is still running', async () => {
    const hanging = new Set<string>(['north']);
    let release: () => void = () => undefined;
    const answer: Answer = (id) =>
      hanging.has(id)
        ? new Promise((resolve) => (release = () => resolve(snapshot(id))))
        : Promise.resolve(snapshot(id));
    const { asked } = setup(5, answer);
    await act(() => vi.advanceTimersByTimeAsync(FIRST + 2 * 5 * MIN));
    // Three ticks: north was asked at the first only, south at each.
    expect(whoAsked(asked)).toEqual(['north', 'south', 'south', 'south']);
    hanging.clear();
    await act(async () => release());
    await act(() => vi.advanceTimersByTimeAsync(5 * MIN));
    expect(whoAsked(asked).slice(4)).toEqual(['north', 'south']);
    expect(saved.filter((s) => s.carrierId === 'north')).toHaveLength(2);
  });

  it('skips a failed fetch quietly and tries again at the next tick', async () => {
    let offline = true;
    const answer: Answer = (id) =>
      offline ? Promise.reject(new Error('The network is unreachable.')) : Promise.resolve(snapshot(id));
    const { asked } = setup(10, answer);
    await act(() => vi.advanceTimersByTimeAsync(FIRST));
    expect(asked).toHaveLength(2);
    expect(saved).toEqual([]);
    offline = false;
    await act(() => vi.advanceTimersByTimeAsync(10 * MIN));
    expect(whoAsked(asked)).toEqual(['north', 'south', 'north', 'south']);
    expect(saved.map((s) => s.carrierId)).toEqual(['north', 'south']);
  });

  it('takes a new interval from the last tick, without an extra fetch', async () => {
    const { asked, rerender } = setup(60);
    await act(() => vi.advanceTimersByTimeAsync(FIRST + 2 * MIN));
    expect(asked).toHaveLength(2);
    rerender(5);
    // The last tick was 2 minutes ago: the next comes 3 minutes from now, then every 5.
    await act(() => vi.advanceTimersByTimeAsync(3 * MIN - 1));
    expect(asked).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(asked).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(5 * MIN));
    expect(asked).toHaveLength(6);
    // A longer interval whose time since the last tick has not passed: nothing until it has.
    rerender(30);
    await act(() => vi.advanceTimersByTimeAsync(30 * MIN - 1));
    expect(asked).toHaveLength(6);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(asked).toHaveLength(8);
  });

  it('keeps a carrier added after the first tick shortly, without asking the others again', async () => {
    const { asked, rerender } = setup(15, undefined, carriers.slice(0, 1));
    await act(() => vi.advanceTimersByTimeAsync(FIRST + MIN));
    expect(whoAsked(asked)).toEqual(['north']);
    rerender(15, carriers);
    await act(() => vi.advanceTimersByTimeAsync(FIRST - 1));
    expect(whoAsked(asked)).toEqual(['north']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(whoAsked(asked)).toEqual(['north', 'south']);
    // The cadence is the first tick's: 15 minutes after it, every keyed carrier.
    await act(() => vi.advanceTimersByTimeAsync(15 * MIN - MIN - FIRST));
    expect(whoAsked(asked)).toEqual(['north', 'south', 'north', 'south']);
  });

  it('stops asking when the app closes', async () => {
    const { asked, unmount } = setup(5);
    await act(() => vi.advanceTimersByTimeAsync(FIRST));
    unmount();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(asked).toHaveLength(2);
  });
});
