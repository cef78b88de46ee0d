import type { SafetyEvent, Trip } from '../analysis/types.ts';
import type { AuditDrivers } from '../audit/bundle-content.ts';
import { driverLabel } from '../drivers/attribution.ts';
import { xmlText } from '../export/xml.ts';
import { reportField } from './outside-text.ts';

/**
 * The audit report's driver parts: a Driver column in the trips and events tables and a line saying where
 * the drivers come from. Without drivers there is no column and no line (the report is as before).
 * Attribution is the exports' rule (shared/drivers/attribution.ts): the driver at a trip's start, both named
 * when the assignment changed during it; an event's driver at its start; "Unassigned" where none covers.
 */
export function reportDrivers(drivers: AuditDrivers | undefined, vehicleId: string) {
  const cell = (label: string) => `<td>${xmlText(reportField(label))}</td>`;
  return {
    head: drivers ? '<th>Driver</th>' : '',
    trip: (t: Pick<Trip, 'startMs' | 'endMs'>) =>
      drivers ? cell(driverLabel(drivers.attributor.during(vehicleId, t.startMs, t.endMs), drivers.names)) : '',
    event: (e: Pick<SafetyEvent, 'startMs'>) =>
      drivers
        ? cell(driverLabel({ start: drivers.attributor.at(vehicleId, e.startMs), changedTo: [] }, drivers.names))
        : '',
    /** The facts table's line; none without drivers. */
    facts: drivers ? [['Drivers', `By ${drivers.basis}; "Unassigned" where no assignment covers the start.`]] : [],
  };
}
