import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import type { KeysStatus } from '../../../../shared/domain/carrier.ts';
import { KeychainHelp } from '../../components/KeychainHelp.tsx';

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
          <span data-testid="keychain-warning-sentence">
            <strong>No keychain.</strong> {keys.keychainReason ?? 'API keys cannot be saved on this computer.'} Demo
            carriers still work.
          </span>
          <KeychainHelp keys={keys} testIdPrefix="keychain-warning" />
        </div>
      )}
    </header>
  );
}
