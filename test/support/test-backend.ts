import { createBackend, type Backend, type BackendOptions } from '../../electron/node/backend/backend.ts';
import { createKeychain, createMemoryBackend } from '../../electron/node/keychain/index.ts';
import { createSettingsStore } from '../../electron/node/settings/index.ts';

/**
 * The real backend as the browser shell builds it, on a settings folder of the
 * test's own and an in-memory keychain (the Secret Service has its own tests);
 * `extra` sets or replaces any option (clock, demo clock, dialogs, a keychain…).
 */
export function createTestBackend(dataDir: string, extra: Partial<BackendOptions> = {}): Backend {
  return createBackend({
    keychain: createKeychain({ service: 'RouteLens-test', backend: createMemoryBackend() }),
    settings: createSettingsStore({ dataDir }),
    shell: 'browser-shell',
    appName: 'RouteLens',
    appVersion: 'test',
    ...extra,
  });
}
