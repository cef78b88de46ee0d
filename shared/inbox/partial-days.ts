import type { LocalDay } from '../time/local-day.ts';
import { localDaysCoverage, missingHoursText, utcDayStates } from '../track/local-coverage.ts';
import type { UtcDay } from '../util/day.ts';

/**
 * The home-zone days of a range that a vehicle holds only in part (issue 31, item 1): some of the UTC days
 * the local day touches are stored, not all complete. The inbox and Compare say them, with the hours
 * missing (shared/track/local-coverage.ts), so no figure of such a day passes for the whole day. A vehicle
 * with nothing stored in the range is not listed: it is missing, which the screens already say.
 */
export interface StoredUtcDay {
  vehicleId: string;
  day: UtcDay;
  complete: boolean;
}

export interface PartialVehicleDay {
  vehicleId: string;
  day: LocalDay;
  /** "19:00–24:00 CDT not downloaded (5 h)". */
  missing: string;
}

export function partialVehicleDays(
  rows: readonly StoredUtcDay[],
  zone: string,
  range: { from: LocalDay; to: LocalDay },
  today: UtcDay,
): PartialVehicleDay[] {
  const byVehicle = new Map<string, StoredUtcDay[]>();
  for (const r of rows) byVehicle.set(r.vehicleId, [...(byVehicle.get(r.vehicleId) ?? []), r]);
  const out: PartialVehicleDay[] = [];
  for (const [vehicleId, list] of [...byVehicle].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const states = utcDayStates(list);
    for (const c of localDaysCoverage(range.from, range.to, zone, states, today)) {
      if (c.state === 'partial') out.push({ vehicleId, day: c.day, missing: missingHoursText(c, zone) });
    }
  }
  return out;
}

/** Vehicles named per line before "and N more". */
const NAMED = 4;

/**
 * One line per partial day and missing stretch, the vehicles it concerns named by `numberOf`:
 * "2026-10-01: 19:00–24:00 CDT not downloaded (5 h) — T-103, T-104". Days in order.
 */
export function partialDaysLines(
  list: readonly PartialVehicleDay[],
  numberOf: (vehicleId: string) => string,
): string[] {
  const groups = new Map<string, string[]>();
  for (const p of [...list].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
    const key = `${p.day}: ${p.missing}`;
    groups.set(key, [...(groups.get(key) ?? []), numberOf(p.vehicleId)]);
  }
  return [...groups].map(([key, vehicles]) => {
    const named = vehicles.slice(0, NAMED).join(', ');
    const more = vehicles.length > NAMED ? ` and ${vehicles.length - NAMED} more` : '';
    return `${key} — ${named}${more}`;
  });
}
