import { useMemo, useState } from 'react';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import { isTimeZone } from '../../../../shared/time/local-day.ts';
import { useFleet } from '../../hooks/useFleet.ts';
import { useLive } from '../../store/hooks.ts';
import { storedVehicleIds } from '../../store/reads.ts';
import type { AssignmentForm } from './assignment-edits.ts';
import { AssignmentFormPanel } from './AssignmentFormPanel.tsx';
import { AssignmentsFiles } from './AssignmentsFiles.tsx';
import { AssignmentsList } from './AssignmentsList.tsx';
import { SuggestionsPanel } from './SuggestionsPanel.tsx';
import { useAssignments, useStoredNames } from './use-assignments.ts';
import './drivers.css';

/** The carrier's zone for assignments' times: its home zone (UTC when the stored one is not a zone). */
export const assignmentZone = (carrier: CarrierView): string =>
  isTimeZone(carrier.homeZone) ? carrier.homeZone : 'UTC';

/**
 * Fleet → Assignments: who drives which vehicle, kept per carrier. `seed`: the form opened from elsewhere
 * (a driver's "Assign…"), cleared through `onSeedUsed` once shown.
 */
export function AssignmentsTab({
  carrier,
  seed,
  onSeedUsed,
}: {
  carrier: CarrierView;
  seed: Partial<AssignmentForm> | null;
  onSeedUsed: () => void;
}) {
  // Both rosters fetched (and so kept) while the tab is open: the import names drivers and vehicles by them.
  useFleet(carrier.id, 'drivers');
  useFleet(carrier.id, 'vehicles');
  const zone = assignmentZone(carrier);
  const names = useStoredNames(carrier.id);
  const stored = useAssignments(carrier.id);
  const kept = useMemo(() => stored ?? [], [stored]);
  const withDays = useLive(() => storedVehicleIds(carrier.id), [carrier.id]);
  const vehicleIds = useMemo(
    () => [...new Set([...names.activeVehicleIds, ...(withDays ?? [])])].sort(),
    [names, withDays],
  );
  const [form, setForm] = useState<Partial<AssignmentForm> | null>(seed);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <div
      className="fleet-tab"
      data-testid="fleet-assignments"
      data-loaded={stored !== undefined}
      data-drivers={names.drivers.length}
    >
      <div className="assignment-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          data-testid="assignment-add"
          onClick={() => {
            setSaved(null);
            setForm({});
          }}
        >
          Add a dated assignment
        </button>{' '}
        <AssignmentsFiles carrierId={carrier.id} carrierLabel={carrier.label} zone={zone} names={names} kept={kept} />
      </div>
      {form && (
        <AssignmentFormPanel
          key={JSON.stringify(form)}
          carrierId={carrier.id}
          zone={zone}
          names={names}
          kept={kept}
          seed={form}
          onDone={(text) => {
            setSaved(text);
            setForm(null);
            onSeedUsed();
          }}
        />
      )}
      {saved && (
        <p role="status" className="muted" data-testid="assignment-saved">
          {saved}
        </p>
      )}
      {stored !== undefined && <AssignmentsList carrierId={carrier.id} zone={zone} rows={kept} names={names} />}
      {stored !== undefined && (
        <SuggestionsPanel carrierId={carrier.id} zone={zone} names={names} kept={kept} vehicleIds={vehicleIds} />
      )}
    </div>
  );
}
