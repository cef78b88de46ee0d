import { parseAssignmentsCsv } from '../../../../shared/drivers/assignments-csv.ts';
import type { Assignment } from '../../../../shared/drivers/types.ts';
import { importOutcomeText } from './assignment-edits.ts';
import type { RosterNames } from './names.ts';

/** The largest assignments file read: the parser's own bound, checked before the file is read into memory. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export type ImportResult = { ok: true; add: Assignment[]; text: string } | { ok: false; errors: string[] };

const sameAs = (a: Assignment, b: Assignment | undefined) =>
  b !== undefined && a.driverId === b.driverId && a.fromMs === b.fromMs && a.toMs === b.toMs;

/**
 * A dispatch CSV read against the carrier's roster and kept assignments: the rows to keep (those not
 * already kept as they are) and what to say, or every sentence why it is refused. All or nothing.
 */
export async function importAssignments(
  file: Pick<Blob, 'size' | 'text'>,
  ctx: { carrierId: string; zone: string; names: RosterNames; kept: readonly Assignment[]; now: number },
): Promise<ImportResult> {
  if (file.size > MAX_IMPORT_BYTES)
    return { ok: false, errors: [`The file is ${file.size.toLocaleString('en-US')} bytes; at most 2 MB is read.`] };
  if (ctx.names.drivers.length === 0)
    return { ok: false, errors: ['No drivers are known for this carrier yet: open the Drivers tab once online.'] };
  const parsed = parseAssignmentsCsv(await file.text(), {
    carrierId: ctx.carrierId,
    zone: ctx.zone,
    drivers: ctx.names.drivers,
    vehicles: ctx.names.vehicles,
    kept: ctx.kept,
    now: ctx.now,
  });
  if (!parsed.ok) return parsed;
  const keptById = new Map(ctx.kept.map((a) => [a.id, a]));
  const add = parsed.assignments.filter((a) => !sameAs(a, keptById.get(a.id)));
  return { ok: true, add, text: importOutcomeText(add.length, parsed.unchanged) };
}
