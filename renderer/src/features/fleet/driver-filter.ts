import type { DutyStatusCode } from '../../../../shared/api/wire.ts';
import type { DriverRow } from '../../../../shared/domain/carrier.ts';
import type { SortValue } from '../../hooks/useSort.ts';
import { driverName, hasHosActivity } from './hos.ts';

const HOUR = 3_600_000;

export interface DriverFilter {
  text: string;
  active: 'all' | 'active' | 'inactive';
  duty: 'all' | DutyStatusCode | 'none';
  /** Remaining drive time below this many hours ('any' = no limit). */
  driveBelow: 'any' | '1' | '2' | '4';
}

export const ALL_DRIVERS: DriverFilter = { text: '', active: 'all', duty: 'all', driveBelow: 'any' };

export function matchesDriver(d: DriverRow, f: DriverFilter): boolean {
  const q = f.text.trim().toLowerCase();
  if (q && !`${d.firstName} ${d.lastName} ${d.username}`.toLowerCase().includes(q)) return false;
  if (f.active !== 'all' && d.active !== (f.active === 'active')) return false;
  const hos = hasHosActivity(d.hos) ? d.hos : null;
  if (f.duty === 'none' && hos !== null) return false;
  if (f.duty !== 'all' && f.duty !== 'none' && hos?.status !== f.duty) return false;
  if (f.driveBelow !== 'any' && !(hos?.driveMs != null && hos.driveMs < Number(f.driveBelow) * HOUR)) return false;
  return true;
}

export type DriverSortKey = 'name' | 'username' | 'active' | 'duty' | 'drive' | 'shift' | 'cycle' | 'break';

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
