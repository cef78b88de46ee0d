import { MAX_ASSIGNMENT_TEXT, overlaps } from '../drivers/assignment-rules.ts';
import { isAssignment } from '../drivers/assignments-csv.ts';
import type { Assignment } from '../drivers/types.ts';

/**
 * The drivers an audit request carries (shared/export/drivers-data.ts), checked before the backend keeps
 * them: whatever the page sends is untrusted. Bounded so one request stays small: a carrier's assignments
 * over years and its whole roster fit.
 */
export const AUDIT_DRIVERS_LIMITS = Object.freeze({ maxAssignments: 20_000, maxNames: 10_000 });

const NAME_FIELDS = ['driverId', 'username', 'firstName', 'lastName'] as const;

const isNameText = (v: unknown, mayBeEmpty: boolean) =>
  typeof v === 'string' && v.length <= MAX_ASSIGNMENT_TEXT && (mayBeEmpty || v !== '');

function isDriverName(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== NAME_FIELDS.length || !NAME_FIELDS.every((k) => keys.includes(k))) return false;
  const d = v as Record<(typeof NAME_FIELDS)[number], unknown>;
  return (
    isNameText(d.driverId, false) &&
    isNameText(d.username, false) &&
    [d.firstName, d.lastName].every((s) => isNameText(s, true))
  );
}

/**
 * Why the drivers of an audit request of `carrierId` are refused, as one sentence; null when they may be
 * used. Refused: anything but { assignments, names }, more than the limits, a row that is not an assignment
 * of this carrier, two dated assignments giving one vehicle two drivers at once, a malformed name. No
 * assignment at all is accepted: the carrier has some, none of this vehicle, so every row says "unassigned"
 * (the columns are there, as `--assignments` gives them for a truck the file does not name).
 */
export function auditDriversProblem(v: unknown, carrierId: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return 'The drivers sent with this audit are not a list of assignments and a list of driver names.';
  const keys = Object.keys(v);
  const o = v as Record<string, unknown>;
  if (keys.length !== 2 || !Array.isArray(o['assignments']) || !Array.isArray(o['names']))
    return 'The drivers sent with this audit are not a list of assignments and a list of driver names.';
  const assignments: unknown[] = o['assignments'];
  const names: unknown[] = o['names'];
  if (assignments.length > AUDIT_DRIVERS_LIMITS.maxAssignments)
    return `The audit carries ${assignments.length} assignments; at most ${AUDIT_DRIVERS_LIMITS.maxAssignments.toLocaleString('en-US')} are sent.`;
  if (names.length > AUDIT_DRIVERS_LIMITS.maxNames)
    return `The audit carries ${names.length} driver names; at most ${AUDIT_DRIVERS_LIMITS.maxNames.toLocaleString('en-US')} are sent.`;
  const bad = assignments.findIndex((a) => !isAssignment(a));
  if (bad >= 0) return `Assignment ${bad + 1} of the audit is malformed (not an assignment RouteLens keeps).`;
  const rows = assignments as Assignment[];
  const other = rows.findIndex((a) => a.carrierId !== carrierId);
  if (other >= 0) return `Assignment ${other + 1} of the audit is of another carrier than the audit's.`;
  const clash = overlappingPair(rows);
  if (clash)
    return `Assignments ${clash[0] + 1} and ${clash[1] + 1} of the audit give vehicle ${rows[clash[0]]!.vehicleId} two drivers at once.`;
  const badName = names.findIndex((d) => !isDriverName(d));
  if (badName >= 0) return `Driver name ${badName + 1} of the audit is malformed.`;
  return null;
}

/** Indexes of two dated assignments of one vehicle that share an instant; null when none do. */
function overlappingPair(rows: readonly Assignment[]): [number, number] | null {
  const dated = rows
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.fromMs !== null)
    .sort((x, y) =>
      x.a.vehicleId < y.a.vehicleId ? -1 : x.a.vehicleId > y.a.vehicleId ? 1 : x.a.fromMs! - y.a.fromMs!,
    );
  // Sorted by vehicle then start: if any two of a vehicle overlap, some neighbour pair does.
  for (let k = 1; k < dated.length; k++) {
    const [p, q] = [dated[k - 1]!, dated[k]!];
    if (p.a.vehicleId === q.a.vehicleId && overlaps(p.a, q.a)) return [Math.min(p.i, q.i), Math.max(p.i, q.i)];
  }
  return null;
}
