import type { VehicleRow } from '../../../shared/domain/carrier.ts';
import type { RouteLensApi } from '../../../shared/ipc/contract.ts';
import { loadRoster, saveFleetSnapshot } from '../store/snapshots.ts';

/** A carrier's vehicle roster: the stored one (offline), else one fetch that is then stored. */
export async function vehicleRoster(
  api: RouteLensApi,
  carrierId: string,
  force: boolean,
): Promise<{ rows: VehicleRow[]; fetchedAt: number }> {
  if (!force) {
    const stored = await loadRoster(carrierId, 'vehicles');
    if (stored) return { rows: stored.rows as VehicleRow[], fetchedAt: stored.fetchedAt };
  }
  const snap = await api.fleet.vehicles(carrierId, force);
  await saveFleetSnapshot(snap, 'vehicles');
  return { rows: snap.rows, fetchedAt: snap.fetchedAt };
}
