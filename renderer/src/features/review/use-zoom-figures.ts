import { useMemo } from 'react';
import { dailySpeedBands, type DayBand } from '../../../../shared/analysis/day-bands.ts';
import type { RangeTotals } from '../../../../shared/analysis/range-totals.ts';
import { windowTotals } from '../../../../shared/analysis/window-totals.ts';
import type { Loaded } from './use-review-data.ts';

export interface ZoomFigures {
  /** Per-day bands of the selection (the charts draw them beyond a week). */
  days: DayBand[] | null;
  /** Totals of the zoomed window, null when the window is the whole selection. */
  zoomed: { fromMs: number; toMs: number; totals: RangeTotals } | null;
}

/**
 * What the charts and the totals show of a long selection: its day bands
 * (once per selection; about 5 ms for six months) and, while zoomed, the
 * window's totals (recomputed per window: summarizeDay over the readings inside).
 */
export function useZoomFigures(view: Loaded | null, windowMs: readonly [number, number] | null): ZoomFigures {
  const days = useMemo(() => (view ? dailySpeedBands(view.clean, view.zone, view.params) : null), [view]);
  const [from, to] = windowMs ?? [null, null];
  const zoomed = useMemo(() => {
    if (!view || from === null || to === null) return null;
    if (from <= view.overview.fromMs && to >= view.overview.toMs) return null;
    return { fromMs: from, toMs: to, totals: windowTotals(view.chunks, from, to, view.params) };
  }, [view, from, to]);
  return { days, zoomed };
}
