import type { CarrierFacts } from '../compare/facts.ts';
import { formatMetricValue } from '../compare/format.ts';
import type { Direction, MetricDef } from '../compare/metrics.ts';
import { emptyOverLimitFacts } from '../compare/over-limit-facts.ts';
import { rankValues, same, type Mark } from '../compare/rank.ts';
import { TIER_NAMES } from '../roads/tiers.ts';
import { LAKE_METRICS, METRICS_NOT_IN_LAKE, metricColumn, type ReportBounds } from './report-sql.ts';

/**
 * `lake report`'s model: the rows its SQL returns (one per carrier) made into Compare's metric rows, each
 * carrier ranked by the metric's direction. The values are the SQL's; the labels, units, definitions and
 * details are the METRICS table's.
 */

/** One row of the report's query, its engine's values made plain (integers as numbers). */
export type ReportRow = Readonly<Record<string, number | boolean | string | null>>;

/** The facts Compare's coverage, exposure, safety and operations rows read, as the SQL counted them. */
export type LakeFacts = Pick<
  CarrierFacts,
  | 'carrierId'
  | 'label'
  | 'rosterSize'
  | 'daysInRange'
  | 'daysCovered'
  | 'vehicleDaysStored'
  | 'vehicleDaysWithData'
  | 'vehiclesWithData'
  | 'miles'
  | 'movingSeconds'
  | 'stationarySeconds'
  | 'offlineSeconds'
  | 'speedingSeconds'
  | 'speedingEvents'
  | 'gaps'
  | 'activeVehicles'
  | 'activeVehicleDays'
  | 'trips'
  | 'roadLimits'
  | 'overLimit'
>;

export interface LakeReportCell {
  value: number | null;
  text: string;
  detail: string | null;
  /** 1 = best by the metric's direction (ties share a rank); null for a neutral metric or no value. */
  rank: number | null;
  mark: Mark;
}

export interface LakeReport {
  bounds: ReportBounds;
  params: Readonly<Record<string, number>>;
  carriers: LakeFacts[];
  /** Per carrier, its vehicle-days held in part (touching a UTC day still being recorded): their figures will grow. */
  partialVehicleDays: number[];
  rows: { def: MetricDef; cells: LakeReportCell[] }[];
  notAnswered: typeof METRICS_NOT_IN_LAKE;
}

/** `names`: each carrier's name by its partition value (the manifest's), shown beside it; absent: the value alone. */
export function lakeReport(
  rows: readonly ReportRow[],
  bounds: ReportBounds,
  params: LakeReport['params'],
  names: ReadonlyMap<string, string> = new Map(),
): LakeReport {
  const carriers = rows.map((r) => {
    const facts = lakeFactsOfRow(r);
    return { ...facts, label: names.get(facts.carrierId) ?? facts.carrierId };
  });
  return {
    bounds,
    params,
    carriers,
    partialVehicleDays: rows.map((r) => finiteOrNull(r['partial_vehicle_days'], 'partial_vehicle_days') ?? 0),
    notAnswered: METRICS_NOT_IN_LAKE,
    rows: LAKE_METRICS.map((def) => {
      const values = rows.map((r) => finiteOrNull(r[metricColumn(def.id)], metricColumn(def.id)));
      const marks = rankValues(values, def.direction);
      const ranks = rankPositions(values, def.direction);
      return {
        def,
        cells: values.map((value, i) => ({
          value,
          text: formatMetricValue(def, value),
          // The lake groups' details read only LakeFacts' fields (test/unit/lake-report.test.ts holds it).
          detail: def.detail?.(carriers[i] as CarrierFacts) ?? null,
          rank: ranks[i] ?? null,
          mark: marks[i] ?? null,
        })),
      };
    }),
  };
}

/** A row's fact columns as Compare names them. */
export function lakeFactsOfRow(r: ReportRow): LakeFacts {
  const n = (column: string) => {
    const v = finiteOrNull(r[column], column);
    if (v === null) throw new TypeError(`The report's query gave no ${column}.`);
    return v;
  };
  const overLimit = emptyOverLimitFacts();
  for (const t of TIER_NAMES) overLimit.byTier[t] = n(`over_limit_${t}`);
  overLimit.seconds = n('over_limit_seconds');
  const carrier = String(r['carrier']);
  return {
    carrierId: carrier,
    label: carrier,
    rosterSize: finiteOrNull(r['roster_size'], 'roster_size'),
    daysInRange: n('days_in_range'),
    daysCovered: n('days_covered'),
    vehicleDaysStored: n('vehicle_days_stored'),
    vehicleDaysWithData: n('vehicle_days_with_data'),
    vehiclesWithData: n('vehicles_with_data'),
    miles: n('miles'),
    movingSeconds: n('moving_seconds'),
    stationarySeconds: n('stationary_seconds'),
    offlineSeconds: n('offline_seconds'),
    speedingSeconds: n('speeding_seconds'),
    speedingEvents: n('speeding_events'),
    gaps: n('gaps'),
    activeVehicles: n('active_vehicles'),
    activeVehicleDays: n('active_vehicle_days'),
    trips: { count: n('trip_count'), miles: n('trip_miles') },
    // SQLite hands a boolean back as 1/0.
    roadLimits: r['road_limits'] === true || r['road_limits'] === 1,
    overLimit,
  };
}

function finiteOrNull(v: unknown, column: string): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number') throw new TypeError(`The report's column ${column} is not a number (${typeof v}).`);
  return Number.isFinite(v) ? v : null;
}

/**
 * Each value's rank among those present: 1 + the carriers strictly better (rank.ts's tie rule, so float
 * noise never splits a tie). A neutral metric ranks no one: neither end is better.
 */
export function rankPositions(values: readonly (number | null)[], direction: Direction): (number | null)[] {
  if (direction === 'neutral') return values.map(() => null);
  const present = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (direction === 'higher-is-better') present.reverse();
  const better = (a: number, b: number) => !same(a, b) && (direction === 'higher-is-better' ? a > b : a < b);
  return values.map((v) => {
    if (v === null) return null;
    let k = 0;
    while (k < present.length && better(present[k]!, v)) k++;
    return k + 1;
  });
}
