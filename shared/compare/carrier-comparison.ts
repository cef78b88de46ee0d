import type { RoadLimits } from '../analysis/over-limit-events.ts';
import type { AnalyzeTrack } from '../analysis/types.ts';
import { partialDaysLines, partialVehicleDays, type StoredUtcDay } from '../inbox/partial-days.ts';
import { localRangeInterval } from '../time/local-day.ts';
import { localDayChunks } from '../track/local-days.ts';
import type { DayChunk } from '../track/types.ts';
import { byDay } from '../util/day.ts';
import {
  carrierFacts,
  tripFacts,
  type CarrierData,
  type CarrierFacts,
  type DateRange,
  type TripDay,
  type TripFacts,
} from './facts.ts';
import { dailyPointsOf } from './local-daily.ts';
import { localVehicleDays } from './local-vehicle-days.ts';
import type { CompareParams } from './params.ts';

/**
 * One carrier's comparison as the compare worker computes it, from its stored UTC days (a UTC day more each
 * side of the range: utcDaysForLocalRange) to its facts on its home zone's days. The metrics
 * (`comparedMetrics`) and the trip analysis (`comparedTrips`, what carrierFacts with `analyze` adds) are
 * computed apart, so two workers run them side by side and the page spreads the second over the first.
 * Pure, so a test runs exactly the workers' paths.
 */

/** A carrier's stored data over UTC days, with which of those days are stored and complete. */
export type StoredCarrier = CarrierData & { stored: StoredUtcDay[] };

/** The carrier's facts without the trip analysis, with its home-zone per-day series and partly held days. */
export function comparedMetrics(
  utc: StoredCarrier,
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: string,
): CarrierFacts {
  const { stored, ...data } = utc;
  const numbers = new Map((data.roster ?? []).map((v) => [v.vehicleId, v.number]));
  for (const d of data.days) if (d.chunk && !numbers.has(d.vehicleId)) numbers.set(d.vehicleId, d.chunk.vehicleNumber);
  const local: CarrierData = { ...data, zone, days: localVehicleDays(data.days, zone, range, params) };
  const partial = partialVehicleDays(stored, zone, range, today);
  return {
    ...carrierFacts(local, range, params),
    daily: dailyPointsOf(data.days, local.days, zone, range, today),
    dailyZone: zone,
    partialDays: partialDaysLines(partial, (id) => numbers.get(id) ?? id),
  };
}

/**
 * The trip analysis alone, from the stored UTC days (as `comparedMetrics` takes them): each vehicle's
 * readings regrouped into its home zone's days of `range` without summarising them, so a second worker
 * computes it beside the metrics (test/unit/compare-columns-path.test.ts holds the two spread together
 * equal to carrierFacts with `analyze`).
 */
export function comparedTrips(
  utc: Pick<CarrierData, 'carrierId' | 'roster' | 'days'>,
  zone: string,
  range: DateRange,
  params: CompareParams,
  analyze: AnalyzeTrack,
  roads: RoadLimits | undefined,
): TripFacts {
  const interval = localRangeInterval(range.from, range.to, zone);
  const byVehicle = new Map<string, DayChunk[]>();
  for (const vd of utc.days) {
    if (!vd.chunk || vd.chunk.length === 0) {
      if (!byVehicle.has(vd.vehicleId)) byVehicle.set(vd.vehicleId, []);
      continue;
    }
    const list = byVehicle.get(vd.vehicleId);
    if (list) list.push(vd.chunk);
    else byVehicle.set(vd.vehicleId, [vd.chunk]);
  }
  const days: TripDay[] = [];
  for (const [vehicleId, chunks] of byVehicle)
    for (const chunk of localDayChunks(chunks.sort(byDay), zone, interval))
      days.push({ vehicleId, day: chunk.day, chunk });
  return tripFacts({ carrierId: utc.carrierId, roster: utc.roster, days }, range, params, analyze, roads);
}
