import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KeychainBackend } from '../../electron/node/keychain/backend.ts';
import {
  KeychainError,
  KeychainUnavailableError,
  KeychainValidationError,
} from '../../electron/node/keychain/errors.ts';
import { createKeychain, STATUS_TRUST_MS } from '../../electron/node/keychain/keychain.ts';
import { createMemoryBackend } from '../../electron/node/keychain/memory-backend.ts';
import { resolveService } from '../../electron/node/keychain/accounts.ts';
import { rejection } from '../support/rejection.ts';

const newKey = (): string => randomBytes(24).toString('base64url');
const setup = () => {
  const backend = createMemoryBackend();
  return { backend, kc: createKeychain({ service: 'RouteLens-unit', backend }) };
};

describe('keychain over a fake backend', () => {
  it('stores the Provider Key under provider-key and each Company Key under company-key:<id>', async () => {
    const { backend, kc } = setup();
    const pk = newKey();
    const a = crypto.randomUUID();
    const ka = newKey();
    await kc.setProviderKey(pk);
    await kc.setCompanyKey(a, ka);
    await kc.setCompanyKey('prairie-line', `system-${ka}`);
    expect(backend.entries()).toEqual(
      new Map([
        ['provider-key', pk],
        [`company-key:${a}`, ka],
        ['company-key:prairie-line', `system-${ka}`],
      ]),
    );
  });

  it('has/get/set/delete follow what is stored', async () => {
    const { kc } = setup();
    const id = crypto.randomUUID();
    expect(await kc.hasCompanyKey(id)).toBe(false);
    expect(await kc.getCompanyKey(id)).toBeNull();
    const first = newKey();
    await kc.setCompanyKey(id, first);
    expect(await kc.hasCompanyKey(id)).toBe(true);
    expect(await kc.getCompanyKey(id)).toBe(first);
    const second = newKey();
    await kc.setCompanyKey(id, ` ${second}\n`);
    expect(await kc.getCompanyKey(id)).toBe(second);
    expect(await kc.deleteCompanyKey(id)).toBe(true);
    expect(await kc.deleteCompanyKey(id)).toBe(false);
    expect(await kc.hasCompanyKey(id)).toBe(false);
  });

  it('keeps carriers apart and the Provider Key apart from them', async () => {
    const { kc } = setup();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const pk = newKey();
    await kc.setProviderKey(pk);
    await kc.setCompanyKey(a, newKey());
    expect(await kc.hasCompanyKey(b)).toBe(false);
    await kc.deleteCompanyKey(a);
    expect(await kc.getProviderKey()).toBe(pk);
    expect(await kc.deleteProviderKey()).toBe(true);
    expect(await kc.hasProviderKey()).toBe(false);
  });

  it('has* resolves strict booleans', async () => {
    const { kc } = setup();
    await kc.setProviderKey(newKey());
    const results = [await kc.hasProviderKey(), await kc.hasCompanyKey('demo')];
    for (const r of results) expect(typeof r).toBe('boolean');
  });

  it('refuses invalid input before touching the backend', async () => {
    const { backend, kc } = setup();
    expect(await rejection(kc.setProviderKey('  '))).toBeInstanceOf(KeychainValidationError);
    expect(await rejection(kc.setCompanyKey('Not A Slug', newKey()))).toBeInstanceOf(KeychainValidationError);
    expect(await rejection(kc.hasCompanyKey('../provider-key'))).toBeInstanceOf(KeychainValidationError);
    expect(backend.entries().size).toBe(0);
  });

  it('reports an unavailable keychain with install advice and stores nothing', async () => {
    const { backend, kc } = setup();
    backend.setUnavailable('no session bus');
    const key = newKey();
    const err = await rejection(kc.setProviderKey(key));
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toMatch(/gnome-keyring/);
    expect(err.message).not.toContain(key);
    expect(await kc.status()).toEqual({ available: false, reason: err.message, detail: 'no session bus' });
    backend.setUnavailable(null);
    expect(backend.entries().size).toBe(0);
    expect(await kc.status()).toEqual({ available: true });
    expect(backend.entries().size).toBe(0);
  });

  it('removes keys from whatever error a backend throws', async () => {
    const echoing: KeychainBackend = {
      get: async () => null,
      delete: async () => false,
      set: async (account, secret) => {
        throw new Error(`backend choked on ${account}=${secret}`);
      },
    };
    const unavailableEcho: KeychainBackend = {
      ...echoing,
      set: async (_account, secret) => {
        throw new KeychainUnavailableError(`locked while saving ${secret}`, `detail ${secret}`);
      },
    };
    const key = newKey();
    const e1 = await rejection(createKeychain({ backend: echoing }).setProviderKey(`${key}\n`));
    expect(e1).toBeInstanceOf(KeychainError);
    expect(e1.message).toContain('provider-key');
    expect(e1.message).not.toContain(key);
    expect(e1.stack ?? '').not.toContain(key);

    const e2 = await rejection(createKeychain({ backend: unavailableEcho }).setCompanyKey('demo', key));
    expect(e2).toBeInstanceOf(KeychainUnavailableError);
    expect(e2.message).not.toContain(key);
    expect((e2 as KeychainUnavailableError).detail).not.toContain(key);
  });

  it('takes its service name from options, then ROUTELENS_KEYCHAIN_SERVICE, then RouteLens', () => {
    expect(createKeychain({ service: 'RouteLens-test-x', backend: createMemoryBackend() }).service).toBe(
      'RouteLens-test-x',
    );
    expect(resolveService({ ROUTELENS_KEYCHAIN_SERVICE: 'RouteLens-e2e' })).toBe('RouteLens-e2e');
    expect(resolveService({ ROUTELENS_KEYCHAIN_SERVICE: ' ' })).toBe('RouteLens');
    expect(resolveService({})).toBe('RouteLens');
    expect(() => createKeychain({ service: ' ', backend: createMemoryBackend() })).toThrow(KeychainValidationError);
  });
});

describe('status probe', () => {
  /** A memory keychain that counts writes, on a clock the test moves. */
  function counted() {
    const inner = createMemoryBackend();
    let writes = 0;
    let clock = 1_000_000;
    const backend: KeychainBackend = {
      get: (a) => inner.get(a),
      set: async (a, s) => {
        writes++;
        await inner.set(a, s);
      },
      delete: (a) => inner.delete(a),
    };
    const kc = createKeychain({ service: 'RouteLens-test', backend, now: () => clock });
    return { inner, kc, writes: () => writes, advance: (ms: number) => (clock += ms) };
  }

  it('writes to the keychain once, then trusts the answer for a while', async () => {
    const k = counted();
    expect(await k.kc.status()).toEqual({ available: true });
    expect(await k.kc.status()).toEqual({ available: true });
    expect(k.writes()).toBe(1);
    k.advance(STATUS_TRUST_MS - 1);
    await k.kc.status();
    expect(k.writes()).toBe(1);
    k.advance(2);
    await k.kc.status();
    expect(k.writes()).toBe(2);
    // The probe leaves nothing behind.
    expect(k.inner.entries().size).toBe(0);
  });

  it('any failing operation makes the next status probe again and tell the truth', async () => {
    const k = counted();
    expect(await k.kc.status()).toEqual({ available: true });
    k.inner.setUnavailable('the session bus went away');
    await expect(k.kc.hasProviderKey()).rejects.toBeInstanceOf(KeychainUnavailableError);
    const s = await k.kc.status();
    expect(s.available).toBe(false);
    expect(k.writes()).toBe(2);
  });
});
