import { useMemo, useState, type ReactNode } from 'react';
import type { VehicleRow } from '../../../../shared/domain/carrier.ts';
import { SortHeader } from '../../components/SortHeader.tsx';
import type { VehicleLinks } from './FleetPage.tsx';
import { useSort } from '../../hooks/useSort.ts';
import { formatAge, formatLatLng, formatMiles, formatReading, formatUtc, MOTION_LABEL } from './format.ts';
import {
  ALL_VEHICLES,
  matchesVehicle,
  vehicleSortValue,
  type VehicleFilter,
  type VehicleSortKey,
} from './vehicle-filter.ts';

interface Props {
  rows: VehicleRow[];
  serverNow: number;
  /** Where a row leads (Trip review, Downloads); without, rows lead nowhere. `stored`: vehicles with a stored day. */
  links?: VehicleLinks & { stored: ReadonlySet<string> | undefined };
  /** The "Regular driver" cell of a row (features/drivers); without, no such column. */
  regularDriver?: ((v: VehicleRow) => ReactNode) | undefined;
}

const COLUMNS: { key: VehicleSortKey; label: string; numeric?: boolean }[] = [
  { key: 'number', label: 'Number' },
  { key: 'vin', label: 'VIN' },
  { key: 'active', label: 'Active' },
  { key: 'location', label: 'Location' },
  { key: 'speed', label: 'Speed', numeric: true },
  { key: 'motion', label: 'Motion' },
  { key: 'fuel', label: 'Fuel', numeric: true },
  { key: 'odometer', label: 'Odometer', numeric: true },
  { key: 'reading', label: 'Reading', numeric: true },
];

export function VehiclesTable({ rows, serverNow, links, regularDriver }: Props) {
  const stored = links?.stored;
  const [filter, setFilter] = useState<VehicleFilter>(ALL_VEHICLES);
  const filtered = useMemo(() => rows.filter((v) => matchesVehicle(v, filter)), [rows, filter]);
  const { sorted, sort, toggle } = useSort<VehicleRow, VehicleSortKey>(
    filtered,
    { key: 'number', direction: 'ascending' },
    vehicleSortValue,
  );
  const set = (patch: Partial<VehicleFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const invalidFigures = rows.reduce((n, v) => n + (v.latest?.invalid?.length ?? 0), 0);

  return (
    <>
      <div className="filters" role="search" aria-label="Filter vehicles">
        <label className="filter">
          <span>Search</span>
          <input
            type="search"
            placeholder="Number, VIN or place"
            data-testid="vehicle-filter-text"
            value={filter.text}
            onChange={(e) => set({ text: e.target.value })}
          />
        </label>
        <label className="filter">
          <span>Active</span>
          <select
            data-testid="vehicle-filter-active"
            value={filter.active}
            onChange={(e) => set({ active: e.target.value as VehicleFilter['active'] })}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </label>
        <label className="filter">
          <span>Motion</span>
          <select
            data-testid="vehicle-filter-motion"
            value={filter.motion}
            onChange={(e) => set({ motion: e.target.value as VehicleFilter['motion'] })}
          >
            <option value="all">Any</option>
            <option value="IN_MOTION">In motion</option>
            <option value="STATIONARY">Stationary</option>
            <option value="OFFLINE">Offline</option>
            <option value="none">No status</option>
          </select>
        </label>
        <span
          className="filter-count muted"
          data-testid="vehicle-count"
          data-shown={sorted.length}
          data-total={rows.length}
          aria-live="polite"
        >
          {sorted.length === rows.length ? `${rows.length} vehicles` : `${sorted.length} of ${rows.length} vehicles`}
        </span>
      </div>
      <div className="table-wrap">
        <table className="data-table" data-testid="vehicles-table">
          <caption className="visually-hidden">Vehicles with their latest status</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader
                  key={c.key}
                  label={c.label}
                  column={c.key}
                  sort={sort}
                  onSort={toggle}
                  testIdPrefix="sort-vehicles"
                  numeric={c.numeric}
                />
              ))}
              {regularDriver && <th scope="col">Regular driver</th>}
              {links && (
                <th scope="col" className="pinned-actions">
                  <span className="visually-hidden">Open</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map((v) => {
              const l = v.latest;
              return (
                <tr key={v.vehicleId} data-testid="vehicle-row" data-vehicle-id={v.vehicleId}>
                  <td data-testid="vehicle-number" className="strong">
                    {v.number}
                  </td>
                  <td data-testid="vehicle-vin" className="mono">
                    {v.vin}
                  </td>
                  <td data-testid="vehicle-active">{v.active ? 'Yes' : <span className="muted">No</span>}</td>
                  {l ? (
                    <>
                      <td
                        data-testid="vehicle-location"
                        className="wrap-text"
                        title={formatLatLng(l.lat, l.lng)}
                        data-lat={l.lat}
                        data-lng={l.lng}
                      >
                        {l.invalid?.includes('position') ? (
                          <Invalid />
                        ) : (
                          l.place || <span className="mono">{formatLatLng(l.lat, l.lng)}</span>
                        )}
                      </td>
                      <td data-testid="vehicle-speed" className="num">
                        {l.invalid?.includes('speed') ? <Invalid /> : `${formatReading(l.speedMph)} mph`}
                      </td>
                      <td data-testid="vehicle-motion" data-status={l.status}>
                        <span className={`pill pill-${l.status.toLowerCase()}`}>{MOTION_LABEL[l.status]}</span>
                      </td>
                      <td data-testid="vehicle-fuel" className="num">
                        {l.invalid?.includes('fuel') ? (
                          <Invalid />
                        ) : l.fuelLevel === null ? (
                          <span title="The vehicle reports no fuel data">—</span>
                        ) : (
                          `${formatReading(l.fuelLevel)}%`
                        )}
                      </td>
                      <td data-testid="vehicle-odometer" className="num">
                        {l.invalid?.includes('odometer') ? <Invalid /> : formatMiles(l.odometerMiles)}
                      </td>
                      <td data-testid="vehicle-reading" className="num" data-reading-at={l.readingAt}>
                        {l.invalid?.includes('time') ? (
                          <Invalid />
                        ) : (
                          <time dateTime={new Date(l.readingAt).toISOString()} title={formatUtc(l.readingAt)}>
                            {formatAge(Math.max(0, serverNow - l.readingAt))}
                          </time>
                        )}
                      </td>
                    </>
                  ) : (
                    <td colSpan={6} className="muted" data-testid="vehicle-no-status">
                      No status reported
                    </td>
                  )}
                  {regularDriver && <td data-testid="vehicle-regular-driver-cell">{regularDriver(v)}</td>}
                  {links && (
                    <td className="row-actions pinned-actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid="vehicle-open-review"
                        disabled={!stored?.has(v.vehicleId)}
                        title={
                          stored?.has(v.vehicleId)
                            ? `Open ${v.number}'s trips in Trip review`
                            : `Nothing is downloaded for ${v.number} yet`
                        }
                        onClick={() => links.onOpenReview(v.vehicleId)}
                      >
                        Trips
                      </button>{' '}
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid="vehicle-open-downloads"
                        title={`Download ${v.number}'s days`}
                        onClick={() => links.onOpenDownloads(v.vehicleId)}
                      >
                        Download
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {sorted.length === 0 && <p className="empty">No vehicle matches these filters.</p>}
        {invalidFigures > 0 && (
          <p className="muted" data-testid="vehicle-invalid-count" data-count={invalidFigures}>
            {invalidFigures === 1 ? '1 figure' : `${invalidFigures} figures`} from the API outside their plausible range{' '}
            {invalidFigures === 1 ? 'is' : 'are'} shown as “invalid”.
          </p>
        )}
      </div>
    </>
  );
}

/** A figure outside its plausible range (shared/domain/plausible.ts): never shown as a number. */
function Invalid() {
  return (
    <span className="muted" data-testid="figure-invalid" title="The API sent a value outside the plausible range">
      invalid
    </span>
  );
}
