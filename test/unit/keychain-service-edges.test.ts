/**
 * Edges of the keychain service over fake backends: the empty service name
 * message, the status probe's entry and its five-minute trust window (exact
 * boundary), which backend errors pass through unchanged and which are
 * rewritten to drop a key (padded keys, keys only in the message or only in
 * the detail), and non-text keys refused as a rejection.
 */
import { describe, expect, it } from 'vitest';
import type { KeychainBackend } from '../../electron/node/keychain/backend.ts';
import {
  KeychainError,
  KeychainUnavailableError,
  KeychainValidationError,
} from '../../electron/node/keychain/errors.ts';
import { createKeychain, STATUS_TRUST_MS } from '../../electron/node/keychain/keychain.ts';
import { createMemoryBackend } from '../../electron/node/keychain/memory-backend.ts';
import { rejection } from '../support/rejection.ts';

/** A backend whose every operation throws `err`. */
const throwing = (err: unknown): KeychainBackend => ({
  get: async () => {
    throw err;
  },
  set: async () => {
    throw err;
  },
  delete: async () => {
    throw err;
  },
});

describe('service name', () => {
  it('refuses a blank service name with a message saying so', () => {
    expect(() => createKeychain({ service: ' \t', backend: createMemoryBackend() })).toThrow(
      new KeychainValidationError('The keychain service name is empty.'),
    );
  });
});

describe('status probe', () => {
  function recorded() {
    const calls: string[][] = [];
    let clock = 50_000;
    const backend: KeychainBackend = {
      get: async (a) => {
        calls.push(['get', a]);
        return null;
      },
      set: async (a, s) => {
        calls.push(['set', a, s]);
      },
      delete: async (a) => {
        calls.push(['delete', a]);
        return true;
      },
    };
    const kc = createKeychain({ service: 'RouteLens-probe', backend, now: () => clock });
    return { kc, calls, advance: (ms: number) => (clock += ms) };
  }

  it('writes "probe" to the status-probe entry and then deletes that entry', async () => {
    const r = recorded();
    expect(await r.kc.status()).toEqual({ available: true });
    expect(r.calls).toEqual([
      ['set', 'status-probe', 'probe'],
      ['delete', 'status-probe'],
    ]);
  });

  it('trusts a good probe for five minutes: 299 999 ms later it is trusted, at 300 000 ms it probes again', async () => {
    expect(STATUS_TRUST_MS).toBe(300_000);
    const r = recorded();
    await r.kc.status();
    r.advance(299_999);
    await r.kc.status();
    expect(r.calls).toHaveLength(2);
    r.advance(1);
    await r.kc.status();
    expect(r.calls).toHaveLength(4);
  });

  it('reports a foreign failure verbatim as reason and detail, redacting nothing', async () => {
    const kc = createKeychain({ service: 'RouteLens-probe', backend: throwing(new Error('the D-Bus call timed out')) });
    expect(await kc.status()).toEqual({
      available: false,
      reason: 'Keychain operation failed: the D-Bus call timed out',
      detail: 'Keychain operation failed: the D-Bus call timed out',
    });
  });
});

describe('keys that are not text', () => {
  it('reject (rather than throw) with the "must be text" message and store nothing', async () => {
    const backend = createMemoryBackend();
    const kc = createKeychain({ service: 'RouteLens-unit', backend });
    await expect(kc.setProviderKey(42 as unknown as string)).rejects.toThrow(
      new KeychainValidationError('The Provider Key must be text.'),
    );
    await expect(kc.setCompanyKey('demo', undefined as unknown as string)).rejects.toBeInstanceOf(
      KeychainValidationError,
    );
    expect(backend.entries().size).toBe(0);
  });
});

describe('blank keys', () => {
  it('are refused as empty, word for word: a blank value is no secret, so nothing in the message is redacted', async () => {
    const backend = createMemoryBackend();
    const kc = createKeychain({ service: 'RouteLens-unit', backend });
    for (const blank of [' ', '  ', '\n', ' \t ']) {
      const err = await rejection(kc.setProviderKey(blank));
      expect(err).toBeInstanceOf(KeychainValidationError);
      expect(err.message).toBe('The Provider Key is empty.');
      expect((await rejection(kc.setCompanyKey('demo', blank))).message).toBe('The Company Key is empty.');
    }
    expect(backend.entries().size).toBe(0);
  });
});

describe('backend errors that contain no key', () => {
  it.each(['e', 'sk-live-0123456789abcdef'])(
    'pass a KeychainError from a write with key %j through as the very same object',
    async (key) => {
      const thrown = new KeychainError('BUSY 42');
      const err = await rejection(createKeychain({ service: 'S', backend: throwing(thrown) }).setProviderKey(key));
      expect(err).toBe(thrown);
      expect(err.message).toBe('BUSY 42');
    },
  );

  // Reads and deletes hold no key, so nothing in their errors is redacted,
  // whatever the text.
  it('pass a KeychainError from get, has and delete through as the very same object', async () => {
    const thrown = new KeychainError('the D-Bus call timed out');
    const kc = createKeychain({ service: 'S', backend: throwing(thrown) });
    expect(await rejection(kc.getProviderKey())).toBe(thrown);
    expect(await rejection(kc.hasCompanyKey('demo'))).toBe(thrown);
    expect(await rejection(kc.deleteCompanyKey('demo'))).toBe(thrown);
    expect(thrown.message).toBe('the D-Bus call timed out');
  });
});

describe('backend errors that contain a key', () => {
  it('rewrite a KeychainError that names the trimmed form of a padded key', async () => {
    const backend: KeychainBackend = {
      ...throwing(null),
      set: async (_account, secret) => {
        throw new KeychainError(`rejected ${secret}`);
      },
    };
    const err = await rejection(createKeychain({ service: 'S', backend }).setProviderKey('  sk-abc123\n'));
    expect(err).toBeInstanceOf(KeychainError);
    expect(err).not.toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe('Keychain operation failed: rejected [redacted]');
  });

  it('redact a key that appears only in the message of an unavailable error, keeping the detail', async () => {
    const backend: KeychainBackend = {
      ...throwing(null),
      set: async (_account, secret) => {
        throw new KeychainUnavailableError(`locked while saving ${secret}`, 'keychain locked');
      },
    };
    const err = await rejection(createKeychain({ service: 'S', backend }).setCompanyKey('demo', 'sk-abc123'));
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe('locked while saving [redacted]');
    expect((err as KeychainUnavailableError).detail).toBe('keychain locked');
  });

  it('redact a key that appears only in the detail of an unavailable error, keeping the message', async () => {
    const backend: KeychainBackend = {
      ...throwing(null),
      set: async (_account, secret) => {
        throw new KeychainUnavailableError('keychain locked', `while saving ${secret}`);
      },
    };
    const err = await rejection(createKeychain({ service: 'S', backend }).setProviderKey('sk-abc123'));
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe('keychain locked');
    expect((err as KeychainUnavailableError).detail).toBe('while saving [redacted]');
  });
});
