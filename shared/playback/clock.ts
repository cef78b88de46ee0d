import { advance, type SkipMap } from './skip.ts';

export interface ClockState {
  timeMs: number;
  playing: boolean;
  rate: number;
}

/**
 * One frame of playback: wall milliseconds elapsed → new selection time.
 * Stops at the end of the selection (a replay that wraps would hide the end).
 */
export function tick(
  state: ClockState,
  wallDeltaMs: number,
  bounds: { startMs: number; endMs: number },
  skip: SkipMap,
): ClockState {
  if (!state.playing) return state;
  // A long stall (tab in background) must not jump hours ahead at 3600×.
  const delta = Math.min(wallDeltaMs, 250) * state.rate;
  const next = advance(skip, state.timeMs, delta);
  if (next >= bounds.endMs) return { ...state, timeMs: bounds.endMs, playing: false };
  return { ...state, timeMs: Math.max(bounds.startMs, next) };
}
