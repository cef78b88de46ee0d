import type { RoadLimits } from '../analysis/over-limit-events.ts';
import type { AnalyzeTrack } from '../analysis/types.ts';
import { partialDaysLines, partialVehicleDays, type StoredUtcDay } from '../inbox/partial-days.ts';
import { carrierFacts, tripFacts, type CarrierData, type CarrierFacts, type DateRange } from './facts.ts';
import { dailyPointsOf } from './local-daily.ts';
import { localVehicleDays } from './local-vehicle-days.ts';
import type { CompareParams } from './params.ts';

/**
 * One carrier's comparison as the compare worker computes it, from its stored UTC days (a UTC day more each
 * side of the range: utcDaysForLocalRange) to its facts on its home zone's days: the metrics first
 * (`comparedMetrics`), then the same facts with the trip analysis (`withTrips`), which reuses the metrics
 * pass rather than summarising every day again. Pure, so a test runs exactly the worker's path.
 */

/** A carrier's stored data over UTC days, with which of those days are stored and complete. */
export type StoredCarrier = CarrierData & { stored: StoredUtcDay[] };

/** The metrics pass: the facts and the home-zone days the trip analysis reads. */
export interface ComparedMetrics {
  facts: CarrierFacts;
  /** The carrier's days regrouped into its home zone's local days. */
  local: CarrierData;
}

export function comparedMetrics(
  utc: StoredCarrier,
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: string,
): ComparedMetrics {
  const { stored, ...data } = utc;
  const numbers = new Map((data.roster ?? []).map((v) => [v.vehicleId, v.number]));
  for (const d of data.days) if (d.chunk && !numbers.has(d.vehicleId)) numbers.set(d.vehicleId, d.chunk.vehicleNumber);
  const local: CarrierData = { ...data, zone, days: localVehicleDays(data.days, zone, range, params) };
  const partial = partialVehicleDays(stored, zone, range, today);
  const facts: CarrierFacts = {
    ...carrierFacts(local, range, params),
    daily: dailyPointsOf(data.days, local.days, zone, range, today),
    dailyZone: zone,
    partialDays: partialDaysLines(partial, (id) => numbers.get(id) ?? id),
  };
  return { facts, local };
}

/** The metrics' facts with the trip analysis of the same home-zone days, judged against `roads` when given. */
export function withTrips(
  metrics: ComparedMetrics,
  range: DateRange,
  params: CompareParams,
  analyze: AnalyzeTrack,
  roads: RoadLimits | undefined,
): CarrierFacts {
  return { ...metrics.facts, ...tripFacts(metrics.local, range, params, analyze, roads) };
}
