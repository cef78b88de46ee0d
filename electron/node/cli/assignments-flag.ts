import { readFileSync, statSync } from 'node:fs';
import { createAttributor } from '../../../shared/drivers/attribution.ts';
import { ASSIGNMENTS_CSV_LIMITS, parseAssignmentsCsv } from '../../../shared/drivers/assignments-csv.ts';
import type { DriverName, VehicleName } from '../../../shared/drivers/types.ts';
import type { ExportDrivers } from '../../../shared/export/driver-columns.ts';
import { terminalSafe } from '../../../shared/util/terminal-text.ts';
import type { ApiClient } from '../api/index.ts';
import { stringFlag, UsageError, type ParsedArgs } from './args.ts';
import type { ExportFormat } from './export-formats.ts';
import { checkInputFile } from './road-limits.ts';

/**
 * `export --format trips|events --assignments FILE.csv`: who drove, from the carrier's assignments as a
 * dispatch or TMS system exports them (`driver,vehicle,from,to`, shared/drivers/assignments-csv.ts). The
 * CSV gains driver_username, driver_name and assignment by the app's rule (shared/export/driver-columns.ts).
 */
export const ASSIGNMENTS_FLAG_HELP = `         --assignments FILE.csv (trips / events): who drove, from a driver,vehicle,from,to
                                         file (driver: username or id; vehicle: unit number, VIN or id;
                                         from/to: date-times of --tz unless they carry an offset; both
                                         empty: the regular driver; empty to: open-ended). Adds
                                         driver_username, driver_name and assignment after the last
                                         column. One bad row refuses the file, before the download.`;

/** The file's rows are stamped with a carrier; the CLI keeps nothing, so any constant names it. */
const CLI_CARRIER = 'cli';
/** Sentences shown of a refused file; the rest are counted (a bad file may have thousands). */
const MAX_SHOWN_ERRORS = 20;

export interface AssignmentsFile {
  file: string;
  text: string;
}

/**
 * The --assignments file's text, read and bounded before any request; undefined without the flag. Only
 * the trips and events CSVs have driver columns.
 */
export function readAssignmentsFlag(args: ParsedArgs, format: ExportFormat): AssignmentsFile | undefined {
  if (stringFlag(args, 'assignments') === undefined) return undefined;
  if (format !== 'trips' && format !== 'events')
    throw new UsageError(
      `--assignments adds the driver columns of the trips and events CSVs (--format trips or events); --format ${format} has none.`,
    );
  return readAssignmentsFile(args);
}

/** The --assignments file's text, read and bounded (any command that writes trips or events); undefined without it. */
export function readAssignmentsFile(args: ParsedArgs): AssignmentsFile | undefined {
  const file = stringFlag(args, 'assignments');
  if (file === undefined) return undefined;
  checkInputFile(file);
  const shown = terminalSafe(file, 1000);
  // UTF-8 takes at least a byte a character: a file within the cap in bytes is within it in text.
  if (statSync(file).size > ASSIGNMENTS_CSV_LIMITS.maxChars)
    throw new UsageError(
      `--assignments ${shown} is larger than ${ASSIGNMENTS_CSV_LIMITS.maxChars / 1_000_000} MB; split it.`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch {
    throw new UsageError(`--assignments ${shown} is not UTF-8 text.`);
  }
  return { file, text };
}

/**
 * The assignments resolved against the carrier's drivers (spec 2.3) and vehicles (2.5), fetched through
 * the export's own client (one rate limiter); times without an offset are `zone`'s. A UsageError names
 * the file and every bad row.
 */
export async function resolveAssignments(
  client: ApiClient,
  read: AssignmentsFile,
  zone: string,
  nowMs: number,
): Promise<ExportDrivers> {
  const [drivers, vehicles] = await Promise.all([client.drivers({ limit: 1000 }), client.vehicles({ limit: 1000 })]);
  const names: DriverName[] = drivers.records.map((d) => ({
    driverId: d.driver_id,
    username: d.username,
    firstName: d.first_name,
    lastName: d.last_name,
  }));
  const vehicleNames: VehicleName[] = vehicles.records.map((v) => ({
    vehicleId: v.vehicle_id,
    number: v.number,
    vin: v.vin,
  }));
  const result = parseAssignmentsCsv(read.text, {
    carrierId: CLI_CARRIER,
    zone,
    drivers: names,
    vehicles: vehicleNames,
    kept: [],
    now: nowMs,
  });
  if (!result.ok) {
    const shown = result.errors.slice(0, MAX_SHOWN_ERRORS);
    const more = result.errors.length - shown.length;
    throw new UsageError(
      `--assignments ${terminalSafe(read.file, 1000)} is refused: ${shown.join(' ')}${more > 0 ? ` (and ${more} more)` : ''}`,
    );
  }
  return { attributor: createAttributor(result.assignments), names: new Map(names.map((d) => [d.driverId, d])) };
}
