import type { ConnectionTest } from '../../../../shared/domain/carrier.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export function ConnectionResult({ result }: { result: ConnectionTest }) {
  if (!result.ok) return <ErrorAlert failure={result.failure} testId="connection-result" />;
  return (
    <div className="alert alert-ok" role="status" data-testid="connection-result" data-kind="ok">
      <strong className="alert-title">Connected</strong>
      <span>
        <span data-testid="connection-company">{result.companyName}</span> · USDOT{' '}
        <span data-testid="connection-dot">{result.dotNumber}</span>
      </span>
    </div>
  );
}
