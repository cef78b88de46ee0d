import { useMemo, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import { driverScorecardsCsv } from '../../../../shared/drivers/scorecards.ts';
import { dayCount, type LocalDay } from '../../../../shared/time/local-day.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { useAppState } from '../../app/app-state.tsx';
import { savePieces } from '../../export/save.ts';
import type { DriverCard } from './driver-scorecards-data.ts';
import { DriverScorecardsPrint } from './DriverScorecardsPrint.tsx';
import { DEFAULT_DRIVER_SORT, DriverScorecardsTable, sortDriverCards } from './DriverScorecardsTable.tsx';
import { useDriverScorecards } from './use-driver-scorecards.ts';
import './driver-scorecards.css';

/**
 * Driver scorecards for the inbox's range and carriers: per driver (by the carriers' assignments; what
 * nobody is assigned to forms the "Unassigned" row) the figures with their trend against the range before,
 * sortable, saved as CSV (shared/drivers/scorecards.ts) and printed one US Letter page per driver.
 */
export function DriverScorecards({
  from,
  to,
  carriers,
  params,
  onClose,
}: {
  from: LocalDay;
  to: LocalDay;
  carriers: readonly { carrierId: string; zone: string }[];
  params: AnalysisParams;
  onClose: () => void;
}) {
  const { api, info, carriers: views } = useAppState();
  const load = useDriverScorecards(carriers, from, to, params);
  const [sort, setSort] = useState(DEFAULT_DRIVER_SORT);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const cards: DriverCard[] = useMemo(
    () => (load.state === 'ready' ? sortDriverCards(load.cards, sort) : []),
    [load, sort],
  );
  const carrierLabel = (id: string) => views.find((c) => c.id === id)?.label ?? id;
  const zoneOf = new Map(carriers.map((c) => [c.carrierId, c.zone]));
  const clockOf = (id: string) => createZoneFormatter(zoneOf.get(id) ?? 'UTC');
  const showCarrier = new Set(cards.map((c) => c.card.carrierId)).size > 1;
  const rangeText = `${from} to ${to} (the carrier's home-zone days), against the ${dayWord(from, to)} before`;

  const exportCsv = async () => {
    try {
      const name = `routelens-driver-scorecards-${from}-to-${to}.csv`;
      const out = await savePieces(api, info.saveMode, name, 'csv', [driverScorecardsCsv(cards.map((c) => c.card))]);
      if (out.kind === 'cancelled') setStatus(null);
      else setStatus({ ok: true, text: out.kind === 'saved' ? `Saved ${out.path}` : `Downloaded ${out.name}` });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    }
  };

  return (
    <section className="page driver-scorecards-page" data-testid="driver-scorecards" data-state={load.state}>
      <div className="driver-scorecards-screen">
        <header className="page-header">
          <h1>Driver scorecards</h1>
          <p className="page-meta">{rangeText}. Trips and events go to the driver assigned at their start.</p>
        </header>
        <div className="panel driver-scorecards-actions">
          <button type="button" className="btn" data-testid="driver-scorecards-close" onClick={onClose}>
            Back to the inbox
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="driver-scorecards-export"
            disabled={cards.length === 0}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="btn"
            data-testid="driver-scorecards-print"
            disabled={!cards.some((c) => c.card.driverId !== null)}
            onClick={() => window.print()}
          >
            Print (one page per driver)
          </button>
          {status && (
            <span role={status.ok ? 'status' : 'alert'} className={status.ok ? 'muted' : 'alert-error'}>
              {status.text}
            </span>
          )}
        </div>
        {load.state === 'loading' && (
          <p role="status" className="muted">
            Analysing the stored days…
          </p>
        )}
        {load.state === 'failed' && (
          <p role="alert" className="alert alert-error">
            {load.message}
          </p>
        )}
        {load.state === 'ready' && cards.length === 0 && (
          <p className="panel empty" data-testid="driver-scorecards-empty">
            No trip or event is stored for these carriers from {from} to {to} or the range before.
          </p>
        )}
        {cards.length > 0 && (
          <DriverScorecardsTable
            cards={cards}
            carrierLabel={carrierLabel}
            showCarrier={showCarrier}
            sort={sort}
            onSort={setSort}
          />
        )}
      </div>
      <DriverScorecardsPrint cards={cards} rangeText={rangeText} carrierLabel={carrierLabel} clockOf={clockOf} />
    </section>
  );
}

function dayWord(from: LocalDay, to: LocalDay): string {
  const days = dayCount(from, to);
  return days === 1 ? 'day' : `${days} days`;
}
