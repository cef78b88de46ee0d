/**
 * The storage under the keychain service. The native backend talks to the OS;
 * the memory backend exists for unit tests of the logic above it.
 */
export interface KeychainBackend {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Resolves true when an entry was removed, false when there was none. */
  delete(account: string): Promise<boolean>;
}
