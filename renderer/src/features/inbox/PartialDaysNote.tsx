import { partialDaysLines, type CarrierPartialDays } from '../../../../shared/inbox/partial-days.ts';

/** Lines shown before "and N more": a long range of partial days must not push the list off screen. */
const SHOWN_LINES = 6;

/**
 * The inbox's scope note for days held only in part (issue 31, item 1): which home-zone days, which hours
 * are missing and for which trucks, so an empty or short list on those days is not read as a quiet day.
 */
export function PartialDaysNote({
  partial,
  carrierLabel,
  vehicleNumber,
}: {
  partial: readonly CarrierPartialDays[];
  carrierLabel: (carrierId: string) => string;
  vehicleNumber: (vehicleId: string) => string;
}) {
  const lines = partial.flatMap((c) =>
    partialDaysLines(c.days, vehicleNumber).map((line) => ({ carrierId: c.carrierId, line })),
  );
  if (lines.length === 0) return null;
  const days = [...new Set(partial.flatMap((c) => c.days.map((d) => d.day)))].sort();
  return (
    <details className="inbox-partial" data-testid="inbox-partial" data-days={days.join(',')}>
      <summary>
        Partly downloaded days: their events may be incomplete ({days.map((d) => d.slice(5)).join(', ')})
      </summary>
      <ul>
        {lines.slice(0, SHOWN_LINES).map(({ carrierId, line }) => (
          <li key={`${carrierId}:${line}`} data-testid="inbox-partial-day">
            {partial.length > 1 ? `${carrierLabel(carrierId)}: ` : ''}
            {line}
          </li>
        ))}
      </ul>
      {lines.length > SHOWN_LINES && <p className="muted">and {lines.length - SHOWN_LINES} more</p>}
    </details>
  );
}
