import { dayOfMs, type UtcDay } from './day.ts';

/**
 * The API's history window (spec 4.8, 8: "the last 6 months"): from the same
 * calendar day six months before today (clamped to the month's last day, so
 * Aug 31 -> Feb 28/29) through today, UTC. The simulator serves exactly this
 * window and the clients check ranges against it before asking.
 */
export function historyWindow(nowMs: number): { start: UtcDay; end: UtcDay } {
  const today = dayOfMs(nowMs);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1 - 6;
  const d = Number(today.slice(8, 10));
  const first = new Date(Date.UTC(y, m, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const start = dayOfMs(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
  return { start, end: today };
}
