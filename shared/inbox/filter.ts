import { EVENT_KIND_ROWS } from '../analysis/event-kinds.ts';
import { TIER_NAMES, type OverLimitTier } from '../roads/tiers.ts';
import { ALL_DRIVERS, matchesDriver, type DriverChoice } from './drivers.ts';
import { INBOX_KINDS, type InboxEvent, type InboxKind } from './events.ts';
import type { ReviewMark, ReviewState } from './trail.ts';

/** What the inbox shows: every field is a restriction, the defaults restrict nothing. */
export interface InboxFilter {
  kinds: readonly InboxKind[];
  /** The over-the-limit tiers shown (the other kinds have no tier and are not held to it). */
  tiers: readonly OverLimitTier[];
  /** null: every vehicle. */
  vehicleIds: readonly string[] | null;
  /** Events with an over-the-limit figure at least this far over (kinds without one are not held to it). */
  minOverLimitMph: number;
  minDurationSeconds: number;
  /** null: every day. */
  day: string | null;
  /** Case-insensitive part of the place text. */
  place: string;
  review: 'any' | 'open' | ReviewState;
  /** [west, south, east, north]; null: anywhere. */
  area: readonly [number, number, number, number] | null;
  /** Who drove (shared/inbox/drivers.ts). */
  driver: DriverChoice;
}

export const ALL_EVENTS: InboxFilter = {
  kinds: INBOX_KINDS,
  tiers: TIER_NAMES,
  vehicleIds: null,
  minOverLimitMph: 0,
  minDurationSeconds: 0,
  day: null,
  place: '',
  review: 'any',
  area: null,
  driver: ALL_DRIVERS,
};

export function matchesEvent(e: InboxEvent, f: InboxFilter, mark: ReviewMark | undefined): boolean {
  if (!f.kinds.includes(e.kind)) return false;
  if (e.tier !== null && !f.tiers.includes(e.tier)) return false;
  if (f.vehicleIds && !f.vehicleIds.includes(e.vehicleId)) return false;
  if (e.overLimitMph !== null && e.overLimitMph < f.minOverLimitMph) return false;
  if (e.durationSeconds < f.minDurationSeconds) return false;
  if (f.day !== null && e.day !== f.day) return false;
  if (f.place && !e.place.toLowerCase().includes(f.place.trim().toLowerCase())) return false;
  if (f.review === 'open' && mark) return false;
  if (f.review !== 'any' && f.review !== 'open' && mark?.state !== f.review) return false;
  if (!matchesDriver(e, f.driver)) return false;
  if (f.area) {
    const [w, s, east, n] = f.area;
    if (e.lat < s || e.lat > n || e.lng < w || e.lng > east) return false;
  }
  return true;
}

export function filterEvents(
  events: readonly InboxEvent[],
  f: InboxFilter,
  marks: ReadonlyMap<string, ReviewMark> = new Map(),
): InboxEvent[] {
  return events.filter((e) => matchesEvent(e, f, marks.get(e.key)));
}

export type InboxSortKey = 'priority' | 'time' | 'severity' | 'duration' | 'vehicle';

/**
 * Severity, each kind's own rule (event-kinds.ts): how far over the limit for speeding, how long for stops
 * and gaps, in minutes; so a mixed list puts a 20-mph-over run and a 20-minute gap side by side. Worst
 * first when descending.
 */
export function severityOf(e: InboxEvent): number {
  return EVENT_KIND_ROWS[e.kind].severity(e);
}

/** An over-the-limit event's tier rank (light 0 … severe 3); -1 for a kind without tiers. */
export function tierRank(e: InboxEvent): number {
  return e.tier === null ? -1 : TIER_NAMES.indexOf(e.tier);
}

/**
 * What a safety manager acts on first (docs/analysis.md, "The inbox"): the kinds' priorities (over the
 * road's limit, speeding above the flat threshold, data gaps, long stops), then within a kind its tier
 * (severe before heavy, …), then its severity. Ascending: the least urgent first.
 */
export function priorityOrder(a: InboxEvent, b: InboxEvent): number {
  return (
    EVENT_KIND_ROWS[a.kind].priority - EVENT_KIND_ROWS[b.kind].priority ||
    tierRank(a) - tierRank(b) ||
    severityOf(a) - severityOf(b)
  );
}

const numeric = new Intl.Collator('en-US', { numeric: true });

export function sortEvents(
  events: readonly InboxEvent[],
  key: InboxSortKey,
  direction: 'ascending' | 'descending',
): InboxEvent[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (a: InboxEvent, b: InboxEvent): number => {
    switch (key) {
      case 'priority':
        return priorityOrder(a, b);
      case 'time':
        return a.startMs - b.startMs;
      case 'severity':
        return severityOf(a) - severityOf(b);
      case 'duration':
        return a.durationSeconds - b.durationSeconds;
      case 'vehicle':
        return numeric.compare(a.vehicleNumber, b.vehicleNumber);
    }
  };
  // Ties keep time order whatever the direction, so a sorted list reads chronologically within equals.
  return [...events].sort((a, b) => sign * value(a, b) || a.startMs - b.startMs || a.key.localeCompare(b.key));
}

export interface EventGroup {
  key: string;
  label: string;
  events: InboxEvent[];
}

/** Groups in order of their first event in `events` (already sorted), so grouping keeps the chosen sort. */
export function groupEvents(events: readonly InboxEvent[], by: 'vehicle' | 'day'): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const e of events) {
    const key = by === 'vehicle' ? `${e.carrierId}|${e.vehicleId}` : e.day;
    let g = groups.get(key);
    if (!g) {
      g = { key, label: by === 'vehicle' ? e.vehicleNumber : e.day, events: [] };
      groups.set(key, g);
    }
    g.events.push(e);
  }
  return [...groups.values()];
}
