/**
 * The backend's clock may differ from the window's (the demo simulator can pin
 * it), and ages and refresh times come from the backend. Each fresh fleet
 * answer tells us the backend's time at that moment; we keep the difference.
 */
let offsetMs = 0;

export function observeServerTime(serverMs: number): void {
  offsetMs = serverMs - Date.now();
}

/** Best estimate of the backend's current time. */
export function serverNow(localNow: number = Date.now()): number {
  return localNow + offsetMs;
}
