import { DUTY_STATUS_MEANING } from '../../../shared/domain/status.ts';
import { formatHoursMinutes } from '../../../shared/domain/hos.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import type { ExportMeta } from '../../../shared/export/gpx-audit-meta.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { ApiClient } from '../api/index.ts';
import { parseAnalysisFlags } from './analysis-flags.ts';
import { parseRoadLimitFlags } from './road-limit-flags.ts';
import { readAssignmentsFlag, resolveAssignments } from './assignments-flag.ts';
import type { ExportDrivers } from '../../../shared/export/driver-columns.ts';
import { requiredFlag, stringFlag, UsageError, type ParsedArgs } from './args.ts';
import { checkAllVehiclesFormat, isAllVehicles, rosterInOrder, splitHeader } from './export-all.ts';
import { dayStream } from './day-stream.ts';
import { countOutliers, exportOutput, parseExportFormat, type ExportFormat } from './export-formats.ts';
import { openOutputFile, type OutputFile } from './output-file.ts';
import { RejectedRecordsError, rejectedSentence, writeRejectedFile, type VehicleRejection } from './rejected-file.ts';
import { downloadSelection, parseSelection, type Downloaded, type SelectionArgs } from './selection.ts';
import { formatTable } from './table.ts';
import { terminalJson, terminalSafe } from '../../../shared/util/terminal-text.ts';
import { localDaysCoverage, partialDaysText, utcDayStates } from '../../../shared/track/local-coverage.ts';
import { dayOfMs } from '../../../shared/util/day.ts';

export type Out = (line: string) => void;

export async function companyCommand(client: ApiClient, args: ParsedArgs, out: Out): Promise<void> {
  const c = await client.companyInfo();
  if (args.flags.has('json')) return out(terminalJson(c));
  out(formatTable(['Company', 'DOT number'], [[c.company_name, c.dot_number]]));
}

export async function vehiclesCommand(client: ApiClient, args: ParsedArgs, out: Out): Promise<void> {
  const status = stringFlag(args, 'status');
  if (status !== undefined && status !== 'active' && status !== 'inactive')
    throw new UsageError(`--status must be "active" or "inactive", not "${status}".`);
  const { records, rejected } = await client.vehicles({ limit: 1000, ...(status ? { status } : {}) });
  if (args.flags.has('json')) return out(terminalJson({ vehicles: records, rejected: rejected.length }));
  out(
    formatTable(
      ['Vehicle ID', 'Number', 'VIN', 'Active'],
      records.map((v) => [v.vehicle_id, v.number, v.vin, v.active ? 'yes' : 'no']),
    ),
  );
  out(`${records.length} vehicles${rejected.length ? `, ${rejected.length} malformed records rejected` : ''}`);
}

export async function driversCommand(client: ApiClient, args: ParsedArgs, out: Out): Promise<void> {
  const withHos = args.flags.has('hos');
  const [{ records: drivers, rejected }, hos] = await Promise.all([
    client.drivers({ limit: 1000 }),
    withHos ? client.latestDriverStatus({ limit: 1000 }) : Promise.resolve(null),
  ]);
  const byId = new Map((hos?.records ?? []).map((s) => [s.driver_id, s]));
  if (args.flags.has('json')) {
    return out(
      terminalJson({
        drivers: drivers.map((d) => (withHos ? { ...d, hos: byId.get(d.driver_id) ?? null } : d)),
        rejected: rejected.length + (hos?.rejected.length ?? 0),
      }),
    );
  }
  const headers = [
    'Driver ID',
    'Username',
    'Name',
    'Active',
    ...(withHos ? ['Status', 'Drive', 'Shift', 'Cycle', 'Break'] : []),
  ];
  const rows = drivers.map((d) => {
    const base = [d.driver_id, d.username, `${d.first_name} ${d.last_name}`, d.active ? 'yes' : 'no'];
    if (!withHos) return base;
    const s = byId.get(d.driver_id);
    if (!s || s.current_status === null) return [...base, 'no HOS activity', '—', '—', '—', '—'];
    return [
      ...base,
      `${s.current_status} (${DUTY_STATUS_MEANING[s.current_status]})`,
      formatHoursMinutes(s.drive),
      formatHoursMinutes(s.shift),
      formatHoursMinutes(s.cycle),
      formatHoursMinutes(s.break),
    ];
  });
  out(formatTable(headers, rows));
}

export interface ExportSummary {
  format: ExportFormat;
  /** Data rows written: breadcrumbs (csv, gpx), trips or events. */
  rows: number;
  /** Readings the analysis leaves out as outliers. */
  outliers: number;
  records: number;
  /** UTC days read (a local day reads two). */
  days: number;
  rejected: number;
  requests: number;
  retries: number;
}

export async function exportCommand(
  client: ApiClient,
  args: ParsedArgs,
  out: Out,
  now: () => number = Date.now,
): Promise<ExportSummary> {
  const selection = parseSelection(args, now());
  const format = parseExportFormat(args);
  const params = parseAnalysisFlags(args);
  const file = requiredFlag(args, 'out', 'the file to write');
  const roads = await parseRoadLimitFlags(args);
  const assignments = readAssignmentsFlag(args, format);

  const all = isAllVehicles(selection.ref);
  if (all) checkAllVehiclesFormat(format);
  // Resolved before the output is opened: a refused file leaves no file behind.
  const drivers = assignments && (await resolveAssignments(client, assignments, selection.zone, now()));
  const output = openOutputFile(file);
  let summary: { counts: ExportSummary; vehicle: string; rejections: VehicleRejection[] };
  try {
    summary = all
      ? await downloadAllAndWrite(client, output, { selection, format, params, now, roads, drivers })
      : await downloadAndWrite(client, output, { selection, format, params, now, roads, drivers });
    const what = format === 'trips' ? 'trips' : format === 'events' ? 'safety events' : 'breadcrumbs';
    const outliers =
      summary.counts.outliers > 0 ? ` (${summary.counts.outliers} outliers ignored by the analysis)` : '';
    const zone = selection.zone === 'UTC' ? '' : ` (${selection.zone} days)`;
    out(
      `Wrote ${summary.counts.rows} ${what} of ${summary.vehicle}, ${selection.from} to ${selection.to}${zone}, to ${terminalSafe(file, 1000)}${outliers}.`,
    );
    out(terminalJson(summary.counts));
  } catch (err) {
    // The error that ended the export is the one reported, whatever removing the temp file does.
    await output.discard();
    throw err;
  }
  await writeRejectedFile(file, summary.rejections);
  if (summary.rejections.length > 0 && !args.flags.has('allow-rejected'))
    throw new RejectedRecordsError(rejectedSentence(file, summary.rejections));
  return summary.counts;
}

const rejectionsOf = (d: Downloaded): VehicleRejection[] =>
  d.rejections.map((r) => ({ ...r, vehicleId: d.vehicle.vehicle_id }));

/** The export facts of a download: carrier from company-info, vehicle from the API, days and local times in the selection's zone. */
export function exportMetaOf(d: Downloaded, generatedAt: number): ExportMeta {
  return {
    carrierName: d.company?.company_name ?? '',
    dotNumber: d.company?.dot_number ?? '',
    vehicleId: d.vehicle.vehicle_id,
    vehicleNumber: d.vehicle.number,
    vin: d.vehicle.vin,
    zone: d.selection.zone,
    from: d.selection.from,
    to: d.selection.to,
    dayZone: d.selection.zone,
    generatedAt,
  };
}

/**
 * The export's facts with the local days it holds only in part (a UTC day still growing: today), said in a
 * GPX's <metadata><desc> exactly as the app's export says them (shared/track/local-coverage.ts).
 */
export function exportFileMetaOf(d: Downloaded, generatedAt: number): ExportMeta {
  const { from, to, zone } = d.selection;
  const coverage = localDaysCoverage(from, to, zone, utcDayStates(d.days), dayOfMs(generatedAt));
  const partialDays = partialDaysText(coverage, zone);
  return { ...exportMetaOf(d, generatedAt), ...(partialDays ? { partialDays } : {}) };
}

/** What an export writes: the selection, the format, the analysis parameters and road limits (if any). */
interface ExportQuery {
  selection: SelectionArgs;
  format: ExportFormat;
  params: AnalysisParams;
  now: () => number;
  roads: RoadLimits | undefined;
  /** Who drove (--assignments): the trips and events CSVs end with the driver columns. */
  drivers: ExportDrivers | undefined;
}

/** Every vehicle of the roster, one after the other (the shared rate limit paces them), rows in roster then time order. */
async function downloadAllAndWrite(
  client: ApiClient,
  output: OutputFile,
  q: ExportQuery,
): Promise<{ counts: ExportSummary; vehicle: string; rejections: VehicleRejection[] }> {
  const roster = await rosterInOrder(client);
  const rejections: VehicleRejection[] = [];
  if (roster.length === 0) throw new Error('The carrier has no vehicles: there is nothing to export.');
  const counts: ExportSummary = {
    format: q.format,
    rows: 0,
    outliers: 0,
    records: 0,
    days: 0,
    rejected: 0,
    requests: 0,
    retries: 0,
  };
  const parts: string[] = [];
  let company: Downloaded['company'] = null;
  for (const vehicle of roster) {
    // The carrier's company-info is asked once, with the first vehicle.
    const d = await downloadSelection(
      client,
      { ...q.selection, ref: vehicle.vehicle_id },
      { now: q.now, company: company === null },
    );
    company ??= d.company;
    const meta = withDrivers(exportFileMetaOf({ ...d, company }, q.now()), q.drivers);
    const rendered = exportOutput(q.format, d.chunks, q.params, meta, false, q.roads);
    const { header, rows } = splitHeader([...rendered.pieces].join(''));
    if (parts.length === 0) parts.push(header);
    parts.push(rows);
    counts.rows += rendered.rows;
    counts.outliers += rendered.outliers;
    counts.records += d.chunks.reduce((n, c) => n + c.length, 0);
    counts.days += d.days.length;
    counts.rejected += d.rejected;
    counts.requests += d.requests;
    counts.retries += d.retries;
    rejections.push(...rejectionsOf(d));
  }
  await output.commit(parts);
  return { counts, vehicle: `all ${roster.length} vehicles`, rejections };
}

async function downloadAndWrite(
  client: ApiClient,
  output: OutputFile,
  q: ExportQuery,
): Promise<{ counts: ExportSummary; vehicle: string; rejections: VehicleRejection[] }> {
  const { format, params, now } = q;
  const stream =
    (format === 'csv' || format === 'gpx') && q.selection.zone === 'UTC' ? dayStream(format, params, output) : null;
  await stream?.start();
  const d = await downloadSelection(client, q.selection, {
    now,
    company: format !== 'csv',
    ...(stream ? { onDayInOrder: stream.day } : {}),
  });
  const meta = withDrivers(exportFileMetaOf(d, now()), q.drivers);
  const rendered = stream
    ? {
        pieces: stream.rest(d.chunks, meta),
        rows: recordsOf(d.chunks),
        outliers: countOutliers(d.chunks, params.maxPlausibleMph),
      }
    : exportOutput(format, d.chunks, params, meta, { pool: output.pool }, q.roads);
  // Written beside the target and renamed, so a failed export never leaves half a file.
  await output.commit(rendered.pieces);
  const counts: ExportSummary = {
    format,
    rows: rendered.rows,
    outliers: rendered.outliers,
    records: recordsOf(d.chunks),
    days: d.days.length,
    rejected: d.rejected,
    requests: d.requests,
    retries: d.retries,
  };
  return {
    counts,
    vehicle: `${terminalSafe(d.vehicle.number)} (${terminalSafe(d.vehicle.vin)})`,
    rejections: rejectionsOf(d),
  };
}

const withDrivers = (meta: ExportMeta, drivers: ExportDrivers | undefined): ExportMeta =>
  drivers ? { ...meta, drivers } : meta;

const recordsOf = (chunks: readonly DayChunk[]): number => chunks.reduce((n, c) => n + c.length, 0);
