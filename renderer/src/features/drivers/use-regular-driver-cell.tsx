import { useCallback, useMemo, type ReactNode } from 'react';
import type { CarrierView, VehicleRow } from '../../../../shared/domain/carrier.ts';
import { assignmentZone } from './AssignmentsTab.tsx';
import { RegularDriverSelect } from './RegularDriverSelect.tsx';
import { useAssignments, useStoredNames } from './use-assignments.ts';

/** The Vehicles tab's "Regular driver" cell of each row, from the carrier's kept assignments and drivers. */
export function useRegularDriverCell(carrier: CarrierView): (v: VehicleRow) => ReactNode {
  const names = useStoredNames(carrier.id);
  const stored = useAssignments(carrier.id);
  const kept = useMemo(() => stored ?? [], [stored]);
  const zone = assignmentZone(carrier);
  return useCallback(
    (v: VehicleRow) => (
      <RegularDriverSelect
        carrierId={carrier.id}
        zone={zone}
        vehicleId={v.vehicleId}
        vehicleNumber={v.number}
        names={names}
        kept={kept}
      />
    ),
    [carrier.id, zone, names, kept],
  );
}
