import { useEffect, useRef, useState } from 'react';
import { MAX_PLAUSIBLE_MPH, resolveAnalysisParams } from '../../../../shared/analysis/params.ts';
import type { AdjustableAnalysisParams } from '../../../../shared/analysis/adjustable.ts';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';

/** Small helpers of the Review page (kept apart so the page reads as its layout). */

/** A selection taking longer than this to load says so over the map. */
export const SLOW_LOAD_MS = 250;
/** The longest a visit keeps the map paused for its selection (ReviewPage): a load slower than this shows the map live. */
export const HOLD_MAP_MS = 1000;

/** True once `active` has held for `ms`; false as soon as it stops. */
export function useAfter(active: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!active) {
      setLate(false);
      return;
    }
    const id = window.setTimeout(() => setLate(true), ms);
    return () => window.clearTimeout(id);
  }, [active, ms]);
  return active && late;
}

/** The element's width, followed while `active`: a page kept hidden measures nothing until shown again. */
export function useWidth<T extends HTMLElement>(active = true): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [w, setW] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    const ro = new ResizeObserver(() => setW(Math.floor(el.clientWidth)));
    ro.observe(el);
    setW(Math.floor(el.clientWidth));
    return () => ro.disconnect();
  }, [active]);
  return [ref, w];
}

/**
 * Preferences are checked by the backend, each on its own; should the pair
 * still be refused here (a speed limit at or above the plausible maximum),
 * the documented defaults apply to the rest, and as a last resort the widest
 * plausible maximum, so the user's speed limit is never silently replaced.
 */
export function analysisParamsOf(thresholdMph: number, adjustable: AdjustableAnalysisParams): AnalysisParams {
  const tries: Partial<AnalysisParams>[] = [
    { ...adjustable, speedingThresholdMph: thresholdMph },
    { speedingThresholdMph: thresholdMph },
  ];
  for (const t of tries) {
    try {
      return resolveAnalysisParams(t);
    } catch {
      // next
    }
  }
  return resolveAnalysisParams({ speedingThresholdMph: thresholdMph, maxPlausibleMph: MAX_PLAUSIBLE_MPH.max });
}

export const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') &&
  (el as HTMLInputElement).type !== 'range' &&
  (el as HTMLInputElement).type !== 'checkbox';

/**
 * The road limits the map colours the shown selection's route by: those of the selection loaded last (`view`,
 * kept while the next one loads) when it is the one shown, so a route keeps its colouring until the next
 * selection's own route replaces it (drawn again by speed meanwhile, it would flash and cost a redraw); none
 * for a route shown before its analysis (its readings, not yet judged).
 */
export function shownLimitsOf<L>(
  shownKey: string | null,
  view: { key: string; overview: { limits: L } } | null,
): L | null {
  return shownKey !== null && view?.key === shownKey ? view.overview.limits : null;
}
