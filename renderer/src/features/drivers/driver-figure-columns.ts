import type { DriverFigures } from '../../../../shared/drivers/scorecards.ts';
import { TIERS_WORST_FIRST } from '../../../../shared/inbox/scorecards.ts';

/**
 * The one table of figures a driver's scorecard shows (the screen's columns, the printed page's lines, the
 * sort keys and the trends all derive from it). null: not known (no miles for a rate, no road limits).
 */
export interface DriverFigureColumn {
  id: string;
  label: string;
  value: (f: DriverFigures) => number | null;
  digits: number;
}

export const DRIVER_SCREEN_COLUMNS: readonly DriverFigureColumn[] = [
  { id: 'trips', label: 'Trips', value: (f) => f.trips, digits: 0 },
  { id: 'miles', label: 'Miles', value: (f) => f.miles, digits: 1 },
  { id: 'driving-hours', label: 'Driving h', value: (f) => f.drivingHours, digits: 1 },
  { id: 'speeding-per-1000', label: 'Speeding / 1,000 mi', value: (f) => f.speedingPer1000Mi, digits: 2 },
  { id: 'speeding-hours', label: 'Above threshold h', value: (f) => f.speedingHours, digits: 2 },
  { id: 'over-limit-per-1000', label: 'Over road limit / 1,000 mi', value: (f) => f.overLimitPer1000Mi, digits: 2 },
  ...TIERS_WORST_FIRST.map((tier): DriverFigureColumn => ({
    id: `over-limit-${tier}-per-1000`,
    label: `${tier} / 1,000 mi`,
    value: (f) => f.overLimitPer1000MiByTier[tier],
    digits: 2,
  })),
  { id: 'over-limit-hours', label: 'Over road limit h', value: (f) => f.overLimitHours, digits: 2 },
  { id: 'gaps', label: 'Gaps', value: (f) => f.gaps, digits: 0 },
  { id: 'hos-conflicts', label: 'Probable HOS conflicts', value: (f) => f.hosConflicts, digits: 0 },
  { id: 'reviewed', label: 'Reviewed', value: (f) => f.reviewed, digits: 0 },
  { id: 'coached', label: 'Coached', value: (f) => f.coached, digits: 0 },
];

export const figureText = (c: DriverFigureColumn, f: DriverFigures): string => {
  const v = c.value(f);
  return v === null || !Number.isFinite(v) ? '—' : v.toFixed(c.digits);
};

export type Trend = 'up' | 'down' | 'same' | 'none';

/**
 * How a figure moved against the range before: 'none' when either is unknown or the driver had nothing in
 * the range before (no trip and no event: a new driver has no trend, not a rise from zero). Compared as shown
 * (rounded to the column's digits), so an arrow never points at a difference the cells do not show.
 */
export function trendOf(c: DriverFigureColumn, current: DriverFigures, previous: DriverFigures): Trend {
  if (!hadAnything(previous)) return 'none';
  const a = c.value(current);
  const b = c.value(previous);
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) return 'none';
  const [x, y] = [Number(a.toFixed(c.digits)), Number(b.toFixed(c.digits))];
  return x > y ? 'up' : x < y ? 'down' : 'same';
}

export const TREND_ARROW: Readonly<Record<Trend, string>> = { up: '▲', down: '▼', same: '=', none: '' };

function hadAnything(f: DriverFigures): boolean {
  const overLimit = Object.values(f.overLimitByTier).some((n) => n > 0);
  return f.trips > 0 || f.speedingEvents > 0 || overLimit || f.gaps > 0 || f.hosConflicts > 0 || f.reviewed > 0;
}
