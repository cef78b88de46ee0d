import type { Failure } from '../../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../../shared/domain/key-test.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** A key's test on entry failed: nothing was saved. Why, and the explicit way to keep it anyway (keys entered offline). */
export function KeyCheckFailure({
  failure,
  test,
  busy,
  onSaveAnyway,
  testId,
}: {
  failure: Failure;
  test: KeyTest;
  busy: boolean;
  onSaveAnyway: () => void;
  testId: string;
}) {
  return (
    <div className="key-check-failure" data-testid={testId} data-reason={test.reason} data-status={test.status ?? ''}>
      <ErrorAlert failure={failure} testId={`${testId}-error`} />
      <p className="key-check-actions">
        <span>The key was tested before saving and was not saved.</span>{' '}
        <button
          type="button"
          className="btn btn-small"
          data-testid={`${testId}-save-anyway`}
          onClick={onSaveAnyway}
          disabled={busy}
        >
          Save anyway
        </button>{' '}
        <span className="muted">keeps it without a test (for entering keys offline).</span>
      </p>
    </div>
  );
}
