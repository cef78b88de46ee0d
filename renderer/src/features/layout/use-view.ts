import { useCallback, useEffect, useState } from 'react';
import { hashToView, viewToHash, type View } from './navigation.ts';

const HOME: View = { page: 'carriers' };

const fromAddress = (): View => hashToView(location.hash) ?? HOME;

/**
 * The current view, kept in the URL fragment: `navigate` adds a history entry
 * (back returns), `replace` updates the address of the current one (a screen's
 * own changes, e.g. the review's vehicle). `visit` counts arrivals (navigate,
 * back/forward), so a screen can open afresh on each. The browser shell's
 * `#token=…` is taken by the bridge before this reads the address.
 */
export function useView(): { view: View; visit: number; navigate(next: View): void; replace(next: View): void } {
  const [state, setState] = useState(() => ({ view: fromAddress(), visit: 0 }));

  useEffect(() => {
    const onPop = () => setState((s) => ({ view: fromAddress(), visit: s.visit + 1 }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((next: View) => {
    const hash = `#${viewToHash(next)}`;
    if (hash !== location.hash) history.pushState(null, '', hash);
    setState((s) => ({ view: next, visit: s.visit + 1 }));
    // Screen readers and keyboard users land on the new page, not on the old button.
    requestAnimationFrame(() => document.getElementById('main')?.focus());
  }, []);

  const replace = useCallback((next: View) => {
    history.replaceState(null, '', `#${viewToHash(next)}`);
    setState((s) => ({ view: next, visit: s.visit }));
  }, []);

  return { view: state.view, visit: state.visit, navigate, replace };
}
