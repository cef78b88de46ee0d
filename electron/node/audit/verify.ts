import {
  countBreadcrumbCsv,
  countGpx,
  countTableCsv,
  manifestBody,
  ManifestError,
  MANIFEST_FILE,
  parseManifest,
  serializeManifest,
  type AuditManifest,
} from '../../../shared/audit/manifest.ts';
import { sha256 } from './bundle.ts';
import { readZip, ZipFormatError, type ZipEntry } from './zip.ts';
import { zipLayoutProblem } from './zip-layout.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/**
 * Checks an audit bundle: the zip reads, manifest.json is exactly the text
 * its digest was taken of, every file it lists is there with its size and
 * SHA-256, no other file is, and the counts a reader can recompute from the
 * files (readings, outliers, trips, events) are the manifest's. Every
 * problem names the file it is about.
 */
export interface VerifyResult {
  ok: boolean;
  problems: string[];
  manifest: AuditManifest | null;
}

export function verifyBundle(zip: Buffer): VerifyResult {
  // Checked first and alone: what other readers would extract differently is not compared file by file.
  const layout = zipLayoutProblem(zip);
  if (layout !== null)
    return {
      ok: false,
      problems: [`The file is not a bundle RouteLens wrote (${layout}); nothing in it was verified.`],
      manifest: null,
    };
  let entries: ZipEntry[];
  try {
    entries = readZip(zip);
  } catch (err) {
    if (err instanceof ZipFormatError)
      return { ok: false, problems: [`The file is not a readable zip (${err.message}).`], manifest: null };
    throw err;
  }
  const problems: string[] = [];
  const byName = new Map(entries.map((e) => [e.name, e]));
  for (const e of entries) if (e.problem) problems.push(`${e.name} ${e.problem}.`);
  const manifestEntry = byName.get(MANIFEST_FILE);
  if (!manifestEntry)
    return { ok: false, problems: [...problems, `${MANIFEST_FILE} is missing from the bundle.`], manifest: null };
  if (!manifestEntry.data) return { ok: false, problems, manifest: null };
  const text = manifestEntry.data.toString('utf8');
  let manifest: AuditManifest;
  try {
    manifest = parseManifest(text);
  } catch (err) {
    if (!(err instanceof ManifestError)) throw err;
    return {
      ok: false,
      problems: [...problems, `${MANIFEST_FILE} was altered or is not a RouteLens manifest (${err.message}).`],
      manifest: null,
    };
  }
  if (
    serializeManifest(manifest) !== text ||
    sha256(serializeManifest(manifestBody(manifest))) !== manifest.manifestSha256
  ) {
    problems.push(`${MANIFEST_FILE} was altered: its content does not match its own digest (manifestSha256).`);
  }
  const listed = new Set<string>(manifest.files.map((f) => f.name));
  for (const e of entries)
    if (e.name !== MANIFEST_FILE && !listed.has(e.name))
      problems.push(`${e.name} is not part of an audit bundle (the manifest does not list it).`);

  const intact = new Map<string, Buffer>();
  for (const f of manifest.files) {
    const entry = byName.get(f.name);
    if (!entry) {
      problems.push(`${f.name} is missing from the bundle.`);
      continue;
    }
    if (!entry.data) continue; // its zip problem is already reported
    if (entry.data.byteLength !== f.bytes)
      problems.push(`${f.name} was altered: it is ${entry.data.byteLength} bytes, the manifest says ${f.bytes}.`);
    else if (sha256(entry.data) !== f.sha256)
      problems.push(`${f.name} was altered: its SHA-256 does not match the manifest's.`);
    else intact.set(f.name, entry.data);
  }
  problems.push(...countProblems(manifest, intact));
  return { ok: problems.length === 0, problems, manifest };
}

/** Counts recomputed from the intact files (a file already reported as altered is not counted again). */
function countProblems(m: AuditManifest, files: Map<string, Buffer>): string[] {
  const out: string[] = [];
  const text = (name: string) => files.get(name)?.toString('utf8');
  const check = (name: string, what: string, found: number, expected: number) => {
    if (found !== expected) out.push(`${name} holds ${found} ${what}, the manifest says ${expected}.`);
  };
  const attempt = (name: string, run: (t: string) => void) => {
    const t = text(name);
    if (t === undefined) return;
    try {
      run(t);
    } catch (err) {
      out.push(`${name} cannot be read: ${errorText(err)}.`);
    }
  };
  attempt('breadcrumbs.csv', (t) => {
    const c = countBreadcrumbCsv(t);
    check('breadcrumbs.csv', 'readings', c.records, m.counts.records);
    check('breadcrumbs.csv', 'outliers', c.outliers, m.counts.outliers);
  });
  attempt('track.gpx', (t) => {
    const c = countGpx(t);
    check('track.gpx', 'points', c.records, m.counts.records);
    check('track.gpx', 'outliers', c.outliers, m.counts.outliers);
  });
  attempt('trips.csv', (t) => check('trips.csv', 'trips', countTableCsv(t, 'trips'), m.counts.trips));
  attempt('events.csv', (t) => check('events.csv', 'events', countTableCsv(t, 'events'), m.counts.events));
  attempt('review_log.csv', (t) =>
    check('review_log.csv', 'reviewed events', countTableCsv(t, 'review_log'), m.counts.reviewed ?? 0),
  );
  attempt('report.pdf', (t) => {
    if (!t.startsWith('%PDF-')) throw new ManifestError('it is not a PDF');
  });
  return out;
}
