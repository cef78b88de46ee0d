import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/** The page's scroll box (the app's main column), or null outside the app's layout. */
function scrollerOf(el: HTMLElement | null): HTMLElement | null {
  return el?.closest<HTMLElement>('.main') ?? null;
}

/** How far below the scroll box's top the per-day table's top is (negative: scrolled past it). */
function tableOffset(root: HTMLElement, main: HTMLElement): number | null {
  const table = root.querySelector('[data-testid="day-table"]');
  return table ? table.getBoundingClientRect().top - main.getBoundingClientRect().top : null;
}

/**
 * The per-day table sits below the map: a day opened from it is shown from the top of the page (its map,
 * totals and Back), and the range it came from, once shown again, has its table where it was in the window.
 * The table, not a scroll offset, is what is put back: what is above it may be taller for the range than
 * for the day (its totals wrap to another line).
 * `shown` names the range on screen (vehicle, first and last day), null while none is.
 * Returns what to call as a day is opened, with the name of the range it is opened from.
 */
export function useDrillScroll(rootRef: RefObject<HTMLElement | null>, shown: string | null): (from: string) => void {
  const saved = useRef<{ range: string; offset: number } | null>(null);
  const opened = useCallback(
    (from: string) => {
      const root = rootRef.current;
      const main = scrollerOf(root);
      const offset = root && main ? tableOffset(root, main) : null;
      if (!main || offset === null) return;
      saved.current = { range: from, offset };
      main.scrollTop = 0;
    },
    [rootRef],
  );
  // Before paint, so the range never shows at the top first and then jumps.
  useLayoutEffect(() => {
    const s = saved.current;
    if (!s || shown !== s.range) return;
    saved.current = null;
    const root = rootRef.current;
    const main = scrollerOf(root);
    const now = root && main ? tableOffset(root, main) : null;
    if (main && now !== null) main.scrollTop += now - s.offset;
  }, [shown, rootRef]);
  return opened;
}
