import type { Assignment, Attribution, DriverName, SpanAttribution } from './types.ts';

/**
 * Who drove a vehicle at an instant or over a span (a trip, an event), from the carrier's assignments.
 *
 * Rule: a dated assignment covering the instant ([fromMs, toMs), toMs null: open-ended) wins; else the
 * vehicle's regular driver (fromMs null); else unassigned. Nothing is inferred here: a suggestion becomes
 * an assignment only when the user accepts it.
 */
export interface Attributor {
  at(vehicleId: string, ms: number): Attribution;
  /** The driver at `startMs`, then every driver the attribution changes to at an instant in (startMs, endMs]. */
  during(vehicleId: string, startMs: number, endMs: number): SpanAttribution;
}

interface VehicleAssignments {
  regular: Assignment | null;
  /** Dated assignments by fromMs (never overlapping: refused on entry and import). */
  dated: Assignment[];
}

const UNASSIGNED: Attribution = Object.freeze({ kind: 'unassigned' });

/**
 * Builds per-vehicle arrays sorted by start once, so each question is a binary search: it is asked per
 * trip and per event over a fleet's months.
 */
export function createAttributor(assignments: readonly Assignment[]): Attributor {
  const byVehicle = new Map<string, VehicleAssignments>();
  for (const a of assignments) {
    let v = byVehicle.get(a.vehicleId);
    if (!v) {
      v = { regular: null, dated: [] };
      byVehicle.set(a.vehicleId, v);
    }
    if (a.fromMs === null) {
      // Two regular drivers are refused on entry; should a store hold two anyway, the latest made wins.
      if (!v.regular || a.createdAt > v.regular.createdAt) v.regular = a;
    } else v.dated.push(a);
  }
  for (const v of byVehicle.values()) v.dated.sort((a, b) => a.fromMs! - b.fromMs!);

  const at = (vehicleId: string, ms: number): Attribution => {
    const v = byVehicle.get(vehicleId);
    if (!v) return UNASSIGNED;
    const i = lastStartingAtOrBefore(v.dated, ms);
    const d = i >= 0 ? v.dated[i]! : null;
    if (d && (d.toMs === null || ms < d.toMs)) return { kind: 'dated', driverId: d.driverId, assignmentId: d.id };
    if (v.regular) return { kind: 'regular', driverId: v.regular.driverId, assignmentId: v.regular.id };
    return UNASSIGNED;
  };

  const during = (vehicleId: string, startMs: number, endMs: number): SpanAttribution => {
    const start = at(vehicleId, startMs);
    const changedTo: (string | null)[] = [];
    const v = byVehicle.get(vehicleId);
    if (!v || v.dated.length === 0 || !(endMs > startMs)) return { start, changedTo };
    // Attribution can change only where a dated assignment starts or ends.
    const boundaries: number[] = [];
    for (let i = Math.max(0, lastStartingAtOrBefore(v.dated, startMs)); i < v.dated.length; i++) {
      const d = v.dated[i]!;
      if (d.fromMs! > endMs) break;
      if (d.fromMs! > startMs) boundaries.push(d.fromMs!);
      if (d.toMs !== null && d.toMs > startMs && d.toMs <= endMs) boundaries.push(d.toMs);
    }
    boundaries.sort((a, b) => a - b);
    let current = driverOf(start);
    for (const b of boundaries) {
      const next = driverOf(at(vehicleId, b));
      if (next !== current) changedTo.push(next);
      current = next;
    }
    return { start, changedTo };
  };

  return { at, during };
}

/** The driver an attribution names; null when unassigned. */
export function driverOf(a: Attribution): string | null {
  return a.kind === 'unassigned' ? null : a.driverId;
}

/** Index of the last assignment with fromMs ≤ ms, -1 when none. */
function lastStartingAtOrBefore(dated: readonly Assignment[], ms: number): number {
  let lo = 0;
  let hi = dated.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dated[mid]!.fromMs! <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export interface DriverCells {
  driver_username: string;
  driver_name: string;
  assignment: string;
}

/** The trips and events CSV columns that name the driver, in order. */
export const DRIVER_CSV_COLUMNS = [
  'driver_username',
  'driver_name',
  'assignment',
] as const satisfies readonly (keyof DriverCells)[];

/**
 * The three CSV/UI cells of a span's driver: the driver at its start ('' when unassigned; a driver the
 * roster does not know: username = its id, name ''), and how the attribution was made: 'dated', 'regular',
 * 'unassigned', or, when it changed during the span, `changed: a → b` naming every driver by username
 * ('unassigned' for nobody). Plain text: the CSV writer neutralises and quotes.
 */
export function driverCells(span: SpanAttribution, names: ReadonlyMap<string, DriverName>): DriverCells {
  const startId = driverOf(span.start);
  const username = (id: string | null) => (id === null ? 'unassigned' : (names.get(id)?.username ?? id));
  const assignment =
    span.changedTo.length > 0 ? `changed: ${[startId, ...span.changedTo].map(username).join(' → ')}` : span.start.kind;
  if (startId === null) return { driver_username: '', driver_name: '', assignment };
  const known = names.get(startId);
  return {
    driver_username: known?.username ?? startId,
    driver_name: known ? fullName(known) : '',
    assignment,
  };
}

/** "Jane Smith" from the roster's fields ('' when it has neither). */
export function fullName(d: DriverName): string {
  return [d.firstName, d.lastName].filter((s) => s !== '').join(' ');
}

/** "J. Smith": the first initial and the last name (what fits a table cell); the username when the roster gives no name. */
export function shortName(d: DriverName): string {
  if (d.lastName === '') return d.firstName !== '' ? d.firstName : d.username;
  return d.firstName !== '' ? `${[...d.firstName][0]}. ${d.lastName}` : d.lastName;
}

/**
 * A span's driver on screens: "J. Smith (jsmith)", "Unassigned", or
 * "J. Smith → B. Jones (assignment changed during the trip)". A driver the roster does not know shows its id.
 */
export function driverLabel(span: SpanAttribution, names: ReadonlyMap<string, DriverName>): string {
  const startId = driverOf(span.start);
  const short = (id: string | null) => {
    if (id === null) return 'Unassigned';
    const d = names.get(id);
    return d ? shortName(d) : id;
  };
  if (span.changedTo.length > 0) {
    return `${[startId, ...span.changedTo].map(short).join(' → ')} (assignment changed during the trip)`;
  }
  if (startId === null) return 'Unassigned';
  const d = names.get(startId);
  return d ? `${shortName(d)} (${d.username})` : startId;
}
