import type { KeysStatus } from '../../../shared/domain/carrier.ts';

/**
 * What to do when no keychain answers: how to fix it on this platform, then the system's own
 * failure for a support request. Both collapsed, so the warning itself stays one sentence.
 */
export function KeychainHelp({ keys, testIdPrefix }: { keys: KeysStatus; testIdPrefix: string }) {
  return (
    <>
      {keys.keychainHelp && (
        <details className="keychain-help" data-testid={`${testIdPrefix}-help`}>
          <summary>How to fix</summary>
          <p>{keys.keychainHelp}</p>
          {keys.keychainDetail && (
            <details className="keychain-detail" data-testid={`${testIdPrefix}-detail`}>
              <summary>Technical detail</summary>
              <code>{keys.keychainDetail}</code>
            </details>
          )}
        </details>
      )}
    </>
  );
}
