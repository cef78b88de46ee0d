import { RangePicker } from '../../components/RangePicker.tsx';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { VehicleRow } from '../../../../shared/domain/carrier.ts';
import { useAppState } from '../../app/app-state.tsx';
import { createJob, lastStoreFailure } from '../../downloads/manager.ts';
import { historyWindow, rangeFor, rangeWords, utcRangeOf, type RangePreset } from '../../downloads/ranges.ts';
import { daysZoneOf } from '../review/use-local-days.ts';
import { vehicleRoster } from '../../downloads/roster.ts';
import { useDownloadJobs } from '../../downloads/use-jobs.ts';
import { JobList } from './JobList.tsx';
import type { ReviewPlace } from '../layout/navigation.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';

/** `carrierId`/`vehicleId`: opened from a fleet row, that carrier chosen and that vehicle ticked. */
export function DownloadsPage({
  carrierId: initialCarrier,
  vehicleId: initialVehicle,
  from: initialFrom,
  to: initialTo,
  onOpenReview,
}: {
  carrierId?: string | undefined;
  vehicleId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** "Open in Trip review" on a finished job. */
  onOpenReview?: (place: ReviewPlace) => void;
} = {}) {
  const jobs = useDownloadJobs();
  const { api, carriers, info } = useAppState();
  const today = info.today;
  const [carrierId, setCarrierId] = useState(
    initialCarrier && carriers.some((c) => c.id === initialCarrier) ? initialCarrier : (carriers[0]?.id ?? ''),
  );
  const [vehicles, setVehicles] = useState<VehicleRow[]>([]);
  const [rosterAt, setRosterAt] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Days asked for from elsewhere (Trip review's empty days) open as a custom range.
  const [preset, setPreset] = useState<RangePreset>(initialFrom && initialTo ? 'custom' : '7d');
  const [customFrom, setCustomFrom] = useState(initialFrom ?? '');
  const [customTo, setCustomTo] = useState(initialTo ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadVehicles = useCallback(
    (id: string, force: boolean) => {
      setVehicles([]);
      setSelected(new Set());
      if (!id) return;
      vehicleRoster(api, id, force).then(
        (r) => {
          setVehicles(r.rows);
          setRosterAt(r.fetchedAt);
          if (id === initialCarrier && initialVehicle && r.rows.some((v) => v.vehicleId === initialVehicle))
            setSelected(new Set([initialVehicle]));
        },
        (e: unknown) => setError(`Could not load the vehicles: ${errorText(e)}`),
      );
    },
    [api, initialCarrier, initialVehicle],
  );
  useEffect(() => loadVehicles(carrierId, false), [carrierId, loadVehicles]);

  const activeIds = useMemo(() => vehicles.filter((v) => v.active).map((v) => v.vehicleId), [vehicles]);
  const allSelected = vehicles.length > 0 && selected.size === vehicles.length;
  const activeSelected =
    activeIds.length > 0 && selected.size === activeIds.length && activeIds.every((id) => selected.has(id));
  // Ranges are days of the carrier's home zone (as in Trip review); a job fetches every UTC day they touch.
  const zone = daysZoneOf(carriers.find((c) => c.id === carrierId));
  const range = today ? rangeFor(preset, today, { from: customFrom, to: customTo }) : null;
  const localRange = range && !('error' in range) ? range : null;
  const utcRange = today && localRange ? utcRangeOf(localRange, zone, today) : null;

  const toggle = (id: string) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const start = async () => {
    setError(null);
    const carrier = carriers.find((c) => c.id === carrierId);
    if (!carrier) return setError('Choose a carrier.');
    if (selected.size === 0) return setError('Choose at least one vehicle.');
    if (!range || 'error' in range || !utcRange)
      return setError(range && 'error' in range ? range.error : 'Loading today’s date…');
    setBusy(true);
    try {
      await createJob({
        carrierId,
        carrierLabel: carrier.label,
        vehicles: vehicles
          .filter((v) => selected.has(v.vehicleId))
          .map((v) => ({ vehicleId: v.vehicleId, vehicleNumber: v.number })),
        from: utcRange.from,
        to: utcRange.to,
        selection: allSelected ? 'all' : activeSelected ? 'active' : 'some',
      });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const storeFailure = lastStoreFailure();
  // Why Start cannot run, said before the click rather than after it.
  const startBlocked =
    range && 'error' in range
      ? range.error
      : carrierId && vehicles.length > 0 && selected.size === 0
        ? 'Choose at least one vehicle.'
        : null;
  const rangeDays =
    range && !('error' in range) ? Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1 : null;
  return (
    <section className="page dl-page" aria-labelledby="downloads-title" data-testid="downloads-page">
      <header className="page-header">
        <h1 id="downloads-title">Downloads</h1>
        <span className="page-meta">Breadcrumbs are kept on this computer for offline review.</span>
      </header>
      {storeFailure && (
        <div role="alert" className="alert alert-error" data-testid="dl-store-failure" data-kind={storeFailure.kind}>
          <span className="alert-title">Storage full.</span>
          <span>{storeFailure.message}</span>
        </div>
      )}
      <form
        className="panel panel-wide form"
        data-testid="dl-form"
        aria-labelledby="dl-new-title"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <h2 id="dl-new-title">New download</h2>
        <div className="dl-row">
          <div className="field">
            <label htmlFor="dl-carrier">Carrier</label>
            <select
              id="dl-carrier"
              data-testid="dl-carrier"
              value={carrierId}
              onChange={(e) => setCarrierId(e.target.value)}
            >
              {carriers.length === 0 && <option value="">No carriers configured</option>}
              {carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <RangePicker
            idPrefix="dl"
            preset={preset}
            onPreset={setPreset}
            customFrom={customFrom}
            customTo={customTo}
            onCustomFrom={setCustomFrom}
            onCustomTo={setCustomTo}
            window={today ? historyWindow(today) : undefined}
          />
          {range && !('error' in range) && (
            <span
              className={`dl-range-days ${range.asked ? 'dl-range-clipped' : 'hint'}`}
              data-testid="dl-range-days"
              data-clipped={range.asked ? 'true' : 'false'}
            >
              {rangeWords(range)}
            </span>
          )}
          {utcRange && (
            <span className="hint" data-testid="dl-range-utc" data-from={utcRange.from} data-to={utcRange.to}>
              days in {zone}
              {utcRange.from !== localRange?.from || utcRange.to !== localRange.to
                ? `: fetches UTC days ${utcRange.from} → ${utcRange.to}`
                : ''}
            </span>
          )}
        </div>
        <fieldset className="dl-vehicles" data-testid="dl-vehicles">
          <legend className="visually-hidden">Vehicles</legend>
          <div className="dl-vehicles-bar">
            <span className="dl-vehicles-title">Vehicles</span>
            <label className="check">
              <input
                type="checkbox"
                data-testid="dl-vehicles-all"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(vehicles.map((v) => v.vehicleId)))}
              />
              All ({vehicles.length})
            </label>
            <label className="check">
              <input
                type="checkbox"
                data-testid="dl-vehicles-active"
                checked={activeSelected}
                onChange={() => setSelected(activeSelected ? new Set() : new Set(activeIds))}
              />
              All active ({activeIds.length})
            </label>
            <span className="spacer" />
            {rosterAt !== null && (
              <span className="hint" data-testid="dl-roster-at">
                List from {createZoneFormatter(zone).dateTimeZoned(rosterAt)}
              </span>
            )}
            <button
              type="button"
              className="btn btn-small"
              data-testid="dl-vehicles-refresh"
              onClick={() => loadVehicles(carrierId, true)}
            >
              Refresh list
            </button>
          </div>
          <div className="dl-vehicle-grid">
            {vehicles.map((v) => (
              <label
                key={v.vehicleId}
                className={`dl-vehicle${selected.has(v.vehicleId) ? ' is-selected' : ''}${v.active ? '' : ' is-inactive'}`}
              >
                <input
                  type="checkbox"
                  data-testid={`dl-vehicle-${v.vehicleId}`}
                  data-vehicle-id={v.vehicleId}
                  checked={selected.has(v.vehicleId)}
                  onChange={() => toggle(v.vehicleId)}
                />
                <span>{v.number}</span>
                {!v.active && <span className="dl-vehicle-note">inactive</span>}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="actions">
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="dl-start"
            disabled={busy || startBlocked !== null}
            aria-describedby="dl-start-reason"
          >
            Start download
          </button>
          {startBlocked && (
            <span className="dl-start-reason" id="dl-start-reason" data-testid="dl-start-reason" role="status">
              {startBlocked}
            </span>
          )}
          <span className="muted" data-testid="dl-summary">
            {selected.size} of {vehicles.length} vehicles{rangeDays !== null ? ` × ${rangeDays} days` : ''}
          </span>
        </div>
        {error && (
          <div role="alert" className="alert alert-error" data-testid="dl-error">
            {error}
          </div>
        )}
      </form>
      <JobList jobs={jobs} onOpenReview={onOpenReview} />
    </section>
  );
}
