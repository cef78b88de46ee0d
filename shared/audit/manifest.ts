import type { AnalysisParams } from '../analysis/types.ts';
import { EVENTS_CSV_COLUMNS } from '../export/events-csv.ts';
import { CSV_COLUMNS, CSV_COLUMNS_LOCAL, parseCsv } from '../export/csv.ts';
import { FIGURE_DECIMALS } from '../export/format.ts';
import { TRIPS_CSV_COLUMNS } from '../export/trips-csv.ts';
import { REVIEW_LOG_COLUMNS } from '../inbox/review-log.ts';
import { isLocalDay, type LocalDay } from '../time/local-day.ts';

/**
 * manifest.json of an audit bundle: what the bundle holds (name, size and
 * SHA-256 of every other file), where and when the data came from, for whom,
 * which days were asked and which the data covers, the counts a reader can
 * check against the files, and the analysis parameters. `manifestSha256` is
 * the SHA-256 of the manifest's own canonical text without that field
 * (serializeManifest), so a change to any byte of the manifest is detected
 * too. None of this is a signature: it shows that the files are those the
 * manifest describes, not who made them.
 */
export const AUDIT_FORMAT = 'routelens-audit-bundle';
export const AUDIT_FORMAT_VERSION = 1;

/** The files every bundle holds, in zip order (the manifest comes last). */
export const AUDIT_DATA_FILES = ['track.gpx', 'breadcrumbs.csv', 'trips.csv', 'events.csv', 'report.pdf'] as const;
/**
 * Files a bundle holds only when there is something to put in them, after the others: the review trail
 * of the bundle's events (shared/inbox/review-log.ts), when any of them was marked. A reader of bundles
 * without it needs no change; one with it is listed and hashed like every other file.
 */
export const AUDIT_OPTIONAL_FILES = ['review_log.csv'] as const;
export type AuditDataFile = (typeof AUDIT_DATA_FILES)[number] | (typeof AUDIT_OPTIONAL_FILES)[number];
export const isAuditDataFile = (name: unknown): name is AuditDataFile =>
  (AUDIT_DATA_FILES as readonly unknown[]).includes(name) ||
  (AUDIT_OPTIONAL_FILES as readonly unknown[]).includes(name);
export const MANIFEST_FILE = 'manifest.json';

export interface ManifestFile {
  name: AuditDataFile;
  bytes: number;
  /** Lower-case hex. */
  sha256: string;
}

/** Counts a verifier recomputes from the files (records, outliers, trips, events) and the download's own (rejected, days). */
export interface AuditCounts {
  /** Readings in the bundle: breadcrumbs.csv rows and track.gpx points. */
  records: number;
  /** Readings flagged as outliers (outlier=true rows, rl:outlier points). */
  outliers: number;
  /** trips.csv rows. */
  trips: number;
  /** events.csv rows. */
  events: number;
  /** Records the API sent that failed validation (never written; counted by the download). */
  rejected: number;
  /** Local days asked for, and how many hold at least one reading. */
  daysAsked: number;
  daysWithData: number;
  /** review_log.csv rows: the bundle's events that carry a review mark (absent when the bundle has no review log). */
  reviewed?: number;
}

export interface DownloadedDayFact {
  /** The UTC day chunk (storage and the API are in UTC days). */
  day: LocalDay;
  /** ISO 8601 UTC: when this day was downloaded (the CLI: during this run; the app: when it was stored). null when not known. */
  downloadedAt: string | null;
  records: number;
  rejected: number;
  /** False for a day that was still growing (today) when downloaded. */
  complete: boolean;
}

/** A local day asked, as the downloaded UTC days cover it (shared/track/local-coverage.ts). */
export interface LocalDayFact {
  day: LocalDay;
  /** complete: every UTC day it touches was downloaded complete; partial: some hours missing; missing: none stored. */
  state: 'complete' | 'partial' | 'missing';
  /** The stretches not held complete: not downloaded, or still being recorded when downloaded. */
  missing: { startUtc: string; endUtc: string; why: 'not-downloaded' | 'growing' }[];
}

export interface AuditManifest {
  format: typeof AUDIT_FORMAT;
  formatVersion: typeof AUDIT_FORMAT_VERSION;
  app: { name: string; version: string };
  /** ISO 8601 UTC. */
  generatedAt: string;
  /** Where the data came from: the API's base URL (origin and path, never a key or a query). */
  api: { baseUrl: string };
  carrier: { name: string; dotNumber: string };
  vehicle: { id: string; number: string; vin: string };
  /** IANA zone whose calendar days the range is (the carrier's home zone), and of every local time. */
  zone: string;
  range: {
    asked: { from: LocalDay; to: LocalDay };
    /** First and last day with a reading; null when there is none. */
    covered: { from: LocalDay; to: LocalDay } | null;
    /** The UTC interval of the days asked, [start, end). */
    startUtc: string;
    endUtc: string;
  };
  days: DownloadedDayFact[];
  /** Each local day asked, complete or with the hours missing. */
  localDays: LocalDayFact[];
  counts: AuditCounts;
  analysis: AnalysisParams;
  /** Decimals of the computed figures (FIGURE_DECIMALS): the files' stated precision. */
  precision: { miles: number; mph: number; degrees: number; seconds: number };
  files: ManifestFile[];
  /** SHA-256 (hex) of serializeManifest of this manifest without this field. */
  manifestSha256: string;
}

export const MANIFEST_PRECISION = { ...FIGURE_DECIMALS };

/** The manifest's exact text: two-space JSON, keys in the order of the object, a final newline. */
export function serializeManifest(m: Omit<AuditManifest, 'manifestSha256'> | AuditManifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** The manifest without its digest: the text the digest is taken of. */
export function manifestBody(m: AuditManifest): Omit<AuditManifest, 'manifestSha256'> {
  const { manifestSha256: _digest, ...body } = m;
  return body;
}

/** The API base URL as the manifest records it: scheme, host, port and path; never credentials, a query or a fragment. */
export function manifestBaseUrl(baseUrl: string): string {
  const m = /^(https?:\/\/)(?:[^@/?#]*@)?([^/?#]+)([^?#]*)/i.exec(baseUrl.trim());
  return m ? `${m[1]!.toLowerCase()}${m[2]}${m[3]!.replace(/\/+$/, '')}` : '';
}

// ---------------------------------------------------------------------------
// Reading a manifest back (verify): every field checked, nothing trusted.

export class ManifestError extends Error {
  override name = 'ManifestError';
}

const HEX64 = /^[0-9a-f]{64}$/;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown, max = 400): v is string => typeof v === 'string' && v.length <= max;

function obj(v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ManifestError(`${where} is not an object`);
  return v as Record<string, unknown>;
}

function need<T>(ok: boolean, value: T, where: string): T {
  if (!ok) throw new ManifestError(`${where} is missing or not valid`);
  return value;
}

/** Parses manifest.json's text, checking the fields verify relies on; throws ManifestError naming the first bad one. */
export function parseManifest(text: string): AuditManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ManifestError('manifest.json is not valid JSON');
  }
  const m = obj(raw, 'the manifest');
  need(m['format'] === AUDIT_FORMAT, 0, 'format');
  need(
    m['formatVersion'] === AUDIT_FORMAT_VERSION,
    0,
    `formatVersion (this RouteLens reads version ${AUDIT_FORMAT_VERSION})`,
  );
  const files = m['files'];
  const most = AUDIT_DATA_FILES.length + AUDIT_OPTIONAL_FILES.length;
  need(Array.isArray(files) && files.length >= AUDIT_DATA_FILES.length && files.length <= most, 0, 'files');
  for (const [k, f] of (files as unknown[]).entries()) {
    const r = obj(f, `files[${k}]`);
    need(isAuditDataFile(r['name']), 0, `files[${k}].name`);
    need(isCount(r['bytes']), 0, `files[${k}].bytes`);
    need(typeof r['sha256'] === 'string' && HEX64.test(r['sha256']), 0, `files[${k}].sha256`);
  }
  const names = new Set((files as { name: string }[]).map((f) => f.name));
  need(names.size === (files as unknown[]).length, 0, 'files (a name appears twice)');
  for (const name of AUDIT_DATA_FILES) need(names.has(name), 0, `files (${name} is not listed)`);
  const counts = obj(m['counts'], 'counts');
  for (const key of ['records', 'outliers', 'trips', 'events', 'rejected', 'daysAsked', 'daysWithData'])
    need(isCount(counts[key]), 0, `counts.${key}`);
  // The review log and its count go together: one without the other is an altered manifest.
  need(names.has('review_log.csv') === isCount(counts['reviewed']), 0, 'counts.reviewed');
  need(typeof m['manifestSha256'] === 'string' && HEX64.test(m['manifestSha256']), 0, 'manifestSha256');
  need(isText(m['zone'], 64), 0, 'zone');
  const range = obj(m['range'], 'range');
  const asked = obj(range['asked'], 'range.asked');
  need(
    typeof asked['from'] === 'string' &&
      isLocalDay(asked['from']) &&
      typeof asked['to'] === 'string' &&
      isLocalDay(asked['to']),
    0,
    'range.asked',
  );
  return m as unknown as AuditManifest;
}

// ---------------------------------------------------------------------------
// Counts from the files themselves, for verify and for the manifest alike.

const CRLF = '\r\n';

/** Data rows and outlier rows of breadcrumbs.csv (either header); throws ManifestError when the header is not one csvLines writes. */
export function countBreadcrumbCsv(text: string): { records: number; outliers: number } {
  const rows = parseCsv(text);
  const header = rows.shift()?.join(',');
  const outlierAt =
    header === CSV_COLUMNS.join(',')
      ? CSV_COLUMNS.length - 1
      : header === CSV_COLUMNS_LOCAL.join(',')
        ? CSV_COLUMNS_LOCAL.length - 1
        : -1;
  if (outlierAt < 0) throw new ManifestError('breadcrumbs.csv does not start with the breadcrumb header');
  let outliers = 0;
  for (const r of rows) if (r[outlierAt] === 'true') outliers++;
  return { records: rows.length, outliers };
}

const TABLE_COLUMNS = { trips: TRIPS_CSV_COLUMNS, events: EVENTS_CSV_COLUMNS, review_log: REVIEW_LOG_COLUMNS };

/** Data rows of a trips, events or review-log CSV with the expected header. */
export function countTableCsv(text: string, kind: keyof typeof TABLE_COLUMNS): number {
  const columns = TABLE_COLUMNS[kind];
  if (!text.startsWith(columns.join(',') + CRLF))
    throw new ManifestError(`${kind}.csv does not start with the ${kind} header`);
  return parseCsv(text).length - 1;
}

/** Points and outlier points of track.gpx (as gpxPieces writes them). */
export function countGpx(text: string): { records: number; outliers: number } {
  if (!text.startsWith('<?xml') || !text.includes('<gpx ')) throw new ManifestError('track.gpx is not a GPX file');
  return { records: occurrences(text, '<trkpt '), outliers: occurrences(text, '<rl:outlier>true</rl:outlier>') };
}

function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}
