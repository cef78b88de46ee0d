/**
 * The native backend over a fake @napi-rs/keyring entry: which entry method
 * and arguments each operation uses, the exact wording of per-entry failures
 * (read/write/delete), and which native texts count as "no keychain"; only a
 * text that starts with the keyring's store-level phrases does.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rejection } from '../support/rejection.ts';

const fake = vi.hoisted(() => ({
  log: [] as unknown[][],
  fail: null as string | null,
  stored: null as string | null,
  deleted: false,
}));

vi.mock('@napi-rs/keyring', () => ({
  AsyncEntry: class {
    constructor(...args: unknown[]) {
      fake.log.push(['new', ...args]);
    }
    async getPassword(): Promise<string | null> {
      fake.log.push(['getPassword']);
      if (fake.fail !== null) throw new Error(fake.fail);
      return fake.stored;
    }
    async setPassword(...args: unknown[]): Promise<void> {
      fake.log.push(['setPassword', ...args]);
      if (fake.fail !== null) throw new Error(fake.fail);
    }
    async deleteCredential(): Promise<boolean> {
      fake.log.push(['deleteCredential']);
      if (fake.fail !== null) throw new Error(fake.fail);
      return fake.deleted;
    }
  },
}));

const { createNativeBackend } = await import('../../electron/node/keychain/native-backend.ts');
const { KeychainError, KeychainUnavailableError } = await import('../../electron/node/keychain/errors.ts');

beforeEach(() => {
  fake.log.length = 0;
  fake.fail = null;
  fake.stored = null;
  fake.deleted = false;
});

describe('native backend operations', () => {
  it('reads with getPassword on a fresh entry for the service and account', async () => {
    fake.stored = 'stored-secret';
    expect(await createNativeBackend('RouteLens-n', 'win32').get('provider-key')).toBe('stored-secret');
    expect(fake.log).toEqual([['new', 'RouteLens-n', 'provider-key', undefined], ['getPassword']]);
  });

  it('writes with setPassword, passing the secret through unchanged', async () => {
    await createNativeBackend('RouteLens-n', 'darwin').set('company-key:demo', 'sk-123');
    expect(fake.log).toEqual([
      ['new', 'RouteLens-n', 'company-key:demo', undefined],
      ['setPassword', 'sk-123'],
    ]);
  });

  it('deletes with deleteCredential and passes its answer on', async () => {
    const backend = createNativeBackend('RouteLens-n', 'linux');
    expect(await backend.delete('provider-key')).toBe(false);
    fake.deleted = true;
    expect(await backend.delete('provider-key')).toBe(true);
    expect(fake.log[0]).toEqual(['new', 'RouteLens-n', 'provider-key', { linux: { store: 'secret-service' } }]);
    expect(fake.log[1]).toEqual(['deleteCredential']);
  });
});

describe('per-entry failures', () => {
  // Reads and deletes carry no secret, so their native text is quoted whole,
  // whatever it says.
  it('words a failed read as "Keychain read of <account> failed" with the native text unredacted', async () => {
    fake.fail = 'the D-Bus call timed out';
    const err = await rejection(createNativeBackend('S', 'linux').get('provider-key'));
    expect(err).toBeInstanceOf(KeychainError);
    expect(err).not.toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe('Keychain read of "provider-key" failed: the D-Bus call timed out');
  });

  it('words a failed write as "Keychain write of <account> failed"', async () => {
    fake.fail = 'Attribute rejected by the store';
    const err = await rejection(createNativeBackend('S', 'darwin').set('company-key:demo', 'sk-9'));
    expect(err).not.toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe('Keychain write of "company-key:demo" failed: Attribute rejected by the store');
  });

  it('words a failed delete as "Keychain delete of <account> failed" with the native text unredacted', async () => {
    fake.fail = 'the D-Bus call timed out';
    const err = await rejection(createNativeBackend('S', 'win32').delete('company-key:demo'));
    expect(err).toBeInstanceOf(KeychainError);
    expect(err).not.toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe('Keychain delete of "company-key:demo" failed: the D-Bus call timed out');
  });
});

describe('which native texts mean "no keychain"', () => {
  it.each([
    'Entry rejected: Platform failure reported by the daemon',
    "Attribute error: Couldn't access platform storage for this item",
  ])('treats %j as a per-entry failure, since the phrase is not at the start', async (text) => {
    fake.fail = text;
    const err = await rejection(createNativeBackend('S', 'linux').get('provider-key'));
    expect(err).toBeInstanceOf(KeychainError);
    expect(err).not.toBeInstanceOf(KeychainUnavailableError);
    expect(err.message).toBe(`Keychain read of "provider-key" failed: ${text}`);
  });

  it('maps a leading "platform failure" (any case) to KeychainUnavailableError with Windows wording', async () => {
    fake.fail = 'platform failure: credential manager is disabled';
    const err = await rejection(createNativeBackend('S', 'win32').delete('provider-key'));
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect(err.name).toBe('KeychainUnavailableError');
    expect((err as InstanceType<typeof KeychainUnavailableError>).detail).toBe(
      'platform failure: credential manager is disabled',
    );
    expect(err.message).toBe(
      'No OS keychain is available: RouteLens keeps keys only in Windows Credential Manager, which could not be ' +
        'used (platform failure: credential manager is disabled). Make sure Windows Credential Manager is ' +
        'available for your user account, and try again. Keys are never saved to disk in plain text.',
    );
  });

  it('redacts the secret from the detail of an unavailable write', async () => {
    fake.fail = "Couldn't access platform storage: refused sk-777";
    const err = await rejection(createNativeBackend('S', 'darwin').set('provider-key', 'sk-777'));
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect((err as InstanceType<typeof KeychainUnavailableError>).detail).toBe(
      "Couldn't access platform storage: refused [redacted]",
    );
  });
});
