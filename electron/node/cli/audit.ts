import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AuditDrivers, AuditSource } from '../../../shared/audit/bundle-content.ts';
import type { ApiClient } from '../api/index.ts';
import { buildAuditBundle, loadBasemap } from '../audit/bundle.ts';
import { createChromiumPdfPrinter, type PdfPrinter } from '../audit/chromium-pdf.ts';
import { verifyBundle } from '../audit/verify.ts';
import { ZIP_LIMITS } from '../audit/zip.ts';
import { terminalJson, terminalSafe as safe } from '../../../shared/util/terminal-text.ts';
import { parseAnalysisFlags } from './analysis-flags.ts';
import { readAssignmentsFile, resolveAssignments, type AssignmentsFile } from './assignments-flag.ts';
import { parseRoadLimitFlags } from './road-limit-flags.ts';
import { requiredFlag, UsageError, type ParsedArgs } from './args.ts';
import { exportMetaOf, type Out } from './commands.ts';
import { openOutputFile } from './output-file.ts';
import { downloadSelection, parseSelection, type Downloaded } from './selection.ts';

/**
 * `routelens audit`: one vehicle, a range of days of a zone, one zip an
 * auditor can check (track.gpx, breadcrumbs.csv, trips.csv, events.csv,
 * report.pdf, manifest.json; see electron/node/audit/bundle.ts), and
 * `routelens verify FILE.zip`, which checks one.
 */
export interface AuditSummary {
  files: number;
  bytes: number;
  records: number;
  outliers: number;
  trips: number;
  events: number;
  rejected: number;
  days: number;
  requests: number;
  retries: number;
}

export interface AuditDeps {
  now: () => number;
  /** The API address (recorded in the manifest). */
  baseUrl: string;
  app: { name: string; version: string };
  /** Prints the report; default a Chromium through playwright-core (createChromiumPdfPrinter). */
  printer?: { print: PdfPrinter; close(): Promise<void> };
}

/** The source of a bundle from what the CLI downloaded. */
export function auditSourceOf(
  d: Downloaded,
  deps: Pick<AuditDeps, 'app' | 'baseUrl'>,
  params: AuditSource['params'],
  generatedAt: number,
): AuditSource {
  return {
    app: deps.app,
    apiBaseUrl: deps.baseUrl,
    meta: exportMetaOf(d, generatedAt),
    chunks: d.chunks,
    params,
    days: d.days.map((day) => ({
      day: day.day,
      downloadedAt: new Date(day.downloadedAt).toISOString(),
      records: day.records,
      rejected: day.rejected,
      complete: day.complete,
    })),
    rejected: d.rejected,
  };
}

export async function auditCommand(
  client: ApiClient,
  args: ParsedArgs,
  out: Out,
  deps: AuditDeps,
): Promise<AuditSummary> {
  const selection = parseSelection(args, deps.now());
  const params = parseAnalysisFlags(args);
  const file = requiredFlag(args, 'out', 'the .zip file to write');
  const roads = await parseRoadLimitFlags(args);
  const assignments = readAssignmentsFile(args);
  if (path.extname(file).toLowerCase() !== '.zip')
    throw new UsageError(`--out must name a .zip file, not "${path.basename(file).slice(0, 80)}".`);
  // A missing Chromium is said before anything is downloaded.
  const printer = deps.printer ?? createChromiumPdfPrinter();
  // Resolved before the output is opened: a refused file leaves no bundle behind.
  const drivers = assignments && (await auditDriversOfFile(client, assignments, selection.zone, deps.now()));
  const output = openOutputFile(file);
  try {
    const d = await downloadSelection(client, selection, { now: deps.now, company: true });
    const source = {
      ...auditSourceOf(d, deps, params, deps.now()),
      ...(roads ? { roads } : {}),
      ...(drivers ? { drivers } : {}),
    };
    const built = await buildAuditBundle(source, { print: printer.print, basemap: await loadBasemap() });
    await output.commit([built.zip]);
    const c = built.manifest.counts;
    const summary: AuditSummary = {
      files: built.manifest.files.length + 1,
      bytes: built.zip.byteLength,
      records: c.records,
      outliers: c.outliers,
      trips: c.trips,
      events: c.events,
      rejected: c.rejected,
      days: d.days.length,
      requests: d.requests,
      retries: d.retries,
    };
    const range = built.manifest.range;
    const covered = range.covered ? `${range.covered.from} to ${range.covered.to}` : 'none';
    out(
      `Wrote the audit bundle of ${safe(d.vehicle.number)} (${safe(d.vehicle.vin)}), ${selection.from} to ${selection.to} (${selection.zone} days; data ${covered}), to ${safe(file, 1000)}: ${c.records} readings, ${c.trips} trips, ${c.events} events.`,
    );
    out(terminalJson(summary));
    return summary;
  } catch (err) {
    await output.discard();
    throw err;
  } finally {
    if (!deps.printer) await printer.close();
  }
}

/** The --assignments file's drivers (the export's rule), with the report's line naming the file. */
async function auditDriversOfFile(
  client: ApiClient,
  read: AssignmentsFile,
  zone: string,
  nowMs: number,
): Promise<AuditDrivers> {
  const drivers = await resolveAssignments(client, read, zone, nowMs);
  return { ...drivers, basis: `the assignments file ${path.basename(read.file)} given to routelens audit` };
}

/** Thrown when a bundle does not verify: the problems were printed, the exit code is 1. */
export class VerificationFailed extends Error {
  override name = 'VerificationFailed';
}

export function verifyCommand(args: ParsedArgs, out: Out): void {
  const [file, ...rest] = args.positionals;
  if (file === undefined) throw new UsageError('Give the bundle to verify: routelens verify FILE.zip');
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`${file} does not exist.`);
  if (!stat.isFile()) throw new UsageError(`${file} is not a file.`);
  if (stat.size > ZIP_LIMITS.maxTotalBytes)
    throw new VerificationFailed(`${file} is larger than any audit bundle (${stat.size} bytes).`);
  const result = verifyBundle(readFileSync(file));
  if (result.ok) {
    const m = result.manifest!;
    out('verified');
    // Every field is the bundle's text: shown, never obeyed.
    out(
      `${m.files.length + 1} files match the manifest: ${safe(m.vehicle.number)} (${safe(m.vehicle.vin)}) of ${safe(m.carrier.name)} (USDOT ${safe(m.carrier.dotNumber)}), ${safe(m.range.asked.from)} to ${safe(m.range.asked.to)} (${safe(m.zone)}), generated ${safe(m.generatedAt)} by ${safe(m.app.name)} ${safe(m.app.version)}.`,
    );
    return;
  }
  // A problem names entries of the zip: made safe as a whole (its own words are plain).
  const problems = result.problems.map((p) => safe(p, 2000));
  for (const p of problems) out(p);
  throw new VerificationFailed(
    `${safe(file, 1000)} did not verify: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems, listed above)` : ''}`,
  );
}

/** RouteLens's name and version, from package.json (what the manifest records as the app). */
export function cliAppInfo(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      version?: unknown;
    };
    return { name: 'RouteLens', version: typeof pkg.version === 'string' ? pkg.version : 'unknown' };
  } catch {
    return { name: 'RouteLens', version: 'unknown' };
  }
}
