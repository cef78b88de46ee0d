import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import { KEY_TEST_REASONS, keyTestWords, parseKeyTest, type KeyTest } from '../../shared/domain/key-test.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-key-test-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const settingsFile = () => path.join(dir, 'settings.json');
const AT = '2026-11-20T14:05:00.000Z';
const failed: KeyTest = { result: 'failed', reason: 'company-key', status: 401, at: AT };

describe("a key's last test in settings.json", () => {
  it('is kept for the Provider Key and each carrier, survives edits of other fields, and is read back by a fresh store', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const carrier = await store.addCarrier({ label: 'Tested Freight', keyOrigins: ['http://127.0.0.1:8080'] });
    const passed: KeyTest = { result: 'ok', reason: 'ok', status: null, at: AT };
    await store.setProvider({ baseUrl: 'http://127.0.0.1:8080', keyOrigins: ['http://127.0.0.1:8080'] });
    await store.setLastTest('provider', passed);
    await store.setLastTest({ carrierId: carrier.id }, failed);
    // Other changes rebuild the objects field by field: the record must ride along.
    await store.renameCarrier(carrier.id, 'Renamed Freight');
    await store.setProvider({ keyOrigins: [] });
    await store.setCarrierCompany(carrier.id, { name: 'X LLC', dotNumber: '1234567' });

    const file = JSON.parse(await fs.readFile(settingsFile(), 'utf8'));
    expect(file.provider.lastTest).toEqual(passed);
    expect(file.carriers[0].lastTest).toEqual(failed);
    const again = (await createSettingsStore({ dataDir: dir }).load()).settings;
    expect(again.provider.lastTest).toEqual(passed);
    expect(again.carriers[0]!.lastTest).toEqual(failed);

    await store.setLastTest({ carrierId: carrier.id }, null);
    expect(JSON.parse(await fs.readFile(settingsFile(), 'utf8')).carriers[0].lastTest).toBeUndefined();
  });

  it('refuses to store a record that does not parse (a key smuggled in an extra field never reaches the file)', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const carrier = await store.addCarrier({ label: 'Strict Freight' });
    const bad = { ...failed, result: 'ok' } as unknown as KeyTest;
    await expect(store.setLastTest({ carrierId: carrier.id }, bad)).rejects.toThrow(/lastTest/);
    await store.setLastTest({ carrierId: carrier.id }, { ...failed, key: 'ck-secret-123' } as KeyTest);
    const text = await fs.readFile(settingsFile(), 'utf8');
    expect(text).not.toContain('ck-secret-123');
    expect(JSON.parse(text).carriers[0].lastTest).toEqual(failed);
  });

  it('a damaged record read back costs only the badge: the carrier, the provider and the rest of the file are kept', async () => {
    const damaged: unknown[] = [
      'ok',
      null,
      [],
      { ...failed, result: 'passed' },
      { ...failed, reason: 'because' },
      { ...failed, result: 'ok' },
      { ...failed, result: 'untested' },
      { ...failed, status: '401' },
      { ...failed, status: 401.5 },
      { ...failed, status: 99 },
      { ...failed, status: 600 },
      { result: 'ok', reason: 'ok', status: 200, at: AT },
      { ...failed, at: 'yesterday' },
      { ...failed, at: '2026-11-20T14:05:00+02:00' },
      { ...failed, at: `${'9'.repeat(100)}` },
      { result: 'failed', reason: 'company-key', at: AT },
    ];
    for (const lastTest of damaged) {
      const doc = {
        schemaVersion: 1,
        provider: { baseUrl: 'http://127.0.0.1:8080', keyOrigins: ['http://127.0.0.1:8080'], lastTest },
        preferences: { speedingThresholdMph: 65, displayTimeZone: 'UTC' },
        carriers: [
          { id: 'f1e2d3c4-b5a6-4789-8abc-def012345678', label: 'Kept', createdAt: AT, lastTest },
          { id: 'a1e2d3c4-b5a6-4789-8abc-def012345678', label: 'Good', createdAt: AT, lastTest: failed },
        ],
      };
      await fs.writeFile(settingsFile(), JSON.stringify(doc));
      const { settings, warning } = await createSettingsStore({ dataDir: dir }).load();
      const what = JSON.stringify(lastTest);
      expect(warning, what).toBeUndefined();
      expect(settings.provider.lastTest, what).toBeUndefined();
      expect(settings.provider.baseUrl).toBe('http://127.0.0.1:8080');
      expect(settings.preferences.speedingThresholdMph).toBe(65);
      expect(settings.carriers.map((c) => c.label)).toEqual(['Kept', 'Good']);
      expect(settings.carriers[0]!.lastTest, what).toBeUndefined();
      expect(settings.carriers[1]!.lastTest).toEqual(failed);
    }
  });
});

describe('parseKeyTest and the badge words', () => {
  it('rebuilds a valid record without extra fields', () => {
    expect(parseKeyTest({ ...failed, key: 'x', message: 'y' })).toEqual(failed);
    for (const reason of KEY_TEST_REASONS) {
      const result = reason === 'ok' ? 'ok' : reason === 'untested' ? 'untested' : 'failed';
      expect(parseKeyTest({ result, reason, status: null, at: AT })).toEqual({ result, reason, status: null, at: AT });
    }
  });

  it('says the result, the reason and the status, green words only for a pass', () => {
    expect(keyTestWords({ result: 'ok', reason: 'ok', status: null, at: AT })).toBe('Tested OK');
    expect(keyTestWords({ result: 'untested', reason: 'untested', status: null, at: AT })).toBe('Saved without a test');
    expect(keyTestWords(failed)).toBe('Failed: wrong Company Key (401)');
    expect(keyTestWords({ ...failed, reason: 'provider-key', status: 403 })).toBe('Failed: Provider Key refused (403)');
    expect(keyTestWords({ ...failed, reason: 'refused', status: null })).toBe(
      'Failed: connection refused, check the base URL',
    );
    const failures = KEY_TEST_REASONS.filter((r) => r !== 'ok' && r !== 'untested');
    const words = failures.map((reason) => keyTestWords({ result: 'failed', reason, status: null, at: AT }));
    // Every reason has words of its own.
    expect(new Set(words).size).toBe(failures.length);
    for (const w of words) expect(w).toMatch(/^Failed: \S/);
  });
});
