/**
 * `_lake.json`: what the lake holds. Per carrier and vehicle, each home-zone
 * day synced: complete (never fetched again) or partial (it overlaps a UTC day
 * still growing, today, and is fetched again), with its record counts. Never a key.
 */
import type { AnalysisParams } from '../analysis/types.ts';
import { isUtcDay } from '../util/day.ts';

/** 2: derived tables (per-day `derived` key, `roadLimits`, `derivedKey`). A version 1 manifest is read and upgraded: its days have no derived rows yet. */
export const LAKE_SCHEMA_VERSION = 2;
const READABLE_VERSIONS: readonly unknown[] = [1, LAKE_SCHEMA_VERSION];
/** A manifest is read whole; this bounds it far above 1,000 carriers × 50 trucks × a year of days. */
export const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;

export type LakeDayState = 'complete' | 'partial';

export interface LakeDay {
  state: LakeDayState;
  /** Readings in the day's file (0: no file). */
  records: number;
  /** Readings the analysis leaves out, flagged in the file. */
  outliers: number;
  /** Records the API sent that could not be read: counted, never written. */
  rejected: number;
  /** Partial days only: the UTC day that was "today" when written; earlier UTC days in the file were complete. */
  asOf?: string;
  /** Partial days only: the rejected records among those of the UTC days before `asOf` (kept, not refetched). */
  rejectedBeforeAsOf?: number;
  /** The derivation key (`derivedKey`) the day's trips, events and days rows were written with; absent: not written yet. */
  derived?: string;
}

export interface LakeVehicle {
  number: string;
  vin: string;
  days: Record<string, LakeDay>;
}

export interface LakeCarrier {
  name: string;
  /** The partition value: DOT number or slug. */
  carrier: string;
  dotNumber: string;
  homeZone: string;
  vehicles: Record<string, LakeVehicle>;
}

export interface LakeManifest {
  schemaVersion: number;
  app: { name: string; version: string };
  /** The home-zone days asked for, over every run. */
  range: { from: string; to: string } | null;
  /** The analysis parameters the lake's derived tables use. */
  params: AnalysisParams;
  /** The road limits the over-limit events were judged against (files by name and SHA-256); null: none. */
  roadLimits?: RoadLimitsIdentity | null;
  /** One key for `params` and `roadLimits`: a day whose `derived` differs is derived again. */
  derivedKey?: string;
  carriers: LakeCarrier[];
  /** Learnt from the API's data (spec 4.8 leaves it unshown): 'inclusive' saves a request per run ending today. */
  endDateMode?: 'unknown' | 'inclusive';
  /** The API refused an end_date after today: a run ending today asks for today as its last day at once. */
  refusesEndDateAfterToday?: boolean;
}

/** What names a run's road limits: the files' contents and the tuning flags, never their paths alone. */
export interface RoadLimitsIdentity {
  /** The --road-limits file's name and SHA-256 (absent: speed zones alone). */
  file?: { name: string; sha256: string };
  zones?: { name: string; sha256: string };
  toleranceMph?: number;
  minSeconds?: number;
}

export class ManifestError extends Error {
  override name = 'ManifestError';
}

export function emptyManifest(app: LakeManifest['app'], params: AnalysisParams): LakeManifest {
  return { schemaVersion: LAKE_SCHEMA_VERSION, app, range: null, params, carriers: [] };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Checks the shape a resumed sync relies on; anything else is refused rather than half-trusted. */
export function parseManifest(text: string): LakeManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ManifestError('_lake.json is not valid JSON.');
  }
  if (!isObject(raw)) throw new ManifestError('_lake.json is not an object.');
  if (!READABLE_VERSIONS.includes(raw['schemaVersion']))
    throw new ManifestError(
      `_lake.json has schema version ${String(raw['schemaVersion']).slice(0, 20)}; this RouteLens writes ${LAKE_SCHEMA_VERSION}.`,
    );
  if (!Array.isArray(raw['carriers'])) throw new ManifestError('_lake.json lists no carriers array.');
  if (raw['endDateMode'] !== undefined && raw['endDateMode'] !== 'unknown' && raw['endDateMode'] !== 'inclusive')
    throw new ManifestError('_lake.json has an endDateMode other than "unknown" or "inclusive".');
  if (raw['refusesEndDateAfterToday'] !== undefined && typeof raw['refusesEndDateAfterToday'] !== 'boolean')
    throw new ManifestError('_lake.json has a refusesEndDateAfterToday that is not true or false.');
  if (raw['derivedKey'] !== undefined && typeof raw['derivedKey'] !== 'string')
    throw new ManifestError('_lake.json has a derivedKey that is not text.');
  for (const c of raw['carriers']) checkCarrier(c);
  // A version 1 lake reads as version 2 without derived rows: the next sync derives every day.
  return { ...(raw as unknown as LakeManifest), schemaVersion: LAKE_SCHEMA_VERSION };
}

function checkCarrier(c: unknown): void {
  if (!isObject(c) || typeof c['carrier'] !== 'string' || typeof c['name'] !== 'string' || !isObject(c['vehicles']))
    throw new ManifestError('_lake.json has a carrier without name, partition or vehicles.');
  for (const [id, v] of Object.entries(c['vehicles'])) {
    if (!isObject(v) || !isObject(v['days']))
      throw new ManifestError(`_lake.json: vehicle ${id.slice(0, 64)} has no days.`);
    for (const [day, d] of Object.entries(v['days'])) {
      const ok =
        isUtcDay(day) &&
        isObject(d) &&
        (d['state'] === 'complete' || d['state'] === 'partial') &&
        isCount(d['records']) &&
        isCount(d['rejected']) &&
        isCount(d['outliers']) &&
        (d['derived'] === undefined || typeof d['derived'] === 'string');
      if (!ok)
        throw new ManifestError(`_lake.json: day ${day.slice(0, 20)} of vehicle ${id.slice(0, 64)} is malformed.`);
    }
  }
}

/** The carrier's entry, added when new; name and zone follow the latest carriers file. */
export function carrierEntry(m: LakeManifest, c: Omit<LakeCarrier, 'vehicles'>): LakeCarrier {
  let entry = m.carriers.find((x) => x.carrier === c.carrier);
  if (!entry) {
    entry = { ...c, vehicles: {} };
    m.carriers.push(entry);
  }
  Object.assign(entry, { name: c.name, dotNumber: c.dotNumber, homeZone: c.homeZone });
  return entry;
}

export function widenRange(m: LakeManifest, from: string, to: string): void {
  m.range = m.range
    ? { from: m.range.from < from ? m.range.from : from, to: m.range.to > to ? m.range.to : to }
    : { from, to };
}
