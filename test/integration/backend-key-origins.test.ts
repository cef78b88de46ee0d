import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Backend, KeyCarryOver } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { createKeychain, createMemoryBackend, type MemoryBackend } from '../../electron/node/keychain/index.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { CarrierView, ConnectionTest, KeysStatus } from '../../shared/domain/carrier.ts';
import type { IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import { createTestBackend } from '../support/test-backend.ts';
import { json, startFakeServer, type FakeServer } from '../unit/client-fake-server.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');

/**
 * Keys go only to the API origin they were entered for: a settings change
 * (from a compromised page, or anyone holding the bridge token) cannot send
 * them anywhere else, and neither can a redirect.
 */
describe('keys bound to the API origin they were entered for', () => {
  let sim: RunningSimulator;
  /** Another origin on loopback that records every request it gets. */
  let elsewhere: FakeServer;
  let dataDir: string;
  let keyStore: MemoryBackend;
  let backend: Backend;
  let asked: KeyCarryOver[];

  async function call<T>(channel: IpcChannel, ...args: unknown[]): Promise<IpcReply<T>> {
    return (await dispatch(backend, channel, args, true)) as IpcReply<T>;
  }
  async function ok<T>(channel: IpcChannel, ...args: unknown[]): Promise<T> {
    const reply = await call<T>(channel, ...args);
    if (!reply.ok) throw new Error(`${channel} failed: ${reply.error.message}`);
    return reply.result;
  }
  const keyHeadersSeen = () =>
    elsewhere.seen.filter(
      (r) => r.headers['x-api-provider-key'] !== undefined || r.headers['x-api-company-key'] !== undefined,
    );

  function startBackend(confirm?: (r: KeyCarryOver) => boolean) {
    backend = createTestBackend(dataDir, {
      keychain: createKeychain({ service: 'RouteLens-origin-test', backend: keyStore }),
      now: () => NOW,
      demo: { now: () => NOW },
      ...(confirm ? { confirmKeyCarryOver: async (r: KeyCarryOver) => (asked.push(r), confirm(r)) } : {}),
    });
  }

  /** The user's own setup: both keys entered for the simulator's address. */
  async function enterKeysForSimulator(): Promise<CarrierView> {
    await ok('keys:setProviderKey', sim.providerKey, sim.baseUrl);
    return ok<CarrierView>('carriers:add', { label: 'Acme', companyKey: sim.carriers[0]!.companyKey, baseUrl: null });
  }

  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    elsewhere = await startFakeServer();
    elsewhere.handle((_q, res) =>
      json(res, 200, { description: 'success', data: { company_name: 'Thief', dot_number: '0' } }),
    );
  });
  afterAll(async () => {
    await sim.close();
    await elsewhere.close();
  });
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-origins-'));
    keyStore = createMemoryBackend();
    elsewhere.seen.length = 0;
    asked = [];
    startBackend();
  });
  afterEach(async () => {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settings:setProviderBaseUrl to another origin sends no key there: the connection test says to enter the keys again', async () => {
    const carrier = await enterKeysForSimulator();
    expect(await ok<ConnectionTest>('carriers:testConnection', carrier.id)).toMatchObject({ ok: true });

    const status = await ok<KeysStatus>('settings:setProviderBaseUrl', elsewhere.baseUrl);
    expect(status.providerKeyOrigins).toEqual([sim.baseUrl]);
    const test = await ok<ConnectionTest>('carriers:testConnection', carrier.id);
    expect(test.ok).toBe(false);
    if (test.ok) return;
    expect(test.failure.kind).toBe('missing-key');
    expect(test.failure.message).toBe(
      `The Provider Key was entered for ${sim.baseUrl}, not for ${elsewhere.baseUrl}, and RouteLens sends a key only to the address it was entered for. Enter the Provider Key again in Settings with ${elsewhere.baseUrl} as the API base URL.`,
    );
    // Downloads and fleet screens take the same path.
    expect((await call('fleet:vehicles', carrier.id, true)).ok).toBe(false);
    expect(
      (
        await call('downloads:start', {
          carrierId: carrier.id,
          vehicleId: 'v',
          from: '2026-11-18',
          to: '2026-11-18',
          completeDays: [],
        })
      ).ok,
    ).toBe(false);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('a carrier added with its own address on another origin (and any Company Key) cannot take the Provider Key there', async () => {
    await enterKeysForSimulator();
    const planted = await ok<CarrierView>('carriers:add', {
      label: 'Planted',
      companyKey: 'ck-attacker-chosen',
      baseUrl: elsewhere.baseUrl,
    });
    const test = await ok<ConnectionTest>('carriers:testConnection', planted.id);
    expect(test).toMatchObject({ ok: false, failure: { kind: 'missing-key' } });
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('the keys go to the new origin once the user enters both again for it', async () => {
    const carrier = await enterKeysForSimulator();
    await ok('keys:setProviderKey', sim.providerKey, elsewhere.baseUrl);
    // The Provider Key alone is not enough: the Company Key was entered for the simulator.
    const half = await ok<ConnectionTest>('carriers:testConnection', carrier.id);
    expect(half).toMatchObject({
      ok: false,
      failure: {
        kind: 'missing-key',
        message: expect.stringContaining(
          `The Company Key of "Acme" was entered for ${sim.baseUrl}, not for ${elsewhere.baseUrl}`,
        ) as string,
      },
    });
    expect(elsewhere.seen).toHaveLength(0);
    const view = await ok<CarrierView>('keys:setCompanyKey', carrier.id, sim.carriers[0]!.companyKey);
    // The same key entered again keeps the address it was entered for before.
    expect(view.companyKeyOrigins).toEqual([sim.baseUrl, elsewhere.baseUrl]);
    expect(await ok<ConnectionTest>('carriers:testConnection', carrier.id)).toEqual({
      ok: true,
      companyName: 'Thief',
      dotNumber: '0',
    });
    expect(keyHeadersSeen()).toHaveLength(1);
  });

  it('a different key entered replaces the bindings of the old one', async () => {
    const carrier = await enterKeysForSimulator();
    const view = await ok<CarrierView>('keys:setCompanyKey', carrier.id, 'ck-new-key-entirely');
    expect(view.companyKeyOrigins).toEqual([sim.baseUrl]);
    const status = await ok<KeysStatus>('keys:setProviderKey', 'pk-new-key-entirely', elsewhere.baseUrl);
    expect(status.providerKeyOrigins).toEqual([elsewhere.baseUrl]);
    await ok('settings:setProviderBaseUrl', sim.baseUrl);
    expect(await ok<ConnectionTest>('carriers:testConnection', carrier.id)).toMatchObject({
      ok: false,
      failure: { kind: 'missing-key' },
    });
  });

  it('a key cannot be entered without an address to bind it to', async () => {
    const provider = await call('keys:setProviderKey', 'pk-no-address', null);
    expect(provider).toMatchObject({
      ok: false,
      error: {
        kind: 'missing-key',
        message: expect.stringContaining('Set the API base URL before entering the Provider Key') as string,
      },
    });
    const carrier = await call('carriers:add', { label: 'Nowhere', companyKey: 'ck-no-address', baseUrl: null });
    expect(carrier.ok).toBe(false);
    expect(await ok<CarrierView[]>('carriers:list')).toEqual([]);
    expect(keyStore.entries().size).toBe(0);
  });

  it('demo carriers keep working whatever the provider address is', async () => {
    await enterKeysForSimulator();
    await ok('settings:setProviderBaseUrl', elsewhere.baseUrl);
    const demos = await ok<CarrierView[]>('carriers:addDemo');
    const demo = demos.find((c) => c.demo)!;
    expect(await ok<ConnectionTest>('carriers:testConnection', demo.id)).toMatchObject({ ok: true });
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('desktop app: the user may confirm carrying the keys over to the new origin; declining carries nothing', async () => {
    await backend.close();
    let answer = false;
    startBackend(() => answer);
    const carrier = await enterKeysForSimulator();
    expect(asked).toEqual([]);

    await ok('settings:setProviderBaseUrl', elsewhere.baseUrl);
    expect(asked).toEqual([{ origin: elsewhere.baseUrl, keys: ['the Provider Key', 'the Company Key of "Acme"'] }]);
    expect(await ok<ConnectionTest>('carriers:testConnection', carrier.id)).toMatchObject({
      ok: false,
      failure: { kind: 'missing-key' },
    });
    expect(elsewhere.seen).toHaveLength(0);

    answer = true;
    await ok('settings:setProviderBaseUrl', sim.baseUrl);
    await ok('settings:setProviderBaseUrl', elsewhere.baseUrl);
    expect(asked).toHaveLength(2);
    expect(await ok<ConnectionTest>('carriers:testConnection', carrier.id)).toMatchObject({
      ok: true,
      companyName: 'Thief',
    });
  });

  it('a settings file written before keys were bound keeps its keys on their address, and only there', async () => {
    await backend.close();
    writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({
        schemaVersion: 1,
        provider: { baseUrl: sim.baseUrl },
        preferences: { speedingThresholdMph: 70, displayTimeZone: 'local' },
        carriers: [
          { id: '0b8e5a4c-1f2d-4e3a-9b7c-6d5e4f3a2b1c', label: 'Old carrier', createdAt: '2026-01-01T00:00:00.000Z' },
        ],
      }),
    );
    await keyStore.set('provider-key', sim.providerKey);
    await keyStore.set('company-key:0b8e5a4c-1f2d-4e3a-9b7c-6d5e4f3a2b1c', sim.carriers[0]!.companyKey);
    startBackend();
    const id = '0b8e5a4c-1f2d-4e3a-9b7c-6d5e4f3a2b1c';
    expect(await ok<ConnectionTest>('carriers:testConnection', id)).toMatchObject({ ok: true });
    await ok('settings:setProviderBaseUrl', elsewhere.baseUrl);
    expect(await ok<ConnectionTest>('carriers:testConnection', id)).toMatchObject({
      ok: false,
      failure: { kind: 'missing-key' },
    });
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('an API that redirects to another origin gets no key there, and the connection test says why', async () => {
    const redirector = await startFakeServer();
    try {
      redirector.handle((_q, res) => {
        res.writeHead(302, { Location: `${elsewhere.baseUrl}/v2/company-info` });
        res.end();
      });
      await ok('keys:setProviderKey', sim.providerKey, redirector.baseUrl);
      const carrier = await ok<CarrierView>('carriers:add', {
        label: 'Redirected',
        companyKey: sim.carriers[0]!.companyKey,
        baseUrl: null,
      });
      const test = await ok<ConnectionTest>('carriers:testConnection', carrier.id);
      expect(test).toMatchObject({
        ok: false,
        failure: {
          kind: 'invalid-response',
          message: expect.stringContaining(
            `to ${elsewhere.baseUrl}. RouteLens does not follow redirects, so no key was sent there`,
          ) as string,
        },
      });
      expect(redirector.seen).toHaveLength(1);
      expect(elsewhere.seen).toHaveLength(0);
    } finally {
      await redirector.close();
    }
  });

  it('the bindings are origins only: no key reaches settings.json', async () => {
    await enterKeysForSimulator();
    await ok('settings:setProviderBaseUrl', elsewhere.baseUrl);
    const file = readFileSync(path.join(dataDir, 'settings.json'), 'utf8');
    expect(JSON.parse(file)).toMatchObject({
      provider: { baseUrl: elsewhere.baseUrl, keyOrigins: [sim.baseUrl] },
      carriers: [{ keyOrigins: [sim.baseUrl] }],
    });
    for (const f of readdirSync(dataDir)) {
      const text = readFileSync(path.join(dataDir, f), 'utf8');
      for (const key of [sim.providerKey, sim.carriers[0]!.companyKey]) expect(text).not.toContain(key);
    }
  });
});
