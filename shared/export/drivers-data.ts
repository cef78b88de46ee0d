import { createAttributor } from '../drivers/attribution.ts';
import type { Assignment, DriverName } from '../drivers/types.ts';
import type { ExportDrivers } from './driver-columns.ts';

/**
 * Who drove, as plain data: what crosses to an export worker or over IPC to the audit backend, where the
 * attributor (functions, which cannot cross) is built again. The app sends it only when the carrier has at
 * least one assignment kept; without it every file is exactly as without drivers.
 */
export interface DriversData {
  /** The carrier's kept assignments (shared/drivers/types.ts). */
  assignments: Assignment[];
  /** The roster's names of the carrier's drivers, as last kept. */
  names: DriverName[];
}

/** The export's drivers from the plain data; undefined without data (the files keep their columns). */
export function exportDriversOf(data: DriversData | undefined): ExportDrivers | undefined {
  if (!data) return undefined;
  return {
    attributor: createAttributor(data.assignments),
    names: new Map(data.names.map((d) => [d.driverId, d])),
  };
}

/**
 * The part of the drivers one vehicle's files need: its own assignments (attribution reads no other
 * vehicle's) and the names of the drivers they name. Keeps an audit request small: the browser shell's
 * bridge takes at most 2 MB, about 12,000 assignments.
 */
export function driversOfVehicle(data: DriversData, vehicleId: string): DriversData | undefined {
  const assignments = data.assignments.filter((a) => a.vehicleId === vehicleId);
  if (assignments.length === 0) return undefined;
  const named = new Set(assignments.map((a) => a.driverId));
  return { assignments, names: data.names.filter((d) => named.has(d.driverId)) };
}
