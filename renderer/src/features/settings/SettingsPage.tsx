import { useState, type FormEvent } from 'react';
import type { Failure, KeysStatus } from '../../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../../shared/domain/key-test.ts';
import { useAppState } from '../../app/app-state.tsx';
import { KeychainHelp } from '../../components/KeychainHelp.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { toDisplayError } from '../../components/errors.ts';
import { Field, KeyField } from '../../components/Field.tsx';
import { unboundOrigin } from '../carriers/key-origin.ts';
import { KeyCheckFailure } from '../keys/KeyCheckFailure.tsx';
import { KeyTestBadge } from '../keys/KeyTestBadge.tsx';
import { ReviewSection } from './ReviewSection.tsx';
import { RoadLimitsSection } from './RoadLimitsSection.tsx';
import { SpeedZonesSection } from './SpeedZonesSection.tsx';

interface Props {
  keys: KeysStatus;
  onKeysChange: (keys: KeysStatus) => void;
}

/**
 * The Provider Key goes one way: typed here, handed to the keychain, never
 * read back. The page only ever learns whether one is set.
 */
export function SettingsPage({ keys, onKeysChange }: Props) {
  const { api } = useAppState();
  const [providerKey, setProviderKey] = useState('');
  const [baseUrl, setBaseUrl] = useState(keys.providerBaseUrl ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ kind: string; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [checkFailed, setCheckFailed] = useState<{ failure: Failure; test: KeyTest } | null>(null);
  const locked = !keys.keychainAvailable;
  const keyElsewhere = keys.providerKeySet ? unboundOrigin(keys.providerKeyOrigins, keys.providerBaseUrl) : null;

  /** `action` answers the new status, or null when the key's test failed and nothing was saved. */
  const run = async (action: () => Promise<KeysStatus | null>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const status = await action();
      if (status === null) return;
      onKeysChange(status);
      setProviderKey('');
      setCheckFailed(null);
      setNotice(done);
    } catch (err) {
      setError(toDisplayError(err));
    } finally {
      setBusy(false);
    }
  };

  const enteredUrl = () => (baseUrl.trim() === '' ? null : baseUrl.trim());

  // Tested against the API at that address first; saved (with the address) only when the test passed.
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (providerKey.trim() === '') return;
    void run(
      async () => {
        setCheckFailed(null);
        const entry = await api.keys.testAndSetProviderKey(providerKey, enteredUrl());
        if (entry.saved) return entry.value;
        setCheckFailed({ failure: entry.failure, test: entry.test });
        return null;
      },
      keys.providerKeySet ? 'Provider Key tested and replaced.' : 'Provider Key tested and saved.',
    );
  };

  const saveAnyway = () =>
    void run(() => api.keys.setProviderKey(providerKey, enteredUrl()), 'Provider Key saved without a test.');

  /** A change makes the failed test stale: "Save anyway" saves only what was tested. */
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setCheckFailed(null);
  };

  const remove = () => {
    void run(() => api.keys.deleteProviderKey(), 'Provider Key deleted.');
  };

  return (
    <section className="page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">Settings</h1>
      </header>

      <div className="panel">
        <h2>Keychain</h2>
        {keys.keychainAvailable ? (
          <p className="status-line" data-testid="keychain-status">
            <span className="dot dot-ok" aria-hidden="true" /> System keychain available: keys are stored there, never
            in files.
          </p>
        ) : (
          <div className="alert alert-warning" role="status" data-testid="keychain-status">
            <strong className="alert-title">Keychain unavailable</strong>
            <span data-testid="keychain-reason">{keys.keychainReason ?? 'No reason given.'}</span>
            <span>Saving keys is disabled until it is available. Demo carriers still work.</span>
            <KeychainHelp keys={keys} testIdPrefix="keychain-status" />
          </div>
        )}
      </div>

      <form className="panel form" onSubmit={save} aria-labelledby="provider-title">
        <h2 id="provider-title">Provider Key and API</h2>
        <p className="status-line" data-testid="provider-key-status" data-set={keys.providerKeySet}>
          <span className={`dot ${keys.providerKeySet ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
          {keys.providerKeySet ? 'A Provider Key is set.' : 'No Provider Key is set.'}
          {keys.providerKeySet && keys.providerLastTest && (
            <>
              {' '}
              <KeyTestBadge test={keys.providerLastTest} testId="provider-key-test" />
            </>
          )}
          {keys.providerBaseUrl && (
            <>
              {' '}
              API base URL: <code data-testid="provider-base-url">{keys.providerBaseUrl}</code>
            </>
          )}
        </p>
        {keyElsewhere && (
          <p className="alert alert-warning" role="status" data-testid="provider-key-elsewhere">
            The Provider Key was entered for another API address. RouteLens sends a key only to the address it was
            entered for: enter it again to use it with {keyElsewhere}.
          </p>
        )}
        <KeyField
          label={keys.providerKeySet ? 'New Provider Key' : 'Provider Key'}
          testId="provider-key-input"
          value={providerKey}
          onChange={(e) => edit(setProviderKey)(e.target.value)}
          disabled={locked || busy}
          required
          hint="Issued to your company as a telematics provider. Stored in the system keychain; it is never shown again."
        />
        <Field
          label="API base URL"
          testId="provider-base-url-input"
          type="url"
          placeholder="https://api.example.com"
          spellCheck={false}
          value={baseUrl}
          onChange={(e) => edit(setBaseUrl)(e.target.value)}
          disabled={locked || busy}
          required={!keys.providerBaseUrl}
          hint="Default for every carrier; a carrier may override it. Keys are sent only to the address they were entered with."
        />
        <div className="actions">
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="provider-key-save"
            disabled={locked || busy || providerKey.trim() === ''}
          >
            {busy && !checkFailed
              ? 'Testing…'
              : keys.providerKeySet
                ? 'Test and replace Provider Key'
                : 'Test and save Provider Key'}
          </button>
          {keys.providerKeySet && (
            <ConfirmButton
              label="Delete Provider Key"
              question="Delete it? Real carriers stop working until a new one is set."
              confirmLabel="Delete"
              testId="provider-key-delete"
              onConfirm={remove}
              disabled={locked || busy}
            />
          )}
        </div>
        {notice && (
          <p className="notice" role="status" data-testid="settings-notice">
            {notice}
          </p>
        )}
        {checkFailed && (
          <KeyCheckFailure
            failure={checkFailed.failure}
            test={checkFailed.test}
            busy={busy}
            onSaveAnyway={saveAnyway}
            testId="provider-key-check"
          />
        )}
        {error && <ErrorAlert failure={error} />}
      </form>

      <ReviewSection />
      <RoadLimitsSection />
      <SpeedZonesSection />
    </section>
  );
}
