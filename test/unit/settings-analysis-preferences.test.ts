import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADJUSTABLE_KEYS,
  ADJUSTABLE_PARAM_KEYS,
  DEFAULT_ADJUSTABLE_PARAMS,
  DEFAULT_OVER_LIMIT_PREFERENCES,
  type AdjustableAnalysisParams,
} from '../../shared/analysis/adjustable.ts';
import { OVER_LIMIT_DEFAULTS } from '../../shared/roads/over-limit.ts';
import { DEFAULT_ANALYSIS_PARAMS, SPEEDING_THRESHOLD_MPH } from '../../shared/analysis/params.ts';
import { SettingsValidationError } from '../../electron/node/settings/errors.ts';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import { SETTINGS_VERSION } from '../../electron/node/settings/types.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-settings-analysis-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const settingsFile = (): string => path.join(dir, 'settings.json');
const readJson = async (): Promise<Record<string, unknown>> => JSON.parse(await fs.readFile(settingsFile(), 'utf8'));

/** Small deterministic generator, so a failing case can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Valid parameters unlike the defaults: positive everywhere, fractional where the analysis allows it. */
function generated(seed: number): AdjustableAnalysisParams {
  const r = rng(seed);
  const p = {
    minStopSeconds: Math.round(1 + r() * 3600),
    longStopSeconds: Math.round(600 + r() * 36_000),
    tripGapSeconds: Math.round(60 + r() * 7200),
    gapSeconds: Math.round(60 + r() * 3600),
    speedingMinSeconds: Math.round(r() * 600),
    minTripMiles: Math.round(r() * 2000) / 100,
  };
  return {
    ...p,
    maxPlausibleMph: 80 + Math.round(r() * 170),
    overLimitToleranceMph: 1 + Math.round(r() * 90) / 10,
    overLimitMinSeconds: Math.round(r() * 3600),
  };
}

/** A document as an earlier RouteLens wrote it (no analysis preferences), with a carrier to keep. */
function olderDoc(preferences: Record<string, unknown>) {
  return {
    schemaVersion: SETTINGS_VERSION,
    provider: { baseUrl: 'https://fleet.example.test' },
    preferences,
    carriers: [{ id: 'demo-prairie-line', label: 'Prairie Line', demo: true, createdAt: new Date(0).toISOString() }],
  };
}

describe('analysis preferences in settings.json', () => {
  it('default to the documented analysis defaults, also for files written before they existed', async () => {
    expect(DEFAULT_ADJUSTABLE_PARAMS).toEqual({
      ...Object.fromEntries(ADJUSTABLE_PARAM_KEYS.map((k) => [k, DEFAULT_ANALYSIS_PARAMS[k]])),
      // The over-the-limit rule's defaults are the engine's (6 mph over, 60 s).
      overLimitToleranceMph: OVER_LIMIT_DEFAULTS.tiers[0]!.fromMph,
      overLimitMinSeconds: OVER_LIMIT_DEFAULTS.minSeconds,
    });
    expect((await createSettingsStore({ dataDir: dir }).get()).preferences.analysis).toEqual(DEFAULT_ADJUSTABLE_PARAMS);
    await fs.writeFile(settingsFile(), JSON.stringify(olderDoc({ speedingThresholdMph: 64, displayTimeZone: 'UTC' })));
    const { settings, warning } = await createSettingsStore({ dataDir: dir }).load();
    expect(warning).toBeUndefined();
    expect(settings.preferences).toEqual({
      speedingThresholdMph: 64,
      displayTimeZone: 'UTC',
      analysis: DEFAULT_ADJUSTABLE_PARAMS,
      reviewerName: '',
      driverSnapshotMinutes: 15,
    });
  });

  it.each([1, 2, 3, 4, 5])('persist a whole set and read it back from a fresh store (seed %i)', async (seed) => {
    const store = createSettingsStore({ dataDir: dir });
    await store.setPreferences({ speedingThresholdMph: 66 });
    const analysis = generated(seed);
    const result = await store.setPreferences({ analysis });
    expect(result).toEqual({
      speedingThresholdMph: 66,
      displayTimeZone: 'home',
      analysis,
      reviewerName: '',
      driverSnapshotMinutes: 15,
    });
    expect(((await readJson()).preferences as Record<string, unknown>).analysis).toEqual(analysis);
    expect((await createSettingsStore({ dataDir: dir }).get()).preferences).toEqual(result);
    // Another preference changing keeps them.
    await store.setPreferences({ displayTimeZone: 'America/Chicago' });
    expect((await createSettingsStore({ dataDir: dir }).get()).preferences.analysis).toEqual(analysis);
  });

  it.each<[string, unknown]>([
    ['a negative stop duration', { ...DEFAULT_ADJUSTABLE_PARAMS, minStopSeconds: -1 }],
    ['a zero gap that ends a trip', { ...DEFAULT_ADJUSTABLE_PARAMS, tripGapSeconds: 0 }],
    ['a zero data gap', { ...DEFAULT_ADJUSTABLE_PARAMS, gapSeconds: 0 }],
    ['NaN', { ...DEFAULT_ADJUSTABLE_PARAMS, minTripMiles: Number.NaN }],
    ['Infinity', { ...DEFAULT_ADJUSTABLE_PARAMS, longStopSeconds: Number.POSITIVE_INFINITY }],
    ['text for a number', { ...DEFAULT_ADJUSTABLE_PARAMS, speedingMinSeconds: '60' }],
    ['a missing field', (({ minTripMiles: _m, ...rest }) => rest)(DEFAULT_ADJUSTABLE_PARAMS)],
    ['an unknown field', { ...DEFAULT_ADJUSTABLE_PARAMS, stopSpeedMph: 2 }],
    ['a list', [1, 2, 3]],
    ['null', null],
  ])('refuse %s and leave the file as it was', async (_name, analysis) => {
    const store = createSettingsStore({ dataDir: dir });
    await store.setPreferences({ analysis: generated(9) });
    const before = await fs.readFile(settingsFile(), 'utf8');
    await expect(store.setPreferences({ analysis } as never)).rejects.toBeInstanceOf(SettingsValidationError);
    expect(await fs.readFile(settingsFile(), 'utf8')).toBe(before);
    expect((await store.get()).preferences.analysis).toEqual(generated(9));
  });

  it('name the reason of a refusal as the analysis gives it', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await expect(
      store.setPreferences({ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, tripGapSeconds: 0 } }),
    ).rejects.toThrow(/tripGapSeconds must be greater than 0/);
  });

  it.each<[string, unknown]>([
    ['a negative value', { ...DEFAULT_ADJUSTABLE_PARAMS, minStopSeconds: -300 }],
    ['text', 'five minutes'],
    ['an unknown field', { ...DEFAULT_ADJUSTABLE_PARAMS, extra: true }],
    ['a string value', { ...DEFAULT_ADJUSTABLE_PARAMS, gapSeconds: '1200' }],
  ])('fall back to the defaults when the file holds %s, keeping every other setting', async (_name, analysis) => {
    await fs.writeFile(
      settingsFile(),
      JSON.stringify(olderDoc({ speedingThresholdMph: 61, displayTimeZone: 'America/Denver', analysis })),
    );
    const { settings, warning } = await createSettingsStore({ dataDir: dir }).load();
    expect(warning).toBeUndefined();
    expect(settings.preferences).toEqual({
      speedingThresholdMph: 61,
      displayTimeZone: 'America/Denver',
      analysis: DEFAULT_ADJUSTABLE_PARAMS,
      reviewerName: '',
      driverSnapshotMinutes: 15,
    });
    expect(settings.provider.baseUrl).toBe('https://fleet.example.test');
    expect(settings.carriers.map((c) => c.id)).toEqual(['demo-prairie-line']);
    // The file was not moved aside.
    expect(await fs.readdir(dir)).toEqual(['settings.json']);
  });

  it.each([1, 2, 3])(
    'read a set written before the plausible maximum existed (with the parked gap since removed) with its own values, the maximum defaulting (seed %i)',
    async (seed) => {
      const { maxPlausibleMph: _m, ...kept } = generated(seed);
      // What the previous version wrote: its parked gap, which no longer exists.
      const older = { ...kept, parkedGapSeconds: kept.gapSeconds + 3600 };
      await fs.writeFile(
        settingsFile(),
        JSON.stringify(olderDoc({ speedingThresholdMph: 70, displayTimeZone: 'local', analysis: older })),
      );
      const read = (await createSettingsStore({ dataDir: dir }).get()).preferences.analysis;
      expect(read).toEqual({ ...kept, maxPlausibleMph: DEFAULT_ANALYSIS_PARAMS.maxPlausibleMph });
    },
  );

  it('read a set written before the over-the-limit rule existed with its own values, the rule defaulting', async () => {
    const { overLimitToleranceMph: _t, overLimitMinSeconds: _s, ...kept } = generated(4);
    await fs.writeFile(
      settingsFile(),
      JSON.stringify(olderDoc({ speedingThresholdMph: 70, displayTimeZone: 'local', analysis: kept })),
    );
    const read = (await createSettingsStore({ dataDir: dir }).get()).preferences.analysis;
    expect(read).toEqual({ ...kept, ...DEFAULT_OVER_LIMIT_PREFERENCES });
  });

  it('refuse a set without the plausible maximum, or with the removed parked gap, from a caller (only files of earlier versions may)', async () => {
    const { maxPlausibleMph: _m, ...older } = generated(5);
    const store = createSettingsStore({ dataDir: dir });
    await expect(store.setPreferences({ analysis: older } as never)).rejects.toBeInstanceOf(SettingsValidationError);
    await expect(
      store.setPreferences({ analysis: { ...generated(5), parkedGapSeconds: 7200 } } as never),
    ).rejects.toBeInstanceOf(SettingsValidationError);
  });

  it('refuse a plausible maximum outside its range, naming it', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await expect(
      store.setPreferences({ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, maxPlausibleMph: 60 } }),
    ).rejects.toThrow(/maxPlausibleMph must be from 80 to 250/);
  });

  it('read a hand-edited valid set as it is', async () => {
    const analysis = generated(42);
    await fs.writeFile(
      settingsFile(),
      JSON.stringify(olderDoc({ speedingThresholdMph: 70, displayTimeZone: 'local', analysis })),
    );
    expect((await createSettingsStore({ dataDir: dir }).get()).preferences.analysis).toEqual(analysis);
  });

  it('never write anything else a caller puts into the object', async () => {
    const key = randomBytes(24).toString('hex');
    const store = createSettingsStore({ dataDir: dir });
    await expect(
      store.setPreferences({ analysis: { ...generated(3), companyKey: key } } as never),
    ).rejects.toBeInstanceOf(SettingsValidationError);
    await store.setPreferences({ analysis: generated(3) });
    const text = await fs.readFile(settingsFile(), 'utf8');
    expect(text).not.toContain(key);
    expect(Object.keys(((await readJson()).preferences as { analysis: object }).analysis).sort()).toEqual(
      [...ADJUSTABLE_KEYS].sort(),
    );
  });
});

describe('speed limit and display zone in settings.json', () => {
  it.each<[string, Record<string, unknown>]>([
    [
      'a limit above the allowed range',
      { speedingThresholdMph: SPEEDING_THRESHOLD_MPH.max + 30, displayTimeZone: 'America/Denver' },
    ],
    ['a limit below it', { speedingThresholdMph: SPEEDING_THRESHOLD_MPH.min - 1, displayTimeZone: 'America/Denver' }],
    ['a limit as text', { speedingThresholdMph: '65', displayTimeZone: 'America/Denver' }],
  ])('%s reads as the default limit, keeping every other setting', async (_name, preferences) => {
    await fs.writeFile(settingsFile(), JSON.stringify(olderDoc(preferences)));
    const { settings, warning } = await createSettingsStore({ dataDir: dir }).load();
    expect(warning).toBeUndefined();
    expect(settings.preferences.speedingThresholdMph).toBe(DEFAULT_ANALYSIS_PARAMS.speedingThresholdMph);
    expect(settings.preferences.displayTimeZone).toBe('America/Denver');
    expect(settings.carriers.map((c) => c.id)).toEqual(['demo-prairie-line']);
  });

  it("an unknown zone reads as the default (the carrier's home zone), keeping the limit", async () => {
    await fs.writeFile(
      settingsFile(),
      JSON.stringify(olderDoc({ speedingThresholdMph: 62, displayTimeZone: 'Mars/Olympus_Mons' })),
    );
    const { settings } = await createSettingsStore({ dataDir: dir }).load();
    expect(settings.preferences).toMatchObject({ speedingThresholdMph: 62, displayTimeZone: 'home' });
  });

  it('setting a limit out of range is refused with the range, the stored one kept', async () => {
    const store = createSettingsStore({ dataDir: dir });
    await store.setPreferences({ speedingThresholdMph: 64 });
    for (const bad of [SPEEDING_THRESHOLD_MPH.min - 0.5, SPEEDING_THRESHOLD_MPH.max + 1]) {
      await expect(store.setPreferences({ speedingThresholdMph: bad })).rejects.toThrow(
        `from ${SPEEDING_THRESHOLD_MPH.min} to ${SPEEDING_THRESHOLD_MPH.max}`,
      );
    }
    expect((await createSettingsStore({ dataDir: dir }).get()).preferences.speedingThresholdMph).toBe(64);
  });
});
