import { daysFromTo, localRangeInterval, utcDaysOverlapping, type LocalDay } from '../time/local-day.ts';
import { addDays, type UtcDay } from '../util/day.ts';
import type { DailyPoint, DateRange, VehicleDay } from './facts.ts';
import { localVehicleDays } from './local-vehicle-days.ts';
import type { CompareParams } from './params.ts';

/**
 * The comparison's per-day series in local days of a carrier's home zone
 * (issue #13): each carrier's chart counts its own terminal's days, as its
 * Hours-of-Service logs do. Stored days are UTC chunks, so a local day is
 * summarised from the readings of the UTC days it overlaps, regrouped
 * (shared/track/local-days.ts; the summary's rules, shared/track/summary.ts).
 * A local day is charted (not a gap) when some vehicle has every UTC day it
 * overlaps stored, up to `today` (a later UTC day cannot be stored yet: today's
 * local day is charted with what there is); a vehicle without readings that
 * day adds 0. A day reaching into `today` (UTC) is marked partial: its figures are still growing.
 */

/** The UTC days whose chunks the local days of `range` in `zone` need: the range's own and one more each side (any zone is within a day of UTC). */
export function utcDaysForLocalRange(range: DateRange): DateRange {
  return { from: addDays(range.from, -1), to: addDays(range.to, 1) };
}

export function localDailyPoints(
  days: readonly VehicleDay[],
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: UtcDay,
): DailyPoint[] {
  return dailyPointsOf(days, localVehicleDays(days, zone, range, params), zone, range, today);
}

/**
 * The series from the stored UTC days (which local days are whole) and the same days regrouped into local
 * days (`localVehicleDays`: their summaries), so a caller holding both summarises each local day once.
 */
export function dailyPointsOf(
  utcDays: readonly VehicleDay[],
  localDays: readonly VehicleDay[],
  zone: string,
  range: DateRange,
  today: UtcDay,
): DailyPoint[] {
  const days = daysFromTo(range.from, range.to);
  const needs = new Map<LocalDay, UtcDay[]>(
    days.map((d) => [d, utcDaysOverlapping(localRangeInterval(d, d, zone)).filter((u) => u <= today)]),
  );
  const storedOf = new Map<string, Set<UtcDay>>();
  for (const vd of utcDays) storedOf.set(vd.vehicleId, (storedOf.get(vd.vehicleId) ?? new Set()).add(vd.day));
  const summaryOf = new Map(localDays.map((vd) => [`${vd.vehicleId}|${vd.day}`, vd.summary]));
  const sums = new Map<LocalDay, { miles: number; events: number; driving: number }>();
  for (const [vehicleId, stored] of storedOf) {
    for (const day of days) {
      const need = needs.get(day)!;
      if (need.length === 0 || !need.every((u) => stored.has(u))) continue;
      const s = summaryOf.get(`${vehicleId}|${day}`);
      const sum = sums.get(day) ?? { miles: 0, events: 0, driving: 0 };
      sum.miles += s?.distanceMiles ?? 0;
      sum.events += s?.speedingEvents ?? 0;
      if ((s?.movingSeconds ?? 0) > 0) sum.driving++;
      sums.set(day, sum);
    }
  }
  return days.map((day) => {
    const s = sums.get(day);
    const partial = utcDaysOverlapping(localRangeInterval(day, day, zone)).some((u) => u >= today);
    return {
      day,
      miles: s ? s.miles : null,
      events: s ? s.events : null,
      drivingVehicles: s ? s.driving : null,
      partial,
    };
  });
}
