import { useState } from 'react';
import type { SafetyEvent } from '../../../../shared/analysis/types.ts';
import { MAX_NOTE_LENGTH, REVIEW_STATES, type ReviewState } from '../../../../shared/inbox/trail.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import type { ReviewTrail } from './use-review-trail.ts';

const STATE_TEXT: Record<ReviewState, string> = { reviewed: 'Reviewed', coached: 'Coached', dismissed: 'Dismissed' };

/** One event's place in the review trail: its mark (state, note, when), and marking, changing or clearing it. */
export function EventMark({ event, trail, fmt }: { event: SafetyEvent; trail: ReviewTrail; fmt: ZoneFormatter }) {
  const mark = trail.markOf(event);
  const [editing, setEditing] = useState(false);
  const [state, setState] = useState<ReviewState>(mark?.state ?? 'reviewed');
  const [note, setNote] = useState(mark?.note ?? '');
  const [failure, setFailure] = useState('');
  const run = (work: Promise<void>) =>
    work.then(
      () => {
        setEditing(false);
        setFailure('');
      },
      (err: unknown) => setFailure(errorText(err)),
    );
  const open = () => {
    setState(mark?.state ?? 'reviewed');
    setNote(mark?.note ?? '');
    setEditing(true);
  };

  if (!editing)
    return (
      <div className="event-mark" data-testid="event-mark" data-state={mark?.state ?? 'open'}>
        {mark ? (
          <span className={`mark-badge mark-${mark.state}`} title={mark.note || undefined}>
            {STATE_TEXT[mark.state]} · {fmt.dateTimeZoned(mark.reviewedAt)}
            {mark.note && <span className="mark-note"> — {mark.note}</span>}
          </span>
        ) : (
          <span className="muted">Not reviewed</span>
        )}
        <button type="button" className="btn btn-small" data-testid="event-mark-open" onClick={open}>
          {mark ? 'Change' : 'Mark…'}
        </button>
        {failure && (
          <span role="alert" className="alert-error">
            {failure}
          </span>
        )}
      </div>
    );

  return (
    <form
      className="event-mark event-mark-form"
      data-testid="event-mark-form"
      onSubmit={(e) => {
        e.preventDefault();
        void run(trail.save(event, state, note));
      }}
    >
      <fieldset className="mark-states" aria-label="Decision">
        {REVIEW_STATES.map((s) => (
          <label key={s}>
            <input
              type="radio"
              name="mark-state"
              value={s}
              data-testid={`event-mark-state-${s}`}
              checked={state === s}
              onChange={() => setState(s)}
            />
            {STATE_TEXT[s]}
          </label>
        ))}
      </fieldset>
      <input
        type="text"
        data-testid="event-mark-note"
        aria-label="Note"
        placeholder="Note (optional)"
        maxLength={MAX_NOTE_LENGTH}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="btn btn-small btn-primary" data-testid="event-mark-save">
        Save
      </button>
      {mark && (
        <button
          type="button"
          className="btn btn-small btn-danger-quiet"
          data-testid="event-mark-clear"
          onClick={() => void run(trail.clear(event))}
        >
          Clear mark
        </button>
      )}
      <button type="button" className="btn btn-small" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {failure && (
        <span role="alert" className="alert-error">
          {failure}
        </span>
      )}
    </form>
  );
}
