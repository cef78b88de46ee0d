import { sixMonthsBefore } from '../time/local-day.ts';
import { dayOfMs, type UtcDay } from './day.ts';

/**
 * The API's history window (spec 4.8, 8: "the last 6 months"): from the same
 * calendar day six months before today (clamped to the month's last day, so
 * Aug 31 -> Feb 28/29) through today, UTC. The simulator serves exactly this
 * window and the clients check ranges against it before asking.
 */
export function historyWindow(nowMs: number): { start: UtcDay; end: UtcDay } {
  const today = dayOfMs(nowMs);
  return { start: sixMonthsBefore(today), end: today };
}
