import { wallToInstant } from '../../../../shared/drivers/local-date-time.ts';
import { offsetLookup } from '../../../../shared/time/local-day.ts';

/**
 * The form's date-times: what an `<input type="datetime-local">` holds ("2026-03-08T14:05"), read and
 * written as the carrier's home-zone clock, not this computer's.
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The home-zone wall clock at `ms`, to the minute, as the input shows it. */
export function localInputOfMs(ms: number, zone: string): string {
  return new Date(ms + offsetLookup(zone)(ms)).toISOString().slice(0, 16);
}

export type LocalInputResult = { ok: true; ms: number } | { ok: false; error: string };

/**
 * The instant the home zone's clock reads `text`. A time the zone skips (spring forward) is refused by
 * name; one it shows twice (fall back) is the first, as the assignments CSV reads it.
 */
export function msOfLocalInput(text: string, zone: string, what: string): LocalInputResult {
  const m = LOCAL_INPUT.exec(text.trim());
  if (!m) return { ok: false, error: `${what} is not a date and time (expected YYYY-MM-DDTHH:MM).` };
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(wall).toISOString().slice(0, 16) !== text.trim())
    return { ok: false, error: `${what} ${text} is not a real date and time.` };
  // The assignments file's own rule (shared/drivers/local-date-time.ts), so a typed time and an imported one agree.
  const ms = wallToInstant(wall, zone);
  if (ms === null) return { ok: false, error: `${what} ${text} does not happen in ${zone} (the clocks skip it).` };
  return { ok: true, ms };
}
