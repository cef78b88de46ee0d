/**
 * OS keychain through @napi-rs/keyring: Secret Service on Linux, Keychain on
 * macOS, Credential Manager on Windows.
 */
import { AsyncEntry } from '@napi-rs/keyring';
import type { EntryOptions } from '@napi-rs/keyring';
import type { KeychainBackend } from './backend.ts';
import { KeychainError, redact, unavailableError } from './errors.ts';
import { errorText } from '../../../shared/util/error-text.ts';

// Without pinning, the binding silently falls back to the kernel keyring on
// Linux, which forgets keys at reboot; an explicit failure is better.
const LINUX_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

// keyring-rs's PlatformFailure and NoStorageAccess mean the store itself is
// missing, unreachable or locked; other errors concern one entry.
const UNAVAILABLE = /^(Platform failure|Couldn't access platform storage)\b/i;

export function createNativeBackend(service: string, platform: NodeJS.Platform = process.platform): KeychainBackend {
  const entry = (account: string): AsyncEntry =>
    new AsyncEntry(service, account, platform === 'linux' ? LINUX_OPTIONS : undefined);

  const run = async <T>(
    what: string,
    account: string,
    secrets: readonly string[],
    op: (e: AsyncEntry) => Promise<T>,
  ): Promise<T> => {
    try {
      // The constructor throws when the store cannot be reached, so it sits inside the try.
      return await op(entry(account));
    } catch (e) {
      const detail = redact(errorText(e), secrets);
      if (UNAVAILABLE.test(detail)) throw unavailableError(detail, platform);
      throw new KeychainError(`Keychain ${what} of "${account}" failed: ${detail}`);
    }
  };

  return {
    get: (account) => run('read', account, [], (e) => e.getPassword()),
    set: (account, secret) => run('write', account, [secret], (e) => e.setPassword(secret)),
    delete: (account) => run('delete', account, [], (e) => e.deleteCredential()),
  };
}
