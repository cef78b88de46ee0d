import { useSyncExternalStore } from 'react';

/**
 * Work the user is waiting for (a Trip review load, a comparison) counted while it runs, so background work (the inbox
 * preparer) starts only once nothing is: on a two-core laptop it would take the core the user's screen needs.
 */
let running = 0;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((l) => l());

/** Counts one piece of foreground work until the returned function is called (any number of times). */
export function beginForegroundWork(): () => void {
  running++;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running--;
    notify();
  };
}

export function foregroundIdle(): boolean {
  return running === 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while no foreground work runs; re-renders when that changes. */
export function useForegroundIdle(): boolean {
  return useSyncExternalStore(subscribe, foregroundIdle);
}
