/** In-memory stand-in for the OS keychain, for unit tests of the code above it. */
import type { KeychainBackend } from './backend.ts';
import { unavailableError } from './errors.ts';

export interface MemoryBackend extends KeychainBackend {
  /** Snapshot of what is stored, for assertions. */
  entries(): Map<string, string>;
  /** Makes every following call fail as an unreachable keychain would (null restores it). */
  setUnavailable(detail: string | null): void;
}

export function createMemoryBackend(initial: Iterable<[string, string]> = []): MemoryBackend {
  const store = new Map(initial);
  let unavailable: string | null = null;
  const check = (): void => {
    if (unavailable !== null) throw unavailableError(unavailable);
  };
  return {
    async get(account) {
      check();
      return store.get(account) ?? null;
    },
    async set(account, secret) {
      check();
      store.set(account, secret);
    },
    async delete(account) {
      check();
      return store.delete(account);
    },
    entries: () => new Map(store),
    setUnavailable(detail) {
      unavailable = detail;
    },
  };
}
