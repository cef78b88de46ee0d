import { DUTY_STATUS_MEANING } from '../../../shared/domain/status.ts';
import { formatHoursMinutes } from '../../../shared/domain/hos.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { dayOfMs, isUtcDay, type UtcDay } from '../../../shared/util/day.ts';
import { historyWindow } from '../../../shared/util/history-window.ts';
import type { ApiClient } from '../api/index.ts';
import { NotFoundError } from '../api/index.ts';
import { syncVehicleHistory } from '../sync/index.ts';
import { parseAnalysisFlags } from './analysis-flags.ts';
import { requiredFlag, stringFlag, UsageError, type ParsedArgs } from './args.ts';
import { exportOutput, parseExportFormat, type ExportFormat } from './export-formats.ts';
import { openOutputFile, type OutputFile } from './output-file.ts';
import { formatTable } from './table.ts';

export type Out = (line: string) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function companyCommand(client: ApiClient, args: ParsedArgs, out: Out): Promise<void> {
  const c = await client.companyInfo();
  if (args.flags.has('json')) return out(JSON.stringify(c));
  out(formatTable(['Company', 'DOT number'], [[c.company_name, c.dot_number]]));
}

export async function vehiclesCommand(client: ApiClient, args: ParsedArgs, out: Out): Promise<void> {
  const status = stringFlag(args, 'status');
  if (status !== undefined && status !== 'active' && status !== 'inactive') throw new UsageError(`--status must be "active" or "inactive", not "${status}".`);
  const { records, rejected } = await client.vehicles({ limit: 1000, ...(status ? { status } : {}) });
  if (args.flags.has('json')) return out(JSON.stringify({ vehicles: records, rejected: rejected.length }));
  out(formatTable(['Vehicle ID', 'Number', 'VIN', 'Active'], records.map((v) => [v.vehicle_id, v.number, v.vin, v.active ? 'yes' : 'no'])));
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
    return out(JSON.stringify({ drivers: drivers.map((d) => (withHos ? { ...d, hos: byId.get(d.driver_id) ?? null } : d)), rejected: rejected.length + (hos?.rejected.length ?? 0) }));
  }
  const headers = ['Driver ID', 'Username', 'Name', 'Active', ...(withHos ? ['Status', 'Drive', 'Shift', 'Cycle', 'Break'] : [])];
  const rows = drivers.map((d) => {
    const base = [d.driver_id, d.username, `${d.first_name} ${d.last_name}`, d.active ? 'yes' : 'no'];
    if (!withHos) return base;
    const s = byId.get(d.driver_id);
    if (!s || s.current_status === null) return [...base, 'no HOS activity', '—', '—', '—', '—'];
    return [...base, `${s.current_status} (${DUTY_STATUS_MEANING[s.current_status]})`, formatHoursMinutes(s.drive), formatHoursMinutes(s.shift), formatHoursMinutes(s.cycle), formatHoursMinutes(s.break)];
  });
  out(formatTable(headers, rows));
}

/** Finds the vehicle a user named: UUID, unit number, VIN, or a legacy (v1) id. */
async function resolveVehicle(client: ApiClient, ref: string) {
  if (UUID.test(ref)) return client.vehicle(ref);
  const { records } = await client.vehicles({ limit: 1000 });
  const needle = ref.toUpperCase();
  const matches = records.filter((v) => v.number.toUpperCase() === needle || v.vin.toUpperCase() === needle);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new UsageError(`"${ref}" matches ${matches.length} vehicles; use the vehicle id or VIN.`);
  try {
    return await client.vehicle(ref); // spec 9.5: legacy ids are accepted in paths, UUIDs come back
  } catch (err) {
    if (err instanceof NotFoundError) throw new UsageError(`No vehicle matches "${ref}" (by id, unit number, VIN or legacy id).`);
    throw err;
  }
}

function parseDay(args: ParsedArgs, flag: string): UtcDay {
  const v = requiredFlag(args, flag, 'a UTC day, YYYY-MM-DD');
  if (!isUtcDay(v)) throw new UsageError(`--${flag} "${v}" is not a date in the form YYYY-MM-DD.`);
  return v;
}

export interface ExportSummary {
  format: ExportFormat;
  /** Data rows written: breadcrumbs (csv, gpx), trips or events. */
  rows: number;
  /** Readings the analysis leaves out as outliers. */
  outliers: number;
  records: number;
  days: number;
  rejected: number;
  requests: number;
  retries: number;
}

export async function exportCommand(client: ApiClient, args: ParsedArgs, out: Out, now: () => number = Date.now): Promise<ExportSummary> {
  const ref = requiredFlag(args, 'vehicle', 'vehicle id, unit number, VIN or legacy id');
  const from = parseDay(args, 'from');
  const to = parseDay(args, 'to');
  const format = parseExportFormat(args);
  const params = parseAnalysisFlags(args);
  const file = requiredFlag(args, 'out', 'the file to write');
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  const window = historyWindow(now());
  if (from < window.start || to > window.end) {
    throw new UsageError(`The range ${from}..${to} is outside the API's 6-month history window (${window.start} to ${window.end}).`);
  }

  const output = openOutputFile(file);
  try {
    const summary = await downloadAndWrite(client, output, { ref, from, to, format, params, now });
    const what = format === 'trips' ? 'trips' : format === 'events' ? 'safety events' : 'breadcrumbs';
    const outliers = summary.counts.outliers > 0 ? ` (${summary.counts.outliers} outliers ignored by the analysis)` : '';
    out(`Wrote ${summary.counts.rows} ${what} of ${summary.vehicle}, ${from} to ${to}, to ${file}${outliers}.`);
    out(JSON.stringify(summary.counts));
    return summary.counts;
  } catch (err) {
    // The error that ended the export is the one reported, whatever removing the temp file does.
    await output.discard();
    throw err;
  }
}

async function downloadAndWrite(
  client: ApiClient,
  output: OutputFile,
  q: { ref: string; from: UtcDay; to: UtcDay; format: ExportFormat; params: AnalysisParams; now: () => number },
): Promise<{ counts: ExportSummary; vehicle: string }> {
  const { from, to, format, params, now } = q;
  const vehicle = await resolveVehicle(client, q.ref);
  const company = format === 'gpx' ? await client.companyInfo() : null;
  const chunks: DayChunk[] = [];
  const result = await syncVehicleHistory({
    client,
    vehicleId: vehicle.vehicle_id,
    from,
    to,
    today: dayOfMs(now()),
    have: () => 'missing',
    onDay: ({ chunk }) => {
      chunks.push(chunk);
    },
  });

  const rendered = exportOutput(format, chunks, params, () => ({ carrierName: company?.company_name ?? '', dotNumber: company?.dot_number ?? '', vehicleNumber: vehicle.number, vin: vehicle.vin, from, to, generatedAt: now() }));
  // Written beside the target and renamed, so a failed export never leaves half a file.
  await output.commit(rendered.pieces);
  const counts: ExportSummary = {
    format,
    rows: rendered.rows,
    outliers: rendered.outliers,
    records: chunks.reduce((n, c) => n + c.length, 0),
    days: chunks.length,
    rejected: result.rejected,
    requests: result.requests,
    retries: result.retries,
  };
  return { counts, vehicle: `${vehicle.number} (${vehicle.vin})` };
}
