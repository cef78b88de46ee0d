import type { RoadLimits } from '../analysis/over-limit-events.ts';
import type { AnalyzeTrack } from '../analysis/types.ts';
import { carrierFacts, type CarrierData, type CarrierFacts, type DateRange } from './facts.ts';
import { formatMetricValue } from './format.ts';
import { METRICS, type MetricDef } from './metrics.ts';
import type { CompareParams } from './params.ts';
import { rankValues, type Mark } from './rank.ts';

export const MIN_CARRIERS = 2;
export const MAX_CARRIERS = 4;

export interface MetricCell {
  value: number | null;
  text: string;
  detail: string | null;
  mark: Mark;
}

export interface MetricRow {
  def: MetricDef;
  /** One per carrier, in the carriers' order. */
  cells: MetricCell[];
}

export interface CoverageWarning {
  carrierId: string | null;
  kind: 'missing-days' | 'partial-days' | 'no-roster' | 'no-data' | 'uneven-days' | 'no-hos';
  message: string;
}

/** Plain data (structured-cloneable): what the worker sends back. */
export interface ComparisonFacts {
  range: DateRange;
  params: CompareParams;
  carriers: CarrierFacts[];
}

/** `roads`: the limits the trip analysis judges "over the limit" against (only with `analyze`). */
export function compareFacts(
  list: readonly CarrierData[],
  range: DateRange,
  params: CompareParams,
  analyze?: AnalyzeTrack,
  roads?: RoadLimits,
): ComparisonFacts {
  return { range, params, carriers: list.map((c) => carrierFacts(c, range, params, analyze, roads)) };
}

export function metricRows(carriers: readonly CarrierFacts[], metrics: readonly MetricDef[] = METRICS): MetricRow[] {
  return metrics.map((def) => {
    const values = carriers.map((f) => {
      const v = def.value(f);
      return v !== null && Number.isFinite(v) ? v : null;
    });
    const marks = rankValues(values, def.direction);
    return {
      def,
      cells: carriers.map((f, i) => ({
        value: values[i] ?? null,
        text: formatMetricValue(def, values[i] ?? null),
        detail: def.detail?.(f) ?? null,
        mark: marks[i] ?? null,
      })),
    };
  });
}

/** What a reader must know before comparing: days not downloaded, carriers covering different days. */
export function coverageWarnings(carriers: readonly CarrierFacts[]): CoverageWarning[] {
  const out: CoverageWarning[] = [];
  for (const f of carriers) {
    if (f.rosterSize === null)
      out.push({
        carrierId: f.carrierId,
        kind: 'no-roster',
        message: `${f.label}: the vehicle list was never fetched, so coverage cannot be measured. Open its fleet or downloads screen once.`,
      });
    if (f.vehicleDaysStored === 0)
      out.push({ carrierId: f.carrierId, kind: 'no-data', message: `${f.label}: nothing downloaded in this range.` });
    if (f.missingVehicleDays > 0) {
      const total = (f.rosterSize ?? 0) * f.daysInRange;
      out.push({
        carrierId: f.carrierId,
        kind: 'missing-days',
        message: `${f.label}: ${f.missingVehicleDays.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} vehicle-days are not downloaded (${f.missing.length} vehicles).`,
      });
    }
    if (f.partialDays && f.partialDays.length > 0)
      out.push({
        carrierId: f.carrierId,
        kind: 'partial-days',
        message: `${f.label}: partly downloaded ${f.dailyZone ?? 'UTC'} days (their figures are incomplete): ${f.partialDays.join(' · ')}.`,
      });
    if (f.hos.latestAt === null)
      out.push({
        carrierId: f.carrierId,
        kind: 'no-hos',
        message: `${f.label}: no driver snapshot yet; refresh its drivers screen to record one.`,
      });
  }
  const covered = new Set(carriers.map((f) => f.daysCovered));
  if (carriers.length > 1 && covered.size > 1) {
    out.push({
      carrierId: null,
      kind: 'uneven-days',
      message: `Carriers cover different numbers of days (${carriers.map((f) => `${f.label}: ${f.daysCovered}`).join(', ')}): totals are not comparable, rates are.`,
    });
  }
  return out;
}
