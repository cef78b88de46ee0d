import { useState, type FormEvent } from 'react';
import { useAction } from '../../hooks/useAction.ts';
import type { CarrierView, Failure, KeysStatus } from '../../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../../shared/domain/key-test.ts';
import type { NewCarrier } from '../../../../shared/ipc/contract.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, KeyField } from '../../components/Field.tsx';
import { MAX_LABEL_LENGTH } from '../../../../shared/domain/label.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { KeyCheckFailure } from '../keys/KeyCheckFailure.tsx';
import { HomeZoneField, parseHomeZone } from './HomeZoneField.tsx';

interface Props {
  keys: KeysStatus;
  onAdded: (carrier: CarrierView) => void;
  onCancel: () => void;
  /** Opens Settings (where the Provider Key is entered); absent: the hint is plain text. */
  onOpenSettings?: () => void;
}

export function AddCarrierForm({ keys, onAdded, onCancel, onOpenSettings }: Props) {
  const { api } = useAppState();
  const [label, setLabel] = useState('');
  const [companyKey, setCompanyKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [zoneText, setZoneText] = useState('');
  const [zoneError, setZoneError] = useState<string | null>(null);
  const { busy: running, error, run: runAs } = useAction<'add'>();
  const busy = running !== null;
  const [checkFailed, setCheckFailed] = useState<{ failure: Failure; test: KeyTest } | null>(null);
  const locked = !keys.keychainAvailable;

  /** The carrier as typed, or null (with the zone's error shown) when the zone is not one this computer knows. */
  const entered = (): NewCarrier | null => {
    let homeZone: string | null;
    try {
      homeZone = parseHomeZone(zoneText);
    } catch (err) {
      setZoneError(errorText(err));
      return null;
    }
    const url = baseUrl.trim();
    return { label: label.trim(), companyKey, baseUrl: url === '' ? null : url, ...(homeZone ? { homeZone } : {}) };
  };

  const run = (action: () => Promise<void>) => runAs('add', action);

  // Its Company Key is tested against the API first; the carrier is added only when the test passed.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const carrier = entered();
    if (!carrier) return;
    void run(async () => {
      setCheckFailed(null);
      const entry = await api.carriers.testAndAdd(carrier);
      if (entry.saved) onAdded(entry.value);
      else setCheckFailed({ failure: entry.failure, test: entry.test });
    });
  };

  const saveAnyway = () => {
    const carrier = entered();
    if (carrier) void run(async () => onAdded(await api.carriers.add(carrier)));
  };

  /** A change makes the failed test stale: "Save anyway" saves only what was tested. */
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setCheckFailed(null);
  };

  return (
    <form className="panel form" onSubmit={submit} aria-labelledby="add-carrier-title" data-testid="add-carrier-form">
      <h2 id="add-carrier-title">Add a carrier</h2>
      {locked && (
        <p className="alert alert-warning" role="status">
          {keys.keychainReason ?? 'API keys cannot be saved on this computer.'} Adding a carrier needs its Company Key:
          see How to fix at the top.
        </p>
      )}
      {!keys.providerKeySet && !locked && (
        <p className="hint-block">
          No Provider Key is set yet: add it in{' '}
          {onOpenSettings ? (
            <button type="button" className="btn-link" data-testid="add-carrier-open-settings" onClick={onOpenSettings}>
              Settings
            </button>
          ) : (
            'Settings'
          )}{' '}
          before testing the connection.
        </p>
      )}
      <div className="form-grid">
        <Field
          label="Label"
          testId="carrier-label-input"
          value={label}
          onChange={(e) => edit(setLabel)(e.target.value)}
          required
          maxLength={MAX_LABEL_LENGTH}
          disabled={busy || locked}
          autoFocus
        />
        <KeyField
          label="Company Key"
          testId="carrier-key-input"
          value={companyKey}
          onChange={(e) => edit(setCompanyKey)(e.target.value)}
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
          onChange={(e) => edit(setBaseUrl)(e.target.value)}
          disabled={busy || locked}
        />
        <HomeZoneField
          testId="carrier-zone-input"
          value={zoneText}
          error={zoneError}
          disabled={busy || locked}
          onChange={(text) => {
            edit(setZoneText)(text);
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
          {busy && !checkFailed ? 'Testing…' : 'Test and add carrier'}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
      {checkFailed && (
        <KeyCheckFailure
          failure={checkFailed.failure}
          test={checkFailed.test}
          busy={busy}
          onSaveAnyway={saveAnyway}
          testId="carrier-add-check"
        />
      )}
      {error && <ErrorAlert failure={error} />}
    </form>
  );
}
