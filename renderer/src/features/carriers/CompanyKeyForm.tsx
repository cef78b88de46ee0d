import { useState, type FormEvent } from 'react';
import { useAction } from '../../hooks/useAction.ts';
import type { CarrierView, Failure } from '../../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../../shared/domain/key-test.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { KeyField } from '../../components/Field.tsx';
import { KeyCheckFailure } from '../keys/KeyCheckFailure.tsx';

interface Props {
  carrier: CarrierView;
  onSaved: (carrier: CarrierView) => void;
  onCancel: () => void;
}

/** Setting or replacing a Company Key: tested against the API first, saved only when the test passed (or on "Save anyway"). */
export function CompanyKeyForm({ carrier, onSaved, onCancel }: Props) {
  const { api } = useAppState();
  const [companyKey, setCompanyKey] = useState('');
  const { busy, error, run } = useAction<'test' | 'save'>();
  const [checkFailed, setCheckFailed] = useState<{ failure: Failure; test: KeyTest } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('test', async () => {
      setCheckFailed(null);
      const entry = await api.keys.testAndSetCompanyKey(carrier.id, companyKey);
      if (entry.saved) onSaved(entry.value);
      else setCheckFailed({ failure: entry.failure, test: entry.test });
    });
  };

  const saveAnyway = () =>
    void run('save', async () => {
      onSaved(await api.keys.setCompanyKey(carrier.id, companyKey));
    });

  return (
    <form className="inline-form inline-form-wrap" onSubmit={submit} data-testid="carrier-key-form">
      <KeyField
        label={carrier.hasCompanyKey ? 'New Company Key' : 'Company Key'}
        testId="carrier-key-replace-input"
        value={companyKey}
        onChange={(e) => {
          setCompanyKey(e.target.value);
          // "Save anyway" saves what was tested, nothing else.
          setCheckFailed(null);
        }}
        required
        autoFocus
      />
      <button
        type="submit"
        className="btn btn-small btn-primary"
        data-testid="carrier-key-save"
        disabled={busy !== null || companyKey.trim() === ''}
        aria-busy={busy === 'test'}
      >
        {busy === 'test' ? 'Testing…' : 'Test and save key'}
      </button>
      <button type="button" className="btn btn-small" onClick={onCancel} disabled={busy !== null}>
        Cancel
      </button>
      {checkFailed && (
        <KeyCheckFailure
          failure={checkFailed.failure}
          test={checkFailed.test}
          busy={busy !== null}
          onSaveAnyway={saveAnyway}
          testId="carrier-key-check"
        />
      )}
      {error && <ErrorAlert failure={error} />}
    </form>
  );
}
