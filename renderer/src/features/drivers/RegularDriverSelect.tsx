import { useState } from 'react';
import type { Assignment } from '../../../../shared/drivers/types.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { writer } from '../../store/writer.ts';
import { regularEdit, regularId } from './assignment-edits.ts';
import { driverOptionText, type RosterNames } from './names.ts';

/** A vehicle row's "Regular driver": who drives it whenever no dated assignment says otherwise. */
export function RegularDriverSelect({
  carrierId,
  zone,
  vehicleId,
  vehicleNumber,
  names,
  kept,
}: {
  carrierId: string;
  zone: string;
  vehicleId: string;
  vehicleNumber: string;
  names: RosterNames;
  kept: readonly Assignment[];
}) {
  const [error, setError] = useState<string | null>(null);
  const current = kept.find((a) => a.id === regularId(vehicleId))?.driverId ?? '';
  // A regular driver the roster no longer lists stays shown by id, so the select never pretends it is unset.
  const missing = current !== '' && !names.driverById.has(current);
  const choose = async (driverId: string) => {
    const edit = regularEdit(vehicleId, driverId, { carrierId, zone, kept, now: Date.now() });
    if (!edit.ok) return setError(edit.error);
    try {
      await writer.replaceAssignments(carrierId, edit.add, edit.removeIds);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <>
      <select
        data-testid="vehicle-regular-driver"
        aria-label={`Regular driver of ${vehicleNumber}`}
        value={current}
        onChange={(e) => void choose(e.target.value)}
      >
        <option value="">None</option>
        {missing && <option value={current}>{driverOptionText(current, names)}</option>}
        {names.drivers.map((d) => (
          <option key={d.driverId} value={d.driverId}>
            {driverOptionText(d.driverId, names)}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="alert-error" data-testid="vehicle-regular-driver-error">
          {' '}
          {error}
        </span>
      )}
    </>
  );
}
