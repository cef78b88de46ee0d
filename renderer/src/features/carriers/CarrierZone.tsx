import { useState, type FormEvent } from 'react';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import { systemZone } from '../../../../shared/time/local-day.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { useAppState } from '../../app/app-state.tsx';
import { toDisplayError } from '../../components/errors.ts';
import { HomeZoneField, parseHomeZone } from './HomeZoneField.tsx';

/** A carrier's home zone on its row, and the form that changes it (carriers.setHomeZone). */
export function CarrierZone({
  carrier,
  onChanged,
}: {
  carrier: CarrierView;
  onChanged: (carrier: CarrierView) => void;
}) {
  const { api } = useAppState();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = () => {
    setText(carrier.homeZoneIsDefault ? '' : carrier.homeZone);
    setError(null);
    setEditing(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let zone: string;
    try {
      // Empty: this computer's zone, stored, so the carrier's days no longer move with the laptop.
      zone = parseHomeZone(text) ?? systemZone();
    } catch (err) {
      setError(errorText(err));
      return;
    }
    setBusy(true);
    try {
      onChanged(await api.carriers.setHomeZone(carrier.id, zone));
      setEditing(false);
    } catch (err) {
      setError(toDisplayError(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="carrier-zone">
      <p className="muted">
        Days in{' '}
        <span data-testid="carrier-home-zone" data-zone={carrier.homeZone} data-default={carrier.homeZoneIsDefault}>
          {carrier.homeZone}
          {carrier.homeZoneIsDefault ? " (this computer's zone)" : ''}
        </span>{' '}
        <button
          type="button"
          className="btn btn-small"
          data-testid="carrier-zone-edit"
          onClick={() => (editing ? setEditing(false) : open())}
          aria-expanded={editing}
        >
          Change zone
        </button>
      </p>
      {editing && (
        <form className="inline-form" onSubmit={(e) => void submit(e)}>
          <HomeZoneField
            testId="carrier-zone-edit-input"
            value={text}
            error={error}
            disabled={busy}
            autoFocus
            onChange={(t) => {
              setText(t);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-small btn-primary" data-testid="carrier-zone-save" disabled={busy}>
            Save zone
          </button>
          <button type="button" className="btn btn-small" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}
