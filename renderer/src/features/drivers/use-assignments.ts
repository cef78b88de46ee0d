import { useMemo } from 'react';
import type { DriverRow, VehicleRow } from '../../../../shared/domain/carrier.ts';
import type { Assignment } from '../../../../shared/drivers/types.ts';
import { assignmentsOfCarrier } from '../../store/assignments.ts';
import { useLive } from '../../store/hooks.ts';
import { loadRoster } from '../../store/snapshots.ts';
import { rosterNames, type RosterNames } from './names.ts';

/** A carrier's kept assignments, re-read whenever they change (undefined while the first read runs). */
export function useAssignments(carrierId: string): Assignment[] | undefined {
  return useLive(() => assignmentsOfCarrier(carrierId), [carrierId]);
}

/** The carrier's drivers and vehicles as last kept (each fleet fetch keeps its roster). */
export function useStoredNames(carrierId: string): RosterNames {
  const rosters = useLive(
    async () => Promise.all([loadRoster(carrierId, 'drivers'), loadRoster(carrierId, 'vehicles')]),
    [carrierId],
  );
  return useMemo(
    () => rosterNames((rosters?.[0]?.rows ?? []) as DriverRow[], (rosters?.[1]?.rows ?? []) as VehicleRow[]),
    [rosters],
  );
}
