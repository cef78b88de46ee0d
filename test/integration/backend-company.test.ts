import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_REFRESH_MS, type Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { createSettingsStore } from '../../electron/node/settings/index.ts';
import { createSimulatorWorld, startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { CarrierView } from '../../shared/domain/carrier.ts';
import type { DownloadEvent, IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import { encodeBridge } from '../../shared/ipc/codec.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { createTestBackend } from '../support/test-backend.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const COMPANY_INFO = '/v2/company-info';

describe('backend remembers each carrier’s company profile (real HTTP against the simulator)', () => {
  let clock = NOW;
  let dataDir: string;
  let backend: Backend;
  let sim: RunningSimulator;
  const truth = createSimulatorWorld({ now: () => NOW }).truth;
  const replies: string[] = [];

  async function ok<T>(channel: IpcChannel, ...args: unknown[]): Promise<T> {
    const reply = (await dispatch(backend, channel, args, true)) as IpcReply<T>;
    replies.push(encodeBridge(reply));
    if (!reply.ok) throw new Error(`${channel} failed: ${reply.error.message}`);
    return reply.result;
  }
  const carrier = async (id: string) => (await ok<CarrierView[]>('carriers:list')).find((c) => c.id === id)!;

  /** Runs one download session to its end; returns the days handed over and the failure, if any. */
  async function download(carrierId: string, vehicleId: string, from: string, to: string) {
    const session = await ok<string>('downloads:start', { carrierId, vehicleId, from, to, completeDays: [] });
    const days: string[] = [];
    let failure: { kind: string; message: string } | null = null;
    let ack = 0;
    for (let finished = false; !finished;) {
      const poll = await ok<{ events: DownloadEvent[]; finished: boolean }>('downloads:poll', session, ack);
      for (const e of poll.events) {
        if (e.type === 'day') days.push(e.chunk.day);
        if (e.type === 'failed') failure = e.failure;
        ack = Math.max(ack, e.seq);
      }
      finished = poll.finished;
    }
    return { days, failure };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-company-'));
    backend = createTestBackend(dataDir, { now: () => clock, demo: { now: () => NOW } });
    sim = await startSimulator({ now: () => NOW });
  });
  afterAll(async () => {
    await backend.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a connection test stores the profile on the carrier, and it is on disk for the next run', async () => {
    const demos = await ok<CarrierView[]>('carriers:addDemo');
    // A demo carrier shows the simulator's own profile from the start (its USDOT number on the Carriers screen).
    expect(demos.map((c) => [c.company?.name, c.company?.dotNumber])).toEqual(
      demos.map((c) => {
        const t = truth.company(c.id.replace(/^demo-/, ''));
        return [t.company_name, t.dot_number];
      }),
    );
    const [first] = demos;
    const expected = truth.company(first!.id.replace(/^demo-/, ''));
    clock = NOW + 1_000;
    await ok('carriers:testConnection', first!.id);
    expect((await carrier(first!.id)).company).toEqual({
      name: expected.company_name,
      dotNumber: expected.dot_number,
      fetchedAt: new Date(clock).toISOString(),
    });

    const fromDisk = (await createSettingsStore({ dataDir }).get()).carriers.find((c) => c.id === first!.id);
    expect(fromDisk?.company).toMatchObject({ name: expected.company_name, dotNumber: expected.dot_number });
  });

  it('a demo carrier keeps the simulator’s profile through a download, before and after any day', async () => {
    const id = 'demo-great-lakes';
    expect((await carrier(id)).company).toMatchObject({ name: truth.company('great-lakes').company_name });
    const vehicle = truth.vehicles('great-lakes').find((v) => v.active)!;
    const day = addDays(dayOfMs(NOW), -2);
    const { days, failure } = await download(id, vehicle.vehicle_id, day, day);
    expect(failure).toBeNull();
    expect(days).toEqual([day]);
    const expected = truth.company('great-lakes');
    expect((await carrier(id)).company).toMatchObject({ name: expected.company_name, dotNumber: expected.dot_number });
  });

  it('concurrent sessions of one carrier share one company-info request; a fresh profile is not fetched again, a stale one is', async () => {
    const info = sim.carriers[1]!;
    await ok('keys:setProviderKey', sim.providerKey, sim.baseUrl);
    const added = await ok<CarrierView>('carriers:add', {
      label: 'My own name for them',
      companyKey: info.companyKey,
      baseUrl: null,
    });
    expect(added.company).toBeNull();
    const vehicles = truth
      .vehicles(info.id)
      .filter((v) => v.active)
      .slice(0, 3);
    const day = addDays(dayOfMs(NOW), -1);
    const requests = () => sim.stats().byPath[COMPANY_INFO] ?? 0;

    sim.resetStats();
    clock = NOW + 5_000;
    const runs = await Promise.all(vehicles.map((v) => download(added.id, v.vehicle_id, day, day)));
    expect(runs.map((r) => r.failure)).toEqual(vehicles.map(() => null));
    expect(requests()).toBe(1);
    const stored = (await carrier(added.id)).company;
    expect(stored).toEqual({
      name: info.name,
      dotNumber: info.dotNumber,
      fetchedAt: new Date(NOW + 5_000).toISOString(),
    });
    expect((await carrier(added.id)).label).toBe('My own name for them');

    clock = NOW + 5_000 + COMPANY_REFRESH_MS - 1;
    await download(added.id, vehicles[0]!.vehicle_id, day, day);
    expect(requests()).toBe(1);

    clock = NOW + 5_000 + COMPANY_REFRESH_MS;
    await download(added.id, vehicles[0]!.vehicle_id, day, day);
    expect(requests()).toBe(2);
    expect((await carrier(added.id)).company?.fetchedAt).toBe(new Date(clock).toISOString());
  });

  it('when company info cannot be fetched the session fails before handing over any day, and nothing is stored', async () => {
    const info = sim.carriers[2]!;
    const added = await ok<CarrierView>('carriers:add', {
      label: 'Wrong key carrier',
      companyKey: 'ck-not-a-real-key',
      baseUrl: null,
    });
    const vehicle = truth.vehicles(info.id).find((v) => v.active)!;
    const day = addDays(dayOfMs(NOW), -1);
    const { days, failure } = await download(added.id, vehicle.vehicle_id, day, day);
    expect(days).toEqual([]);
    expect(failure?.kind).toBe('company-key');
    expect((await carrier(added.id)).company).toBeNull();
  });

  it('never writes a key into settings or a reply', async () => {
    const secrets = [sim.providerKey, ...sim.carriers.map((c) => c.companyKey), 'ck-not-a-real-key'];
    // Every file, the road limits' folder's included.
    for (const f of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
      if (!statSync(path.join(dataDir, f)).isFile()) continue;
      const text = readFileSync(path.join(dataDir, f), 'utf8');
      for (const s of secrets) expect(text).not.toContain(s);
    }
    for (const r of replies) for (const s of secrets) expect(r).not.toContain(s);
  });
});
