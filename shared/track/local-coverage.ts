import { createZoneFormatter } from '../time/zone.ts';
import { localDayInterval, daysFromTo, type Interval, type LocalDay } from '../time/local-day.ts';
import { addDays, dayStartMs, DAY_MS, dayOfMs, type UtcDay } from '../util/day.ts';

/**
 * Coverage of local days (a zone's calendar days) from the coverage of the
 * UTC day chunks that are stored and downloaded. A local day west or east of
 * UTC touches two UTC days (America/Chicago's 2026-10-01 is 05:00Z on 10-01
 * to 05:00Z on 10-02): it is complete only when every UTC day it touches is
 * complete. Anything less is said with the hours that are missing, in the
 * zone's clock, so no screen, export or audit report presents a part of a
 * day as the whole day.
 */

/** What the store says of one UTC day: complete, or still growing when downloaded (today). Absent: not downloaded. */
export type UtcDayState = 'complete' | 'partial';

/** Why a stretch of a local day is not held complete. */
export type MissingWhy = 'not-downloaded' | 'growing';

export interface MissingStretch extends Interval {
  why: MissingWhy;
}

export interface LocalDayCoverage {
  day: LocalDay;
  /** complete: every UTC day it touches is complete; partial: some of it is held; missing: none of it is stored. */
  state: 'complete' | 'partial' | 'missing';
  /** The stretches of the day (UTC ms, in order) not held complete. */
  missing: MissingStretch[];
}

/**
 * Each local day `from`..`to` of `zone` with what is missing of it. `today`: the API's current UTC day; a
 * UTC day from today on that is not stored is still being recorded (growing), one before it is not downloaded.
 */
export function localDaysCoverage(
  from: LocalDay,
  to: LocalDay,
  zone: string,
  stored: ReadonlyMap<UtcDay, UtcDayState>,
  today: UtcDay,
): LocalDayCoverage[] {
  return daysFromTo(from, to).map((day) => localDayCoverage(day, zone, stored, today));
}

export function localDayCoverage(
  day: LocalDay,
  zone: string,
  stored: ReadonlyMap<UtcDay, UtcDayState>,
  today: UtcDay,
): LocalDayCoverage {
  const { startMs, endMs } = localDayInterval(day, zone);
  const missing: MissingStretch[] = [];
  let held = 0;
  let touched = 0;
  for (let u = dayOfMs(startMs); endMs > startMs && dayStartMs(u) < endMs; u = addDays(u, 1)) {
    touched++;
    const state = stored.get(u);
    if (state !== undefined) held++;
    if (state === 'complete') continue;
    const why: MissingWhy = state === 'partial' || u >= today ? 'growing' : 'not-downloaded';
    const a = Math.max(startMs, dayStartMs(u));
    const b = Math.min(endMs, dayStartMs(u) + DAY_MS);
    const last = missing[missing.length - 1];
    if (last && last.endMs === a && last.why === why) last.endMs = b;
    else missing.push({ startMs: a, endMs: b, why });
  }
  const state = missing.length === 0 ? 'complete' : held === 0 || touched === 0 ? 'missing' : 'partial';
  return { day, state, missing };
}

/** UTC day states of coverage rows (the store's, or an audit's day facts). */
export function utcDayStates(rows: Iterable<{ day: UtcDay; complete: boolean }>): Map<UtcDay, UtcDayState> {
  const out = new Map<UtcDay, UtcDayState>();
  for (const r of rows) out.set(r.day, r.complete ? 'complete' : 'partial');
  return out;
}

const WHY_WORDS: Record<MissingWhy, string> = {
  'not-downloaded': 'not downloaded',
  growing: 'still being recorded when downloaded',
};

function hoursText(ms: number): string {
  const h = ms / 3_600_000;
  return Number.isInteger(h) ? `${h} h` : `${h.toFixed(1)} h`;
}

/**
 * The missing hours of a partial day in the zone's clock with its abbreviation, one stretch after the
 * other: "19:00–24:00 CDT not downloaded (5 h)". A stretch ending at the day's end ends at 24:00.
 */
export function missingHoursText(c: LocalDayCoverage, zone: string): string {
  const zf = createZoneFormatter(zone);
  const dayEnd = localDayInterval(c.day, zone).endMs;
  return c.missing
    .map((m) => {
      const end = m.endMs === dayEnd ? '24:00' : zf.shortTime(m.endMs);
      const abbrA = zf.abbreviation(m.startMs);
      const abbrB = zf.abbreviation(m.endMs - 1);
      const zoneWords = abbrA === abbrB ? abbrA : `${abbrA}/${abbrB}`;
      return `${zf.shortTime(m.startMs)}–${end} ${zoneWords} ${WHY_WORDS[m.why]} (${hoursText(m.endMs - m.startMs)})`;
    })
    .join('; ');
}

/** "2026-10-01: 19:00–24:00 CDT not downloaded (5 h)" for each partial day, ' · ' between days; '' when none is. */
export function partialDaysText(days: readonly LocalDayCoverage[], zone: string): string {
  return days
    .filter((d) => d.state === 'partial')
    .map((d) => `${d.day}: ${missingHoursText(d, zone)}`)
    .join(' · ');
}
