import { useState } from 'react';

/**
 * Calls `reset` once when `visit` changes (a navigation or back/forward into Trip review while the page stays
 * mounted), during that render: the new visit's first commit, and every effect, already see the reset state,
 * as on a fresh mount, while what the page keeps across visits (the map, the analysis worker) stays.
 * `reset` may only set this component's own state and refs.
 */
export function useVisitReset(visit: number, reset: () => void): void {
  const [seen, setSeen] = useState(visit);
  if (seen === visit) return;
  setSeen(visit);
  reset();
}
