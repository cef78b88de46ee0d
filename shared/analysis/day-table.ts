import type { DaySummary } from '../track/summary.ts';
import type { SafetyEvent } from './types.ts';
import { byDay } from '../util/day.ts';

/** One row of the review's per-day table: a local day with readings. */
export interface DayRow {
  day: string;
  distanceMiles: number;
  /** Straight-line miles across the day's gaps (the totals' "across gaps"). */
  gapDistanceMiles: number;
  /** Driving time: the day's moving intervals. */
  movingSeconds: number;
  maxSpeedMph: number;
  speedingEvents: number;
  longStops: number;
  gaps: number;
}

/**
 * The per-day breakdown of a selection, from the same day summaries the
 * totals strip adds up (rangeTotals), so a column's sum is the strip's figure
 * and a drilled-down day shows the row's figures: no second analysis. Long
 * stops are not in a summary (a stop crosses midnight), so they are the
 * selection's long-stop events counted on the local day they start
 * (`dayOf`, the carrier's home zone). Rows are in day order; days without
 * readings have no summary and no row.
 */
export function dayTableRows(
  summaries: readonly DaySummary[],
  events: readonly SafetyEvent[],
  dayOf: (ms: number) => string,
): DayRow[] {
  const longStops = new Map<string, number>();
  for (const e of events) {
    if (e.kind !== 'long-stop') continue;
    const day = dayOf(e.startMs);
    longStops.set(day, (longStops.get(day) ?? 0) + 1);
  }
  return summaries
    .filter((s) => s.points > 0)
    .map((s) => ({
      day: s.day,
      distanceMiles: s.distanceMiles,
      gapDistanceMiles: s.gapDistanceMiles,
      movingSeconds: s.movingSeconds,
      maxSpeedMph: s.maxSpeedMph,
      speedingEvents: s.speedingEvents,
      longStops: longStops.get(s.day) ?? 0,
      gaps: s.gaps,
    }))
    .sort(byDay);
}
