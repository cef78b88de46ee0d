import { useEffect, useState, useSyncExternalStore } from 'react';
import { tick, type ClockState } from '../../../../shared/playback/clock.ts';
import { EMPTY_SKIP, type SkipMap } from '../../../../shared/playback/skip.ts';

/**
 * Playback state outside React: the clock advances every animation frame and
 * only the few components that show the current time subscribe, so the map's
 * route, the charts and the lists do not re-render 60 times a second.
 */
export interface PlaybackState extends ClockState {
  follow: boolean;
  skipIdle: boolean;
  /** Frames drawn while playing, for the frame-rate figure (bench). */
  frames: number;
}

export class PlaybackStore {
  private state: PlaybackState = { timeMs: 0, playing: false, rate: 600, follow: false, skipIdle: false, frames: 0 };
  private listeners = new Set<() => void>();
  private raf = 0;
  private lastWall = 0;
  bounds = { startMs: 0, endMs: 0 };
  skip: SkipMap = EMPTY_SKIP;
  idleSkip: SkipMap = EMPTY_SKIP;

  get = (): PlaybackState => this.state;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(patch: Partial<PlaybackState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  reset(bounds: { startMs: number; endMs: number }, idleSkip: SkipMap) {
    this.stop();
    this.bounds = bounds;
    this.idleSkip = idleSkip;
    this.skip = this.state.skipIdle ? idleSkip : EMPTY_SKIP;
    // A new selection (truck, day or span) ends Follow: the map fits the new route instead of chasing the old moment.
    this.set({ timeMs: bounds.startMs, playing: false, follow: false });
  }

  seek(ms: number) {
    this.set({ timeMs: Math.min(this.bounds.endMs, Math.max(this.bounds.startMs, ms)) });
  }

  setRate(rate: number) {
    this.set({ rate });
  }

  setFollow(follow: boolean) {
    this.set({ follow });
  }

  setSkipIdle(skipIdle: boolean) {
    this.skip = skipIdle ? this.idleSkip : EMPTY_SKIP;
    this.set({ skipIdle });
  }

  play() {
    if (this.state.playing || this.bounds.endMs <= this.bounds.startMs) return;
    const atEnd = this.state.timeMs >= this.bounds.endMs;
    this.set({ playing: true, timeMs: atEnd ? this.bounds.startMs : this.state.timeMs });
    this.lastWall = performance.now();
    const frame = (now: number) => {
      const next = tick(this.state, now - this.lastWall, this.bounds, this.skip);
      this.lastWall = now;
      this.set({ ...next, frames: this.state.frames + 1 });
      if (this.state.playing) this.raf = requestAnimationFrame(frame);
    };
    this.raf = requestAnimationFrame(frame);
  }

  pause() {
    this.stop();
    this.set({ playing: false });
  }

  toggle() {
    if (this.state.playing) this.pause();
    else this.play();
  }

  stop() {
    cancelAnimationFrame(this.raf);
    this.raf = 0;
  }
}

export function usePlayback<T>(store: PlaybackStore, select: (s: PlaybackState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

/**
 * Like usePlayback, but while playing re-renders at most every `intervalMs`
 * (text panels, chart cursors: nobody reads them 60 times a second). Paused,
 * every change shows at once, so a seek or step is never stale.
 */
export function useThrottledPlayback<T>(store: PlaybackStore, select: (s: PlaybackState) => T, intervalMs = 100): T {
  const [value, setValue] = useState(() => select(store.get()));
  const selectRef = useLatest(select);
  useEffect(() => {
    let last = 0;
    let timer = 0;
    let pushed = selectRef.current(store.get());
    const push = () => {
      timer = 0;
      last = performance.now();
      pushed = selectRef.current(store.get());
      setValue(() => pushed);
    };
    push();
    const unsubscribe = store.subscribe(() => {
      // A notice that leaves the value as it was (Play pressed, the time not moved yet) spends no window: the
      // first moved value after it shows at once, not up to `intervalMs` later.
      if (Object.is(selectRef.current(store.get()), pushed)) return;
      if (!store.get().playing) {
        window.clearTimeout(timer);
        push();
      } else if (!timer) {
        timer = window.setTimeout(push, Math.max(0, last + intervalMs - performance.now()));
      }
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [store, intervalMs, selectRef]);
  return value;
}

function useLatest<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
