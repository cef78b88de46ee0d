import { useEffect, useState, type FormEvent } from 'react';
import { REVIEW_PREFERENCE_BOUNDS } from '../../../../shared/domain/review-preferences.ts';
import type { ReviewerIdentity } from '../../../../shared/ipc/contract.ts';
import { useAppState } from '../../app/app-state.tsx';
import { toDisplayError } from '../../components/errors.ts';

const MINUTES = REVIEW_PREFERENCE_BOUNDS.driverSnapshotMinutes;

/**
 * Settings: who the review trail names (typed once; empty: the computer's user name, as the backend reads
 * it) and how often the app keeps a snapshot of every carrier's driver statuses.
 */
export function ReviewSection() {
  const { api, preferences, setPreferences } = useAppState();
  const [name, setName] = useState(preferences.reviewerName);
  const [minutes, setMinutes] = useState(String(preferences.driverSnapshotMinutes));
  const [reviewer, setReviewer] = useState<ReviewerIdentity | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    api.settings.getReviewer().then(
      (r) => live && setReviewer(r),
      () => live && setReviewer(null),
    );
    return () => {
      live = false;
    };
  }, [api, preferences.reviewerName]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(minutes);
    if (!Number.isInteger(n) || n < MINUTES.min || n > MINUTES.max) {
      setMessage({ ok: false, text: `Snapshots: a whole number of minutes from ${MINUTES.min} to ${MINUTES.max}.` });
      return;
    }
    try {
      const next = await api.settings.setPreferences({ reviewerName: name, driverSnapshotMinutes: n });
      setPreferences(next);
      setName(next.reviewerName);
      setMinutes(String(next.driverSnapshotMinutes));
      setMessage({ ok: true, text: 'Saved.' });
    } catch (err) {
      setMessage({ ok: false, text: toDisplayError(err).message });
    }
  };

  return (
    <form className="panel form" data-testid="settings-review" aria-labelledby="settings-review-title" onSubmit={save}>
      <h2 id="settings-review-title">Review and drivers</h2>
      <label>
        Reviewer name{' '}
        <input
          type="text"
          data-testid="settings-reviewer-name"
          maxLength={REVIEW_PREFERENCE_BOUNDS.reviewerName.maxLength}
          placeholder="Empty: your computer's user name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <p className="muted" data-testid="settings-reviewer" data-from-computer={reviewer?.fromComputer}>
        {reviewer === null
          ? 'Reviewer: not known yet.'
          : `Reviewer: ${reviewer.name || '—'}${reviewer.fromComputer ? " (your computer's user name)" : ''}`}
      </p>
      <label>
        Driver status snapshot every{' '}
        <input
          type="number"
          data-testid="settings-snapshot-minutes"
          min={MINUTES.min}
          max={MINUTES.max}
          step={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />{' '}
        minutes
      </label>
      <p className="muted">
        While RouteLens runs it keeps each carrier&apos;s driver statuses at this interval (through the same request
        limit as every download), so suggestions and probable Hours-of-Service conflicts have history to use.
      </p>
      <button type="submit" className="btn btn-primary" data-testid="settings-review-save">
        Save
      </button>
      {message && (
        <span role={message.ok ? 'status' : 'alert'} className={message.ok ? 'muted' : 'alert-error'}>
          {message.text}
        </span>
      )}
    </form>
  );
}
