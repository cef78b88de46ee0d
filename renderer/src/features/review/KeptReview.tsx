import type { ReactNode } from 'react';
import './kept-review.css';

/**
 * Trip review's place in the app once opened: shown on its screen, kept mounted (hidden) behind the others, so
 * coming back (an inbox event, Compare's worst events, a fleet row, the sidebar) reuses its map, worker and kept
 * loads instead of building them again. Away, it is `hidden` and `inert`: not seen, not focusable, not read by
 * screen readers; it keeps its layout (kept-review.css), so the map's canvas and the charts keep their size.
 */
export function KeptReview({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div className="kept-review" hidden={!shown} inert={!shown} data-testid="kept-review" data-shown={shown}>
      {children}
    </div>
  );
}
