import { localDayOfMs, type LocalDay, type Span } from '../../../shared/time/local-day.ts';
import { DAY_MS, dayStartMs, type UtcDay } from '../../../shared/util/day.ts';

/**
 * Where "Open in Trip review" of a finished download leads (issue 31, item 9). A job stores the UTC days
 * it fetched: every UTC day its home-zone days touch (ranges.ts utcRangeOf), so west of UTC it ends a UTC
 * day after the last local day and east of UTC it starts a UTC day before the first. The local days are
 * then the ones holding the first UTC day's last instant and the last UTC day's first instant. A job is
 * cut at the API's today (`today`, a UTC day), and no range of Downloads ends after that date: a job
 * reaching today ends on that day.
 */
export function localDaysOfJob(
  job: { from: UtcDay; to: UtcDay },
  zone: string,
  today: UtcDay,
): { from: LocalDay; to: LocalDay } {
  const from = localDayOfMs(dayStartMs(job.from) + DAY_MS - 1, zone);
  const to = job.to >= today ? today : localDayOfMs(dayStartMs(job.to), zone);
  return from <= to ? { from, to } : { from: to, to };
}

/** The shortest Review span that shows the local days `from`..`to` whole, ending on `to`. */
export function spanCovering(from: LocalDay, to: LocalDay): Span {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days <= 1) return 'day';
  if (days <= 7) return 'week';
  if (days <= 30) return 'month';
  return '6m';
}
