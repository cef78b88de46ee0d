import { useMemo } from 'react';
import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
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
 * (computed by the worker with the selection) and, while zoomed, the window's
 * totals (per window, on this thread: summarizeDay over the readings inside,
 * about 20 ms for the whole of six months, under 3 ms for a week).
 */
export function useZoomFigures(view: Loaded | null, windowMs: readonly [number, number] | null): ZoomFigures {
  const days = view?.days ?? null;
  const [from, to] = windowMs ?? [null, null];
  const zoomed = useMemo(() => {
    if (!view || from === null || to === null) return null;
    if (from <= view.overview.fromMs && to >= view.overview.toMs) return null;
    return { fromMs: from, toMs: to, totals: windowTotals(view.chunks, from, to, view.params) };
  }, [view, from, to]);
  return { days, zoomed };
}
