import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsValidationError } from '../../electron/node/settings/errors.ts';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import { REVIEW_PREFERENCE_BOUNDS } from '../../shared/domain/review-preferences.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';
import { createTestBackend } from '../support/test-backend.ts';

/** The review preferences: who the trail names and how often driver statuses are kept, in settings.json. */
let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-review-prefs-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});
const file = () => path.join(dir, 'settings.json');
const { min, max } = REVIEW_PREFERENCE_BOUNDS.driverSnapshotMinutes;

describe('reviewerName and driverSnapshotMinutes in settings.json', () => {
  it('default to the computer user and 15 minutes, and persist what is set, the name cleaned', async () => {
    const store = createSettingsStore({ dataDir: dir });
    const { settings } = await store.load();
    expect(settings.preferences).toMatchObject({ reviewerName: '', driverSnapshotMinutes: 15 });
    const set = await store.setPreferences({ reviewerName: '  Dana\u0007 Ortiz\n', driverSnapshotMinutes: 30 });
    expect(set).toMatchObject({ reviewerName: 'Dana Ortiz', driverSnapshotMinutes: 30 });
    const onDisk = JSON.parse(await fs.readFile(file(), 'utf8')) as { preferences: Record<string, unknown> };
    expect(onDisk.preferences).toMatchObject({ reviewerName: 'Dana Ortiz', driverSnapshotMinutes: 30 });
    expect((await createSettingsStore({ dataDir: dir }).get()).preferences.reviewerName).toBe('Dana Ortiz');
    const long = await store.setPreferences({ reviewerName: 'x'.repeat(120) });
    expect(long.reviewerName).toHaveLength(80);
  });

  it('refuses an interval outside 5 to 240 whole minutes, naming the field', async () => {
    const store = createSettingsStore({ dataDir: dir });
    for (const bad of [min - 1, max + 1, 7.5, Number.NaN])
      await expect(store.setPreferences({ driverSnapshotMinutes: bad })).rejects.toThrow(
        /driverSnapshotMinutes: must be a whole number of minutes from 5 to 240/,
      );
    await expect(store.setPreferences({ reviewerName: 42 as never })).rejects.toBeInstanceOf(SettingsValidationError);
    expect((await store.setPreferences({ driverSnapshotMinutes: min })).driverSnapshotMinutes).toBe(min);
    expect((await store.setPreferences({ driverSnapshotMinutes: max })).driverSnapshotMinutes).toBe(max);
  });

  it('reads a file written before them, or with damaged values, with the defaults', async () => {
    const doc = (prefs: Record<string, unknown>) =>
      JSON.stringify({
        schemaVersion: 1,
        provider: { baseUrl: null, keyOrigins: [] },
        preferences: { speedingThresholdMph: 65, displayTimeZone: 'home', ...prefs },
        carriers: [],
      });
    await fs.writeFile(file(), doc({}));
    const older = (await createSettingsStore({ dataDir: dir }).load()).settings.preferences;
    expect(older).toMatchObject({ speedingThresholdMph: 65, reviewerName: '', driverSnapshotMinutes: 15 });
    await fs.writeFile(file(), doc({ reviewerName: ['x'], driverSnapshotMinutes: 1000 }));
    const damaged = (await createSettingsStore({ dataDir: dir }).load()).settings.preferences;
    expect(damaged).toMatchObject({ speedingThresholdMph: 65, reviewerName: '', driverSnapshotMinutes: 15 });
  });
});

describe('the IPC guard of the two preferences', () => {
  const guard = ARG_GUARDS['settings:setPreferences'];
  it('takes bounded text and whole minutes in range, nothing else', () => {
    expect(guard([{ reviewerName: 'Dana' }])).toBe(true);
    expect(guard([{ reviewerName: '' }])).toBe(true);
    expect(guard([{ reviewerName: 'x'.repeat(321) }])).toBe(false);
    expect(guard([{ reviewerName: 3 }])).toBe(false);
    expect(guard([{ driverSnapshotMinutes: 15 }])).toBe(true);
    for (const bad of [4, 241, 15.5, '15', null]) expect(guard([{ driverSnapshotMinutes: bad }])).toBe(false);
    expect(guard([{ reviewer: 'Dana' }])).toBe(false);
    expect(ARG_GUARDS['settings:getReviewer']([])).toBe(true);
    expect(ARG_GUARDS['settings:getReviewer'](['x'])).toBe(false);
  });
});

describe('settings:getReviewer', () => {
  it("names the computer's user until a reviewer name is set, then that name", async () => {
    const backend = createTestBackend(dir);
    try {
      const fromComputer = await backend.handlers['settings:getReviewer']();
      expect(fromComputer).toEqual({ name: os.userInfo().username.slice(0, 80), fromComputer: true });
      await backend.handlers['settings:setPreferences']({ reviewerName: 'Lee Ortiz' });
      expect(await backend.handlers['settings:getReviewer']()).toEqual({ name: 'Lee Ortiz', fromComputer: false });
      const prefs = await backend.handlers['settings:getPreferences']();
      expect(prefs).toMatchObject({ reviewerName: 'Lee Ortiz', driverSnapshotMinutes: 15 });
    } finally {
      await backend.close();
    }
  });
});
