import { DUTY_STATUS_CODES, type DutyStatusCode } from '../../../shared/api/wire.ts';
import type { DriverRow } from '../../../shared/domain/carrier.ts';
import { isAssignment } from '../../../shared/drivers/assignments-csv.ts';
import type { Assignment, DriverStatusSample } from '../../../shared/drivers/types.ts';
import { getDb, type RouteLensDb } from './db.ts';
import { loadRoster } from './snapshots.ts';
import type { SnapshotRow } from './types.ts';

/**
 * Who drove, in IndexedDB: a carrier's assignments (shared/drivers/types.ts). Writes run in the store
 * worker (store/worker.ts) like every other; reads on the page. Apart from the day tables on purpose:
 * deleting or downloading days again never touches them.
 */

/**
 * Adds (or replaces, by id) `add` and removes `removeIds`, in one transaction: an import is kept whole or
 * not at all. A row that is not an assignment of this carrier refuses the whole write before it starts.
 */
export async function replaceAssignments(
  db: RouteLensDb,
  carrierId: string,
  add: readonly Assignment[],
  removeIds: readonly string[],
): Promise<void> {
  if (!add.every((a) => isAssignment(a) && a.carrierId === carrierId))
    throw new TypeError(`Not an assignment of carrier ${carrierId}: refused before it reached the store.`);
  await db.transaction('rw', [db.assignments], async () => {
    await db.assignments.bulkDelete(removeIds.map((id): [string, string] => [carrierId, id]));
    await db.assignments.bulkPut([...add]);
  });
}

export async function deleteAssignment(db: RouteLensDb, carrierId: string, id: string): Promise<void> {
  await db.assignments.delete([carrierId, id]);
}

/** A carrier's assignments; a row that is not a valid assignment (a hand-edited or damaged store) is left out, not trusted. */
export async function assignmentsOfCarrier(carrierId: string): Promise<Assignment[]> {
  const rows = await getDb()
    .assignments.where('[carrierId+id]')
    .between([carrierId, ''], [carrierId, '\uffff'], true, true)
    .toArray();
  return keptAssignments(rows, carrierId);
}

/** Who drove for a carrier as kept: its assignments, and the driver roster its last fleet fetch kept. */
export async function keptDrivers(carrierId: string): Promise<{ assignments: Assignment[]; drivers: DriverRow[] }> {
  const [assignments, roster] = await Promise.all([assignmentsOfCarrier(carrierId), loadRoster(carrierId, 'drivers')]);
  return { assignments, drivers: (roster?.rows ?? []) as DriverRow[] };
}

/** The rows that are assignments of this carrier, as stored. */
export function keptAssignments(rows: readonly unknown[], carrierId: string): Assignment[] {
  return rows.filter((r): r is Assignment => isAssignment(r) && r.carrierId === carrierId);
}

/** What each driver's ELD clocks said at each kept drivers snapshot of a carrier taken in [fromMs, toMs]. */
export async function driverSamples(carrierId: string, fromMs: number, toMs: number): Promise<DriverStatusSample[]> {
  const rows = await getDb()
    .snapshots.where('[carrierId+kind+takenAt]')
    .between([carrierId, 'drivers', fromMs], [carrierId, 'drivers', toMs], true, true)
    .toArray();
  return samplesOfSnapshots(rows);
}

/**
 * One sample per driver per drivers snapshot, in time order. A driver without HOS data in a snapshot
 * gives a sample of nulls (known to be unknown, never guessed); a malformed row is left out.
 */
export function samplesOfSnapshots(rows: readonly SnapshotRow[]): DriverStatusSample[] {
  const out: DriverStatusSample[] = [];
  for (const snap of [...rows].sort((a, b) => a.takenAt - b.takenAt)) {
    if (snap.kind !== 'drivers' || !Number.isFinite(snap.takenAt) || !Array.isArray(snap.rows)) continue;
    for (const row of snap.rows as unknown[]) {
      const sample = sampleOf(row, snap.takenAt);
      if (sample) out.push(sample);
    }
  }
  return out;
}

const isDutyStatus = (v: unknown): v is DutyStatusCode => (DUTY_STATUS_CODES as readonly unknown[]).includes(v);
const clock = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function sampleOf(value: unknown, takenAt: number): DriverStatusSample | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Partial<DriverRow>;
  if (typeof row.driverId !== 'string' || row.driverId === '') return null;
  const hos = typeof row.hos === 'object' && row.hos !== null ? row.hos : null;
  return {
    driverId: row.driverId,
    takenAt,
    status: isDutyStatus(hos?.status) ? hos.status : null,
    driveMs: clock(hos?.driveMs),
    shiftMs: clock(hos?.shiftMs),
    cycleMs: clock(hos?.cycleMs),
    breakMs: clock(hos?.breakMs),
  };
}
