import { useMemo, useState } from 'react';
import { REVIEW_STATE_ROWS } from '../../../../shared/inbox/trail.ts';
import { trailCsv, trailRows, type TrailMark } from '../../../../shared/inbox/trail-csv.ts';
import type { LocalDay } from '../../../../shared/time/local-day.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { EVENT_KIND_ROWS } from '../../../../shared/analysis/event-kinds.ts';
import { useAppState } from '../../app/app-state.tsx';
import { savePieces } from '../../export/save.ts';
import { useLive } from '../../store/hooks.ts';
import { marksOfFleet, vehicleNumbersOfFleet } from '../../store/trail.ts';
import './trail.css';

/**
 * The whole review trail, fleet-wide, for the inbox's range: every decision about every marked event of
 * every carrier (who, what, when, why), as a table that prints on its own (trail.css) and as
 * review_trail.csv (shared/inbox/trail-csv.ts).
 */
export function TrailView({
  from,
  to,
  knownNumbers,
  onClose,
}: {
  from: LocalDay;
  to: LocalDay;
  /** Unit numbers the inbox already knows (its scorecards), by `${carrierId}|${vehicleId}`. */
  knownNumbers: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const { api, info, carriers } = useAppState();
  const stored = useLive(async () => ({ marks: await marksOfFleet(), numbers: await vehicleNumbersOfFleet() }), []);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const { rows, leftOut } = useMemo(() => {
    if (!stored) return { rows: null, leftOut: 0 };
    const byId = new Map(carriers.map((c) => [c.id, c]));
    const marks: TrailMark[] = [];
    let missing = 0;
    for (const { carrierId, mark } of stored.marks) {
      const carrier = byId.get(carrierId);
      // A mark of a carrier no longer set up has no home zone to count its day in: left out and counted.
      if (!carrier) {
        missing++;
        continue;
      }
      const id = `${carrierId}|${mark.vehicleId}`;
      marks.push({
        carrierId,
        carrierLabel: carrier.label,
        zone: carrier.homeZone,
        vehicleNumber: knownNumbers.get(id) ?? stored.numbers.get(id) ?? '',
        mark,
      });
    }
    return { rows: trailRows(marks, from, to), leftOut: missing };
  }, [stored, carriers, knownNumbers, from, to]);
  const clocks = useMemo(() => new Map(carriers.map((c) => [c.homeZone, createZoneFormatter(c.homeZone)])), [carriers]);

  const exportCsv = async () => {
    if (!rows) return;
    try {
      const name = `routelens-review-trail-${from}-to-${to}.csv`;
      const out = await savePieces(api, info.saveMode, name, 'csv', [trailCsv(rows)]);
      if (out.kind === 'cancelled') setStatus(null);
      else setStatus({ ok: true, text: out.kind === 'saved' ? `Saved ${out.path}` : `Downloaded ${out.name}` });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    }
  };

  return (
    <section className="page trail-page" data-testid="trail-page" data-rows={rows?.length}>
      <header className="page-header">
        <h1>Review trail</h1>
        <p className="page-meta">
          Every decision about events from {from} to {to} (each carrier&apos;s home-zone days), every carrier, oldest
          decision first.
        </p>
      </header>
      <div className="panel trail-no-print trail-actions">
        <button type="button" className="btn" data-testid="trail-close" onClick={onClose}>
          Back to the inbox
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="trail-export"
          disabled={!rows || rows.length === 0}
          onClick={() => void exportCsv()}
        >
          Export trail CSV
        </button>
        <button
          type="button"
          className="btn"
          data-testid="trail-print"
          disabled={!rows || rows.length === 0}
          onClick={() => window.print()}
        >
          Print trail
        </button>
        {status && (
          <span role={status.ok ? 'status' : 'alert'} className={status.ok ? 'muted' : 'alert-error'}>
            {status.text}
          </span>
        )}
      </div>
      {leftOut > 0 && (
        <p className="muted" data-testid="trail-left-out">
          {leftOut} {leftOut === 1 ? 'mark belongs' : 'marks belong'} to a carrier no longer set up: not listed.
        </p>
      )}
      {rows && rows.length === 0 && (
        <p className="panel empty" data-testid="trail-empty">
          No event from {from} to {to} has a review decision yet.
        </p>
      )}
      {rows && rows.length > 0 && (
        <table className="trail-table" data-testid="trail-table">
          <thead>
            <tr>
              <th>Carrier</th>
              <th>Vehicle</th>
              <th>Event</th>
              <th>Starts</th>
              <th>Decision</th>
              <th>Reviewer</th>
              <th>Decided</th>
              <th>Note</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const clock = clocks.get(r.zone) ?? createZoneFormatter(r.zone);
              return (
                <tr key={i} data-testid="trail-row" data-state={r.state} data-current={r.current}>
                  <td>{r.carrierLabel}</td>
                  <td>{r.vehicleNumber || r.vehicleId}</td>
                  <td>{EVENT_KIND_ROWS[r.kind].label}</td>
                  <td>{clock.dateTimeZoned(r.startMs)}</td>
                  <td>
                    {REVIEW_STATE_ROWS[r.state].label}
                    {!r.current && <span className="muted"> (earlier)</span>}
                  </td>
                  <td>{r.reviewer || '—'}</td>
                  <td>{clock.dateTimeZoned(r.decidedAt)}</td>
                  <td className="trail-note">{r.note}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
