import { createAttributor, driverOf, shortName } from '../drivers/attribution.ts';
import type { Assignment, DriverName } from '../drivers/types.ts';
import type { InboxEvent } from './events.ts';

/**
 * Who drove each inbox event: the driver at its start by its carrier's assignments, else nobody. Applied on
 * the page after the worker's analysis (attribution changes nothing the analysis computes), so an assignment
 * imported or edited updates the list without analysing again: one binary search per event.
 */

/** The inbox's driver filter: every event, the events without a driver, or one carrier's driver. */
export type DriverChoice =
  { kind: 'all' } | { kind: 'unassigned' } | { kind: 'driver'; carrierId: string; driverId: string };

export const ALL_DRIVERS: DriverChoice = Object.freeze({ kind: 'all' });

/** The events with their driver (`driverId` null: unassigned), in the same order; the events are not changed. */
export function withDrivers(
  events: readonly InboxEvent[],
  assignmentsByCarrier: ReadonlyMap<string, readonly Assignment[]>,
): InboxEvent[] {
  const attributors = new Map([...assignmentsByCarrier].map(([id, rows]) => [id, createAttributor(rows)]));
  return events.map((e) => {
    const attributor = attributors.get(e.carrierId);
    return { ...e, driverId: attributor ? driverOf(attributor.at(e.vehicleId, e.startMs)) : null };
  });
}

/** Whether an event passes the driver filter; an event not yet attributed (driverId undefined) passes only "all". */
export function matchesDriver(e: InboxEvent, choice: DriverChoice): boolean {
  switch (choice.kind) {
    case 'all':
      return true;
    case 'unassigned':
      return e.driverId === null;
    case 'driver':
      return e.carrierId === choice.carrierId && e.driverId === choice.driverId;
  }
}

/** A driver on screens: "J. Smith (jsmith)"; a driver the kept roster does not list shows its id. */
export function driverText(driverId: string, names: ReadonlyMap<string, DriverName> | undefined): string {
  const d = names?.get(driverId);
  return d ? `${shortName(d)} (${d.username})` : driverId;
}

export interface DriverOption {
  carrierId: string;
  driverId: string;
  label: string;
  events: number;
}

/** The drivers with at least one event in `events`, by name (then carrier), each with its event count. */
export function driversWithEvents(
  events: readonly InboxEvent[],
  namesByCarrier: ReadonlyMap<string, ReadonlyMap<string, DriverName>>,
): DriverOption[] {
  const byDriver = new Map<string, DriverOption>();
  for (const e of events) {
    if (e.driverId === null || e.driverId === undefined) continue;
    const key = `${e.carrierId}|${e.driverId}`;
    const found = byDriver.get(key);
    if (found) found.events++;
    else
      byDriver.set(key, {
        carrierId: e.carrierId,
        driverId: e.driverId,
        label: driverText(e.driverId, namesByCarrier.get(e.carrierId)),
        events: 1,
      });
  }
  return [...byDriver.values()].sort(
    (a, b) => a.label.localeCompare(b.label, 'en-US') || a.carrierId.localeCompare(b.carrierId),
  );
}
