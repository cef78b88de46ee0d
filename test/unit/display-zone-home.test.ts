import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import { SETTINGS_VERSION } from '../../electron/node/settings/types.ts';
import { createZoneFormatter, resolveZone, windowZone } from '../../shared/time/zone.ts';

// 2026-07-01T12:34:56Z (daylight time in Chicago) and 2026-01-15T05:06:07Z (standard time).
const SUMMER = Date.UTC(2026, 6, 1, 12, 34, 56);
const WINTER = Date.UTC(2026, 0, 15, 5, 6, 7);
const OS_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe("the display zone 'home'", () => {
  it("is the carrier's home zone where one carrier's days are shown, this computer's zone elsewhere", () => {
    expect(resolveZone('home', 'America/Chicago')).toBe('America/Chicago');
    expect(resolveZone('home')).toBe(OS_ZONE);
    expect(resolveZone('local', 'America/Chicago')).toBe(OS_ZONE);
    expect(resolveZone('UTC', 'America/Chicago')).toBe('UTC');
    expect(createZoneFormatter('home', 'America/Denver').zone).toBe('America/Denver');
  });

  it('labels each time with the abbreviation in force at that instant (daylight saving changes it)', () => {
    const chicago = createZoneFormatter('home', 'America/Chicago');
    expect(chicago.dateTimeZoned(SUMMER)).toBe('2026-07-01 07:34:56 CDT');
    expect(chicago.dateTimeZoned(WINTER)).toBe('2026-01-14 23:06:07 CST');
    expect(chicago.timeZoned(WINTER)).toBe('23:06:07 CST');
    expect(createZoneFormatter('UTC').timeZoned(SUMMER)).toBe('12:34:56 UTC');
    // A window across the change names both.
    expect(windowZone(chicago, WINTER, SUMMER)).toBe('CST → CDT');
    expect(windowZone(chicago, SUMMER, SUMMER + 3_600_000)).toBe('CDT');
  });
});

describe('the display zone in settings.json', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-display-zone-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const file = () => path.join(dir, 'settings.json');
  const write = (preferences: Record<string, unknown>) =>
    fs.writeFile(
      file(),
      JSON.stringify({ schemaVersion: SETTINGS_VERSION, provider: { baseUrl: null }, preferences, carriers: [] }),
    );
  const zoneRead = async () => (await createSettingsStore({ dataDir: dir }).get()).preferences.displayTimeZone;

  it("defaults to 'home'", async () => {
    expect(await zoneRead()).toBe('home');
  });

  it("reads an earlier file's 'local' (the unlabelled default then) as 'home', keeping any other choice", async () => {
    await write({ speedingThresholdMph: 70, displayTimeZone: 'local' });
    expect(await zoneRead()).toBe('home');
    await write({ speedingThresholdMph: 70, displayTimeZone: 'America/Denver' });
    expect(await zoneRead()).toBe('America/Denver');
    await write({ speedingThresholdMph: 70, displayTimeZone: 'UTC' });
    expect(await zoneRead()).toBe('UTC');
  });

  it("keeps 'local' chosen now (the file says its zone has today's meanings)", async () => {
    const store = createSettingsStore({ dataDir: dir });
    expect((await store.setPreferences({ displayTimeZone: 'local' })).displayTimeZone).toBe('local');
    expect(await zoneRead()).toBe('local');
    await store.setPreferences({ displayTimeZone: 'home' });
    expect(await zoneRead()).toBe('home');
  });
});
