import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { createKeychain, createMemoryBackend, type MemoryBackend } from '../../electron/node/keychain/index.ts';
import { createSimulatorWorld, startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { DownloadEvent, IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import { encodeBridge } from '../../shared/ipc/codec.ts';
import { createTestBackend } from '../support/test-backend.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');

describe('backend (the handlers behind IPC and the browser shell)', () => {
  let clock = NOW;
  let dataDir: string;
  let keyStore: MemoryBackend;
  let backend: Backend;
  let sim: RunningSimulator;
  const replies: string[] = [];

  /** Calls a channel the way the bridge does, recording everything the renderer would receive. */
  async function call<T>(channel: IpcChannel, ...args: unknown[]): Promise<IpcReply<T>> {
    const reply = (await dispatch(backend, channel, args, true)) as IpcReply<T>;
    replies.push(encodeBridge(reply));
    return reply;
  }
  async function ok<T>(channel: IpcChannel, ...args: unknown[]): Promise<T> {
    const reply = await call<T>(channel, ...args);
    if (!reply.ok) throw new Error(`${channel} failed: ${reply.error.message}`);
    return reply.result;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-backend-'));
    keyStore = createMemoryBackend();
    backend = createTestBackend(dataDir, {
      keychain: createKeychain({ service: 'RouteLens-backend-test', backend: keyStore }),
      now: () => clock,
      demo: { now: () => NOW },
    });
    sim = await startSimulator({ now: () => NOW });
  });
  afterAll(async () => {
    await backend.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds the three demo carriers once, and they connect without any key', async () => {
    const first = await ok<{ id: string; demo: boolean; hasCompanyKey: boolean }[]>('carriers:addDemo');
    const again = await ok<{ id: string }[]>('carriers:addDemo');
    expect(first).toHaveLength(3);
    expect(again.map((c) => c.id)).toEqual(first.map((c) => c.id));
    expect(first.every((c) => c.demo && c.hasCompanyKey)).toBe(true);
    const truth = createSimulatorWorld({ now: () => NOW }).truth;
    for (const [i, c] of first.entries()) {
      const test = await ok<{ ok: boolean; companyName: string; dotNumber: string }>('carriers:testConnection', c.id);
      const expected = truth.company(truth.carriers()[i]!.id);
      expect(test).toEqual({ ok: true, companyName: expected.company_name, dotNumber: expected.dot_number });
    }
    expect(keyStore.entries().size).toBe(0);
  });

  it('tells a bad Provider Key from a bad Company Key from an unreachable server', async () => {
    const carrier = sim.carriers[1]!;
    await ok('keys:setProviderKey', sim.providerKey, sim.baseUrl);
    const added = await ok<{ id: string; hasCompanyKey: boolean }>('carriers:add', {
      label: 'Blue Ridge (real keys)',
      companyKey: carrier.companyKey,
      baseUrl: null,
    });
    expect(added.hasCompanyKey).toBe(true);
    expect(await ok('carriers:testConnection', added.id)).toEqual({
      ok: true,
      companyName: carrier.name,
      dotNumber: carrier.dotNumber,
    });

    await ok('keys:setCompanyKey', added.id, 'ck-not-a-real-key');
    const badCompany = await ok<{ ok: false; failure: { kind: string; message: string } }>(
      'carriers:testConnection',
      added.id,
    );
    expect(badCompany.failure.kind).toBe('company-key');
    expect(badCompany.failure.message).toMatch(/company API key is not valid/i);

    await ok('keys:setCompanyKey', added.id, carrier.companyKey);
    await ok('keys:setProviderKey', 'pk-not-a-real-key', null);
    const badProvider = await ok<{ ok: false; failure: { kind: string } }>('carriers:testConnection', added.id);
    expect(badProvider.failure.kind).toBe('provider-key');

    await ok('keys:setProviderKey', sim.providerKey, 'http://127.0.0.1:9');
    // Keys are bound to the origin they were entered for: the Company Key is entered again for the new address.
    await ok('keys:setCompanyKey', added.id, carrier.companyKey);
    const down = await ok<{ ok: false; failure: { kind: string; message: string } }>(
      'carriers:testConnection',
      added.id,
    );
    expect(down.failure.kind).toBe('unreachable');
    expect(down.failure.message).toContain('127.0.0.1:9');
    await ok('keys:setProviderKey', sim.providerKey, sim.baseUrl);
  });

  it('never lets a key reach a reply or a file', async () => {
    const secrets = [
      sim.providerKey,
      ...sim.carriers.map((c) => c.companyKey),
      'ck-not-a-real-key',
      'pk-not-a-real-key',
    ];
    for (const text of replies) for (const s of secrets) expect(text).not.toContain(s);
    // Every file, the road limits' folder's included.
    for (const f of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
      if (!statSync(path.join(dataDir, f)).isFile()) continue;
      const bytes = readFileSync(path.join(dataDir, f), 'utf8');
      for (const s of secrets) expect(bytes).not.toContain(s);
    }
  });

  it('serves fleet screens from a 30-s cache, even when forced', async () => {
    const id = 'demo-great-lakes';
    const a = await ok<{ rows: unknown[]; cached: boolean; nextRefreshAt: number }>('fleet:vehicles', id, true);
    expect(a.cached).toBe(false);
    expect(a.rows).toHaveLength(60);
    clock += 29_000;
    expect((await ok<{ cached: boolean }>('fleet:vehicles', id, true)).cached).toBe(true);
    clock += 2_000;
    const c = await ok<{ cached: boolean; fetchedAt: number }>('fleet:vehicles', id, true);
    expect(c.cached).toBe(false);
    expect(c.fetchedAt).toBe(clock);
    const drivers = await ok<{ rows: { hos: { status: string | null } | null }[] }>('fleet:drivers', id, false);
    expect(drivers.rows.length).toBeGreaterThanOrEqual(60);
    expect(drivers.rows.some((r) => r.hos === null || r.hos.status === null)).toBe(true);
  });

  it('hands over a download day by day, equal to the ground truth, and skips days already stored', async () => {
    const truth = createSimulatorWorld({ now: () => NOW }).truth;
    const vehicle = truth.vehicles('prairie-line').find((v) => v.active)!;
    const from = '2026-11-14';
    const to = '2026-11-17';
    const session = await ok<string>('downloads:start', {
      carrierId: 'demo-prairie-line',
      vehicleId: vehicle.vehicle_id,
      from,
      to,
      completeDays: ['2026-11-15'],
    });
    const days = new Map<string, string[]>();
    let ack = 0;
    for (let finished = false; !finished;) {
      const poll = await ok<{ events: DownloadEvent[]; finished: boolean }>('downloads:poll', session, ack);
      for (const e of poll.events) {
        if (e.type === 'day') days.set(e.chunk.day, e.chunk.id);
        if (e.type === 'failed') throw new Error(e.failure.message);
        ack = Math.max(ack, e.seq);
      }
      finished = poll.finished;
    }
    expect([...days.keys()].sort()).toEqual(['2026-11-14', '2026-11-16', '2026-11-17']);
    for (const [day, ids] of days)
      expect(ids).toEqual(truth.history('prairie-line', vehicle.vehicle_id, day, day).map((r) => r.id));
  });

  it('refuses to keep a carrier whose key the keychain could not store', async () => {
    keyStore.setUnavailable('no Secret Service on the session bus');
    const reply = await call('carriers:add', { label: 'Unsaved Carrier', companyKey: 'ck-123', baseUrl: null });
    keyStore.setUnavailable(null);
    expect(reply.ok).toBe(false);
    const list = await ok<{ label: string }[]>('carriers:list');
    expect(list.map((c) => c.label)).not.toContain('Unsaved Carrier');
  });
});
