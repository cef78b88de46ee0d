import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsError } from '../../electron/node/settings/errors.ts';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import { MAX_COMPANY_NAME_LENGTH, MAX_DOT_NUMBER_LENGTH } from '../../electron/node/settings/validate.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-company-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const settingsFile = () => path.join(dir, 'settings.json');
const T0 = Date.UTC(2026, 10, 20, 15);

/** A random 7-digit USDOT number and a company name, so nothing below can pass by echoing a constant. */
function randomCompany(seed: number) {
  const dot = String(1_000_000 + ((seed * 7_919_317) % 8_999_999));
  return { name: `Carrier ${seed.toString(36)} Freight LLC`, dotNumber: dot };
}

async function storeWithCarrier(now = () => T0) {
  const store = createSettingsStore({ dataDir: dir, now });
  const carrier = await store.addCarrier({ label: 'My label' });
  return { store, carrier };
}

describe('carrier company profile in settings', () => {
  it('is absent on a new carrier, stored with the fetch time, and read back by a fresh store', async () => {
    const { store, carrier } = await storeWithCarrier();
    expect(carrier.company).toBeUndefined();
    const c = randomCompany(Math.floor(Math.random() * 1e6));
    const fetchedAtMs = T0 + 12_345;
    const updated = await store.setCarrierCompany(carrier.id, { ...c, fetchedAtMs });
    expect(updated.company).toEqual({ ...c, fetchedAt: new Date(fetchedAtMs).toISOString() });

    const reread = await createSettingsStore({ dataDir: dir }).load();
    expect(reread.warning).toBeUndefined();
    expect(reread.settings.carriers[0]?.company).toEqual(updated.company);
    expect(reread.settings.carriers[0]?.label).toBe('My label');
  });

  it("defaults the fetch time to the store's clock, survives a rename, and is forgotten with null", async () => {
    let clock = T0;
    const { store, carrier } = await storeWithCarrier(() => clock);
    clock += 60_000;
    const c = randomCompany(42);
    await store.setCarrierCompany(carrier.id, c);
    const renamed = await store.renameCarrier(carrier.id, 'Another label');
    expect(renamed.company).toEqual({ ...c, fetchedAt: new Date(T0 + 60_000).toISOString() });

    const cleared = await store.setCarrierCompany(carrier.id, null);
    expect(cleared.company).toBeUndefined();
    const doc = JSON.parse(await fs.readFile(settingsFile(), 'utf8')) as { carriers: Record<string, unknown>[] };
    expect(doc.carriers[0]).not.toHaveProperty('company');
  });

  it('makes whatever the API sent fit the file: control characters become spaces, overlong values are cut', async () => {
    const { store, carrier } = await storeWithCarrier();
    const longName = 'N'.repeat(MAX_COMPANY_NAME_LENGTH + 50);
    const saved = await store.setCarrierCompany(carrier.id, {
      name: ` Acme\u0000Freight\n${longName}`,
      dotNumber: `12\t34${'9'.repeat(MAX_DOT_NUMBER_LENGTH)}`,
    });
    expect(saved.company?.name.startsWith('Acme Freight ')).toBe(true);
    expect(saved.company?.name.length).toBe(MAX_COMPANY_NAME_LENGTH);
    expect(saved.company?.dotNumber.startsWith('12 34')).toBe(true);
    expect(saved.company?.dotNumber.length).toBe(MAX_DOT_NUMBER_LENGTH);
    // What was written is what a fresh read accepts.
    const reread = await createSettingsStore({ dataDir: dir }).load();
    expect(reread.warning).toBeUndefined();
    expect(reread.settings.carriers[0]?.company).toEqual(saved.company);
  });

  it('refuses an unknown carrier and leaves the file unchanged', async () => {
    const { store } = await storeWithCarrier();
    const before = await fs.readFile(settingsFile(), 'utf8');
    await expect(store.setCarrierCompany('no-such-carrier', randomCompany(1))).rejects.toBeInstanceOf(SettingsError);
    expect(await fs.readFile(settingsFile(), 'utf8')).toBe(before);
  });

  const damaged: [string, unknown][] = [
    ['not an object', 'DOT 1234567'],
    ['dotNumber not text', { name: 'Acme', dotNumber: 1234567, fetchedAt: new Date(T0).toISOString() }],
    ['name missing', { dotNumber: '1234567', fetchedAt: new Date(T0).toISOString() }],
    ['control character', { name: 'Ac\u0007me', dotNumber: '1234567', fetchedAt: new Date(T0).toISOString() }],
    [
      'overlong DOT',
      { name: 'Acme', dotNumber: '1'.repeat(MAX_DOT_NUMBER_LENGTH + 1), fetchedAt: new Date(T0).toISOString() },
    ],
    ['bad time', { name: 'Acme', dotNumber: '1234567', fetchedAt: 'yesterday' }],
  ];
  it.each(damaged)(
    'a damaged profile on disk (%s) is dropped; the carrier and the rest of the file stay',
    async (_name, company) => {
      const { store, carrier } = await storeWithCarrier();
      await store.setPreferences({ speedingThresholdMph: 63 });
      const doc = JSON.parse(await fs.readFile(settingsFile(), 'utf8')) as { carriers: Record<string, unknown>[] };
      doc.carriers[0]!.company = company;
      await fs.writeFile(settingsFile(), JSON.stringify(doc));

      const { settings, warning } = await createSettingsStore({ dataDir: dir }).load();
      expect(warning).toBeUndefined();
      expect(settings.preferences.speedingThresholdMph).toBe(63);
      expect(settings.carriers.map((c) => [c.id, c.label])).toEqual([[carrier.id, 'My label']]);
      expect(settings.carriers[0]?.company).toBeUndefined();
    },
  );

  it('a file that is not JSON at all still falls back to defaults with a warning (no crash)', async () => {
    await storeWithCarrier();
    await fs.writeFile(settingsFile(), '{"schemaVersion":1,"carriers":[{"company":');
    const { settings, warning } = await createSettingsStore({ dataDir: dir, now: () => T0 }).load();
    expect(warning?.kind).toBe('corrupt');
    expect(settings.carriers).toEqual([]);
  });
});
