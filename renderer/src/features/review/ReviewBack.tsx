import type { ReviewPlace } from '../layout/navigation.ts';
import type { Span } from './Selection.tsx';
import { localSelectionRange } from './use-local-days.ts';

const SPAN_WORDS: Record<Span, string> = { day: 'day', week: 'week', month: '30 days', '6m': '6 months' };

/** "week 2026-11-12 – 2026-11-18": the range a day was opened from, as its button names it. */
export function backText(back: NonNullable<ReviewPlace['back']>): string {
  const { from, to } = localSelectionRange(back.day, back.span);
  return `${SPAN_WORDS[back.span]} ${from === to ? to : `${from} – ${to}`}`;
}

/**
 * The app's own Back for a day opened from the per-day table (the desktop app has no browser bar):
 * returns to the range that was shown, as a navigation of its own.
 */
export function ReviewBack({
  back,
  onBack,
}: {
  back: NonNullable<ReviewPlace['back']>;
  onBack: (back: NonNullable<ReviewPlace['back']>) => void;
}) {
  return (
    <div className="review-back-bar">
      <button type="button" className="btn btn-small" data-testid="review-back" onClick={() => onBack(back)}>
        ‹ Back to {backText(back)}
      </button>
    </div>
  );
}
