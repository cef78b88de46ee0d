/**
 * The Provider Key and the Company Keys, kept only in the OS keychain under
 * one service name. Main process only: nothing here may be exposed to the
 * renderer except `has*` and `status`.
 */
import { PROVIDER_ACCOUNT, companyAccount, resolveService } from './accounts.ts';
import type { KeychainBackend } from './backend.ts';
import { KeychainError, KeychainUnavailableError, KeychainValidationError, redact } from './errors.ts';
import { createNativeBackend } from './native-backend.ts';
import { validateKey } from './validate.ts';
import { errorText } from '../../../shared/util/error-text.ts';

export interface KeychainStatus {
  available: boolean;
  /** Why not, with what to do about it; set only when unavailable. */
  reason?: string;
  /** The native failure behind `reason`, redacted (technical detail); set only when unavailable. */
  detail?: string;
}

export interface Keychain {
  readonly service: string;
  setProviderKey(key: string): Promise<void>;
  /** Resolves true when a key was removed, false when none was stored. */
  deleteProviderKey(): Promise<boolean>;
  hasProviderKey(): Promise<boolean>;
  /** Main process only. */
  getProviderKey(): Promise<string | null>;
  setCompanyKey(carrierId: string, key: string): Promise<void>;
  deleteCompanyKey(carrierId: string): Promise<boolean>;
  hasCompanyKey(carrierId: string): Promise<boolean>;
  /** Main process only. */
  getCompanyKey(carrierId: string): Promise<string | null>;
  /** Round-trips a throwaway entry, so a locked or missing keychain shows up here rather than at the first save. */
  status(): Promise<KeychainStatus>;
}

export interface KeychainOptions {
  /** Default `RouteLens`, or ROUTELENS_KEYCHAIN_SERVICE when set. Tests use a random one. */
  service?: string;
  /** Default: the OS keychain. */
  backend?: KeychainBackend;
  /** Clock for the status cache (tests). */
  now?: () => number;
}

/**
 * A successful status probe (a real write and delete: reading alone would not
 * show that a locked or read-only keychain cannot store a key) is trusted this
 * long, so opening Settings does not write to the user's keychain every time.
 * Any failure of a real operation forgets it at once.
 */
export const STATUS_TRUST_MS = 5 * 60_000;

const PROBE_ACCOUNT = 'status-probe';
const PROBE_VALUE = 'probe';

function leaks(e: Error, secrets: readonly string[]): boolean {
  const detail = e instanceof KeychainUnavailableError ? e.detail : '';
  return secrets.some((s) => s.length > 0 && (e.message.includes(s) || detail.includes(s)));
}

/** Whatever a backend throws leaves here as a KeychainError that contains no key. */
function sanitize(e: unknown, secrets: readonly string[]): KeychainError {
  if (e instanceof KeychainError && !leaks(e, secrets)) return e;
  if (e instanceof KeychainUnavailableError)
    return new KeychainUnavailableError(redact(e.message, secrets), redact(e.detail, secrets));
  if (e instanceof KeychainValidationError) return new KeychainValidationError(redact(e.message, secrets));
  const message = errorText(e);
  return new KeychainError(`Keychain operation failed: ${redact(message, secrets)}`);
}

export function createKeychain(options: KeychainOptions = {}): Keychain {
  const service = (options.service ?? resolveService()).trim();
  if (service === '') throw new KeychainValidationError('The keychain service name is empty.');
  const backend = options.backend ?? createNativeBackend(service);
  const now = options.now ?? Date.now;
  /** Until when a successful probe stands (0: probe again). */
  let trustedUntil = 0;

  const guarded = async <T>(secrets: readonly string[], op: () => Promise<T>): Promise<T> => {
    try {
      return await op();
    } catch (e) {
      trustedUntil = 0;
      throw sanitize(e, secrets);
    }
  };

  const set = (account: () => string, kind: 'Provider Key' | 'Company Key', raw: string): Promise<void> => {
    // A rejected raw value may still differ from its trimmed form, so both are redacted. Blank text holds no
    // key, and redacting it would garble the message that says the key is empty.
    const secrets = typeof raw === 'string' ? [raw, raw.trim()].filter((s) => s.trim() !== '') : [];
    return guarded(secrets, async () => {
      const key = validateKey(kind, raw);
      await backend.set(account(), key);
    });
  };
  const get = (account: () => string): Promise<string | null> => guarded([], async () => backend.get(account()));
  const has = (account: () => string): Promise<boolean> =>
    guarded([], async () => (await backend.get(account())) !== null);
  const del = (account: () => string): Promise<boolean> =>
    guarded([], async () => (await backend.delete(account())) === true);

  return {
    service,
    setProviderKey: (key) => set(() => PROVIDER_ACCOUNT, 'Provider Key', key),
    deleteProviderKey: () => del(() => PROVIDER_ACCOUNT),
    hasProviderKey: () => has(() => PROVIDER_ACCOUNT),
    getProviderKey: () => get(() => PROVIDER_ACCOUNT),
    setCompanyKey: (carrierId, key) => set(() => companyAccount(carrierId), 'Company Key', key),
    deleteCompanyKey: (carrierId) => del(() => companyAccount(carrierId)),
    hasCompanyKey: (carrierId) => has(() => companyAccount(carrierId)),
    getCompanyKey: (carrierId) => get(() => companyAccount(carrierId)),
    async status() {
      if (now() < trustedUntil) return { available: true };
      try {
        await backend.set(PROBE_ACCOUNT, PROBE_VALUE);
        await backend.delete(PROBE_ACCOUNT);
        trustedUntil = now() + STATUS_TRUST_MS;
        return { available: true };
      } catch (e) {
        trustedUntil = 0;
        const failure = sanitize(e, []);
        return {
          available: false,
          reason: failure.message,
          detail: failure instanceof KeychainUnavailableError ? failure.detail : failure.message,
        };
      }
    },
  };
}
