import { useState, type FormEvent } from 'react';
import type { CarrierView, KeysStatus } from '../../../../shared/domain/carrier.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { toDisplayError } from '../../components/errors.ts';
import { Field, KeyField } from '../../components/Field.tsx';
import { MAX_LABEL_LENGTH } from '../../../../shared/domain/label.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { HomeZoneField, parseHomeZone } from './HomeZoneField.tsx';

interface Props {
  keys: KeysStatus;
  onAdded: (carrier: CarrierView) => void;
  onCancel: () => void;
}

export function AddCarrierForm({ keys, onAdded, onCancel }: Props) {
  const { api } = useAppState();
  const [label, setLabel] = useState('');
  const [companyKey, setCompanyKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [zoneText, setZoneText] = useState('');
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ kind: string; message: string } | null>(null);
  const locked = !keys.keychainAvailable;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let homeZone: string | null;
    try {
      homeZone = parseHomeZone(zoneText);
    } catch (err) {
      setZoneError(errorText(err));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const url = baseUrl.trim();
      onAdded(
        await api.carriers.add({
          label: label.trim(),
          companyKey,
          baseUrl: url === '' ? null : url,
          ...(homeZone ? { homeZone } : {}),
        }),
      );
    } catch (err) {
      setError(toDisplayError(err));
      setBusy(false);
    }
  };

  return (
    <form
      className="panel form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="add-carrier-title"
      data-testid="add-carrier-form"
    >
      <h2 id="add-carrier-title">Add a carrier</h2>
      {locked && (
        <p className="alert alert-warning" role="status">
          {keys.keychainReason ?? 'API keys cannot be saved on this computer.'} Adding a carrier needs its Company Key:
          see How to fix at the top.
        </p>
      )}
      {!keys.providerKeySet && !locked && (
        <p className="hint-block">No Provider Key is set yet: add it in Settings before testing the connection.</p>
      )}
      <div className="form-grid">
        <Field
          label="Label"
          testId="carrier-label-input"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          required
          maxLength={MAX_LABEL_LENGTH}
          disabled={busy || locked}
          autoFocus
        />
        <KeyField
          label="Company Key"
          testId="carrier-key-input"
          value={companyKey}
          onChange={(e) => setCompanyKey(e.target.value)}
          required
          disabled={busy || locked}
          hint="Stored in the system keychain, never shown again."
        />
        <Field
          label="API base URL (optional)"
          testId="carrier-base-url-input"
          type="url"
          spellCheck={false}
          placeholder={keys.providerBaseUrl ?? 'Uses the default from Settings'}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          disabled={busy || locked}
        />
        <HomeZoneField
          testId="carrier-zone-input"
          value={zoneText}
          error={zoneError}
          disabled={busy || locked}
          onChange={(text) => {
            setZoneText(text);
            setZoneError(null);
          }}
        />
      </div>
      <div className="actions">
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="carrier-add-submit"
          disabled={busy || locked || label.trim() === '' || companyKey.trim() === ''}
        >
          Add carrier
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
      {error && <ErrorAlert failure={error} />}
    </form>
  );
}
