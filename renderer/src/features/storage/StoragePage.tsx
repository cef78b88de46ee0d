import { useEffect, useState } from 'react';
import type { VehicleRow } from '../../../../shared/domain/carrier.ts';
import { isLocalDay, type LocalDay } from '../../../../shared/time/local-day.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { formatBytes, formatCount } from '../../downloads/format.ts';
import { StoreError } from '../../store/errors.ts';
import { useLive } from '../../store/hooks.ts';
import { storageRows, storedCarrierIds, storedTotals } from '../../store/reads.ts';
import { loadRoster } from '../../store/snapshots.ts';
import type { StorageVehicleRow } from '../../store/types.ts';
import { writer } from '../../store/writer.ts';
import { DayStrip, MonthAxis, StripLegend } from './DayStrip.tsx';
import { deletionQuestion, localCells, localDeletion, stripDays } from './local-strip.ts';
import { daysZoneOf } from '../review/use-local-days.ts';
import { errorText } from '../../../../shared/util/error-text.ts';

const storageErrorText = (e: unknown) => (e instanceof StoreError ? e.failure.message : errorText(e));

async function carrierRows(carrierId: string): Promise<StorageVehicleRow[]> {
  const roster = await loadRoster(carrierId, 'vehicles');
  const numbers = new Map(((roster?.rows ?? []) as VehicleRow[]).map((v) => [v.vehicleId, v.number]));
  return storageRows(carrierId, numbers);
}

/** Where a carrier's strips stand: its home zone's days of the last 6 months, and the API's today. */
interface StripFrame {
  days: LocalDay[];
  zone: string;
  today: string;
}

function VehicleStorage({
  row,
  frame,
  onError,
}: {
  row: StorageVehicleRow;
  frame: StripFrame;
  onError: (m: string | null) => void;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [ranging, setRanging] = useState(false);
  const rangeOk = isLocalDay(from) && isLocalDay(to) && from <= to;
  const { zone } = frame;
  const cells = localCells(frame.days, row.days, zone, frame.today);
  const deletion = rangeOk ? localDeletion(from, to, zone, row.days) : null;
  const run = (p: Promise<unknown>) =>
    p.then(
      () => onError(null),
      (e: unknown) => onError(storageErrorText(e)),
    );
  const complete = cells.filter((c) => c.state === 'complete').length;
  const partial = cells.filter((c) => c.state === 'partial').length;
  return (
    <li className="storage-row" data-testid="storage-vehicle" data-vehicle-id={row.vehicleId}>
      <div className="storage-grid">
        <div className="storage-name">
          <strong>{row.vehicleNumber}</strong>
          <span className="hint" data-testid="storage-vehicle-days">
            {complete} complete {complete === 1 ? 'day' : 'days'}
            {partial > 0 ? ` · ${partial} partial` : ''}
          </span>
        </div>
        <DayStrip cells={cells} />
        <span className="num" data-testid="storage-vehicle-points" data-points={row.points}>
          {formatCount(row.points)}
        </span>
        <span className="num" data-testid="storage-vehicle-bytes" data-bytes={row.bytes}>
          {formatBytes(row.bytes)}
        </span>
        <div className="storage-actions">
          <button
            type="button"
            className="btn btn-small"
            data-testid="storage-range-toggle"
            aria-expanded={ranging}
            onClick={() => setRanging((r) => !r)}
          >
            Delete days…
          </button>
          <ConfirmButton
            testId="storage-delete-vehicle"
            label="Delete all"
            question={`Delete every stored day of ${row.vehicleNumber}?`}
            confirmLabel="Delete"
            onConfirm={() => void run(writer.deleteVehicleDays(row.carrierId, row.vehicleId, null, null))}
          />
        </div>
      </div>
      {ranging && (
        <div className="storage-range" role="group" aria-label={`Delete a range of ${row.vehicleNumber}'s days`}>
          <div className="field">
            <label htmlFor={`from-${row.vehicleId}`}>From (day in {zone})</label>
            <input
              id={`from-${row.vehicleId}`}
              type="date"
              data-testid="storage-range-from"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`to-${row.vehicleId}`}>To (day in {zone})</label>
            <input
              id={`to-${row.vehicleId}`}
              type="date"
              data-testid="storage-range-to"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <ConfirmButton
            testId="storage-delete-range"
            disabled={!deletion || deletion.utcDays.length === 0}
            label="Delete range"
            question={deletion ? deletionQuestion(row.vehicleNumber, from, to, zone, deletion) : ''}
            confirmLabel="Delete"
            onConfirm={() => {
              const utc = deletion?.utcDays ?? [];
              if (utc.length > 0)
                void run(writer.deleteVehicleDays(row.carrierId, row.vehicleId, utc[0]!, utc[utc.length - 1]!));
            }}
          />
          {!rangeOk && (from || to) && <span className="hint">Choose a start day on or before the end day.</span>}
          {deletion && deletion.utcDays.length === 0 && (
            <span className="hint" data-testid="storage-range-nothing">
              Nothing of these days is stored.
            </span>
          )}
        </div>
      )}
    </li>
  );
}

function CarrierStorage({ carrierId, label, frame }: { carrierId: string; label: string; frame: StripFrame }) {
  const rows = useLive(() => carrierRows(carrierId), [carrierId]);
  const [error, setError] = useState<string | null>(null);
  if (!rows || rows.length === 0) return null;
  const points = rows.reduce((n, r) => n + r.points, 0);
  const bytes = rows.reduce((n, r) => n + r.bytes, 0);
  return (
    <section className="panel panel-wide" data-testid="storage-carrier" data-carrier-id={carrierId} aria-label={label}>
      <header className="storage-carrier-head">
        <h2>{label}</h2>
        <span className="muted">
          {rows.length} {rows.length === 1 ? 'vehicle' : 'vehicles'} ·{' '}
          <span data-testid="storage-carrier-points">{formatCount(points)} points</span> ·{' '}
          <span data-testid="storage-carrier-bytes">{formatBytes(bytes)}</span>
        </span>
        <span className="spacer" />
        <ConfirmButton
          testId="storage-delete-carrier"
          label="Delete carrier data"
          question={`Delete everything stored for ${label}?`}
          confirmLabel="Delete all"
          onConfirm={() =>
            void writer.deleteCarrier(carrierId).then(
              () => setError(null),
              (e: unknown) => setError(storageErrorText(e)),
            )
          }
        />
      </header>
      {error && (
        <div role="alert" className="alert alert-error" data-testid="storage-error">
          {error}
        </div>
      )}
      <div className="storage-grid storage-grid-head" aria-hidden="true">
        <span>Vehicle</span>
        <MonthAxis days={frame.days} />
        <span className="num">Points</span>
        <span className="num">Size</span>
        <span />
      </div>
      <ul className="storage-list">
        {rows.map((r) => (
          <VehicleStorage key={r.vehicleId} row={r} frame={frame} onError={setError} />
        ))}
      </ul>
    </section>
  );
}

export function StoragePage() {
  const { carriers, info } = useAppState();
  const today = info.today;
  const stored = useLive(storedCarrierIds, []);
  const totals = useLive(storedTotals, []);
  const [usage, setUsage] = useState<{ usage: number; quota: number } | null>(null);

  useEffect(() => {
    navigator.storage?.estimate?.().then(
      (e) => setUsage({ usage: e.usage ?? 0, quota: e.quota ?? 0 }),
      () => undefined,
    );
  }, [stored]);

  // Each carrier's strip: its home zone's days; the last 6 months end on the API's today, as in Downloads.
  const days = today ? stripDays(today) : [];
  const frameOf = (id: string): StripFrame => ({ days, zone: daysZoneOf(carriers.find((c) => c.id === id)), today });
  const ids = [...new Set([...carriers.map((c) => c.id), ...(stored ?? [])])].filter((id) => stored?.includes(id));
  const total = totals?.bytes ?? 0;
  const share = usage && usage.quota > 0 ? Math.min(100, (total * 100) / usage.quota) : 0;
  return (
    <section className="page storage-page" aria-labelledby="storage-title" data-testid="storage-page">
      <header className="page-header">
        <h1 id="storage-title">Storage</h1>
        {today && (
          <span className="page-meta">
            Last 6 months: {days[0]} to {today} · {days.length} days (each carrier's home-zone days)
          </span>
        )}
      </header>
      {usage && totals && (
        <div className="panel panel-wide storage-usage" data-testid="storage-usage" data-bytes={totals.bytes}>
          <div>
            Stored: <strong data-testid="storage-total-bytes">{formatBytes(totals.bytes)}</strong> (
            {formatCount(totals.points)} points, every carrier below) of {formatBytes(usage.quota)} available to
            RouteLens
          </div>
          <div
            className="progress progress-usage"
            role="meter"
            aria-label="Storage used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share)}
            title={`The browser counts ${formatBytes(usage.usage)} in use, indexes and unreclaimed pages included.`}
          >
            <div className="progress-fill" style={{ width: `${Math.max(share, 0.5)}%` }} />
          </div>
          <StripLegend />
        </div>
      )}
      {stored !== undefined && ids.length === 0 && (
        <p className="panel panel-wide empty" data-testid="storage-empty">
          Nothing is stored yet. Download days on the Downloads screen.
        </p>
      )}
      {today &&
        ids.map((id) => (
          <CarrierStorage
            key={id}
            carrierId={id}
            label={carriers.find((c) => c.id === id)?.label ?? id}
            frame={frameOf(id)}
          />
        ))}
    </section>
  );
}
