import { useState } from 'react';
import { reasonCounts } from '../../../../shared/api/rejection-reasons.ts';
import { localRangeInterval, utcDaysOverlapping } from '../../../../shared/time/local-day.ts';
import { getDb, vehicleDayRows } from '../../store/db.ts';
import { useLive } from '../../store/hooks.ts';

/**
 * Records the API sent for the selected days that could not be read are never left out in silence:
 * how many, their commonest reasons, and each day's list on demand (the same rows Downloads lists).
 */
export function RejectedNote({
  carrierId,
  vehicleId,
  from,
  to,
  zone,
}: {
  carrierId: string;
  vehicleId: string;
  from: string;
  to: string;
  zone: string;
}) {
  const [open, setOpen] = useState(false);
  const rows = useLive(async () => {
    const days = utcDaysOverlapping(localRangeInterval(from, to, zone));
    if (days.length === 0) return [];
    const found = await vehicleDayRows(getDb().dayRejections, carrierId, vehicleId, days[0]!, days[days.length - 1]!);
    return found.filter((r) => r.records.length > 0);
  }, [carrierId, vehicleId, from, to, zone]);
  const total = rows?.reduce((n, r) => n + r.records.length, 0) ?? 0;
  if (!rows || total === 0) return null;
  const top = reasonCounts(rows.flatMap((r) => r.records.map((rec) => rec.reason))).slice(0, 3);
  return (
    <div className="hint-block review-rejected" data-testid="review-rejected" data-count={total}>
      {total.toLocaleString('en-US')} {total === 1 ? 'record' : 'records'} the API sent for these days could not be read
      and {total === 1 ? 'is' : 'are'} not shown ({top.map(([reason, n]) => `${n} × ${reason}`).join('; ')}).{' '}
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide' : 'Show'} them
      </button>
      {open && (
        <ul data-testid="review-rejected-list">
          {rows.flatMap((r) =>
            r.records.map((rec, i) => (
              <li key={`${r.day}-${i}`}>
                {r.day} · {rec.id ?? 'no id'} · <bdi>{rec.reason}</bdi>
              </li>
            )),
          )}
        </ul>
      )}
    </div>
  );
}
