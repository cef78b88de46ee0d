/**
 * The backend's clock may differ from the window's (the demo simulator can pin
 * it), and ages and refresh times come from the backend. The app's start
 * (app:getInfo) and each fresh fleet answer tell us the backend's time at that
 * moment; we keep the difference.
 */
let offsetMs = 0;

/** Keeps the backend's clock at `serverMs` (a time it just answered with); a value that is not a time is ignored. */
export function observeServerTime(serverMs: number, localNow: number = Date.now()): void {
  if (typeof serverMs === 'number' && Number.isFinite(serverMs)) offsetMs = serverMs - localNow;
}

/** Best estimate of the backend's current time. */
export function serverNow(localNow: number = Date.now()): number {
  return localNow + offsetMs;
}
