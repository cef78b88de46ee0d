import { useEffect, useState } from 'react';
import type { Assignment, AssignmentSuggestion } from '../../../../shared/drivers/types.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { serverNow } from '../../hooks/server-clock.ts';
import { writer } from '../../store/writer.ts';
import { suggestionEdit } from './assignment-edits.ts';
import { driverOptionText, vehicleText, type RosterNames } from './names.ts';
import { SUGGESTION_DAYS } from './suggestion-days.ts';
import { loadSuggestions } from './suggestions-input.ts';

type Found = { state: 'looking' } | { state: 'done'; rows: AssignmentSuggestion[] } | { state: 'failed'; text: string };

/**
 * What the kept driver snapshots suggest, never applied until the person accepts one: "probably T-101
 * (n matching snapshots)". Looked for again when the kept assignments change (an accepted one drops out).
 */
export function SuggestionsPanel({
  carrierId,
  zone,
  names,
  kept,
  vehicleIds,
}: {
  carrierId: string;
  zone: string;
  names: RosterNames;
  kept: readonly Assignment[];
  vehicleIds: readonly string[];
}) {
  const [found, setFound] = useState<Found>({ state: 'looking' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const vehiclesKey = vehicleIds.join(',');
  useEffect(() => {
    let live = true;
    setFound({ state: 'looking' });
    loadSuggestions({
      carrierId,
      vehicleIds: vehiclesKey.split(',').filter(Boolean),
      assignments: kept,
      // The backend's clock: the snapshots' times are its own.
      now: serverNow(),
    })
      .then((rows) => live && setFound({ state: 'done', rows }))
      .catch((err: unknown) => live && setFound({ state: 'failed', text: errorText(err) }));
    return () => {
      live = false;
    };
  }, [carrierId, vehiclesKey, kept]);

  const accept = async (s: AssignmentSuggestion) => {
    const edit = suggestionEdit(s, { carrierId, zone, kept, now: Date.now() });
    if (!edit.ok) return setRefusal(edit.error);
    try {
      await writer.replaceAssignments(carrierId, edit.add, edit.removeIds);
      setRefusal(null);
    } catch (err) {
      setRefusal(errorText(err));
    }
  };

  return (
    <section className="assignment-suggestions" data-testid="assignment-suggestions" data-state={found.state}>
      <h2>Suggestions</h2>
      <p className="muted">
        From the driver snapshots kept over the last {SUGGESTION_DAYS} days: a driver shown Driving while exactly one of
        the carrier's vehicles was moving. Only what you accept becomes an assignment.
      </p>
      {found.state === 'looking' && <p role="status">Looking for suggestions…</p>}
      {found.state === 'failed' && (
        <p role="alert" className="alert alert-error">
          {found.text}
        </p>
      )}
      {found.state === 'done' && found.rows.length === 0 && (
        <p className="muted" data-testid="suggestions-none">
          No suggestion: no kept snapshot shows a driver Driving while exactly one vehicle was moving.
        </p>
      )}
      {found.state === 'done' && found.rows.length > 0 && (
        <ul className="plain-list">
          {found.rows.map((s) => (
            <li
              key={`${s.driverId}|${s.vehicleId}|${s.firstMs}`}
              data-testid="suggestion-row"
              data-driver-id={s.driverId}
              data-vehicle-id={s.vehicleId}
              data-matches={s.matches}
            >
              {driverOptionText(s.driverId, names)}: probably {vehicleText(s.vehicleId, names)} ({s.matches} matching
              snapshot{s.matches === 1 ? '' : 's'}){' '}
              <button
                type="button"
                className="btn btn-small"
                data-testid="suggestion-accept"
                onClick={() => void accept(s)}
              >
                Accept
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <p role="alert" className="alert alert-error" data-testid="suggestion-refused">
          {refusal}
        </p>
      )}
    </section>
  );
}
