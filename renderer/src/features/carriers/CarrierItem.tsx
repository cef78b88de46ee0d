import { useState, type FormEvent } from 'react';
import { useAction } from '../../hooks/useAction.ts';
import type { CarrierView, ConnectionTest, KeysStatus } from '../../../../shared/domain/carrier.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field } from '../../components/Field.tsx';
import { KeyTestBadge } from '../keys/KeyTestBadge.tsx';
import { CompanyKeyForm } from './CompanyKeyForm.tsx';
import { CarrierZone } from './CarrierZone.tsx';
import { ConnectionResult } from './ConnectionResult.tsx';
import { unboundOrigin } from './key-origin.ts';
import { MAX_LABEL_LENGTH } from '../../../../shared/domain/label.ts';
import { useLive } from '../../store/hooks.ts';
import { carrierCoverage } from '../../store/reads.ts';
import { writer } from '../../store/writer.ts';
import { removalQuestion, storedOfCarrier } from './removal.ts';

interface Props {
  carrier: CarrierView;
  keys: KeysStatus;
  onChanged: (carrier: CarrierView) => void;
  onRemoved: (carriers: CarrierView[]) => void;
  onOpenFleet: () => void;
}

type Editing = null | 'rename' | 'key';

export function CarrierItem({ carrier, keys, onChanged, onRemoved, onOpenFleet }: Props) {
  const { api } = useAppState();
  const stored = useLive(async () => storedOfCarrier(await carrierCoverage(carrier.id)), [carrier.id]);
  const [editing, setEditing] = useState<Editing>(null);
  const [label, setLabel] = useState(carrier.label);
  const { busy, error, run: attempt } = useAction<'test' | 'save' | 'remove'>();
  const [test, setTest] = useState<ConnectionTest | null>(null);

  const runTest = () =>
    void attempt('test', async () => {
      setTest(null);
      const result = await api.carriers.testConnection(carrier.id);
      setTest(result);
      // The test is now the key's last one (its badge), and a passed one stored the company's name and USDOT number.
      const fresh = (await api.carriers.list()).find((c) => c.id === carrier.id);
      if (fresh) onChanged(fresh);
    });

  const submitRename = (e: FormEvent) => {
    e.preventDefault();
    void attempt('save', async () => {
      onChanged(await api.carriers.rename(carrier.id, label));
      setEditing(null);
    });
  };

  const headingId = `carrier-${carrier.id}-label`;
  // A Company Key entered for another address is not sent to this one until entered again.
  const keyElsewhere =
    !carrier.demo && carrier.hasCompanyKey
      ? unboundOrigin(carrier.companyKeyOrigins, carrier.baseUrl ?? keys.providerBaseUrl)
      : null;
  return (
    <li className="carrier" data-testid="carrier-row" data-carrier-id={carrier.id} aria-labelledby={headingId}>
      <div className="carrier-main">
        <div className="carrier-title">
          <h2 id={headingId} className="carrier-label" data-testid="carrier-label">
            {carrier.label}
          </h2>
          {carrier.demo && (
            <span className="badge badge-demo" data-testid="demo-badge">
              Demo
            </span>
          )}
          <CarrierKeyBadge carrier={carrier} />
          {carrier.baseUrl && <code className="carrier-url">{carrier.baseUrl}</code>}
        </div>
        {keyElsewhere && (
          <p className="alert alert-warning" role="status" data-testid="carrier-key-elsewhere">
            Its Company Key was entered for another API address. RouteLens sends a key only to the address it was
            entered for: enter the key again (Replace key) to use it with {keyElsewhere}.
          </p>
        )}
        {carrier.company && (
          <p
            className="carrier-company muted"
            data-testid="carrier-company"
            title={`From the API on ${carrier.company.fetchedAt.slice(0, 10)}; used in exported files`}
          >
            {/* <bdi>: an override in the API's text cannot reorder "· USDOT" and the number around it */}
            <bdi data-testid="carrier-company-name">{carrier.company.name}</bdi> · USDOT{' '}
            <bdi data-testid="carrier-company-dot">{carrier.company.dotNumber}</bdi>
          </p>
        )}
        <CarrierZone carrier={carrier} onChanged={onChanged} />
        <div className="carrier-actions">
          <button
            type="button"
            className="btn btn-small btn-primary"
            data-testid="carrier-open-fleet"
            onClick={onOpenFleet}
          >
            Fleet
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="carrier-test"
            onClick={runTest}
            disabled={busy !== null}
            aria-busy={busy === 'test'}
          >
            {busy === 'test' ? 'Testing…' : 'Test connection'}
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="carrier-rename"
            onClick={() => setEditing(editing === 'rename' ? null : 'rename')}
            aria-expanded={editing === 'rename'}
          >
            Rename
          </button>
          {!carrier.demo && (
            <button
              type="button"
              className="btn btn-small"
              data-testid="carrier-set-key"
              onClick={() => setEditing(editing === 'key' ? null : 'key')}
              aria-expanded={editing === 'key'}
              disabled={!keys.keychainAvailable}
            >
              {carrier.hasCompanyKey ? 'Replace key' : 'Set key'}
            </button>
          )}
          <ConfirmButton
            label="Remove"
            question={removalQuestion(carrier, stored)}
            confirmLabel="Remove"
            testId="carrier-remove"
            disabled={busy !== null}
            onConfirm={() =>
              void attempt('remove', async () => {
                // What the question promised: nothing of the carrier is left on this computer. Its data goes
                // first, so a failure leaves the carrier listed (and removable again), never its data orphaned.
                await writer.deleteCarrier(carrier.id);
                onRemoved(await api.carriers.remove(carrier.id));
              })
            }
          />
        </div>
      </div>

      {editing === 'rename' && (
        <form className="inline-form" onSubmit={submitRename}>
          <Field
            label="New label"
            testId="carrier-rename-input"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            required
            maxLength={MAX_LABEL_LENGTH}
            autoFocus
          />
          <button
            type="submit"
            className="btn btn-small btn-primary"
            data-testid="carrier-rename-save"
            disabled={busy !== null || label.trim() === ''}
          >
            Save
          </button>
          <button type="button" className="btn btn-small" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
      {editing === 'key' && (
        <CompanyKeyForm
          carrier={carrier}
          onSaved={(saved) => {
            onChanged(saved);
            // The result shown was about the key replaced; the badge now says what is true of the new one.
            setTest(null);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {test && <ConnectionResult result={test} />}
      {error && <ErrorAlert failure={error} />}
    </li>
  );
}

/** The key's state: its last test when one is recorded, never "set" in green without a test that passed. */
function CarrierKeyBadge({ carrier }: { carrier: CarrierView }) {
  if (!carrier.hasCompanyKey)
    return (
      <span className="badge badge-warn" data-testid="carrier-key-state" data-set={false}>
        No Company Key
      </span>
    );
  if (carrier.lastTest) return <KeyTestBadge test={carrier.lastTest} testId="carrier-key-state" set />;
  return (
    <span
      className={`badge ${carrier.demo ? 'badge-demo' : 'badge-warn'}`}
      data-testid="carrier-key-state"
      data-set
      data-result="none"
    >
      {carrier.demo ? 'Built-in keys' : 'Company Key saved, not tested yet'}
    </span>
  );
}
