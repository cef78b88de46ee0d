import type { ConnectionTest } from '../../../../shared/domain/carrier.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export function ConnectionResult({ result }: { result: ConnectionTest }) {
  if (!result.ok) return <ErrorAlert failure={result.failure} testId="connection-result" />;
  return (
    <div className="alert alert-ok" role="status" data-testid="connection-result" data-kind="ok">
      <strong className="alert-title">Connected</strong>
      <span>
        <bdi data-testid="connection-company">{result.companyName}</bdi> · USDOT{' '}
        <bdi data-testid="connection-dot">{result.dotNumber}</bdi>
      </span>
    </div>
  );
}
