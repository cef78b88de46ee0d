import { useState } from 'react';
import type { SafetyEvent } from '../../../../shared/analysis/types.ts';
import {
  decisionProblem,
  MAX_NOTE_LENGTH,
  REVIEW_STATE_ROWS,
  REVIEW_STATES,
  type ReviewMark,
  type ReviewState,
} from '../../../../shared/inbox/trail.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import './event-mark.css';
import { errorText } from '../../../../shared/util/error-text.ts';

const STATE_TEXT = (s: ReviewState) => REVIEW_STATE_ROWS[s].label;
/** The coaching workflow's buttons: "Needs coaching" decides at once, the others ask for their note first. */
const QUICK: readonly ReviewState[] = ['needs-coaching', 'coached', 'dismissed'];

/**
 * One event's place in the review trail: its mark (status, reviewer, when, note, the earlier decisions),
 * and the coaching workflow's decisions, changing or clearing it.
 */
/** What a mark control needs of a trail: the event's mark, deciding and clearing (the Review's, or the inbox's). */
export interface MarkTrail<E> {
  markOf(e: E): ReviewMark | undefined;
  save(e: E, state: ReviewState, note: string): Promise<void>;
  clear(e: E): Promise<void>;
}

export function EventMark<E = SafetyEvent>({
  event,
  trail,
  fmt,
}: {
  event: E;
  trail: MarkTrail<E>;
  fmt: ZoneFormatter;
}) {
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
  const open = (as: ReviewState = mark?.state ?? 'reviewed') => {
    setState(as);
    // A new decision asks for its own note; changing the current one starts from what it says.
    setNote(as === mark?.state ? mark.note : '');
    setFailure('');
    setEditing(true);
  };
  const quick = (s: ReviewState) => {
    if (REVIEW_STATE_ROWS[s].noteNeeded === null) void run(trail.save(event, s, ''));
    else open(s);
  };

  if (!editing)
    return (
      <div className="event-mark" data-testid="event-mark" data-state={mark?.state ?? 'open'}>
        {mark ? (
          <span className={`mark-badge mark-${mark.state}`} title={mark.note || undefined}>
            {STATE_TEXT(mark.state)} · <span data-testid="event-mark-reviewer">{mark.reviewer || '—'}</span> ·{' '}
            {fmt.dateTimeZoned(mark.reviewedAt)}
            {mark.note && <span className="mark-note"> — {mark.note}</span>}
          </span>
        ) : (
          <span className="muted">Not reviewed</span>
        )}
        {QUICK.filter((s) => s !== mark?.state).map((s) => (
          <button
            key={s}
            type="button"
            className="btn btn-small"
            data-testid={`event-mark-quick-${s}`}
            onClick={() => quick(s)}
          >
            {REVIEW_STATE_ROWS[s].action}
          </button>
        ))}
        <button type="button" className="btn btn-small" data-testid="event-mark-open" onClick={() => open()}>
          {mark ? 'Change' : 'Mark…'}
        </button>
        {mark && mark.history.length > 0 && <MarkHistory mark={mark} fmt={fmt} />}
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
        const problem = decisionProblem(state, note);
        if (problem !== null) setFailure(problem);
        else void run(trail.save(event, state, note));
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
            {STATE_TEXT(s)}
          </label>
        ))}
      </fieldset>
      <input
        type="text"
        data-testid="event-mark-note"
        aria-label="Note"
        placeholder={
          state === 'coached'
            ? 'What was discussed'
            : state === 'dismissed'
              ? 'Reason for dismissing'
              : 'Note (optional)'
        }
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

/** The mark's earlier decisions, newest first: who decided what, when, and why. */
function MarkHistory({ mark, fmt }: { mark: ReviewMark; fmt: ZoneFormatter }) {
  return (
    <details className="mark-history" data-testid="event-mark-history">
      <summary>Earlier decisions ({mark.history.length})</summary>
      <ol>
        {[...mark.history].reverse().map((d, i) => (
          <li key={i}>
            {STATE_TEXT(d.state)} · {d.reviewer || '—'} · {fmt.dateTimeZoned(d.at)}
            {d.note && <span className="mark-note"> — {d.note}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
