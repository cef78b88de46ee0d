import { CSV_EOL, csvTextCell, csvTextValue, parseCsv } from '../export/csv.ts';
import { createLocalIsoFormatter, isTimeZone } from '../time/local-day.ts';
import { assignmentId, MAX_ASSIGNMENT_TEXT, overlaps, sameAssignment } from './assignment-rules.ts';
import { parseLocalDateTime } from './local-date-time.ts';
import { createResolver, type Resolver } from './name-resolver.ts';
import type { Assignment, DriverName, VehicleName } from './types.ts';

export { checkAssignment, isAssignment } from './assignment-rules.ts';

/**
 * The assignments file a dispatch or TMS system exports (issue 34): `driver,vehicle,from,to`. `driver`: a
 * username (any letter case) or driver id; `vehicle`: a unit number, VIN or vehicle id; `from`/`to`: local
 * date-times of the carrier's home zone unless they carry an offset; both empty: the vehicle's regular
 * driver; `to` empty: open-ended. Import is all-or-nothing.
 */
export const ASSIGNMENTS_CSV_HEADER = ['driver', 'vehicle', 'from', 'to'] as const;
type Column = (typeof ASSIGNMENTS_CSV_HEADER)[number];

/** Bounds of one file: beyond them, one error and nothing read. */
export const ASSIGNMENTS_CSV_LIMITS = Object.freeze({
  maxChars: 2_000_000,
  maxRows: 20_000,
  maxCell: MAX_ASSIGNMENT_TEXT,
});

export interface AssignmentsImportContext {
  carrierId: string;
  zone: string;
  drivers: readonly DriverName[];
  vehicles: readonly VehicleName[];
  /** The carrier's assignments already kept. */
  kept: readonly Assignment[];
  now: number;
}

export type AssignmentsImport =
  { ok: true; assignments: Assignment[]; unchanged: number } | { ok: false; errors: string[] };

const refused = (errors: string[]): AssignmentsImport => ({ ok: false, errors });

/** A row read and resolved, with the line it starts on. */
interface ReadRow {
  line: number;
  assignment: Assignment;
}

/**
 * Reads an assignments file. One sentence per bad row, naming its line; any error refuses the whole file.
 * A row identical to a kept assignment is `unchanged` (re-importing an export adds nothing); a dated row
 * overlapping a kept one that is not identical is refused (remove that one first); a regular driver
 * replaces the vehicle's kept regular driver (the same id).
 */
export function parseAssignmentsCsv(text: string, ctx: AssignmentsImportContext): AssignmentsImport {
  if (!isTimeZone(ctx.zone))
    return refused([`The carrier's home zone "${String(ctx.zone).slice(0, 64)}" is not a time zone.`]);
  if (text.length > ASSIGNMENTS_CSV_LIMITS.maxChars) {
    return refused([`The file is larger than ${ASSIGNMENTS_CSV_LIMITS.maxChars / 1_000_000} MB of text; split it.`]);
  }
  let rows: string[][];
  try {
    rows = parseCsv(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    return refused([`The file is not a readable CSV (${e instanceof Error ? e.message : String(e)}).`]);
  }
  const lines = startLines(rows);
  const headerError = checkHeader(rows[0]);
  if (headerError) return refused([headerError]);
  const position = new Map(rows[0]!.map((name, i) => [name.trim().toLowerCase() as Column, i]));
  const body = rows
    .slice(1)
    .map((cells, k) => ({ cells, line: lines[k + 1]! }))
    .filter((r) => !isBlank(r.cells));
  if (body.length > ASSIGNMENTS_CSV_LIMITS.maxRows) {
    return refused([`The file has ${body.length} rows; at most ${ASSIGNMENTS_CSV_LIMITS.maxRows} are read at once.`]);
  }
  const resolver = createResolver(ctx);
  const errors: string[] = [];
  const read: ReadRow[] = [];
  for (const { cells, line } of body) {
    const r = readRow(cells, position, resolver, ctx);
    if (typeof r === 'string') errors.push(`Row ${line}: ${r}.`);
    else read.push({ line, assignment: r });
  }
  errors.push(...conflicts(read, ctx, resolver.vehicleLabel));
  if (errors.length > 0) return refused(errors);
  const kept = ctx.kept.filter((k) => k.carrierId === ctx.carrierId);
  const fresh = read.filter((r) => !kept.some((k) => sameAssignment(k, r.assignment)));
  return { ok: true, assignments: fresh.map((r) => r.assignment), unchanged: read.length - fresh.length };
}

/** The file line each parsed row starts on (a quoted cell may hold line breaks). */
function startLines(rows: readonly string[][]): number[] {
  const out: number[] = [];
  let line = 1;
  for (const cells of rows) {
    out.push(line);
    line += 1;
    for (const c of cells) line += (c.match(/\r\n|\r|\n/g) ?? []).length;
  }
  return out;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

function checkHeader(header: readonly string[] | undefined): string | null {
  const expected = ASSIGNMENTS_CSV_HEADER.join(',');
  if (!header) return `The file is empty; it needs the header ${expected}.`;
  const names = header.map((h) => h.trim().toLowerCase());
  const sorted = [...names].sort().join(',');
  if (sorted !== [...ASSIGNMENTS_CSV_HEADER].sort().join(',')) {
    const shown = header.join(',').slice(0, 200);
    return `The first line must be the header ${expected} (any order); it is "${shown}".`;
  }
  return null;
}

/** One row resolved into an assignment, or the problem (without "Row n:"). */
function readRow(
  cells: readonly string[],
  position: ReadonlyMap<Column, number>,
  resolver: Resolver,
  ctx: AssignmentsImportContext,
): Assignment | string {
  if (cells.length !== ASSIGNMENTS_CSV_HEADER.length) {
    return `has ${cells.length} cells where the header has ${ASSIGNMENTS_CSV_HEADER.length}`;
  }
  const cell = (c: Column) => cells[position.get(c)!]!.trim();
  const long = ASSIGNMENTS_CSV_HEADER.find((c) => cell(c).length > ASSIGNMENTS_CSV_LIMITS.maxCell);
  if (long) return `the ${long} cell is longer than ${ASSIGNMENTS_CSV_LIMITS.maxCell} characters`;
  const driverText = csvTextValue(cell('driver'));
  const vehicleText = csvTextValue(cell('vehicle'));
  if (driverText === '') return 'the driver cell is empty';
  if (vehicleText === '') return 'the vehicle cell is empty';
  const driver = resolver.driver(driverText);
  if ('problem' in driver) return driver.problem;
  const vehicle = resolver.vehicle(vehicleText);
  if ('problem' in vehicle) return vehicle.problem;
  const fromText = cell('from');
  const toText = cell('to');
  let fromMs: number | null = null;
  let toMs: number | null = null;
  if (fromText === '' && toText !== '') return 'has a `to` without a `from` (leave both empty for the regular driver)';
  if (fromText !== '') {
    const from = parseLocalDateTime(fromText, ctx.zone);
    if (!from.ok) return `from: ${from.problem}`;
    fromMs = from.ms;
    if (toText !== '') {
      const to = parseLocalDateTime(toText, ctx.zone);
      if (!to.ok) return `to: ${to.problem}`;
      if (to.ms <= from.ms) return `\`to\` (${toText}) is not after \`from\` (${fromText})`;
      toMs = to.ms;
    }
  }
  return {
    id: assignmentId(vehicle.id, fromMs),
    carrierId: ctx.carrierId,
    driverId: driver.id,
    vehicleId: vehicle.id,
    fromMs,
    toMs,
    source: 'import',
    createdAt: ctx.now,
  };
}

/** Rows that cannot all hold: two regular drivers of a vehicle, overlapping dated rows, a clash with a kept row. */
function conflicts(read: readonly ReadRow[], ctx: AssignmentsImportContext, label: (id: string) => string): string[] {
  const errors: string[] = [];
  const regularRow = new Map<string, number>();
  for (const r of read) {
    if (r.assignment.fromMs !== null) continue;
    const first = regularRow.get(r.assignment.vehicleId);
    if (first === undefined) regularRow.set(r.assignment.vehicleId, r.line);
    else errors.push(`Row ${r.line}: ${label(r.assignment.vehicleId)} already has a regular driver in row ${first}.`);
  }
  const dated = read.filter((r) => r.assignment.fromMs !== null);
  const byVehicle = new Map<string, ReadRow[]>();
  for (const r of dated) byVehicle.set(r.assignment.vehicleId, [...(byVehicle.get(r.assignment.vehicleId) ?? []), r]);
  for (const rows of byVehicle.values()) {
    rows.sort((a, b) => a.assignment.fromMs! - b.assignment.fromMs! || a.line - b.line);
    // Sorted by start: a row overlaps an earlier one exactly when it starts before the latest end so far.
    let reach: ReadRow | null = null;
    for (const r of rows) {
      if (reach && overlaps(reach.assignment, r.assignment)) {
        const [a, b] = reach.line < r.line ? [reach, r] : [r, reach];
        errors.push(
          `Row ${b.line}: overlaps row ${a.line}; ${label(r.assignment.vehicleId)} cannot have two drivers at once.`,
        );
      }
      if (
        !reach ||
        (reach.assignment.toMs !== null && (r.assignment.toMs === null || r.assignment.toMs > reach.assignment.toMs))
      )
        reach = r;
    }
  }
  const iso = createLocalIsoFormatter(ctx.zone);
  const kept = ctx.kept.filter((k) => k.carrierId === ctx.carrierId && k.fromMs !== null);
  for (const r of dated) {
    if (kept.some((k) => sameAssignment(k, r.assignment))) continue;
    const clash = kept.find((k) => k.vehicleId === r.assignment.vehicleId && overlaps(k, r.assignment));
    if (clash) {
      const until = clash.toMs === null ? 'open-ended' : `to ${iso(clash.toMs)}`;
      errors.push(
        `Row ${r.line}: overlaps ${label(clash.vehicleId)}'s kept assignment from ${iso(clash.fromMs!)} ${until}; remove or end that one first.`,
      );
    }
  }
  return errors.sort((a, b) => rowOf(a) - rowOf(b));
}

const rowOf = (error: string) => Number(/^Row (\d+)/.exec(error)?.[1] ?? 0);

export interface AssignmentsExportContext {
  zone: string;
  drivers: ReadonlyMap<string, DriverName>;
  vehicles: ReadonlyMap<string, VehicleName>;
}

/**
 * The assignments as a file parseAssignmentsCsv reads back to the same assignments: per vehicle (by unit
 * number) the regular driver first, then dated rows by start; times local with their offset (unambiguous
 * in the hour a fall-back repeats); a unit number or username that would not name one thing is written as
 * the id instead.
 */
export function assignmentsCsv(assignments: readonly Assignment[], ctx: AssignmentsExportContext): string {
  const iso = createLocalIsoFormatter(ctx.zone);
  const numberCount = countBy([...ctx.vehicles.values()], (v) => v.number.toLowerCase());
  const usernameCount = countBy([...ctx.drivers.values()], (d) => d.username.toLowerCase());
  const vehicleCell = (id: string) => {
    const v = ctx.vehicles.get(id);
    return v && v.number !== '' && numberCount.get(v.number.toLowerCase()) === 1 ? v.number : id;
  };
  const driverCell = (id: string) => {
    const d = ctx.drivers.get(id);
    return d && d.username !== '' && usernameCount.get(d.username.toLowerCase()) === 1 ? d.username : id;
  };
  const rows = assignments
    .map((a) => ({ a, vehicle: vehicleCell(a.vehicleId) }))
    .sort(
      (x, y) =>
        x.vehicle.localeCompare(y.vehicle, 'en', { numeric: true }) ||
        x.a.vehicleId.localeCompare(y.a.vehicleId) ||
        (x.a.fromMs ?? -Infinity) - (y.a.fromMs ?? -Infinity),
    );
  const lines = [ASSIGNMENTS_CSV_HEADER.join(',')];
  for (const { a, vehicle } of rows) {
    const from = a.fromMs === null ? '' : iso(a.fromMs);
    const to = a.toMs === null ? '' : iso(a.toMs);
    lines.push([csvTextCell(driverCell(a.driverId)), csvTextCell(vehicle), from, to].join(','));
  }
  return lines.join(CSV_EOL) + CSV_EOL;
}

function countBy<T>(items: readonly T[], key: (t: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}
