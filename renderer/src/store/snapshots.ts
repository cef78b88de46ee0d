import type { DriverRow, FleetSnapshot, VehicleRow } from '../../../shared/domain/carrier.ts';
import { getDb } from './db.ts';
import type { RosterRow } from './types.ts';
import { writer } from './writer.ts';

/** Keeps the roster for offline use and appends a timestamped snapshot (the API keeps no history). */
export async function saveFleetSnapshot(
  snapshot: FleetSnapshot<VehicleRow> | FleetSnapshot<DriverRow>,
  kind: 'vehicles' | 'drivers',
): Promise<void> {
  // A cached answer is a fetch already saved: saving it again would duplicate a snapshot.
  if (snapshot.cached) return;
  await writer.putRoster({
    carrierId: snapshot.carrierId,
    kind,
    fetchedAt: snapshot.fetchedAt,
    rows: snapshot.rows,
  } as RosterRow);
}

export async function loadRoster(carrierId: string, kind: 'vehicles' | 'drivers'): Promise<RosterRow | undefined> {
  return getDb().rosters.get([carrierId, kind]);
}
