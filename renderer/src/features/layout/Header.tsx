import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import type { KeysStatus } from '../../../../shared/domain/carrier.ts';

export function Header({ info, keys }: { info: AppInfo | null; keys: KeysStatus | null }) {
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          RL
        </span>
        <span className="brand-name">RouteLens</span>
        {info && (
          <span className="brand-meta" data-testid="app-info">
            {info.version} · {info.shell === 'browser-shell' ? 'browser shell' : 'desktop'}
          </span>
        )}
      </div>
      {keys && !keys.keychainAvailable && (
        <div className="header-warning" role="status" data-testid="keychain-warning">
          <strong>Keychain unavailable.</strong> {keys.keychainReason ?? 'Keys cannot be saved on this system.'} Demo carriers still work.
        </div>
      )}
    </header>
  );
}
