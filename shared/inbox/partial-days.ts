import type { LocalDay } from '../time/local-day.ts';
import { localDaysCoverage, missingHoursText, utcDayStates, type UtcDayState } from '../track/local-coverage.ts';
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

/** One carrier's partial days in a range: what the inbox's scope note says for that carrier. */
export interface CarrierPartialDays {
  carrierId: string;
  zone: string;
  days: PartialVehicleDay[];
}

export function partialVehicleDays(
  rows: readonly StoredUtcDay[],
  zone: string,
  range: { from: LocalDay; to: LocalDay },
  today: UtcDay,
): PartialVehicleDay[] {
  const byVehicle = new Map<string, StoredUtcDay[]>();
  for (const r of rows) {
    const list = byVehicle.get(r.vehicleId);
    if (list) list.push(r);
    else byVehicle.set(r.vehicleId, [r]);
  }
  // A fleet's trucks mostly hold the same days in the same states: each distinct set of stored days is
  // worked out once (every local day's zone arithmetic and missing hours' text), not once per truck.
  const partialOf = new Map<string, { day: LocalDay; missing: string }[]>();
  const out: PartialVehicleDay[] = [];
  for (const [vehicleId, list] of [...byVehicle].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const states = utcDayStates(list);
    const key = storedDaysKey(states);
    let partial = partialOf.get(key);
    if (!partial) {
      partial = localDaysCoverage(range.from, range.to, zone, states, today)
        .filter((c) => c.state === 'partial')
        .map((c) => ({ day: c.day, missing: missingHoursText(c, zone) }));
      partialOf.set(key, partial);
    }
    for (const p of partial) out.push({ vehicleId, ...p });
  }
  return out;
}

/** The stored UTC days and their states, the same text for the same days whatever their order. */
export function storedDaysKey(states: ReadonlyMap<UtcDay, UtcDayState>): string {
  return [...states]
    .map(([day, state]) => `${day}${state === 'complete' ? '+' : '~'}`)
    .sort()
    .join(',');
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
