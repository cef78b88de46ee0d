import type { DriverRow } from '../../../../shared/domain/carrier.ts';

/** Spec 2.4: a driver with no HOS activity comes with every value null (or with no status at all). */
export function hasHosActivity(hos: DriverRow['hos']): hos is NonNullable<DriverRow['hos']> {
  return (
    hos !== null &&
    (hos.status !== null ||
      hos.driveMs !== null ||
      hos.shiftMs !== null ||
      hos.cycleMs !== null ||
      hos.breakMs !== null)
  );
}

export function driverName(d: DriverRow): string {
  return `${d.lastName}, ${d.firstName}`;
}
