/**
 * `routelens lake report --lake DIR --from YYYY-MM-DD --to YYYY-MM-DD [--out report.csv|report.pdf]`: Compare's
 * metrics for every carrier of the lake, computed by the portable SQL in shared/lake/sql/ on the embedded
 * DuckDB (locked as `lake sql` locks it: read-only, the lake's files only), ranked by each metric's direction.
 * CSV to stdout or a file; a PDF printed like the audit report.
 */
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBDecimalValue } from '@duckdb/node-api';
import { DAYS_TABLE } from '../../../shared/lake/derived-tables.ts';
import { lakeReport, type LakeReport, type ReportRow } from '../../../shared/lake/report.ts';
import { lakeReportCsv } from '../../../shared/lake/report-csv.ts';
import { lakeReportHtml } from '../../../shared/lake/report-html.ts';
import { REPORT_SQL_FILES, reportSql, type ReportBounds } from '../../../shared/lake/report-sql.ts';
import type { LakeManifest } from '../../../shared/lake/manifest.ts';
import { terminalSafe } from '../../../shared/util/terminal-text.ts';
import { dayFlag, requiredFlag, stringFlag, UsageError, type ParsedArgs } from '../cli/args.ts';
import { createChromiumPdfPrinter, type PdfPrinter } from '../audit/chromium-pdf.ts';
import { readManifest } from './manifest-file.ts';
import { lockedConnection } from './sql.ts';

/**
 * The table that must hold files: every derived vehicle-day has a `days` row (days without readings too), so
 * a lake without one was synced before RouteLens derived its tables. trips, events and vehicles may be empty
 * (a lake with no trip or event has no file for them): their views are then empty and typed.
 */
export const REQUIRED_TABLE = DAYS_TABLE.name;

export const SHARED_LAKE_DIR = path.resolve(import.meta.dirname, '../../../shared/lake');

export interface ReportDeps {
  printer?: { print: PdfPrinter; close(): Promise<void> };
  now?: () => number;
}

export async function lakeReportCommand(args: ParsedArgs, out: (line: string) => void, deps: ReportDeps = {}) {
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument "${args.positionals[0]!.slice(0, 80)}".`);
  const lakeDir = path.resolve(requiredFlag(args, 'lake', 'the lake folder'));
  const from = dayFlag(args, 'from');
  const to = dayFlag(args, 'to');
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  const outFile = stringFlag(args, 'out');
  const format = outFile === undefined ? 'csv' : outputFormat(outFile);
  const manifest = await lakeManifest(lakeDir);
  checkCoverage(manifest, from, to);
  await requireTable(lakeDir, REQUIRED_TABLE);
  const bounds: ReportBounds = { from, to, roadLimits: roadLimitsApplied(manifest) };
  const names = new Map(manifest.carriers.map((c) => [c.carrier, c.name]));
  const report = lakeReport(await runReportSql(lakeDir, bounds), bounds, { ...manifest.params }, names);
  if (outFile === undefined) {
    for (const line of lakeReportCsv(report).trimEnd().split('\r\n')) out(terminalSafe(line, Number.POSITIVE_INFINITY));
    return;
  }
  const bytes = format === 'csv' ? lakeReportCsv(report) : await printPdf(report, deps);
  await writeFile(outFile, bytes);
  out(terminalSafe(`Wrote ${report.carriers.length} carriers' report to ${outFile}`, Number.POSITIVE_INFINITY));
}

/** The report's rows from the lake, by the portable SQL on the locked DuckDB. */
export async function runReportSql(lakeDir: string, bounds: ReportBounds): Promise<ReportRow[]> {
  const template = await readFile(path.join(SHARED_LAKE_DIR, REPORT_SQL_FILES.carriers), 'utf8');
  const { conn, close } = await lockedConnection(lakeDir);
  try {
    const reader = await conn.runAndReadAll(reportSql(template, bounds));
    return reader.getRowObjects().map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
  } catch (err) {
    throw new UsageError(`The lake could not be read: ${(err as Error).message.split('\n')[0]!.slice(0, 300)}`);
  } finally {
    close();
  }
}

/** DuckDB's values as the report reads them: integers (BIGINT, HUGEINT) and decimals as numbers. */
function plain(v: unknown): number | boolean | string | null {
  if (v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof DuckDBDecimalValue) return v.toDouble();
  throw new TypeError(`The report's query gave an unexpected value (${typeof v}).`);
}

async function printPdf(report: LakeReport, deps: ReportDeps): Promise<Uint8Array> {
  const printer = deps.printer ?? createChromiumPdfPrinter();
  try {
    return await printer.print(lakeReportHtml(report, new Date((deps.now ?? Date.now)()).toISOString()));
  } finally {
    await printer.close();
  }
}

async function lakeManifest(lakeDir: string): Promise<LakeManifest> {
  const info = await stat(lakeDir).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`${JSON.stringify(lakeDir.slice(-200))} is not a folder.`);
  const manifest = await readManifest(lakeDir).catch((err: Error) => {
    throw new UsageError(`The lake's manifest cannot be read: ${err.message.slice(0, 300)}`);
  });
  if (manifest === null)
    throw new UsageError(
      `${JSON.stringify(lakeDir.slice(-200))} holds no lake (no _lake.json): run routelens lake sync first.`,
    );
  if (manifest.range === null || manifest.carriers.length === 0)
    throw new UsageError('The lake is empty: it holds no carrier yet; run routelens lake sync first.');
  return manifest;
}

/** A range the lake was never asked for would report missing days as a carrier's fault: refused. */
function checkCoverage(manifest: LakeManifest, from: string, to: string): void {
  const covered = manifest.range!;
  if (from < covered.from || to > covered.to)
    throw new UsageError(
      `The lake covers ${covered.from} to ${covered.to}; the range ${from} to ${to} reaches outside it (sync those days first).`,
    );
}

async function requireTable(lakeDir: string, table: string): Promise<void> {
  const entries = await readdir(path.join(lakeDir, table), { recursive: true }).catch(() => [] as string[]);
  if (!entries.some((e) => e.endsWith('.parquet')))
    throw new UsageError(
      `The lake has no "${table}" table yet (it was synced before RouteLens derived trips, events and days): run routelens lake sync over it again.`,
    );
}

/** Whether the lake's analysis judged road limits (its manifest records the index it used). */
function roadLimitsApplied(manifest: LakeManifest): boolean {
  return manifest.roadLimits !== undefined && manifest.roadLimits !== null;
}

function outputFormat(file: string): 'csv' | 'pdf' {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.pdf') return 'pdf';
  throw new UsageError(`--out must name a .csv or a .pdf file, not "${path.basename(file).slice(0, 80)}".`);
}
