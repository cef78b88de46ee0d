// Over 300 lines: the whole settings.json schema is checked in one place, field by field.
/**
 * Schema checks shared by the file parser and the store's mutators. Each
 * parse function builds a fresh object from the fields it knows.
 */
import { isCspOrigin, MAX_EXTRA_ORIGINS } from '../../../shared/ipc/csp.ts';
import { parseStyleUrl } from '../basemap/style-origins.ts';
import { isCarrierId } from '../keychain/validate.ts';
import { SettingsValidationError } from './errors.ts';
import { defaultSettings, displayZoneOf, SETTINGS_VERSION } from './types.ts';
import type { Carrier, OnlineStyleSettings, Preferences, ProviderSettings, Settings } from './types.ts';
import type { CarrierCompany } from '../../../shared/domain/carrier.ts';
import { lastTestField } from '../../../shared/domain/key-test.ts';
import { CONTROL_CHARS as CONTROL, labelProblem } from '../../../shared/domain/label.ts';
import { canonicalZone, isTimeZone } from '../../../shared/time/local-day.ts';
import { resolveZoneName } from '../../../shared/time/zone-names.ts';
import { isValidZone } from '../../../shared/time/zone.ts';
import { isSpeedingThreshold, SPEEDING_THRESHOLD_MPH } from '../../../shared/analysis/params.ts';
import { isDriverSnapshotMinutes, REVIEW_PREFERENCE_BOUNDS } from '../../../shared/domain/review-preferences.ts';
import { cleanReviewerName } from '../../../shared/inbox/trail.ts';
import {
  DEFAULT_ADJUSTABLE_PARAMS,
  parseAdjustableParams,
  parseStoredAdjustableParams,
  type AdjustableAnalysisParams,
} from '../../../shared/analysis/adjustable.ts';

export const MAX_COMPANY_NAME_LENGTH = 200;
export const MAX_DOT_NUMBER_LENGTH = 32;

function fail(where: string, problem: string): never {
  throw new SettingsValidationError(`${where}: ${problem}`);
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'must be an object');
  return value as Record<string, unknown>;
}

export function parseLabel(value: unknown, where = 'label'): string {
  const problem = labelProblem(value);
  if (problem !== null) fail(where, problem);
  return (value as string).trim();
}

/**
 * http(s) only, and no user:password part: a credential in a URL would end up
 * in this plain-text file, which is exactly what the keychain is for.
 */
export function parseBaseUrl(value: unknown, where = 'baseUrl'): string {
  if (typeof value !== 'string') fail(where, 'must be text');
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(where, 'is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(where, 'must start with http:// or https://');
  if (url.username !== '' || url.password !== '') fail(where, 'must not contain a user name or password');
  if (url.search !== '' || url.hash !== '') fail(where, 'must not contain a query or fragment');
  // Endpoint paths start with '/', so a trailing slash here would double it.
  return text.replace(/\/+$/, '');
}

export function parseTimeZone(value: unknown, where = 'displayTimeZone'): string {
  if (typeof value !== 'string' || value === '') fail(where, "must be 'home', 'local' or an IANA time zone name");
  if (value === 'home' || value === 'local') return value;
  if (!isValidZone(value)) fail(where, 'unknown time zone');
  return value;
}

/** A carrier's home zone: an IANA zone Intl knows ('local' is a display choice, not a place), in its canonical spelling. */
export function parseHomeZone(given: unknown, where = 'homeZone'): string {
  // A common US name ("Eastern", "CST") means the region's civil time, not Intl's fixed-offset EST.
  const value = typeof given === 'string' ? resolveZoneName(given) : given;
  if (!isTimeZone(value))
    fail(where, 'must be an IANA time zone such as America/Chicago, or a US zone name such as Eastern or CST');
  return canonicalZone(value);
}

/** A zone this RouteLens does not know (a hand edit, an older ICU) falls back to the default, keeping the carrier. */
function homeZoneOrDefault(value: unknown, where: string): { homeZone?: string } {
  return value === undefined
    ? {}
    : orDefault<{ homeZone?: string }>(() => ({ homeZone: parseHomeZone(value, where) }), {});
}

export function parseSpeedingThreshold(value: unknown, where = 'speedingThresholdMph'): number {
  if (!isSpeedingThreshold(value))
    fail(where, `must be a number from ${SPEEDING_THRESHOLD_MPH.min} to ${SPEEDING_THRESHOLD_MPH.max}`);
  return value;
}

/**
 * What the API sent is free text; it is made to fit the file's rules here
 * (control characters become spaces, long values are cut) so that storing a
 * profile never fails on its content and reading it back never rejects it.
 */
export function normalizeCompany(name: string, dotNumber: string, fetchedAtMs: number): CarrierCompany {
  const clean = (s: string, max: number) =>
    s
      .replace(new RegExp(CONTROL.source, 'gu'), ' ')
      .trim()
      .slice(0, max)
      .replace(/[\uD800-\uDBFF]$/u, '')
      .trim();
  if (!Number.isFinite(fetchedAtMs)) fail('company.fetchedAt', 'must be a time');
  return {
    name: clean(name, MAX_COMPANY_NAME_LENGTH),
    dotNumber: clean(dotNumber, MAX_DOT_NUMBER_LENGTH),
    fetchedAt: new Date(fetchedAtMs).toISOString(),
  };
}

export function parseCompany(value: unknown, where = 'company'): CarrierCompany {
  const r = record(value, where);
  const text = (v: unknown, field: string, max: number): string => {
    if (typeof v !== 'string') fail(`${where}.${field}`, 'must be text');
    if (v.length > max) fail(`${where}.${field}`, `must be at most ${max} characters`);
    if (CONTROL.test(v)) fail(`${where}.${field}`, 'must not contain control characters');
    return v;
  };
  const fetchedAt = r.fetchedAt;
  if (typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt)))
    fail(`${where}.fetchedAt`, 'must be an ISO 8601 time');
  return {
    name: text(r.name, 'name', MAX_COMPANY_NAME_LENGTH),
    dotNumber: text(r.dotNumber, 'dotNumber', MAX_DOT_NUMBER_LENGTH),
    fetchedAt,
  };
}

/** A value read from disk that is no longer valid (hand-edited, or allowed by an older version) falls back: it must not cost the user the whole file. */
function orDefault<T>(parse: () => T, fallback: T): T {
  try {
    return parse();
  } catch {
    return fallback;
  }
}

/** A damaged profile is only a stale cache (the next connection refetches it): the carrier is kept without it. */
function companyOrNothing(value: unknown, where: string): { company?: CarrierCompany } {
  return value === undefined
    ? {}
    : orDefault<{ company?: CarrierCompany }>(() => ({ company: parseCompany(value, where) }), {});
}

/** Most origins one key is remembered for; the oldest is forgotten first. */
export const MAX_KEY_ORIGINS = 8;

/** The origin (scheme, host, port) of an API base URL, e.g. "https://api.example.com". */
export function apiOriginOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** A list of http(s) origins; anything else fails. */
export function parseKeyOrigins(value: unknown, where = 'keyOrigins'): string[] {
  if (!Array.isArray(value) || value.length > MAX_KEY_ORIGINS)
    fail(where, `must be a list of at most ${MAX_KEY_ORIGINS} origins`);
  return value.map((o, i) => {
    const origin = typeof o === 'string' ? orDefault(() => apiOriginOf(parseBaseUrl(o, `${where}[${i}]`)), '') : '';
    if (origin === '' || origin !== o)
      fail(`${where}[${i}]`, 'must be an http(s) origin such as https://api.example.com');
    return origin;
  });
}

/** A damaged binding binds the key to nothing: it is then not sent until entered again (never the other way round). */
function keyOriginsOrNone(value: unknown, where: string): string[] {
  return orDefault(() => parseKeyOrigins(value, where), []);
}

export function parseCarrier(value: unknown, where = 'carrier'): Carrier {
  const r = record(value, where);
  if (!isCarrierId(r.id)) fail(`${where}.id`, 'must be a lower-case UUID or slug');
  const createdAt = r.createdAt;
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)))
    fail(`${where}.createdAt`, 'must be an ISO 8601 time');
  if (r.demo !== undefined && typeof r.demo !== 'boolean') fail(`${where}.demo`, 'must be true or false');
  return {
    id: r.id,
    label: parseLabel(r.label, `${where}.label`),
    ...(r.baseUrl !== undefined ? { baseUrl: parseBaseUrl(r.baseUrl, `${where}.baseUrl`) } : {}),
    ...(r.demo === true ? { demo: true } : {}),
    createdAt,
    ...companyOrNothing(r.company, `${where}.company`),
    ...(r.keyOrigins !== undefined ? { keyOrigins: keyOriginsOrNone(r.keyOrigins, `${where}.keyOrigins`) } : {}),
    ...homeZoneOrDefault(r.homeZone, `${where}.homeZone`),
    ...lastTestField(r.lastTest),
  };
}

export function parseProvider(value: unknown, where = 'provider'): ProviderSettings {
  const r = record(value, where);
  return {
    baseUrl: r.baseUrl === null ? null : parseBaseUrl(r.baseUrl, `${where}.baseUrl`),
    keyOrigins: keyOriginsOrNone(r.keyOrigins ?? [], `${where}.keyOrigins`),
    ...lastTestField(r.lastTest),
  };
}

/**
 * A file written before keys were bound to origins: each stored key is taken
 * to belong to the address it was being used with (the provider's, and each
 * carrier's own). From then on only the user entering a key binds it.
 */
function bindLegacyKeys(
  provider: ProviderSettings,
  carriers: Carrier[],
): { provider: ProviderSettings; carriers: Carrier[] } {
  const originOf = (url: string | undefined | null) => (url ? [apiOriginOf(url)] : []);
  const providerOrigins = [
    ...new Set([...originOf(provider.baseUrl), ...carriers.flatMap((c) => originOf(c.baseUrl))]),
  ].slice(0, MAX_KEY_ORIGINS);
  return {
    provider: { ...provider, keyOrigins: providerOrigins },
    carriers: carriers.map((c) =>
      c.demo === true ? c : { ...c, keyOrigins: originOf(c.baseUrl ?? provider.baseUrl) },
    ),
  };
}

/** `stored`: the value comes from a file an earlier version may have written (keys added since then default). */
export function parseAnalysisPreferences(value: unknown, where = 'analysis', stored = false): AdjustableAnalysisParams {
  try {
    return stored ? parseStoredAdjustableParams(value) : parseAdjustableParams(value);
  } catch (e) {
    return fail(where, e instanceof Error ? e.message : 'is not valid');
  }
}

export function parsePreferences(value: unknown, where = 'preferences'): Preferences {
  const r = record(value, where);
  const defaults = defaultSettings().preferences;
  return {
    speedingThresholdMph: orDefault(
      () => parseSpeedingThreshold(r.speedingThresholdMph, `${where}.speedingThresholdMph`),
      defaults.speedingThresholdMph,
    ),
    displayTimeZone: orDefault(
      () => displayZoneOf(parseTimeZone(r.displayTimeZone, `${where}.displayTimeZone`), r.displayZoneMeanings),
      defaults.displayTimeZone,
    ),
    // A missing or damaged set costs only these parameters: the documented defaults apply.
    analysis: orDefault(() => parseAnalysisPreferences(r.analysis, `${where}.analysis`, true), {
      ...DEFAULT_ADJUSTABLE_PARAMS,
    }),
    reviewerName: orDefault(() => parseReviewerName(r.reviewerName, `${where}.reviewerName`), defaults.reviewerName),
    driverSnapshotMinutes: orDefault(
      () => parseDriverSnapshotMinutes(r.driverSnapshotMinutes, `${where}.driverSnapshotMinutes`),
      defaults.driverSnapshotMinutes,
    ),
  };
}

/** A reviewer name: text, its control characters removed, trimmed and cut to its length ('' = the OS user). */
export function parseReviewerName(value: unknown, where = 'reviewerName'): string {
  if (typeof value !== 'string') fail(where, 'must be text');
  return cleanReviewerName(value);
}

export function parseDriverSnapshotMinutes(value: unknown, where = 'driverSnapshotMinutes'): number {
  const { min, max } = REVIEW_PREFERENCE_BOUNDS.driverSnapshotMinutes;
  if (!isDriverSnapshotMinutes(value)) fail(where, `must be a whole number of minutes from ${min} to ${max}`);
  return value;
}

/** Checked as strictly as when chosen: a hand-edited file cannot widen the CSP beyond plain allowed origins. */
export function parseOnlineStyle(value: unknown, where = 'onlineStyle'): OnlineStyleSettings {
  const r = record(value, where);
  let styleUrl: string;
  try {
    styleUrl = parseStyleUrl(r.styleUrl);
  } catch (e) {
    return fail(`${where}.styleUrl`, e instanceof Error ? e.message : 'is not allowed');
  }
  const origins = r.origins;
  if (
    !Array.isArray(origins) ||
    origins.length === 0 ||
    origins.length > MAX_EXTRA_ORIGINS ||
    !origins.every(isCspOrigin)
  ) {
    fail(`${where}.origins`, `must be 1 to ${MAX_EXTRA_ORIGINS} https (or loopback http) origins`);
  }
  return { styleUrl, origins: [...(origins as string[])] };
}

/** A bad opt-in is dropped (the strict CSP applies) rather than costing the user every carrier with the whole file. */
function optionalOnlineStyle(value: unknown): { onlineStyle?: OnlineStyleSettings } {
  return value === undefined
    ? {}
    : orDefault<{ onlineStyle?: OnlineStyleSettings }>(() => ({ onlineStyle: parseOnlineStyle(value) }), {});
}

/** Validates a document already migrated to the current version. */
export function parseSettings(value: unknown): Settings {
  const r = record(value, 'settings');
  if (r.schemaVersion !== SETTINGS_VERSION) fail('schemaVersion', `must be ${SETTINGS_VERSION}`);
  if (!Array.isArray(r.carriers)) fail('carriers', 'must be a list');
  const carriers = r.carriers.map((c, i) => parseCarrier(c, `carriers[${i}]`));
  const ids = new Set<string>();
  for (const c of carriers) {
    if (ids.has(c.id)) fail('carriers', `id ${c.id} appears twice`);
    ids.add(c.id);
  }
  const parsed = { provider: parseProvider(r.provider), carriers };
  const legacy = (r.provider as Record<string, unknown>).keyOrigins === undefined;
  const bound = legacy ? bindLegacyKeys(parsed.provider, parsed.carriers) : parsed;
  return {
    schemaVersion: SETTINGS_VERSION,
    provider: bound.provider,
    preferences: parsePreferences(r.preferences),
    carriers: bound.carriers,
    ...optionalOnlineStyle(r.onlineStyle),
  };
}
