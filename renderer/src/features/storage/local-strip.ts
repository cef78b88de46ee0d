import {
  daysFromTo,
  localDaysOverlapping,
  sixMonthsBefore,
  utcDaysOfLocalRange,
  type LocalDay,
} from '../../../../shared/time/local-day.ts';
import { localDaysCoverage, missingHoursText } from '../../../../shared/track/local-coverage.ts';
import { dayStartMs, DAY_MS, type UtcDay } from '../../../../shared/util/day.ts';
import { formatCount } from '../../downloads/format.ts';

/**
 * Storage by the carrier's home-zone days (issue 31, item 5). Days are stored as whole UTC days; a
 * home-zone day touches one or two of them. The strip shows home-zone days (complete only when every UTC
 * day they touch is), and deleting home-zone days deletes every stored UTC day they touch: a UTC day is
 * never cut, so a neighbouring home-zone day sharing one of those UTC days becomes partly downloaded, and
 * the question before deleting names those days.
 */

export interface StoredUtcDay {
  day: UtcDay;
  state: 'complete' | 'partial';
  points: number;
}

export interface LocalCell {
  day: LocalDay;
  state: 'complete' | 'partial' | 'missing';
  title: string;
}

/** The strip's days: the last 6 months of the zone's calendar, as the API's window (shared/time/local-day.ts). */
export function stripDays(today: LocalDay): LocalDay[] {
  return daysFromTo(sixMonthsBefore(today), today);
}

/** Each home-zone day of `days` with its state and a title saying what is stored (colour is never the only cue). */
export function localCells(
  days: readonly LocalDay[],
  stored: readonly StoredUtcDay[],
  zone: string,
  today: UtcDay,
): LocalCell[] {
  if (days.length === 0) return [];
  const byDay = new Map(stored.map((d) => [d.day, d]));
  const coverage = localDaysCoverage(days[0]!, days.at(-1)!, zone, new Map(stored.map((d) => [d.day, d.state])), today);
  return coverage.map((c) => {
    const points = utcDaysOfLocalRange(c.day, c.day, zone).reduce((n, u) => n + (byDay.get(u)?.points ?? 0), 0);
    const title =
      c.state === 'missing'
        ? `${c.day}: not downloaded`
        : c.state === 'complete'
          ? `${c.day}: complete (stored UTC days hold ${formatCount(points)} points)`
          : `${c.day}: partly downloaded, ${missingHoursText(c, zone)}`;
    return { day: c.day, state: c.state, title };
  });
}

export interface LocalDeletion {
  /** The stored UTC days deleted, oldest first (empty: nothing of these days is stored). */
  utcDays: UtcDay[];
  /** Home-zone days outside the range that lose a UTC day they share with it and keep some data: partial after. */
  partialAfter: LocalDay[];
}

/** What deleting the home-zone days `from`..`to` deletes, and which neighbouring days it leaves partial. */
export function localDeletion(
  from: LocalDay,
  to: LocalDay,
  zone: string,
  stored: readonly Pick<StoredUtcDay, 'day'>[],
): LocalDeletion {
  const held = new Set(stored.map((d) => d.day));
  const utcDays = utcDaysOfLocalRange(from, to, zone).filter((u) => held.has(u));
  const deleted = new Set(utcDays);
  const partialAfter = utcDays
    .flatMap((u) => localDaysOverlapping({ startMs: dayStartMs(u), endMs: dayStartMs(u) + DAY_MS }, zone))
    .filter((d, i, all) => (d < from || d > to) && all.indexOf(d) === i)
    // It keeps data: some other UTC day it touches stays stored (else it becomes "not downloaded").
    .filter((d) => utcDaysOfLocalRange(d, d, zone).some((u) => !deleted.has(u) && held.has(u)))
    .sort();
  return { utcDays, partialAfter };
}

const list = (days: readonly string[]) =>
  days.length <= 1 ? (days[0] ?? '') : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;

/** The question before deleting home-zone days, saying what is deleted and what becomes partial. */
export function deletionQuestion(
  vehicle: string,
  from: LocalDay,
  to: LocalDay,
  zone: string,
  d: LocalDeletion,
): string {
  const days = from === to ? `day ${from}` : `days ${from} to ${to}`;
  if (d.utcDays.length === 0) return `Nothing of ${vehicle}'s ${days} (${zone}) is stored.`;
  const utc = d.utcDays.length === 1 ? `UTC day ${d.utcDays[0]}` : `UTC days ${d.utcDays[0]} to ${d.utcDays.at(-1)}`;
  const partial =
    d.partialAfter.length === 0
      ? ''
      : ` ${list(d.partialAfter)} ${d.partialAfter.length === 1 ? 'becomes' : 'become'} partly downloaded (they share a UTC day with the range).`;
  return `Delete ${vehicle}'s ${days} (${zone})? Days are stored as whole UTC days: this deletes the stored ${utc}.${partial}`;
}
