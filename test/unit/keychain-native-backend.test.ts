// The real binding is exercised in test/integration/keychain-secret-service.test.ts;
// here it is replaced to reach failure modes a healthy machine cannot produce.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({
  ctor: [] as unknown[][],
  failCtor: null as string | null,
  failOp: null as string | null,
}));

vi.mock('@napi-rs/keyring', () => ({
  AsyncEntry: class {
    constructor(...args: unknown[]) {
      calls.ctor.push(args);
      if (calls.failCtor !== null) throw Object.assign(new Error(calls.failCtor), { code: 'GenericFailure' });
    }
    async setPassword(): Promise<void> {
      if (calls.failOp !== null) throw new Error(calls.failOp);
    }
    async getPassword(): Promise<string | null> {
      if (calls.failOp !== null) throw new Error(calls.failOp);
      return null;
    }
    async deleteCredential(): Promise<boolean> {
      return false;
    }
  },
}));

const { createNativeBackend } = await import('../../electron/node/keychain/native-backend.ts');
const { KeychainError, KeychainUnavailableError } = await import('../../electron/node/keychain/errors.ts');

beforeEach(() => {
  calls.ctor.length = 0;
  calls.failCtor = null;
  calls.failOp = null;
});

describe('native backend', () => {
  it('pins Linux to the Secret Service so keys never land in the non-persistent kernel keyring', async () => {
    await createNativeBackend('RouteLens-x', 'linux').get('provider-key');
    expect(calls.ctor[0]).toEqual(['RouteLens-x', 'provider-key', { linux: { store: 'secret-service' } }]);
    await createNativeBackend('RouteLens-x', 'darwin').get('provider-key');
    expect(calls.ctor[1]?.[2]).toBeUndefined();
  });

  it('maps a missing session bus (constructor failure) to KeychainUnavailableError with Linux advice', async () => {
    calls.failCtor =
      'Platform failure: DBus error: Failed to connect to socket /nonexistent: No such file or directory';
    const err = await createNativeBackend('S', 'linux')
      .set('provider-key', randomBytes(16).toString('hex'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect((err as Error).message).toMatch(/apt install gnome-keyring libsecret-1-0/);
    expect((err as Error).message).toMatch(/Failed to connect to socket/);
  });

  it('maps a locked store to KeychainUnavailableError with platform advice', async () => {
    calls.failOp = "Couldn't access platform storage: Secret Service: unlock prompt was dismissed";
    const err = await createNativeBackend('S', 'darwin')
      .set('provider-key', randomBytes(16).toString('hex'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect((err as Error).message).toMatch(/Keychain Access/);
  });

  it('keeps other failures as plain KeychainError and redacts the secret from native text', async () => {
    const secret = randomBytes(16).toString('hex');
    calls.failOp = `Attribute too long: ${secret}`;
    const err = await createNativeBackend('S', 'linux')
      .set('provider-key', secret)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainError);
    expect(err).not.toBeInstanceOf(KeychainUnavailableError);
    expect((err as Error).message).not.toContain(secret);
    expect((err as Error).message).toContain('[redacted]');
  });
});
