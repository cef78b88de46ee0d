import { useMemo, useState } from 'react';
import type { Assignment } from '../../../../shared/drivers/types.ts';
import { createZoneFormatter, HOME_ZONE_PREF } from '../../../../shared/time/zone.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { writer } from '../../store/writer.ts';
import { driverOptionText, vehicleText, type RosterNames } from './names.ts';

/** Regular drivers first per vehicle, vehicles by unit number, then by start. */
export function listOrder(rows: readonly Assignment[], names: RosterNames): Assignment[] {
  const num = (a: Assignment) => vehicleText(a.vehicleId, names);
  return [...rows].sort(
    (a, b) =>
      num(a).localeCompare(num(b), undefined, { numeric: true }) ||
      (a.fromMs ?? -Infinity) - (b.fromMs ?? -Infinity) ||
      a.id.localeCompare(b.id),
  );
}

const SOURCE_TEXT: Record<Assignment['source'], string> = {
  manual: 'Set in the app',
  import: 'Imported',
  suggestion: 'Accepted suggestion',
};

/** The carrier's assignments, times in its home zone, each with Remove. */
export function AssignmentsList({
  carrierId,
  zone,
  rows,
  names,
}: {
  carrierId: string;
  zone: string;
  rows: readonly Assignment[];
  names: RosterNames;
}) {
  const fmt = useMemo(() => createZoneFormatter(HOME_ZONE_PREF, zone), [zone]);
  const ordered = useMemo(() => listOrder(rows, names), [rows, names]);
  const [error, setError] = useState<string | null>(null);
  const remove = (a: Assignment) =>
    writer.deleteAssignment(carrierId, a.id).then(
      () => setError(null),
      (err: unknown) => setError(errorText(err)),
    );
  if (rows.length === 0)
    return (
      <p className="muted" data-testid="assignments-empty">
        No assignments yet: set a vehicle's regular driver, add a dated assignment, or import a CSV from dispatch.
      </p>
    );
  return (
    <div className="table-wrap">
      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}
      <table className="data-table" data-testid="assignments-table">
        <caption className="visually-hidden">Assignments of drivers to vehicles</caption>
        <thead>
          <tr>
            <th scope="col">Driver</th>
            <th scope="col">Vehicle</th>
            <th scope="col">From ({zone})</th>
            <th scope="col">To</th>
            <th scope="col">Source</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((a) => (
            <tr
              key={a.id}
              data-testid="assignment-row"
              data-id={a.id}
              data-driver-id={a.driverId}
              data-vehicle-id={a.vehicleId}
              data-from-ms={a.fromMs ?? ''}
              data-to-ms={a.toMs ?? ''}
              data-source={a.source}
            >
              <td data-testid="assignment-driver">{driverOptionText(a.driverId, names)}</td>
              <td data-testid="assignment-vehicle">{vehicleText(a.vehicleId, names)}</td>
              <td data-testid="assignment-from">
                {a.fromMs === null ? <span className="muted">Regular driver</span> : fmt.dateTimeZoned(a.fromMs)}
              </td>
              <td data-testid="assignment-to">
                {a.fromMs === null ? '' : a.toMs === null ? 'open-ended' : fmt.dateTimeZoned(a.toMs)}
              </td>
              <td data-testid="assignment-source">{SOURCE_TEXT[a.source]}</td>
              <td className="row-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="assignment-remove"
                  onClick={() => void remove(a)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
