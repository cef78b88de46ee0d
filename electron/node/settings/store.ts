// Over 300 lines: every mutator of settings.json shares one queue and one atomic write path.
/**
 * settings.json in the data dir: carriers, provider settings, preferences.
 * Never keys (see types.ts). Loading never throws: a file that cannot be
 * understood is moved aside and the defaults are used, with a warning for the UI.
 */
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { adjustableOf } from '../../../shared/analysis/adjustable.ts';
import { isCarrierId } from '../keychain/validate.ts';
import { resolveDataDir } from '../paths.ts';
import { writeFileAtomic } from './atomic-write.ts';
import type { AtomicFs } from './atomic-write.ts';
import { SettingsError, SettingsValidationError } from './errors.ts';
import { MIGRATIONS, migrate } from './migrate.ts';
import type { Migration } from './migrate.ts';
import { DISPLAY_ZONE_MEANINGS, SETTINGS_FILE, SETTINGS_VERSION, defaultSettings } from './types.ts';
import type { Carrier, OnlineStyleSettings, Preferences, ProviderSettings, Settings } from './types.ts';
import {
  normalizeCompany,
  parseAnalysisPreferences,
  parseDriverSnapshotMinutes,
  parseReviewerName,
  parseBaseUrl,
  parseHomeZone,
  parseKeyOrigins,
  parseLabel,
  parseOnlineStyle,
  parseSettings,
  parseSpeedingThreshold,
  parseTimeZone,
} from './validate.ts';
import { systemZone } from '../../../shared/time/local-day.ts';
import { errorText } from '../../../shared/util/error-text.ts';
import { lastTestField, parseKeyTest, type KeyTest } from '../../../shared/domain/key-test.ts';

export interface SettingsWarning {
  /** 'corrupt': unreadable JSON or schema; 'unreadable': the file could not be read at all. */
  kind: 'corrupt' | 'unreadable';
  message: string;
  /** Where the bad file was moved, or null when it could not be moved. */
  movedTo: string | null;
}

export interface LoadResult {
  settings: Settings;
  warning?: SettingsWarning;
  /** Set when the file was upgraded from an older schema (it is rewritten on the next change). */
  migratedFrom?: number;
}

export interface NewCarrier {
  label: string;
  baseUrl?: string;
  demo?: boolean;
  /** Demo carriers keep their simulator slug; others get a fresh UUID. */
  id?: string;
  /** Origins its Company Key may be sent to (the one it is being entered for). */
  keyOrigins?: readonly string[];
  /** IANA zone of its home terminal; default this computer's zone (systemZone). */
  homeZone?: string;
}

export interface CarrierPatch {
  label?: string;
  /** null removes the override. */
  baseUrl?: string | null;
  /** Origins its Company Key may be sent to; replaces the list. */
  keyOrigins?: readonly string[];
  /** IANA zone of its home terminal. */
  homeZone?: string;
}

export interface SettingsStore {
  readonly file: string;
  /** Reads the file again (use at startup to get the warning, if any). */
  load(): Promise<LoadResult>;
  /** The current settings, loading on first use. */
  get(): Promise<Settings>;
  addCarrier(input: NewCarrier): Promise<Carrier>;
  renameCarrier(id: string, label: string): Promise<Carrier>;
  updateCarrier(id: string, patch: CarrierPatch): Promise<Carrier>;
  /**
   * Remembers (or, with null, forgets) the profile GET company-info returned
   * for this carrier, stamped with the store's clock unless `fetchedAtMs` is given.
   */
  setCarrierCompany(
    id: string,
    company: { name: string; dotNumber: string; fetchedAtMs?: number } | null,
  ): Promise<Carrier>;
  /** Resolves false when no such carrier existed. The caller removes its Company Key from the keychain. */
  removeCarrier(id: string): Promise<boolean>;
  setProvider(patch: Partial<ProviderSettings>): Promise<ProviderSettings>;
  setPreferences(patch: Partial<Preferences>): Promise<Preferences>;
  /**
   * Records (or, with null, forgets) the last test of the Provider Key or of a
   * carrier's Company Key. A record that does not parse is refused.
   */
  setLastTest(target: 'provider' | { carrierId: string }, test: KeyTest | null): Promise<KeyTest | null>;
  /** null turns the online basemap off (and so narrows the CSP again). */
  setOnlineStyle(style: OnlineStyleSettings | null): Promise<OnlineStyleSettings | null>;
}

export interface SettingsStoreOptions {
  /** Default `resolveDataDir()`. */
  dataDir?: string;
  /** Clock for createdAt and corrupt-file names. */
  now?: () => number;
  migrations?: readonly Migration[];
  /** Injected by tests to make a write fail halfway. */
  fs?: AtomicFs;
}

function keyOriginsField(origins: readonly string[] | undefined): { keyOrigins?: readonly string[] } {
  return origins === undefined ? {} : { keyOrigins: parseKeyOrigins(origins) };
}

function homeZoneField(zone: string | undefined): { homeZone?: string } {
  return zone === undefined ? {} : { homeZone: zone };
}

function timeTag(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

async function exists(file: string): Promise<boolean> {
  return fsp.access(file).then(
    () => true,
    () => false,
  );
}

function describe(e: unknown): string {
  if (e instanceof SyntaxError) return `it is not valid JSON (${e.message})`;
  return errorText(e);
}

/** The only place a document is serialised; it lists every field it writes. */
function serialise(s: Settings): string {
  const doc: Settings & { preferences: { displayZoneMeanings: typeof DISPLAY_ZONE_MEANINGS } } = {
    schemaVersion: SETTINGS_VERSION,
    provider: {
      baseUrl: s.provider.baseUrl,
      keyOrigins: [...s.provider.keyOrigins],
      ...lastTestField(s.provider.lastTest),
    },
    preferences: {
      speedingThresholdMph: s.preferences.speedingThresholdMph,
      displayTimeZone: s.preferences.displayTimeZone,
      displayZoneMeanings: DISPLAY_ZONE_MEANINGS,
      analysis: adjustableOf(s.preferences.analysis),
      reviewerName: s.preferences.reviewerName,
      driverSnapshotMinutes: s.preferences.driverSnapshotMinutes,
    },
    carriers: s.carriers.map((c) => ({
      id: c.id,
      label: c.label,
      ...(c.baseUrl !== undefined ? { baseUrl: c.baseUrl } : {}),
      ...(c.demo === true ? { demo: true } : {}),
      createdAt: c.createdAt,
      ...(c.company
        ? { company: { name: c.company.name, dotNumber: c.company.dotNumber, fetchedAt: c.company.fetchedAt } }
        : {}),
      ...(c.keyOrigins !== undefined ? { keyOrigins: [...c.keyOrigins] } : {}),
      ...(c.homeZone !== undefined ? { homeZone: c.homeZone } : {}),
      ...lastTestField(c.lastTest),
    })),
    ...(s.onlineStyle
      ? { onlineStyle: { styleUrl: s.onlineStyle.styleUrl, origins: [...s.onlineStyle.origins] } }
      : {}),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function createSettingsStore(options: SettingsStoreOptions = {}): SettingsStore {
  const dir = options.dataDir ?? resolveDataDir();
  const file = path.join(dir, SETTINGS_FILE);
  const now = options.now ?? Date.now;
  const migrations = options.migrations ?? MIGRATIONS;
  let current: Settings | null = null;
  // Mutations run one at a time so two quick edits cannot lose each other.
  let queue: Promise<unknown> = Promise.resolve();

  const moveAside = async (): Promise<string | null> => {
    const base = `${file}.corrupt-${timeTag(now())}`;
    let target = base;
    for (let n = 2; await exists(target); n++) target = `${base}-${n}`;
    try {
      await fsp.rename(file, target);
      return target;
    } catch {
      return null;
    }
  };

  const readFromDisk = async (): Promise<LoadResult> => {
    let text: string;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaultSettings() };
      return {
        settings: defaultSettings(),
        warning: {
          kind: 'unreadable',
          message: `Could not read ${file}: ${describe(e)}. Using default settings.`,
          movedTo: null,
        },
      };
    }
    try {
      const { doc, fromVersion } = migrate(JSON.parse(text), SETTINGS_VERSION, migrations);
      const settings = parseSettings(doc);
      return fromVersion === SETTINGS_VERSION ? { settings } : { settings, migratedFrom: fromVersion };
    } catch (e) {
      const movedTo = await moveAside();
      const where = movedTo
        ? `It was moved to ${movedTo}`
        : 'It could not be moved aside and will be replaced on the next change';
      return {
        settings: defaultSettings(),
        warning: {
          kind: 'corrupt',
          message: `Settings file ${file} was not usable: ${describe(e)}. ${where}; default settings are in use.`,
          movedTo,
        },
      };
    }
  };

  // Shared so concurrent first reads cannot each move a corrupt file aside.
  let loading: Promise<LoadResult> | null = null;
  const load = (): Promise<LoadResult> => {
    const run = readFromDisk().then((result) => {
      current = result.settings;
      return result;
    });
    loading = run;
    return run;
  };

  const get = async (): Promise<Settings> => current ?? (await (loading ?? load())).settings;

  /** `change` returns its input unchanged to skip the write. */
  const mutate = <T>(change: (s: Settings) => { next: Settings; result: T }): Promise<T> => {
    const run = queue.then(async () => {
      const before = await get();
      const { next, result } = change(before);
      if (next === before) return result;
      await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(file, serialise(next), options.fs);
      current = next;
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const findIndex = (s: Settings, id: string): number => {
    const i = s.carriers.findIndex((c) => c.id === id);
    if (i < 0) throw new SettingsError(`No carrier with id ${id}.`);
    return i;
  };

  const checkLabelFree = (s: Settings, label: string, exceptId?: string): void => {
    const lower = label.toLocaleLowerCase();
    if (s.carriers.some((c) => c.id !== exceptId && c.label.toLocaleLowerCase() === lower)) {
      throw new SettingsValidationError(`label: a carrier named "${label}" already exists`);
    }
  };

  const updateCarrier = (id: string, patch: CarrierPatch): Promise<Carrier> =>
    mutate((s) => {
      const i = findIndex(s, id);
      const old = s.carriers[i] as Carrier;
      const label = patch.label === undefined ? old.label : parseLabel(patch.label);
      checkLabelFree(s, label, id);
      let baseUrl = old.baseUrl;
      if (patch.baseUrl === null) baseUrl = undefined;
      else if (patch.baseUrl !== undefined) baseUrl = parseBaseUrl(patch.baseUrl);
      const updated: Carrier = {
        id: old.id,
        label,
        ...(baseUrl !== undefined ? { baseUrl } : {}),
        ...(old.demo === true ? { demo: true } : {}),
        createdAt: old.createdAt,
        ...(old.company ? { company: old.company } : {}),
        ...keyOriginsField(patch.keyOrigins ?? old.keyOrigins),
        ...homeZoneField(patch.homeZone === undefined ? old.homeZone : parseHomeZone(patch.homeZone)),
        ...lastTestField(old.lastTest),
      };
      const carriers = s.carriers.map((c, j) => (j === i ? updated : c));
      return { next: { ...s, carriers }, result: updated };
    });

  const setCarrierCompany: SettingsStore['setCarrierCompany'] = (id, company) =>
    mutate((s) => {
      const i = findIndex(s, id);
      const old = s.carriers[i] as Carrier;
      if (company === null && old.company === undefined) return { next: s, result: old };
      const { company: _dropped, ...rest } = old;
      const updated: Carrier =
        company === null
          ? rest
          : { ...rest, company: normalizeCompany(company.name, company.dotNumber, company.fetchedAtMs ?? now()) };
      const carriers = s.carriers.map((c, j) => (j === i ? updated : c));
      return { next: { ...s, carriers }, result: updated };
    });

  return {
    file,
    load,
    get,
    addCarrier: (input) =>
      mutate((s) => {
        const id = input.id ?? randomUUID();
        if (!isCarrierId(id)) throw new SettingsValidationError('id: must be a lower-case UUID or slug');
        if (s.carriers.some((c) => c.id === id))
          throw new SettingsValidationError(`id: a carrier with id ${id} already exists`);
        const label = parseLabel(input.label);
        checkLabelFree(s, label);
        const carrier: Carrier = {
          id,
          label,
          ...(input.baseUrl !== undefined ? { baseUrl: parseBaseUrl(input.baseUrl) } : {}),
          ...(input.demo === true ? { demo: true } : {}),
          createdAt: new Date(now()).toISOString(),
          ...keyOriginsField(input.keyOrigins),
          homeZone: input.homeZone === undefined ? systemZone() : parseHomeZone(input.homeZone),
        };
        return { next: { ...s, carriers: [...s.carriers, carrier] }, result: carrier };
      }),
    renameCarrier: (id, label) => updateCarrier(id, { label }),
    updateCarrier,
    setCarrierCompany,
    removeCarrier: (id) =>
      mutate((s) => {
        const carriers = s.carriers.filter((c) => c.id !== id);
        return carriers.length === s.carriers.length
          ? { next: s, result: false }
          : { next: { ...s, carriers }, result: true };
      }),
    setProvider: (patch) =>
      mutate((s) => {
        const provider: ProviderSettings = {
          baseUrl:
            patch.baseUrl === undefined
              ? s.provider.baseUrl
              : patch.baseUrl === null
                ? null
                : parseBaseUrl(patch.baseUrl),
          keyOrigins: patch.keyOrigins === undefined ? s.provider.keyOrigins : parseKeyOrigins(patch.keyOrigins),
          ...lastTestField(s.provider.lastTest),
        };
        return { next: { ...s, provider }, result: provider };
      }),
    setPreferences: (patch) =>
      mutate((s) => {
        const preferences: Preferences = {
          speedingThresholdMph:
            patch.speedingThresholdMph === undefined
              ? s.preferences.speedingThresholdMph
              : parseSpeedingThreshold(patch.speedingThresholdMph),
          displayTimeZone:
            patch.displayTimeZone === undefined ? s.preferences.displayTimeZone : parseTimeZone(patch.displayTimeZone),
          analysis: patch.analysis === undefined ? s.preferences.analysis : parseAnalysisPreferences(patch.analysis),
          reviewerName:
            patch.reviewerName === undefined ? s.preferences.reviewerName : parseReviewerName(patch.reviewerName),
          driverSnapshotMinutes:
            patch.driverSnapshotMinutes === undefined
              ? s.preferences.driverSnapshotMinutes
              : parseDriverSnapshotMinutes(patch.driverSnapshotMinutes),
        };
        return { next: { ...s, preferences }, result: preferences };
      }),
    setLastTest: (target, test) =>
      mutate((s) => {
        const parsed = test === null ? null : parseKeyTest(test);
        if (test !== null && parsed === null) throw new SettingsValidationError('lastTest: not a valid test record');
        const field = parsed ? { lastTest: parsed } : {};
        if (target === 'provider') {
          const { lastTest: _old, ...rest } = s.provider;
          return { next: { ...s, provider: { ...rest, ...field } }, result: parsed };
        }
        const i = findIndex(s, target.carrierId);
        const { lastTest: _old, ...rest } = s.carriers[i] as Carrier;
        const carriers = s.carriers.map((c, j) => (j === i ? { ...rest, ...field } : c));
        return { next: { ...s, carriers }, result: parsed };
      }),
    setOnlineStyle: (style) =>
      mutate((s) => {
        if (style === null) {
          if (!s.onlineStyle) return { next: s, result: null };
          const { onlineStyle: _dropped, ...rest } = s;
          return { next: rest, result: null };
        }
        const onlineStyle = parseOnlineStyle(style);
        return { next: { ...s, onlineStyle }, result: onlineStyle };
      }),
  };
}

/** The base URL requests for this carrier go to, or null when none is configured. */
export function effectiveBaseUrl(settings: Settings, carrierId: string): string | null {
  const carrier = settings.carriers.find((c) => c.id === carrierId);
  return carrier?.baseUrl ?? settings.provider.baseUrl;
}
