import { useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/ipc/contract.ts';

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const api = window.routelens;
    if (!api) {
      setError('The RouteLens bridge is not available in this window.');
      return;
    }
    api.app.getInfo().then(setInfo, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  return (
    <main data-testid="app-root" style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>RouteLens</h1>
      <p>Offline review of truck trips.</p>
      {info && (
        <p data-testid="app-info">
          {info.name} {info.version} on {info.platform}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
