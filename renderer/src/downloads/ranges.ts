import { dayCount, sixMonthsBefore, utcDaysOfLocalRange } from '../../../shared/time/local-day.ts';
import { addDays, isUtcDay, type UtcDay } from '../../../shared/util/day.ts';

export type RangePreset = 'yesterday' | '7d' | '30d' | '6m' | 'custom';

export const RANGE_LABELS: Record<RangePreset, string> = {
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '6m': 'Last 6 months',
  custom: 'Custom',
};

/** First day of the API's history window and of "Last 6 months": the one 6-month rule (shared/time/local-day.ts). */
export { sixMonthsBefore };

/** The days the API still keeps (spec: 6 months of location history), today included. */
export function historyWindow(today: UtcDay): { from: UtcDay; to: UtcDay } {
  return { from: sixMonthsBefore(today), to: today };
}

/** A range to download; `asked` is set when a custom range was cut to the history window. */
export type DayRange = { from: UtcDay; to: UtcDay; asked?: { from: UtcDay; to: UtcDay } };

/** "2026-05-22 → 2026-06-10 · 20 days", and why when the range asked was cut to the window. */
export function rangeWords(range: DayRange): string {
  const days = dayCount(range.from, range.to);
  const span = `${range.from} → ${range.to} · ${days} ${days === 1 ? 'day' : 'days'}`;
  if (!range.asked) return span;
  return `Only ${span} can be downloaded: the API keeps 6 months of history (${range.asked.from} → ${range.asked.to} asked).`;
}

/** "Last N days" ends today: today is the one day that is always fetched again (it is still growing). */
export function rangeFor(
  preset: RangePreset,
  today: UtcDay,
  custom?: { from: string; to: string },
): DayRange | { error: string } {
  switch (preset) {
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '6m':
      return { from: sixMonthsBefore(today), to: today };
    case 'custom': {
      const from = custom?.from ?? '';
      const to = custom?.to ?? '';
      if (!isUtcDay(from) || !isUtcDay(to)) return { error: 'Choose both a start and an end date.' };
      if (from > to) return { error: 'The start date is after the end date.' };
      const windowStart = sixMonthsBefore(today);
      if (to < windowStart || from > today)
        return {
          error: `The API keeps history from ${windowStart} to ${today} only: no day of this range can be downloaded.`,
        };
      const clipped = { from: from < windowStart ? windowStart : from, to: to > today ? today : to };
      return clipped.from === from && clipped.to === to ? clipped : { ...clipped, asked: { from, to } };
    }
  }
}

/**
 * The UTC days a job fetches for a range of `zone`'s days: every UTC day the local days touch (a Chicago
 * day ends at 05:00Z the next day), kept inside the API's window (it has no day after today).
 */
export function utcRangeOf(range: DayRange, zone: string, today: UtcDay): { from: UtcDay; to: UtcDay } {
  const days = utcDaysOfLocalRange(range.from, range.to, zone);
  const windowStart = sixMonthsBefore(today);
  const from = days[0]! < windowStart ? windowStart : days[0]!;
  const last = days[days.length - 1]!;
  return { from, to: last > today ? today : last };
}
