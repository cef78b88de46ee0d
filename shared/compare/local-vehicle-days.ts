import { daysFromTo, localDayInterval, localRangeInterval, utcDaysOverlapping } from '../time/local-day.ts';
import { allocColumns } from '../track/columns.ts';
import { localDayChunks } from '../track/local-days.ts';
import { summarizeDay } from '../track/summary.ts';
import type { DayChunk } from '../track/types.ts';
import { byDay } from '../util/day.ts';
import type { DateRange, VehicleDay } from './facts.ts';
import { summaryParamsOf, type CompareParams } from './params.ts';

/**
 * A carrier's stored UTC vehicle-days regrouped into the local days of its home zone (issue 31, item 5:
 * one clock): Compare's figures count the days its Hours-of-Service logs, Trip review and the inbox count.
 * A vehicle holds a local day when at least one UTC day it touches is stored (a day held only in part is
 * said so by the coverage, shared/inbox/partial-days.ts); its summary is recomputed from the regrouped
 * readings with `params`. `days` must hold a UTC day more each side of `range` (utcDaysForLocalRange).
 */
export function localVehicleDays(
  days: readonly VehicleDay[],
  zone: string,
  range: DateRange,
  params: CompareParams,
): VehicleDay[] {
  const sp = summaryParamsOf(params);
  const localDays = daysFromTo(range.from, range.to);
  const touches = new Map(localDays.map((d) => [d, utcDaysOverlapping(localDayInterval(d, zone))]));
  const byVehicle = new Map<string, VehicleDay[]>();
  for (const vd of days) byVehicle.set(vd.vehicleId, [...(byVehicle.get(vd.vehicleId) ?? []), vd]);
  const interval = localRangeInterval(range.from, range.to, zone);
  const out: VehicleDay[] = [];
  for (const [vehicleId, list] of byVehicle) {
    const stored = new Set(list.map((vd) => vd.day));
    const chunks = list
      .filter((vd): vd is VehicleDay & { chunk: DayChunk } => vd.chunk !== null && vd.chunk.length > 0)
      .sort(byDay)
      .map((vd) => vd.chunk);
    const perDay = new Map(localDayChunks(chunks, zone, interval).map((c) => [c.day, c]));
    for (const day of localDays) {
      if (!touches.get(day)!.some((u) => stored.has(u))) continue;
      const chunk = perDay.get(day) ?? emptyChunk(vehicleId, day, chunks[0]);
      out.push({ vehicleId, day, summary: summarizeDay(chunk, sp), chunk });
    }
  }
  return out;
}

/** A stored local day without a reading: a vehicle that stood switched off (0 miles, not a missing day). */
function emptyChunk(vehicleId: string, day: string, like: DayChunk | undefined): DayChunk {
  return {
    vehicleId,
    day,
    vehicleNumber: like?.vehicleNumber ?? '',
    vin: like?.vin ?? '',
    ...allocColumns(0),
    id: [],
    location: [],
  };
}
