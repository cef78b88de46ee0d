/**
 * A carrier's home zone: stored in settings.json, validated on load (a bad
 * zone falls back to the default without costing the file), exposed in
 * CarrierView, settable over IPC behind a guard, and given to demo carriers
 * from their home terminals.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { SettingsValidationError } from '../../electron/node/settings/errors.ts';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import type { CarrierView } from '../../shared/domain/carrier.ts';
import type { IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';
import { systemZone } from '../../shared/time/local-day.ts';
import { createTestBackend } from '../support/test-backend.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-home-zone-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});
const settingsFile = () => path.join(dir, 'settings.json');
const readFile = async () =>
  JSON.parse(await fs.readFile(settingsFile(), 'utf8')) as { carriers: Record<string, unknown>[] };

describe('home zone in the settings store', () => {
  it("a new carrier gets the zone given (canonical spelling) or this computer's, kept in the file", async () => {
    const store = createSettingsStore({ dataDir: dir });
    const a = await store.addCarrier({ label: 'A', homeZone: 'america/chicago' });
    const b = await store.addCarrier({ label: 'B' });
    const k = await store.addCarrier({ label: 'K', homeZone: 'Asia/Kolkata' });
    expect(a.homeZone).toBe('America/Chicago');
    expect(b.homeZone).toBe(systemZone());
    // The name given, not an older alias some ICU versions resolve it to (Asia/Calcutta).
    expect(k.homeZone).toBe('Asia/Kolkata');
    expect((await readFile()).carriers.map((c) => c['homeZone'])).toEqual([
      'America/Chicago',
      systemZone(),
      'Asia/Kolkata',
    ]);
    await expect(store.addCarrier({ label: 'C', homeZone: 'Mars/Olympus' })).rejects.toThrow(SettingsValidationError);
    await expect(store.addCarrier({ label: 'D', homeZone: 'local' })).rejects.toThrow(/IANA time zone/);
  });

  it('is changed by updateCarrier and kept by other changes (rename, company profile)', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const c = await store.addCarrier({ label: 'A', homeZone: 'America/Chicago' });
    expect((await store.updateCarrier(c.id, { homeZone: 'Pacific/Auckland' })).homeZone).toBe('Pacific/Auckland');
    expect((await store.renameCarrier(c.id, 'A2')).homeZone).toBe('Pacific/Auckland');
    expect((await store.setCarrierCompany(c.id, { name: 'X', dotNumber: '1' })).homeZone).toBe('Pacific/Auckland');
    const fresh = createSettingsStore({ dataDir: dir });
    expect((await fresh.get()).carriers[0]!.homeZone).toBe('Pacific/Auckland');
  });

  it('a zone this system does not know, in a hand-edited file, falls back to the default; the file and the carriers stay', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await store.addCarrier({ label: 'Bad', homeZone: 'America/Chicago' });
    await store.addCarrier({ label: 'Good', homeZone: 'America/Denver' });
    const doc = await readFile();
    doc.carriers[0]!['homeZone'] = 'Mars/Olympus';
    await fs.writeFile(settingsFile(), JSON.stringify(doc));
    const loaded = await createSettingsStore({ dataDir: dir }).load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings.carriers.map((c) => [c.label, c.homeZone])).toEqual([
      ['Bad', undefined],
      ['Good', 'America/Denver'],
    ]);
    expect((await fs.readdir(dir)).filter((f) => f.includes('corrupt'))).toEqual([]);
  });
});

describe('home zone over IPC', () => {
  it('the guard takes an IANA zone only', () => {
    const guard = ARG_GUARDS['carriers:setHomeZone'];
    expect(guard(['demo-prairie-line', 'America/Chicago'])).toBe(true);
    expect(guard(['demo-prairie-line', 'UTC'])).toBe(true);
    for (const bad of [
      'local',
      'Mars/Olympus',
      '',
      'America/Chicago\n',
      'A'.repeat(65),
      42,
      null,
      { toString: () => 'UTC' },
    ])
      expect(guard(['demo-prairie-line', bad]), String(bad)).toBe(false);
    expect(guard(['../x', 'UTC'])).toBe(false);
    expect(guard(['demo-prairie-line'])).toBe(false);
    const add = ARG_GUARDS['carriers:add'];
    expect(add([{ label: 'A', companyKey: 'k', baseUrl: null }])).toBe(true);
    expect(add([{ label: 'A', companyKey: 'k', baseUrl: null, homeZone: 'Asia/Kolkata' }])).toBe(true);
    expect(add([{ label: 'A', companyKey: 'k', baseUrl: null, homeZone: 'nowhere' }])).toBe(false);
    expect(add([{ label: 'A', companyKey: 'k', baseUrl: null, homeZone: 'UTC', extra: 1 }])).toBe(false);
  });

  describe('through the backend', () => {
    let backend: Backend;
    const NOW = Date.parse('2026-11-20T15:00:00Z');
    beforeEach(() => {
      backend = createTestBackend(dir, { now: () => NOW, demo: { now: () => NOW } });
    });
    afterEach(async () => {
      await backend.close();
    });
    const call = async <T>(channel: IpcChannel, ...args: unknown[]) =>
      (await dispatch(backend, channel, args, true)) as IpcReply<T>;

    it("demo carriers get their home terminals' zones; a zone is set, shown and refused when unknown", async () => {
      const demos = await call<CarrierView[]>('carriers:addDemo');
      if (!demos.ok) throw new Error(demos.error.message);
      expect(demos.result.map((c) => [c.id, c.homeZone, c.homeZoneIsDefault])).toEqual([
        ['demo-prairie-line', 'America/Chicago', false],
        ['demo-blue-ridge', 'America/New_York', false],
        ['demo-great-lakes', 'America/Indiana/Indianapolis', false],
      ]);
      const set = await call<CarrierView>('carriers:setHomeZone', 'demo-prairie-line', 'Asia/Kolkata');
      expect(set.ok && set.result.homeZone).toBe('Asia/Kolkata');
      const listed = await call<CarrierView[]>('carriers:list');
      expect(listed.ok && listed.result[0]!.homeZone).toBe('Asia/Kolkata');
      const refused = await call<CarrierView>('carriers:setHomeZone', 'demo-prairie-line', 'Mars/Olympus');
      expect(refused).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
      const missing = await call<CarrierView>('carriers:setHomeZone', 'no-such-carrier', 'UTC');
      expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    });

    it("carriers:add takes a home zone, or stores this computer's", async () => {
      const withZone = await call<CarrierView>('carriers:add', {
        label: 'Mumbai Movers',
        companyKey: 'ck-test-1',
        baseUrl: 'https://api.example.com',
        homeZone: 'Asia/Kolkata',
      });
      expect(withZone.ok && [withZone.result.homeZone, withZone.result.homeZoneIsDefault]).toEqual([
        'Asia/Kolkata',
        false,
      ]);
      const without = await call<CarrierView>('carriers:add', {
        label: 'Local Haulers',
        companyKey: 'ck-test-2',
        baseUrl: 'https://api.example.com',
      });
      expect(without.ok && [without.result.homeZone, without.result.homeZoneIsDefault]).toEqual([systemZone(), false]);
    });

    it("a carrier from a file written before zones shows this computer's zone, marked as the default", async () => {
      await fs.writeFile(
        settingsFile(),
        JSON.stringify({
          schemaVersion: 1,
          provider: { baseUrl: null, keyOrigins: [] },
          preferences: {},
          carriers: [{ id: 'legacy', label: 'Old', createdAt: '2026-01-01T00:00:00Z', demo: true }],
        }),
      );
      const listed = await call<CarrierView[]>('carriers:list');
      expect(listed.ok && listed.result.map((c) => [c.homeZone, c.homeZoneIsDefault])).toEqual([[systemZone(), true]]);
    });
  });
});
