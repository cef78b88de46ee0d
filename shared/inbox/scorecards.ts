import type { SafetyEventOf } from '../analysis/types.ts';
import { TIER_NAMES, type OverLimitTier } from '../roads/tiers.ts';
import { localDayOfMs, type LocalDay } from '../time/local-day.ts';
import type { VehicleAnalysis } from './events.ts';

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
  /** Speeding time (above the flat threshold) out of driving time, 0..1; null without driving time. */
  overLimitShare: number | null;
  /** Whether the analysis judged the road's limits (a kept index or zones): without, the over-limit figures are null, never 0. */
  roadLimits: boolean;
  /** Over-the-limit events by tier (0 each without road limits). */
  overLimitByTier: Record<OverLimitTier, number>;
  /** Over-the-limit events of every tier per 1,000 mi; null without road limits or miles. */
  overLimitPer1000Mi: number | null;
  /** The same per tier. */
  overLimitPer1000MiByTier: Record<OverLimitTier, number | null>;
  /** Over-the-limit time out of driving time, 0..1; null without road limits or driving time. */
  overRoadLimitShare: number | null;
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
  /** The analysis was given road limits (shared/analysis/over-limit-events.ts); absent: it was not. */
  roadLimits?: boolean;
}

/** Tiers worst first: the order of the scorecards' columns and choices. */
export const TIERS_WORST_FIRST: readonly OverLimitTier[] = [...TIER_NAMES].reverse();

const per1000 = (n: number, miles: number) => (miles > 0 ? (n * 1000) / miles : null);
const share = (seconds: number, moving: number) => (moving > 0 ? Math.min(1, seconds / moving) : null);

export function scorecard(v: ScorecardInput, days: readonly LocalDay[]): Scorecard {
  const a = v.analysis;
  const speeding = a.events.filter((e) => e.kind === 'speeding');
  const overLimit = a.events.filter((e): e is SafetyEventOf<'over-limit'> => e.kind === 'over-limit');
  const perDay = new Map(days.map((d) => [d, 0]));
  for (const e of speeding) {
    const day = localDayOfMs(e.startMs, v.zone);
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
  }
  const miles = a.totals.distanceMiles;
  const moving = a.totals.movingSeconds;
  const gaps = a.events.filter((e) => e.kind === 'gap').length;
  const roadLimits = v.roadLimits === true;
  const byTier = Object.fromEntries(TIER_NAMES.map((t) => [t, 0])) as Record<OverLimitTier, number>;
  for (const e of overLimit) byTier[e.tier]++;
  const judged = (x: number | null) => (roadLimits ? x : null);
  return {
    carrierId: v.carrierId,
    vehicleId: v.vehicleId,
    vehicleNumber: v.vehicleNumber,
    miles,
    drivingHours: moving / 3600,
    speedingEvents: speeding.length,
    speedingPer1000Mi: per1000(speeding.length, miles),
    overLimitShare: share(
      speeding.reduce((s, e) => s + e.durationSeconds, 0),
      moving,
    ),
    roadLimits,
    overLimitByTier: byTier,
    overLimitPer1000Mi: judged(per1000(overLimit.length, miles)),
    overLimitPer1000MiByTier: Object.fromEntries(
      TIER_NAMES.map((t) => [t, judged(per1000(byTier[t], miles))]),
    ) as Record<OverLimitTier, number | null>,
    overRoadLimitShare: judged(
      share(
        overLimit.reduce((s, e) => s + e.durationSeconds, 0),
        moving,
      ),
    ),
    longStops: a.events.filter((e) => e.kind === 'long-stop').length,
    gaps,
    gapsPerVehicleDay: v.daysWithData > 0 ? gaps / v.daysWithData : null,
    outliers: a.totals.outliers,
    daysWithData: v.daysWithData,
    daysInRange: days.length,
    speedingPerDay: days.map((d) => perDay.get(d)!),
  };
}

type TierMetric = `${OverLimitTier}Per1000Mi`;
export type ScorecardMetric =
  | 'speedingPer1000Mi'
  | 'overLimitShare'
  | 'overLimitPer1000Mi'
  | TierMetric
  | 'overRoadLimitShare'
  | 'speedingEvents'
  | 'longStops'
  | 'gapsPerVehicleDay'
  | 'outliers'
  | 'miles';

export interface ScorecardMetricDef {
  id: ScorecardMetric;
  /** The ranking choice's text. */
  label: string;
  value: (c: Scorecard) => number | null;
}

const tierLabel = (t: OverLimitTier) => `${t[0]!.toUpperCase()}${t.slice(1)}`;

/** Every way the scorecards rank, in the order offered: the address, the choice and the ranking read it. */
export const SCORECARD_METRICS: readonly ScorecardMetricDef[] = [
  { id: 'speedingPer1000Mi', label: 'Speeding per 1,000 mi', value: (c) => c.speedingPer1000Mi },
  { id: 'overLimitShare', label: 'Share of driving above the threshold', value: (c) => c.overLimitShare },
  { id: 'overLimitPer1000Mi', label: "Over the road's limit per 1,000 mi", value: (c) => c.overLimitPer1000Mi },
  ...TIERS_WORST_FIRST.map((t): ScorecardMetricDef => ({
    id: `${t}Per1000Mi`,
    label: `${tierLabel(t)} over the limit per 1,000 mi`,
    value: (c) => c.overLimitPer1000MiByTier[t],
  })),
  { id: 'overRoadLimitShare', label: "Share of driving over the road's limit", value: (c) => c.overRoadLimitShare },
  { id: 'speedingEvents', label: 'Speeding events', value: (c) => c.speedingEvents },
  { id: 'longStops', label: 'Long stops', value: (c) => c.longStops },
  { id: 'gapsPerVehicleDay', label: 'Gaps per vehicle-day', value: (c) => c.gapsPerVehicleDay },
  { id: 'outliers', label: 'Outliers ignored', value: (c) => c.outliers },
  { id: 'miles', label: 'Miles', value: (c) => c.miles },
];

export const SCORECARD_METRIC_IDS: readonly ScorecardMetric[] = SCORECARD_METRICS.map((m) => m.id);

/** The metric's definition (every ScorecardMetric has one). */
export function scorecardMetric(id: ScorecardMetric): ScorecardMetricDef {
  return SCORECARD_METRICS.find((m) => m.id === id)!;
}

/** Worst first by `metric` (the highest value; vehicles with no value for it last), ties by unit number. */
export function rankScorecards(cards: readonly Scorecard[], metric: ScorecardMetric): Scorecard[] {
  const numeric = new Intl.Collator('en-US', { numeric: true });
  const value = scorecardMetric(metric).value;
  return [...cards].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null)
      return x === y ? numeric.compare(a.vehicleNumber, b.vehicleNumber) : x === null ? 1 : -1;
    return y - x || numeric.compare(a.vehicleNumber, b.vehicleNumber);
  });
}
