import { useState } from 'react';
import type { Assignment } from '../../../../shared/drivers/types.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { writer } from '../../store/writer.ts';
import { datedEdit, type AssignmentForm } from './assignment-edits.ts';
import { driverOptionText, type RosterNames } from './names.ts';

/**
 * A dated assignment typed in: driver, vehicle, from and to as the home zone's clock. Refused with
 * checkAssignment's sentence when it clashes with a kept one; nothing is kept then.
 */
export function AssignmentFormPanel({
  carrierId,
  zone,
  names,
  kept,
  seed,
  onDone,
}: {
  carrierId: string;
  zone: string;
  names: RosterNames;
  kept: readonly Assignment[];
  /** What the form opens with (a driver chosen from the Drivers tab, a trip's vehicle and times). */
  seed: Partial<AssignmentForm>;
  onDone: (savedText: string | null) => void;
}) {
  const [form, setForm] = useState<AssignmentForm>({ driverId: '', vehicleId: '', from: '', to: '', ...seed });
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<AssignmentForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    const edit = datedEdit(form, { carrierId, zone, kept, now: Date.now() });
    if (!edit.ok) return setError(edit.error);
    try {
      await writer.replaceAssignments(carrierId, edit.add, edit.removeIds);
      onDone('Assignment saved.');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      className="assignment-form"
      data-testid="assignment-form"
      aria-label="Dated assignment"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="filter">
        <span>Driver</span>
        <select
          data-testid="assignment-form-driver"
          value={form.driverId}
          onChange={(e) => set({ driverId: e.target.value })}
        >
          <option value="">Choose…</option>
          {names.drivers.map((d) => (
            <option key={d.driverId} value={d.driverId}>
              {driverOptionText(d.driverId, names)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Vehicle</span>
        <select
          data-testid="assignment-form-vehicle"
          value={form.vehicleId}
          onChange={(e) => set({ vehicleId: e.target.value })}
        >
          <option value="">Choose…</option>
          {names.vehicles.map((v) => (
            <option key={v.vehicleId} value={v.vehicleId}>
              {v.number}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>From ({zone})</span>
        <input
          type="datetime-local"
          data-testid="assignment-form-from"
          value={form.from}
          onChange={(e) => set({ from: e.target.value })}
        />
      </label>
      <label className="filter">
        <span>To (empty: open-ended)</span>
        <input
          type="datetime-local"
          data-testid="assignment-form-to"
          value={form.to}
          onChange={(e) => set({ to: e.target.value })}
        />
      </label>
      <button type="submit" className="btn btn-small btn-primary" data-testid="assignment-form-save">
        Save assignment
      </button>{' '}
      <button type="button" className="btn btn-small" data-testid="assignment-form-cancel" onClick={() => onDone(null)}>
        Cancel
      </button>
      {error && (
        <p role="alert" className="alert alert-error" data-testid="assignment-form-error">
          {error}
        </p>
      )}
    </form>
  );
}
