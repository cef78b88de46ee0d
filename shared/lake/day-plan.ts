/**
 * Which home-zone days of a vehicle a sync writes, and which UTC days it must
 * download for them. The API and the app's sync work in UTC days; the lake's
 * day is the carrier's local day, which spans two UTC days (one in UTC).
 * A day listed complete is never fetched again. A partial day (it touched a
 * UTC day that was still growing) is rebuilt from the UTC days from its
 * `asOf` on, its earlier UTC days kept from its own file: so a second run with
 * nothing new asks only for today.
 */
import { localDayInterval, utcDaysOverlapping, type Interval, type LocalDay } from '../time/local-day.ts';
import type { UtcDay } from '../util/day.ts';
import type { LakeDay } from './manifest.ts';

export interface LocalDayPlan {
  day: LocalDay;
  interval: Interval;
  /** UTC days to download for it. */
  fetch: UtcDay[];
  /** Keep the rows of the existing file before this instant (the UTC days already complete), or null. */
  keepBeforeMs: number | null;
  /** Every UTC day it touches is before today: it will not grow. */
  completes: boolean;
}

export interface PlanOptions {
  days: readonly LocalDay[];
  zone: string;
  today: UtcDay;
  /** The manifest's entry of a day, if any, and whether its file (if it has rows) is on disk. */
  have: (day: LocalDay) => { entry: LakeDay; fileOnDisk: boolean } | undefined;
}

export function planLocalDays(opts: PlanOptions): LocalDayPlan[] {
  const plans: LocalDayPlan[] = [];
  for (const day of opts.days) {
    const interval = localDayInterval(day, opts.zone);
    const utc = utcDaysOverlapping(interval);
    const known = opts.have(day);
    const usable = known !== undefined && (known.entry.records === 0 || known.fileOnDisk);
    if (usable && known.entry.state === 'complete') continue;
    const asOf = usable && known.entry.state === 'partial' ? known.entry.asOf : undefined;
    const keepFrom = asOf !== undefined && known!.entry.records > 0 ? asOf : undefined;
    const fetch = asOf !== undefined ? utc.filter((d) => d >= asOf) : utc;
    plans.push({
      day,
      interval,
      fetch,
      keepBeforeMs: keepFrom !== undefined && fetch.length < utc.length ? Date.parse(`${keepFrom}T00:00:00Z`) : null,
      completes: utc.every((d) => d < opts.today),
    });
  }
  return plans;
}

/** The UTC days of all plans, each once, in order. */
export function utcDaysToFetch(plans: readonly LocalDayPlan[]): UtcDay[] {
  return [...new Set(plans.flatMap((p) => p.fetch))].sort();
}
