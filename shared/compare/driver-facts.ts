import type { SafetyEvent, Trip } from '../analysis/types.ts';
import { createAttributor, driverOf } from '../drivers/attribution.ts';
import type { Assignment, DriverName } from '../drivers/types.ts';
import { driverText } from '../inbox/drivers.ts';
import type { CarrierFacts } from './facts.ts';

/**
 * "Drivers with events" for Compare: who drove, joined on the page to the trip analysis's trips and events
 * (the worker never reads assignments, so an edit updates the table without analysing again).
 *
 * The events are the ones Compare rates per 1,000 miles: speeding, and over the road's limit when road
 * limits were applied. An event's driver is the one at its start; a driver's miles are those of the trips
 * they started (the same rule as the trips and events exports).
 */

/** The kinds counted: the per-1,000-mile safety events of Compare's table. */
export const DRIVER_EVENT_KINDS = ['speeding', 'over-limit'] as const;
type DriverEventKind = (typeof DRIVER_EVENT_KINDS)[number];

/** A driver with fewer miles than this is not ranked: a rate over a few miles is noise (1 event in 5 mi is 200). */
export const MIN_RANKED_MILES = 100;
/** How many drivers the row names. */
export const TOP_DRIVERS = 3;

/** What the analysis found, in the smallest form the join needs (plain data: it crosses from the worker). */
export interface DriverSpans {
  trips: { vehicleId: string; startMs: number; miles: number }[];
  events: { vehicleId: string; startMs: number; kind: DriverEventKind }[];
}

export const emptyDriverSpans = (): DriverSpans => ({ trips: [], events: [] });

/** Adds one vehicle's analysed trips and counted events. */
export function addDriverSpans(into: DriverSpans, trips: readonly Trip[], events: readonly SafetyEvent[]): void {
  for (const t of trips) into.trips.push({ vehicleId: t.vehicleId, startMs: t.startMs, miles: t.distanceMiles });
  for (const e of events)
    if (e.kind === 'speeding' || e.kind === 'over-limit')
      into.events.push({ vehicleId: e.vehicleId, startMs: e.startMs, kind: e.kind });
}

export interface RankedDriver {
  driverId: string;
  /** "J. Smith (jsmith)", or the id of a driver the kept roster does not list. */
  label: string;
  events: number;
  miles: number;
  per1000Mi: number;
}

export interface DriverFacts {
  /** Distinct drivers named by the carrier's assignments. */
  assignedDrivers: number;
  /** Drivers with at least one counted event at its start. */
  driversWithEvents: number;
  events: number;
  /** Counted events nobody was assigned to at their start. */
  unassignedEvents: number;
  /** Drivers with at least MIN_RANKED_MILES of trips they started. */
  rankedDrivers: number;
  /** At most TOP_DRIVERS, the most events per 1,000 miles first (ties: more events, then label). */
  top: RankedDriver[];
}

/**
 * The carrier's drivers facts; null when it has no assignments at all ("no assignments", never a 0 that
 * would claim nobody drove).
 */
export function driverFacts(
  spans: DriverSpans,
  assignments: readonly Assignment[],
  names: ReadonlyMap<string, DriverName>,
): DriverFacts | null {
  if (assignments.length === 0) return null;
  const attributor = createAttributor(assignments);
  const driverAt = (vehicleId: string, ms: number) => driverOf(attributor.at(vehicleId, ms));
  const tally = new Map<string, { events: number; miles: number }>();
  const of = (id: string) => {
    let t = tally.get(id);
    if (!t) tally.set(id, (t = { events: 0, miles: 0 }));
    return t;
  };
  let unassignedEvents = 0;
  for (const e of spans.events) {
    const id = driverAt(e.vehicleId, e.startMs);
    if (id === null) unassignedEvents++;
    else of(id).events++;
  }
  for (const t of spans.trips) {
    const id = driverAt(t.vehicleId, t.startMs);
    if (id !== null) of(id).miles += t.miles;
  }
  const ranked = [...tally]
    .filter(([, t]) => t.miles >= MIN_RANKED_MILES)
    .map(([driverId, t]) => ({
      driverId,
      label: driverText(driverId, names),
      events: t.events,
      miles: t.miles,
      per1000Mi: (t.events * 1000) / t.miles,
    }))
    .sort((a, b) => b.per1000Mi - a.per1000Mi || b.events - a.events || a.label.localeCompare(b.label, 'en-US'));
  return {
    assignedDrivers: new Set(assignments.map((a) => a.driverId)).size,
    driversWithEvents: [...tally.values()].filter((t) => t.events > 0).length,
    events: spans.events.length,
    unassignedEvents,
    rankedDrivers: ranked.length,
    top: ranked.slice(0, TOP_DRIVERS),
  };
}

/** A carrier's assignments and kept drivers, as the page read them. */
export interface CarrierDrivers {
  assignments: readonly Assignment[];
  names: ReadonlyMap<string, DriverName>;
}

/**
 * The carriers with their drivers facts joined: a carrier not analysed yet, or whose assignments are not
 * read yet, is left without (shown pending, never "no assignments").
 */
export function withDriverFacts(
  carriers: readonly CarrierFacts[],
  kept: ReadonlyMap<string, CarrierDrivers>,
): CarrierFacts[] {
  return carriers.map((f) => {
    const k = kept.get(f.carrierId);
    if (!f.driverSpans || !k) return f;
    return { ...f, drivers: driverFacts(f.driverSpans, k.assignments, k.names) };
  });
}
