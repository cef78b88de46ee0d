import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { auditContent, auditManifest, type AuditSource } from '../../../shared/audit/bundle-content.ts';
import {
  MANIFEST_FILE,
  serializeManifest,
  type AuditDataFile,
  type AuditManifest,
  type ManifestFile,
} from '../../../shared/audit/manifest.ts';
import { auditReportHtml } from '../../../shared/report/audit-report.ts';
import type { Basemap } from '../../../shared/report/route-map-svg.ts';
import type { PdfPrinter } from './chromium-pdf.ts';
import { writeZip } from './zip.ts';

/**
 * Builds an audit bundle: the four data files and the report of
 * shared/audit/bundle-content.ts and shared/report/audit-report.ts, the
 * report printed to PDF by `print` (Chromium: the CLI's playwright-core, or
 * Electron's printToPDF), each file hashed (SHA-256), the manifest written
 * with its own digest, and all zipped (six files, seven with a review log). Used by `routelens audit`; the
 * app's backend builds the same bundle from the same source.
 */
export interface BuiltBundle {
  zip: Buffer;
  manifest: AuditManifest;
  /** The report's HTML, for showing or keeping beside the PDF. */
  reportHtml: string;
}

export const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

export async function buildAuditBundle(
  source: AuditSource,
  opts: { print: PdfPrinter; basemap?: Basemap },
): Promise<BuiltBundle> {
  const content = auditContent(source);
  const data: { name: AuditDataFile; bytes: Buffer }[] = (
    ['track.gpx', 'breadcrumbs.csv', 'trips.csv', 'events.csv'] as const
  ).map((name) => ({
    name,
    bytes: Buffer.from([...content.files[name]()].join(''), 'utf8'),
  }));
  const reportHtml = auditReportHtml({ source, content, ...(opts.basemap ? { basemap: opts.basemap } : {}) });
  data.push({ name: 'report.pdf', bytes: Buffer.from(await opts.print(reportHtml)) });
  const log = content.files['review_log.csv'];
  if (log) data.push({ name: 'review_log.csv', bytes: Buffer.from([...log()].join(''), 'utf8') });
  const files: ManifestFile[] = data.map((f) => ({ name: f.name, bytes: f.bytes.byteLength, sha256: sha256(f.bytes) }));
  const body = auditManifest(source, content, files);
  const manifest: AuditManifest = { ...body, manifestSha256: sha256(serializeManifest(body)) };
  const zip = writeZip(
    [
      ...data.map((f) => ({ name: f.name, data: f.bytes })),
      { name: MANIFEST_FILE, data: Buffer.from(serializeManifest(manifest), 'utf8') },
    ],
    source.meta.generatedAt,
  );
  return { zip, manifest, reportHtml };
}

/** The built-in basemap's land, country and state outlines (resources/basemap), or none when they cannot be read. */
export async function loadBasemap(
  dir = path.resolve(import.meta.dirname, '../../../resources/basemap'),
): Promise<Basemap> {
  type Layer = NonNullable<Basemap['land']>;
  const read = async (name: string): Promise<Layer | undefined> => {
    try {
      const value = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Layer;
      return value?.type === 'FeatureCollection' && Array.isArray(value.features) ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const [land, countries, states] = await Promise.all([read('land.json'), read('countries.json'), read('states.json')]);
  return { ...(land ? { land } : {}), ...(countries ? { countries } : {}), ...(states ? { states } : {}) };
}
