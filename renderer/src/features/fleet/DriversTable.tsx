import { useMemo, useState } from 'react';
import type { DutyStatusCode } from '../../../../shared/api/wire.ts';
import type { DriverRow } from '../../../../shared/domain/carrier.ts';
import { formatHoursMinutes, HOS_NEAR_MS, hosAlerts, hosAlertText } from '../../../../shared/domain/hos.ts';
import { DUTY_STATUS_MEANING } from '../../../../shared/domain/status.ts';
import { SortHeader } from '../../components/SortHeader.tsx';
import { useSort } from '../../hooks/useSort.ts';
import { ALL_DRIVERS, driverSortValue, matchesDriver, type DriverFilter, type DriverSortKey } from './driver-filter.ts';
import { driverName, hasHosActivity } from './hos.ts';

const COLUMNS: { key: DriverSortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Driver' },
  { key: 'username', label: 'Username' },
  { key: 'active', label: 'Active' },
  { key: 'duty', label: 'Duty status' },
  { key: 'limits', label: 'HOS limits' },
  { key: 'drive', label: 'Drive left', numeric: true },
  { key: 'shift', label: 'Shift left', numeric: true },
  { key: 'cycle', label: 'Cycle left', numeric: true },
  { key: 'break', label: 'Until break', numeric: true },
];

const HOUR = 3_600_000;
const DUTY_CODES = Object.keys(DUTY_STATUS_MEANING) as DutyStatusCode[];

/** Red exactly where the Limits column flags (HOS_NEAR_MS, one threshold everywhere); amber up to two hours. */
function hosClass(ms: number | null): string {
  if (ms === null) return 'num';
  return ms < HOS_NEAR_MS ? 'num hos-low' : ms < 2 * HOUR ? 'num hos-mid' : 'num';
}

function HosLimits({ hos }: { hos: NonNullable<DriverRow['hos']> }) {
  const alerts = hosAlerts(hos);
  if (alerts.length === 0) return <span className="muted">—</span>;
  return (
    <>
      {alerts.map((a) => (
        <span
          key={a.limit}
          className={`pill hos-alert hos-alert-${a.level}`}
          data-testid="driver-limit"
          data-limit={a.limit}
          data-level={a.level}
        >
          {hosAlertText(a)}
        </span>
      ))}
    </>
  );
}

/** `onAssign`: a row's "Assign…" opens the dated-assignment form with that driver chosen. */
export function DriversTable({ rows, onAssign }: { rows: DriverRow[]; onAssign?: (driverId: string) => void }) {
  const [filter, setFilter] = useState<DriverFilter>(ALL_DRIVERS);
  const filtered = useMemo(() => rows.filter((d) => matchesDriver(d, filter)), [rows, filter]);
  const { sorted, sort, toggle } = useSort<DriverRow, DriverSortKey>(
    filtered,
    { key: 'name', direction: 'ascending' },
    driverSortValue,
  );
  const set = (patch: Partial<DriverFilter>) => setFilter((f) => ({ ...f, ...patch }));

  return (
    <>
      <div className="filters" role="search" aria-label="Filter drivers">
        <label className="filter">
          <span>Search</span>
          <input
            type="search"
            placeholder="Name or username"
            data-testid="driver-filter-text"
            value={filter.text}
            onChange={(e) => set({ text: e.target.value })}
          />
        </label>
        <label className="filter">
          <span>Active</span>
          <select
            data-testid="driver-filter-active"
            value={filter.active}
            onChange={(e) => set({ active: e.target.value as DriverFilter['active'] })}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </label>
        <label className="filter">
          <span>Duty status</span>
          <select
            data-testid="driver-filter-duty"
            value={filter.duty}
            onChange={(e) => set({ duty: e.target.value as DriverFilter['duty'] })}
          >
            <option value="all">Any</option>
            {DUTY_CODES.map((code) => (
              <option key={code} value={code}>
                {DUTY_STATUS_MEANING[code]}
              </option>
            ))}
            <option value="none">No HOS activity</option>
          </select>
        </label>
        <label className="filter">
          <span>HOS limits</span>
          <select
            data-testid="driver-filter-limits"
            value={filter.limits}
            onChange={(e) => set({ limits: e.target.value as DriverFilter['limits'] })}
          >
            <option value="any">Any</option>
            <option value="flagged">Reached or near</option>
            <option value="reached">Reached</option>
          </select>
        </label>
        <label className="filter">
          <span>Drive left</span>
          <select
            data-testid="driver-filter-drive"
            value={filter.driveBelow}
            onChange={(e) => set({ driveBelow: e.target.value as DriverFilter['driveBelow'] })}
          >
            <option value="any">Any</option>
            <option value="1">Less than 1 h</option>
            <option value="2">Less than 2 h</option>
            <option value="4">Less than 4 h</option>
          </select>
        </label>
        <span
          className="filter-count muted"
          data-testid="driver-count"
          data-shown={sorted.length}
          data-total={rows.length}
          aria-live="polite"
        >
          {sorted.length === rows.length ? `${rows.length} drivers` : `${sorted.length} of ${rows.length} drivers`}
        </span>
      </div>
      <div className="table-wrap">
        <table className="data-table" data-testid="drivers-table">
          <caption className="visually-hidden">Drivers with their latest Hours of Service</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader
                  key={c.key}
                  label={c.label}
                  column={c.key}
                  sort={sort}
                  onSort={toggle}
                  testIdPrefix="sort-drivers"
                  numeric={c.numeric}
                />
              ))}
              {onAssign && (
                <th scope="col">
                  <span className="visually-hidden">Assign</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map((d) => {
              const hos = hasHosActivity(d.hos) ? d.hos : null;
              return (
                <tr key={d.driverId} data-testid="driver-row" data-driver-id={d.driverId}>
                  <td data-testid="driver-name" className="strong">
                    {driverName(d)}
                  </td>
                  <td data-testid="driver-username" className="mono">
                    {d.username}
                  </td>
                  <td data-testid="driver-active">{d.active ? 'Yes' : <span className="muted">No</span>}</td>
                  {hos ? (
                    <>
                      <td data-testid="driver-duty" data-status={hos.status ?? ''}>
                        {hos.status ? (
                          <span
                            className={`pill pill-${hos.status.toLowerCase().replace(/_/g, '-')}`}
                            title={`ELD duty status code ${hos.status}`}
                          >
                            {DUTY_STATUS_MEANING[hos.status]}
                          </span>
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                      <td data-testid="driver-limits" className="hos-limits">
                        <HosLimits hos={hos} />
                      </td>
                      <td data-testid="driver-drive" className={hosClass(hos.driveMs)} data-ms={hos.driveMs ?? ''}>
                        {formatHoursMinutes(hos.driveMs)}
                      </td>
                      <td data-testid="driver-shift" className={hosClass(hos.shiftMs)} data-ms={hos.shiftMs ?? ''}>
                        {formatHoursMinutes(hos.shiftMs)}
                      </td>
                      <td data-testid="driver-cycle" className={hosClass(hos.cycleMs)} data-ms={hos.cycleMs ?? ''}>
                        {formatHoursMinutes(hos.cycleMs)}
                      </td>
                      <td data-testid="driver-break" className={hosClass(hos.breakMs)} data-ms={hos.breakMs ?? ''}>
                        {formatHoursMinutes(hos.breakMs)}
                      </td>
                    </>
                  ) : (
                    <td colSpan={6} className="muted" data-testid="driver-no-hos">
                      No HOS activity
                    </td>
                  )}
                  {onAssign && (
                    <td className="row-actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid="driver-assign"
                        onClick={() => onAssign(d.driverId)}
                      >
                        Assign…
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {sorted.length === 0 && <p className="empty">No driver matches these filters.</p>}
      </div>
    </>
  );
}
