import type { JoinedAnalysis } from '../analysis/day-parts.ts';
import { EVENT_KINDS, eventFigures, zeroPerKind, type EventFigures } from '../analysis/event-kinds.ts';
import type { EventKind, SafetyEvent } from '../analysis/types.ts';
import type { OverLimitTier } from '../roads/tiers.ts';
import { localDayOfMs, type LocalDay } from '../time/local-day.ts';

/**
 * The safety inbox: every event of every kind (shared/analysis/event-kinds.ts) of every downloaded vehicle
 * in a range, from the same analysis and parameters as Trip review, as one flat list a screen can filter,
 * sort, group and count without going back to the tracks.
 */
export type InboxKind = EventKind;
export const INBOX_KINDS: readonly InboxKind[] = EVENT_KINDS;

/** The kind-specific figures (peak, over the limit, gap miles) are its row's EventFigures; null where none. */
export interface InboxEvent extends EventFigures {
  /** The review trail's key: vehicle, kind and start time (shared/inbox/trail.ts). */
  key: string;
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  kind: InboxKind;
  /** An over-the-limit event's tier (shared/roads/tiers.ts); null for every other kind. */
  tier: OverLimitTier | null;
  startMs: number;
  endMs: number;
  durationSeconds: number;
  lat: number;
  lng: number;
  place: string;
  /** The day of the carrier's home zone the event starts in. */
  day: LocalDay;
  /**
   * A long stop that reaches the range's first or last reading: the truck may have stood there before or
   * after, so its duration is a lower bound ("at least …").
   */
  atLeast?: boolean;
  /**
   * The driver at the event's start by the carrier's assignments (shared/inbox/drivers.ts); null: nobody
   * assigned. Absent on the analysis's own events: the page attributes them (assignments change nothing else).
   */
  driverId?: string | null;
}

/** One vehicle's analysis, as the inbox reads it. */
export interface VehicleAnalysis {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  /** The carrier's home zone: events are dated in its days. */
  zone: string;
  /** analyzeTrack's over the range, or the same joined from its days' parts. */
  analysis: JoinedAnalysis;
}

export function eventKey(e: { vehicleId: string; kind: InboxKind; startMs: number }): string {
  return `${e.vehicleId}|${e.kind}|${e.startMs}`;
}

function inboxEvent(v: VehicleAnalysis, e: SafetyEvent): InboxEvent {
  return {
    key: eventKey(e),
    carrierId: v.carrierId,
    vehicleId: v.vehicleId,
    vehicleNumber: v.vehicleNumber,
    kind: e.kind,
    tier: e.kind === 'over-limit' ? e.tier : null,
    startMs: e.startMs,
    endMs: e.endMs,
    durationSeconds: e.durationSeconds,
    ...eventFigures(e, v.analysis.params.speedingThresholdMph),
    lat: e.lat,
    lng: e.lng,
    place: e.place,
    day: localDayOfMs(e.startMs, v.zone),
  };
}

/** Every vehicle's events, in time order (ties: vehicle number, then kind), each dated in its carrier's zone. */
export function inboxEvents(vehicles: readonly VehicleAnalysis[]): InboxEvent[] {
  const out: InboxEvent[] = [];
  for (const v of vehicles) for (const e of v.analysis.events) out.push(inboxEvent(v, e));
  return out.sort(
    (a, b) =>
      a.startMs - b.startMs ||
      a.vehicleNumber.localeCompare(b.vehicleNumber, 'en-US', { numeric: true }) ||
      a.kind.localeCompare(b.kind),
  );
}

/** Events of each kind, every kind present (0 when none). */
export function countByKind(events: readonly InboxEvent[]): Record<InboxKind, number> {
  const counts = zeroPerKind();
  for (const e of events) counts[e.kind]++;
  return counts;
}
