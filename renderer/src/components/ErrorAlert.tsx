import type { Failure } from '../../../shared/domain/carrier.ts';

/** Names the kind of failure first, so "which key is wrong" is read before the details. */
export const FAILURE_TITLE: Readonly<Record<string, string>> = {
  'provider-key': 'Provider Key rejected',
  'company-key': 'Company Key rejected',
  'missing-key': 'Key missing',
  unreachable: 'API unreachable',
  'rate-limited': 'Rate limited',
  server: 'Server error',
  'not-found': 'Not found',
  'bad-request': 'Request refused',
  'invalid-response': 'Unexpected answer',
  keychain: 'Keychain problem',
  cancelled: 'Cancelled',
  other: 'Something went wrong',
};

export function ErrorAlert({
  failure,
  testId = 'error',
}: {
  failure: Failure | { kind: string; message: string };
  testId?: string;
}) {
  return (
    <div className="alert alert-error" role="alert" data-testid={testId} data-kind={failure.kind}>
      <strong className="alert-title">{FAILURE_TITLE[failure.kind] ?? FAILURE_TITLE['other']}</strong>
      <span data-testid={`${testId}-message`}>{failure.message}</span>
    </div>
  );
}
