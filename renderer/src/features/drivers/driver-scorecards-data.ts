import { createAttributor, driverOf } from '../../../../shared/drivers/attribution.ts';
import { driverScorecards, type DriverScorecard } from '../../../../shared/drivers/scorecards.ts';
import type { Assignment, DriverName } from '../../../../shared/drivers/types.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import { marksForEvents, type ReviewMark } from '../../../../shared/inbox/trail.ts';
import type { Interval } from '../../../../shared/time/local-day.ts';
import type { DriverRangeData } from '../../workers/driver-scorecards-protocol.ts';

/** What the page keeps of one carrier beside the worker's data: its range, assignments, marks and driver names. */
export interface CarrierDrivers {
  carrierId: string;
  range: Interval;
  assignments: readonly Assignment[];
  marks: readonly ReviewMark[];
  names: ReadonlyMap<string, DriverName>;
}

/** An event of the range a driver is to be coached on, with its mark's note. */
export interface CoachingItem {
  event: InboxEvent;
  mark: ReviewMark;
}

export interface DriverCard {
  card: DriverScorecard;
  /** The driver's events of the range marked "needs coaching", oldest first. */
  coaching: CoachingItem[];
}

/**
 * Every carrier's driver scorecards from the worker's trips, events and conflicts: each trip and event goes
 * to the driver at its start by the carrier's assignments (shared/drivers/attribution.ts), applied here so
 * that an assignment changing re-scores without analysing again.
 */
export function driverCardsOf(data: readonly DriverRangeData[], carriers: readonly CarrierDrivers[]): DriverCard[] {
  const byId = new Map(carriers.map((c) => [c.carrierId, c]));
  const out: DriverCard[] = [];
  for (const d of data) {
    const c = byId.get(d.carrierId);
    if (!c) continue;
    const attributor = createAttributor(c.assignments);
    const events = d.events.map((event) => ({
      event,
      driver: attributor.during(event.vehicleId, event.startMs, event.endMs),
    }));
    const cards = driverScorecards({
      carrierId: c.carrierId,
      range: c.range,
      trips: d.trips.map((t) => ({ ...t, driver: attributor.during(t.vehicleId, t.startMs, t.endMs) })),
      events,
      conflicts: d.conflicts,
      marks: c.marks,
      names: c.names,
      roadLimits: d.roadLimits,
    });
    const marks = marksForEvents(
      events.map((e) => e.event),
      c.marks,
    );
    const coachingOf = new Map<string | null, CoachingItem[]>();
    for (const { event, driver } of events) {
      const mark = marks.get(event.key);
      if (mark?.state !== 'needs-coaching' || event.startMs < c.range.startMs || event.startMs >= c.range.endMs)
        continue;
      const id = driverOf(driver.start);
      coachingOf.set(id, [...(coachingOf.get(id) ?? []), { event, mark }]);
    }
    for (const card of cards) out.push({ card, coaching: coachingOf.get(card.driverId) ?? [] });
  }
  return out;
}
