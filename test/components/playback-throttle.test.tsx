/**
 * Issue 35 (a click that needs no new data shows its effect within 100 ms): the Now panel and the chart cursor
 * follow playback at most 10 times a second (`useThrottledPlayback`), and pressing Play must not spend that
 * window on a notice whose time has not moved, or the first moved time waits up to 100 ms more.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SKIP } from '../../shared/playback/skip.ts';
import { PlaybackStore, useThrottledPlayback } from '../../renderer/src/features/review/playback-store.ts';

const HOUR_MS = 3_600_000;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const store = new PlaybackStore();
  store.reset({ startMs: 0, endMs: HOUR_MS }, EMPTY_SKIP);
  const { result } = renderHook(() => useThrottledPlayback(store, (s) => s.timeMs));
  return { store, result };
}

describe('useThrottledPlayback', () => {
  it("shows playback's first moved time at once after Play, then at most every 100 ms", async () => {
    const { store, result } = setup();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => store.play());
    store.stop(); // the frames below are the test's own
    // The clock's first frame moves the time a frame after Play.
    await act(() => vi.advanceTimersByTimeAsync(16));
    act(() => store.seek(60_000));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(60_000);
    // Still playing: the next moves wait for the window.
    await act(() => vi.advanceTimersByTimeAsync(16));
    act(() => store.seek(120_000));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(60_000);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current).toBe(120_000);
  });

  it('shows every change at once while paused', async () => {
    const { store, result } = setup();
    act(() => store.seek(5_000));
    expect(result.current).toBe(5_000);
    act(() => store.seek(6_000));
    expect(result.current).toBe(6_000);
  });
});
