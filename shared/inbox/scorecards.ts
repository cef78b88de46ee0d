import type { VehicleAnalysis } from './events.ts';
import { localDayOfMs, type LocalDay } from '../time/local-day.ts';

/** One vehicle's safety figures over the range, the same definitions as Trip review's totals. */
export interface Scorecard {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  miles: number;
  drivingHours: number;
  speedingEvents: number;
  /** null without miles. */
  speedingPer1000Mi: number | null;
  /** Speeding time out of driving time, 0..1; null without driving time. */
  overLimitShare: number | null;
  longStops: number;
  gaps: number;
  /** null without a day of data. */
  gapsPerVehicleDay: number | null;
  outliers: number;
  daysWithData: number;
  daysInRange: number;
  /** Speeding events per day of the range, in order (the sparkline). */
  speedingPerDay: number[];
}

export interface ScorecardInput extends VehicleAnalysis {
  /** Days of the range (carrier zone) with at least one reading. */
  daysWithData: number;
}

export function scorecard(v: ScorecardInput, days: readonly LocalDay[]): Scorecard {
  const a = v.analysis;
  const speeding = a.events.filter((e) => e.kind === 'speeding');
  const perDay = new Map(days.map((d) => [d, 0]));
  for (const e of speeding) {
    const day = localDayOfMs(e.startMs, v.zone);
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
  }
  const miles = a.totals.distanceMiles;
  const moving = a.totals.movingSeconds;
  const gaps = a.events.filter((e) => e.kind === 'gap').length;
  return {
    carrierId: v.carrierId,
    vehicleId: v.vehicleId,
    vehicleNumber: v.vehicleNumber,
    miles,
    drivingHours: moving / 3600,
    speedingEvents: speeding.length,
    speedingPer1000Mi: miles > 0 ? (speeding.length * 1000) / miles : null,
    overLimitShare: moving > 0 ? Math.min(1, speeding.reduce((s, e) => s + e.durationSeconds, 0) / moving) : null,
    longStops: a.events.filter((e) => e.kind === 'long-stop').length,
    gaps,
    gapsPerVehicleDay: v.daysWithData > 0 ? gaps / v.daysWithData : null,
    outliers: a.totals.outliers,
    daysWithData: v.daysWithData,
    daysInRange: days.length,
    speedingPerDay: days.map((d) => perDay.get(d)!),
  };
}

export type ScorecardMetric =
  'speedingPer1000Mi' | 'overLimitShare' | 'speedingEvents' | 'longStops' | 'gapsPerVehicleDay' | 'outliers' | 'miles';

/** Worst first by `metric` (the highest value; vehicles with no value for it last), ties by unit number. */
export function rankScorecards(cards: readonly Scorecard[], metric: ScorecardMetric): Scorecard[] {
  const numeric = new Intl.Collator('en-US', { numeric: true });
  return [...cards].sort((a, b) => {
    const x = a[metric];
    const y = b[metric];
    if (x === null || y === null)
      return x === y ? numeric.compare(a.vehicleNumber, b.vehicleNumber) : x === null ? 1 : -1;
    return y - x || numeric.compare(a.vehicleNumber, b.vehicleNumber);
  });
}
