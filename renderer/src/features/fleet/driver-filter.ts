import type { DutyStatusCode } from '../../../../shared/api/wire.ts';
import type { DriverRow } from '../../../../shared/domain/carrier.ts';
import { hosAlerts } from '../../../../shared/domain/hos.ts';
import type { SortValue } from '../../hooks/useSort.ts';
import { driverName, hasHosActivity } from './hos.ts';

const HOUR = 3_600_000;

export interface DriverFilter {
  text: string;
  active: 'all' | 'active' | 'inactive';
  duty: 'all' | DutyStatusCode | 'none';
  /** Remaining drive time below this many hours ('any' = no limit). */
  driveBelow: 'any' | '1' | '2' | '4';
  /** HOS limits: 'flagged' = some limit reached or under 30 min, 'reached' = some limit at 0. */
  limits: 'any' | 'flagged' | 'reached';
}

export const ALL_DRIVERS: DriverFilter = { text: '', active: 'all', duty: 'all', driveBelow: 'any', limits: 'any' };

export function matchesDriver(d: DriverRow, f: DriverFilter): boolean {
  const q = f.text.trim().toLowerCase();
  if (q && !`${d.firstName} ${d.lastName} ${d.username}`.toLowerCase().includes(q)) return false;
  if (f.active !== 'all' && d.active !== (f.active === 'active')) return false;
  const hos = hasHosActivity(d.hos) ? d.hos : null;
  if (f.duty === 'none' && hos !== null) return false;
  if (f.duty !== 'all' && f.duty !== 'none' && hos?.status !== f.duty) return false;
  if (f.driveBelow !== 'any' && !(hos?.driveMs != null && hos.driveMs < Number(f.driveBelow) * HOUR)) return false;
  if (f.limits !== 'any') {
    const alerts = hosAlerts(hos);
    if (f.limits === 'flagged' ? alerts.length === 0 : !alerts.some((a) => a.level === 'reached')) return false;
  }
  return true;
}

export type DriverSortKey = 'name' | 'username' | 'active' | 'duty' | 'limits' | 'drive' | 'shift' | 'cycle' | 'break';

export function driverSortValue(d: DriverRow, key: DriverSortKey): SortValue {
  const hos = hasHosActivity(d.hos) ? d.hos : null;
  switch (key) {
    case 'name':
      return driverName(d);
    case 'username':
      return d.username;
    case 'active':
      return d.active;
    case 'duty':
      return hos?.status ?? null;
    case 'limits':
      // The least time left on a flagged limit; drivers with none flagged sort after every flagged one.
      return hosAlerts(hos)[0]?.leftMs ?? null;
    case 'drive':
      return hos?.driveMs ?? null;
    case 'shift':
      return hos?.shiftMs ?? null;
    case 'cycle':
      return hos?.cycleMs ?? null;
    case 'break':
      return hos?.breakMs ?? null;
  }
}
