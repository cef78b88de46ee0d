// Over 300 lines: one case per rule of the settings file, over one temp-folder fixture.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AtomicFs } from '../../electron/node/settings/atomic-write.ts';
import { SettingsError, SettingsValidationError } from '../../electron/node/settings/errors.ts';
import type { Migration } from '../../electron/node/settings/migrate.ts';
import { createSettingsStore, effectiveBaseUrl } from '../../electron/node/settings/store.ts';
import type { NewCarrier } from '../../electron/node/settings/store.ts';
import { SETTINGS_VERSION, defaultSettings } from '../../electron/node/settings/types.ts';
import { DEFAULT_ADJUSTABLE_PARAMS } from '../../shared/analysis/adjustable.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-settings-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const settingsFile = (): string => path.join(dir, 'settings.json');
const readJson = async (): Promise<Record<string, unknown>> => JSON.parse(await fs.readFile(settingsFile(), 'utf8'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('settings store', () => {
  it('starts from defaults without creating a file', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const { settings, warning } = await store.load();
    expect(settings.preferences).toEqual({
      speedingThresholdMph: 70,
      displayTimeZone: 'home',
      analysis: DEFAULT_ADJUSTABLE_PARAMS,
      reviewerName: '',
      driverSnapshotMinutes: 15,
    });
    expect(settings.provider).toEqual({ baseUrl: null, keyOrigins: [] });
    expect(settings.carriers).toEqual([]);
    expect(warning).toBeUndefined();
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('adds, renames and removes carriers and persists each change', async () => {
    let clock = Date.UTC(2026, 2, 1, 12);
    const store = createSettingsStore({ dataDir: path.join(dir, 'nested', 'data'), now: () => clock });
    const a = await store.addCarrier({ label: '  Prairie Line ', baseUrl: 'https://api.example.test/' });
    clock += 1000;
    const b = await store.addCarrier({ label: 'Demo Carrier', demo: true, id: 'prairie-line' });
    expect(a.id).toMatch(UUID);
    expect(a).toMatchObject({
      label: 'Prairie Line',
      baseUrl: 'https://api.example.test',
      createdAt: new Date(Date.UTC(2026, 2, 1, 12)).toISOString(),
    });
    expect(b).toMatchObject({ id: 'prairie-line', demo: true });

    const renamed = await store.renameCarrier(a.id, 'Prairie Line West');
    expect(renamed).toMatchObject({ id: a.id, createdAt: a.createdAt, baseUrl: a.baseUrl });

    // A fresh store sees only what reached the disk.
    const reread = await createSettingsStore({ dataDir: path.join(dir, 'nested', 'data') }).get();
    expect(reread.carriers.map((c) => [c.id, c.label])).toEqual([
      [a.id, 'Prairie Line West'],
      ['prairie-line', 'Demo Carrier'],
    ]);

    expect(await store.removeCarrier(a.id)).toBe(true);
    expect(await store.removeCarrier(a.id)).toBe(false);
    const after = await createSettingsStore({ dataDir: path.join(dir, 'nested', 'data') }).get();
    expect(after.carriers.map((c) => c.id)).toEqual(['prairie-line']);
  });

  it('refuses bad input and leaves the file as it was', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const a = await store.addCarrier({ label: 'Alpha' });
    const before = await fs.readFile(settingsFile(), 'utf8');
    const bad: Array<() => Promise<unknown>> = [
      () => store.addCarrier({ label: ' ' }),
      () => store.addCarrier({ label: 'alpha' }),
      () => store.addCarrier({ label: 'Beta', baseUrl: 'ftp://x.test' }),
      () => store.addCarrier({ label: 'Beta', baseUrl: 'https://user:secret@x.test' }),
      () => store.addCarrier({ label: 'Beta', id: 'Bad Id' }),
      () => store.addCarrier({ label: 'Beta', id: a.id }),
      () => store.addCarrier({ label: `Beta\u0007` }),
      () => store.renameCarrier(crypto.randomUUID(), 'Gamma'),
      () => store.setPreferences({ speedingThresholdMph: 0 }),
      () => store.setPreferences({ speedingThresholdMph: Number.NaN }),
      () => store.setPreferences({ displayTimeZone: 'Mars/Olympus_Mons' }),
      () => store.setProvider({ baseUrl: 'not a url' }),
    ];
    for (const call of bad) await expect(call()).rejects.toBeInstanceOf(SettingsError);
    expect(await fs.readFile(settingsFile(), 'utf8')).toBe(before);
  });

  it('updates provider settings and preferences, and resolves the effective base URL', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await store.setProvider({ baseUrl: 'https://fleet.example.test/api/' });
    expect(await store.setPreferences({ displayTimeZone: 'America/Chicago' })).toEqual({
      speedingThresholdMph: 70,
      displayTimeZone: 'America/Chicago',
      analysis: DEFAULT_ADJUSTABLE_PARAMS,
      reviewerName: '',
      driverSnapshotMinutes: 15,
    });
    await store.setPreferences({ speedingThresholdMph: 65.5 });
    const own = await store.addCarrier({ label: 'Own URL', baseUrl: 'http://127.0.0.1:4010' });
    const shared = await store.addCarrier({ label: 'Shared URL' });
    const s = await createSettingsStore({ dataDir: dir }).get();
    expect(s.preferences).toEqual({
      speedingThresholdMph: 65.5,
      displayTimeZone: 'America/Chicago',
      analysis: DEFAULT_ADJUSTABLE_PARAMS,
      reviewerName: '',
      driverSnapshotMinutes: 15,
    });
    expect(effectiveBaseUrl(s, own.id)).toBe('http://127.0.0.1:4010');
    expect(effectiveBaseUrl(s, shared.id)).toBe('https://fleet.example.test/api');
    await store.updateCarrier(own.id, { baseUrl: null });
    expect(effectiveBaseUrl(await createSettingsStore({ dataDir: dir }).get(), own.id)).toBe(
      'https://fleet.example.test/api',
    );
  });

  it('keeps the origins each key may go to: only plain http(s) origins, a damaged list binds the key to nothing', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await store.setProvider({ baseUrl: 'https://api.example.test/v', keyOrigins: ['https://api.example.test'] });
    const c = await store.addCarrier({ label: 'A', keyOrigins: ['https://api.example.test', 'http://127.0.0.1:8787'] });
    for (const bad of [
      ['https://api.example.test/v'],
      ['javascript:alert(1)'],
      ['https://user:pw@api.example.test'],
      Array(9).fill('https://a.test'),
    ]) {
      await expect(store.setProvider({ keyOrigins: bad as string[] })).rejects.toBeInstanceOf(SettingsValidationError);
    }
    expect(await readJson()).toMatchObject({
      provider: { keyOrigins: ['https://api.example.test'] },
      carriers: [{ id: c.id, keyOrigins: ['https://api.example.test', 'http://127.0.0.1:8787'] }],
    });

    const doc = await readJson();
    await fs.writeFile(
      settingsFile(),
      JSON.stringify({
        ...doc,
        provider: { baseUrl: 'https://api.example.test', keyOrigins: ['https://evil.test/x', 42] },
      }),
    );
    const { settings, warning } = await createSettingsStore({ dataDir: dir }).load();
    expect(warning).toBeUndefined();
    expect(settings.provider.keyOrigins).toEqual([]);
    expect(settings.carriers[0]?.keyOrigins).toEqual(['https://api.example.test', 'http://127.0.0.1:8787']);
  });

  it('serialises concurrent changes so none is lost', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const labels = Array.from({ length: 25 }, (_, i) => `Carrier ${i}`);
    await Promise.all(labels.map((label) => store.addCarrier({ label })));
    const doc = await readJson();
    expect((doc.carriers as Array<{ label: string }>).map((c) => c.label).sort()).toEqual([...labels].sort());
    expect(await fs.readdir(dir)).toEqual(['settings.json']);
  });

  it('never writes a key, even when a caller smuggles one in', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const key = randomBytes(24).toString('hex');
    const smuggled = { label: 'Sneaky', companyKey: key, apiKey: key, providerKey: key } as NewCarrier;
    const c = await store.addCarrier(smuggled);
    await store.updateCarrier(c.id, { label: 'Sneaky 2', companyKey: key } as never);
    await store.setProvider({ baseUrl: 'https://x.test', providerKey: key } as never);
    await store.setPreferences({ speedingThresholdMph: 60, key } as never);
    expect(await fs.readFile(settingsFile(), 'utf8')).not.toContain(key);
    expect(JSON.stringify(await store.get())).not.toContain(key);
  });

  it('drops unknown (possibly key) fields found in a hand-edited file on the next write', async () => {
    const key = randomBytes(24).toString('hex');
    const doc = {
      ...defaultSettings(),
      provider: { baseUrl: null, providerKey: key },
      carriers: [{ id: 'demo', label: 'Demo', createdAt: new Date(0).toISOString(), companyKey: key }],
    };
    await fs.writeFile(settingsFile(), JSON.stringify(doc));
    const store = createSettingsStore({ dataDir: dir });
    const { settings, warning } = await store.load();
    expect(warning).toBeUndefined();
    expect(JSON.stringify(settings)).not.toContain(key);
    await store.renameCarrier('demo', 'Demo 2');
    expect(await fs.readFile(settingsFile(), 'utf8')).not.toContain(key);
  });
});

describe('corrupt files', () => {
  const cases: Array<[string, string]> = [
    ['truncated JSON', '{"schemaVersion": 1, "carriers": ['],
    ['not an object', '[1, 2, 3]'],
    ['missing version', JSON.stringify({ carriers: [] })],
    ['newer version', JSON.stringify({ ...defaultSettings(), schemaVersion: SETTINGS_VERSION + 1 })],
    ['bad carrier', JSON.stringify({ ...defaultSettings(), carriers: [{ id: 'x', label: '', createdAt: 'soon' }] })],
    [
      'duplicate ids',
      JSON.stringify({
        ...defaultSettings(),
        carriers: [0, 1].map(() => ({ id: 'same', label: 'A', createdAt: new Date(0).toISOString() })),
      }),
    ],
    ['binary noise', randomBytes(64).toString('latin1')],
  ];

  it.each(cases)('%s: moved aside, defaults used, a warning returned, writes still work', async (_name, content) => {
    await fs.writeFile(settingsFile(), content, 'latin1');
    const at = Date.UTC(2026, 4, 6, 7, 8, 9, 10);
    const store = createSettingsStore({ dataDir: dir, now: () => at });
    const { settings, warning } = await store.load();
    expect(settings).toEqual(defaultSettings());
    expect(warning?.kind).toBe('corrupt');
    const moved = path.join(dir, 'settings.json.corrupt-2026-05-06T07-08-09-010Z');
    expect(warning?.movedTo).toBe(moved);
    expect(warning?.message).toContain(moved);
    expect(await fs.readFile(moved, 'latin1')).toBe(content);
    await store.addCarrier({ label: 'After recovery' });
    expect(((await readJson()).carriers as unknown[]).length).toBe(1);
  });

  it('does not overwrite an earlier corrupt copy with the same timestamp', async () => {
    const now = () => 0;
    await fs.writeFile(settingsFile(), 'first');
    await createSettingsStore({ dataDir: dir, now }).load();
    await fs.writeFile(settingsFile(), 'second');
    const { warning } = await createSettingsStore({ dataDir: dir, now }).load();
    expect(warning?.movedTo?.endsWith('-2')).toBe(true);
    const names = (await fs.readdir(dir)).sort();
    expect(names).toHaveLength(2);
    const contents = await Promise.all(names.map((n) => fs.readFile(path.join(dir, n), 'utf8')));
    expect(contents.sort()).toEqual(['first', 'second']);
  });

  it('concurrent first reads move a corrupt file aside once', async () => {
    await fs.writeFile(settingsFile(), '{');
    const store = createSettingsStore({ dataDir: dir });
    await Promise.all([store.get(), store.get(), store.addCarrier({ label: 'X' })]);
    const names = await fs.readdir(dir);
    expect(names.filter((n) => n.includes('.corrupt-'))).toHaveLength(1);
  });
});

describe('atomic write', () => {
  it('a failed rename keeps the previous file, leaves no temp file, and keeps memory in step with disk', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await store.addCarrier({ label: 'Kept' });
    const before = await fs.readFile(settingsFile(), 'utf8');
    const failingRename: AtomicFs = {
      open: fs.open,
      rm: fs.rm,
      rename: async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    };
    const broken = createSettingsStore({ dataDir: dir, fs: failingRename });
    await expect(broken.addCarrier({ label: 'Lost' })).rejects.toThrow(/ENOSPC/);
    expect(await fs.readFile(settingsFile(), 'utf8')).toBe(before);
    expect(await fs.readdir(dir)).toEqual(['settings.json']);
    expect((await broken.get()).carriers.map((c) => c.label)).toEqual(['Kept']);
    // The queue survives a failure.
    await expect(broken.setPreferences({ speedingThresholdMph: 55 })).rejects.toThrow(/ENOSPC/);
  });

  it('a failure while writing the temp file keeps the previous file', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await store.addCarrier({ label: 'Kept' });
    const before = await fs.readFile(settingsFile(), 'utf8');
    const failingOpen: AtomicFs = {
      rename: fs.rename,
      rm: fs.rm,
      open: (async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        return new Proxy(handle, {
          get(target, prop, receiver) {
            if (prop === 'sync')
              return async () => Promise.reject(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
            const v = Reflect.get(target, prop, receiver);
            return typeof v === 'function' ? v.bind(target) : v;
          },
        });
      }) as AtomicFs['open'],
    };
    await expect(createSettingsStore({ dataDir: dir, fs: failingOpen }).addCarrier({ label: 'Lost' })).rejects.toThrow(
      /EIO/,
    );
    expect(await fs.readFile(settingsFile(), 'utf8')).toBe(before);
    expect(await fs.readdir(dir)).toEqual(['settings.json']);
  });

  it('writes the file readable by its owner only', async () => {
    if (process.platform === 'win32') return;
    await createSettingsStore({ dataDir: dir }).addCarrier({ label: 'Mode' });
    expect((await fs.stat(settingsFile())).mode & 0o777).toBe(0o600);
  });
});

describe('migrations', () => {
  // A made-up version 0 (carriers had `name`, the threshold sat at top level) stands in
  // for a real past schema, so the hook is exercised end to end.
  const v0 = {
    schemaVersion: 0,
    speedLimit: 62,
    carriers: [{ id: 'legacy-carrier', name: 'Legacy', createdAt: new Date(0).toISOString() }],
  };
  const migrations: Migration[] = [
    {
      from: 0,
      migrate: (doc) => ({
        provider: { baseUrl: null },
        preferences: { speedingThresholdMph: doc.speedLimit, displayTimeZone: 'local' },
        carriers: (doc.carriers as Array<Record<string, unknown>>).map(({ name, ...rest }) => ({
          ...rest,
          label: name,
        })),
      }),
    },
  ];

  it('upgrades an older file, reports it, and writes the current version on the next change', async () => {
    await fs.writeFile(settingsFile(), JSON.stringify(v0));
    const store = createSettingsStore({ dataDir: dir, migrations });
    const { settings, migratedFrom, warning } = await store.load();
    expect(warning).toBeUndefined();
    expect(migratedFrom).toBe(0);
    expect(settings.preferences.speedingThresholdMph).toBe(62);
    expect(settings.carriers[0]).toMatchObject({ id: 'legacy-carrier', label: 'Legacy' });
    await store.renameCarrier('legacy-carrier', 'Legacy 2');
    const doc = await readJson();
    expect(doc.schemaVersion).toBe(SETTINGS_VERSION);
    expect(doc).not.toHaveProperty('speedLimit');
  });

  it('without a migration for that version the file is treated as corrupt', async () => {
    await fs.writeFile(settingsFile(), JSON.stringify(v0));
    const { warning } = await createSettingsStore({ dataDir: dir }).load();
    expect(warning?.kind).toBe('corrupt');
    expect(warning?.message).toMatch(/no migration from version 0/);
  });

  it('a migration producing an invalid document is caught by validation', async () => {
    await fs.writeFile(settingsFile(), JSON.stringify(v0));
    const broken: Migration[] = [{ from: 0, migrate: (doc) => doc }];
    const { warning, settings } = await createSettingsStore({ dataDir: dir, migrations: broken }).load();
    expect(warning?.kind).toBe('corrupt');
    expect(settings).toEqual(defaultSettings());
  });
});

it('SettingsValidationError is a SettingsError', () => {
  expect(new SettingsValidationError('x')).toBeInstanceOf(SettingsError);
});
