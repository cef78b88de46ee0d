import { analyzeTrack } from '../analysis/analyze.ts';
import type { AnalysisParams, TrackAnalysis } from '../analysis/types.ts';
import type { RoadLimits } from '../analysis/over-limit-events.ts';
import { coveredDays, type DayRangeFacts } from '../export/context.ts';
import { csvLines } from '../export/csv.ts';
import { eventsCsv } from '../export/events-csv.ts';
import { orderChunks } from '../export/format.ts';
import type { ExportDrivers } from '../export/driver-columns.ts';
import type { ExportMeta } from '../export/gpx-audit-meta.ts';
import { gpxPieces } from '../export/gpx.ts';
import { tripsCsv } from '../export/trips-csv.ts';
import { inboxEvents } from '../inbox/events.ts';
import { reviewLogCsv } from '../inbox/review-log.ts';
import { marksForEvents, type ReviewMark } from '../inbox/trail.ts';
import { daysFromTo, localRangeInterval } from '../time/local-day.ts';
import { gapParamsOf } from '../track/gaps.ts';
import { localDaysCoverage, utcDayStates, type LocalDayCoverage } from '../track/local-coverage.ts';
import { dayOfMs } from '../util/day.ts';
import type { DayChunk } from '../track/types.ts';
import {
  AUDIT_FORMAT,
  AUDIT_FORMAT_VERSION,
  manifestBaseUrl,
  MANIFEST_PRECISION,
  type AuditCounts,
  type AuditDataFile,
  type AuditManifest,
  type DownloadedDayFact,
  type ManifestFile,
} from './manifest.ts';

/**
 * What an audit bundle is made of, the same for the CLI (`routelens audit`)
 * and the app (part of the Review): the selection's readings as days of the
 * carrier's home zone, the analysis with its parameters, and the facts of
 * the download. The four data files are exactly what `routelens export --tz
 * ZONE --format gpx|csv|trips|events` writes for the same selection; the
 * report (shared/report/audit-report.ts) and the manifest describe them.
 */
export interface AuditSource {
  app: { name: string; version: string };
  /** The API's base URL the data came from (only its origin and path are recorded). */
  apiBaseUrl: string;
  /** Carrier, vehicle, zone (the days' and local times' zone: meta.dayZone = meta.zone), range asked, generation time. */
  meta: ExportMeta;
  /** Readings as days of meta.zone within the range asked (shared/track/local-days.ts), in time order. */
  chunks: readonly DayChunk[];
  params: AnalysisParams;
  /** Road limits the speeding is also judged against ("over the limit" events); none: no such events. */
  roads?: RoadLimits;
  /** The UTC days read, with when each was downloaded. */
  days: readonly DownloadedDayFact[];
  /** Records the API sent that failed validation. */
  rejected: number;
  /** The review trail of this carrier's vehicle (the app's; the CLI has none): marks on the bundle's events make review_log.csv. */
  reviewTrail?: { carrierId: string; marks: readonly ReviewMark[] };
  /** Who drove: with it the trips and events CSVs carry the driver columns and the report names the drivers. */
  drivers?: AuditDrivers;
}

/** The export's drivers and where they come from, said in the report ("the carrier's assignments kept in …"). */
export type AuditDrivers = ExportDrivers & { basis: string };

export interface AuditContent {
  analysis: TrackAnalysis;
  range: DayRangeFacts;
  counts: AuditCounts;
  /** Each local day asked: complete only when every UTC day it touches was downloaded complete (else the hours missing). */
  coverage: LocalDayCoverage[];
  /** Each data file's text, in pieces (the report is printed separately); review_log.csv only when an event is marked. */
  files: Record<Exclude<AuditDataFile, 'report.pdf' | 'review_log.csv'>, () => Iterable<string>> & {
    'review_log.csv'?: () => Iterable<string>;
  };
}

/** review_log.csv's text and row count, or null when none of the analysis' events carries a mark. */
function reviewLog(src: AuditSource, analysis: TrackAnalysis): { text: string; rows: number } | null {
  const trail = src.reviewTrail;
  if (!trail || trail.marks.length === 0) return null;
  const { vehicleId, vehicleNumber, zone } = src.meta;
  const events = inboxEvents([{ carrierId: trail.carrierId, vehicleId, vehicleNumber, zone, analysis }]);
  const marks = marksForEvents(
    events,
    trail.marks.filter((m) => m.vehicleId === vehicleId),
  );
  return marks.size === 0 ? null : { text: reviewLogCsv(events, marks), rows: marks.size };
}

export function auditContent(src: AuditSource): AuditContent {
  const chunks = orderChunks(src.chunks);
  const zone = src.meta.zone;
  // The CSVs carry the driver columns exactly when the source has drivers (shared/export/driver-columns.ts).
  const { drivers: _unused, ...own } = src.meta;
  const meta: ExportMeta = {
    ...own,
    dayZone: zone,
    ...(src.drivers ? { drivers: { attributor: src.drivers.attributor, names: src.drivers.names } } : {}),
  };
  const analysis = analyzeTrack(chunks, src.params, src.roads);
  const range: DayRangeFacts = { zone, asked: { from: meta.from, to: meta.to }, covered: coveredDays(chunks, zone) };
  const daysWith = new Set(chunks.filter((c) => c.length > 0).map((c) => c.day));
  const counts: AuditCounts = {
    records: chunks.reduce((n, c) => n + c.length, 0),
    outliers: analysis.totals.outliers,
    trips: analysis.trips.length,
    events: analysis.events.length,
    rejected: src.rejected,
    daysAsked: daysFromTo(meta.from, meta.to).length,
    daysWithData: daysWith.size,
  };
  const log = reviewLog(src, analysis);
  if (log) counts.reviewed = log.rows;
  // A UTC day not among the facts was not downloaded, unless it is the generation day or later (still being recorded).
  const coverage = localDaysCoverage(meta.from, meta.to, zone, utcDayStates(src.days), dayOfMs(src.meta.generatedAt));
  return {
    analysis,
    range,
    counts,
    coverage,
    files: {
      'track.gpx': () => gpxPieces({ chunks, meta, ...gapParamsOf(analysis.params) }),
      'breadcrumbs.csv': () =>
        csvLines(chunks, { maxPlausibleMph: analysis.params.maxPlausibleMph, ...(zone !== 'UTC' ? { zone } : {}) }),
      'trips.csv': () => tripsCsv(analysis, meta),
      'events.csv': () => eventsCsv(analysis, meta),
      ...(log ? { 'review_log.csv': () => [log.text] } : {}),
    },
  };
}

/** The manifest of a bundle whose files are `files` (name, size, SHA-256), without its own digest. */
export function auditManifest(
  src: AuditSource,
  content: AuditContent,
  files: readonly ManifestFile[],
): Omit<AuditManifest, 'manifestSha256'> {
  const interval = localRangeInterval(src.meta.from, src.meta.to, src.meta.zone);
  return {
    format: AUDIT_FORMAT,
    formatVersion: AUDIT_FORMAT_VERSION,
    app: { name: src.app.name, version: src.app.version },
    generatedAt: new Date(src.meta.generatedAt).toISOString(),
    api: { baseUrl: manifestBaseUrl(src.apiBaseUrl) },
    carrier: { name: src.meta.carrierName, dotNumber: src.meta.dotNumber },
    vehicle: { id: src.meta.vehicleId, number: src.meta.vehicleNumber, vin: src.meta.vin },
    zone: src.meta.zone,
    range: {
      asked: content.range.asked,
      covered: content.range.covered,
      startUtc: new Date(interval.startMs).toISOString(),
      endUtc: new Date(interval.endMs).toISOString(),
    },
    days: src.days.map((d) => ({ ...d })),
    localDays: content.coverage.map((c) => ({
      day: c.day,
      state: c.state,
      missing: c.missing.map((m) => ({
        startUtc: new Date(m.startMs).toISOString(),
        endUtc: new Date(m.endMs).toISOString(),
        why: m.why,
      })),
    })),
    counts: { ...content.counts },
    analysis: { ...src.params },
    precision: { ...MANIFEST_PRECISION },
    files: files.map((f) => ({ name: f.name, bytes: f.bytes, sha256: f.sha256 })),
  };
}
