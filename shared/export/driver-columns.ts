import { DRIVER_CSV_COLUMNS, driverCells, type Attributor } from '../drivers/attribution.ts';
import type { DriverName, SpanAttribution } from '../drivers/types.ts';
import { csvTextCell } from './csv.ts';

/**
 * Who drove, for the trips and events CSVs: the carrier's assignments as an attributor and the roster's
 * names. Given, the three DRIVER_CSV_COLUMNS are appended after every other column (so the columns users'
 * spreadsheets already read keep their positions); not given, the files are exactly as without drivers.
 */
export interface ExportDrivers {
  attributor: Attributor;
  names: ReadonlyMap<string, DriverName>;
}

/** The header's driver part, with its leading comma ('' without drivers). */
export function driverHeaderCells(drivers: ExportDrivers | undefined): string {
  return drivers ? `,${DRIVER_CSV_COLUMNS.join(',')}` : '';
}

/** A trip's driver cells, with their leading comma: the driver at its start, and any change before its end. */
export function tripDriverCells(
  drivers: ExportDrivers | undefined,
  vehicleId: string,
  startMs: number,
  endMs: number,
): string {
  return drivers ? spanCells(drivers, drivers.attributor.during(vehicleId, startMs, endMs)) : '';
}

/** An event's driver cells, with their leading comma: an event belongs to the driver at its start. */
export function eventDriverCells(drivers: ExportDrivers | undefined, vehicleId: string, startMs: number): string {
  return drivers ? spanCells(drivers, { start: drivers.attributor.at(vehicleId, startMs), changedTo: [] }) : '';
}

function spanCells(drivers: ExportDrivers, span: SpanAttribution): string {
  const cells = driverCells(span, drivers.names);
  return `,${DRIVER_CSV_COLUMNS.map((column) => csvTextCell(cells[column])).join(',')}`;
}
