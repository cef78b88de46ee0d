import { useEffect, useState } from 'react';
import { afterPageIdle } from './page-idle.ts';

/** Rows rendered at once; about two screens of list. */
export const FIRST_ROWS = 40;
/** Rows added per idle slice after that. */
export const MORE_ROWS = 300;

/**
 * How many of `total` rows to render now: the first screenful at once, the
 * rest in idle slices afterwards. Six months has hundreds of trips and
 * thousands of events; building them all in the same frame as the map and
 * charts delayed the whole screen, while nobody can read past the first
 * screen in that time. Every row still ends up in the DOM (find in page,
 * screen readers, keyboard order all work). `list` identifies the data: a new
 * one starts over.
 */
export function useProgressiveCount(total: number, list: unknown): number {
  const [state, setState] = useState({ list, shown: Math.min(total, FIRST_ROWS) });
  const shown = state.list === list ? Math.min(state.shown, total) : Math.min(total, FIRST_ROWS);
  if (state.list !== list) setState({ list, shown });
  useEffect(() => {
    if (shown >= total) return;
    const more = () => setState((s) => (s.list === list ? { list, shown: Math.min(total, s.shown + MORE_ROWS) } : s));
    return afterPageIdle(more);
  }, [list, shown, total]);
  return shown;
}
