import { eventFigures } from '../../../../shared/analysis/event-kinds.ts';
import type { SafetyEvent, Trip } from '../../../../shared/analysis/types.ts';
import { lowerBound } from '../../../../shared/util/search.ts';
import { sortRows, type SortState, type SortValue } from '../../hooks/useSort.ts';

/** The columns the trips and events lists sort by; `worst` is the "Worst first" choice. */
export type ListSortKey = 'time' | 'distance' | 'duration' | 'peak' | 'worst';
export type ListSort = SortState<ListSortKey>;

export const BY_TIME: ListSort = { key: 'time', direction: 'ascending' };

/** Place search: every word of the query somewhere in the place texts, case-insensitive ("amarillo tx"). */
export function matchesPlace(places: readonly string[], query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = places.join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

/**
 * Safety events per trip: those starting within [start, end) of the trip (events are time-ordered). Half
 * open: the stop that ends a trip starts at its end, and a long stop is not the trip's doing.
 */
export function eventsPerTrip(trips: readonly Trip[], events: readonly SafetyEvent[]): Map<string, number> {
  const starts = Float64Array.from(events, (e) => e.startMs);
  return new Map(trips.map((t) => [t.id, lowerBound(starts, t.endMs) - lowerBound(starts, t.startMs)]));
}

/** Miles over the limit at the event's peak: 0 for kinds without one (event-kinds.ts figures). */
export function overLimitMph(e: SafetyEvent, thresholdMph: number): number {
  return eventFigures(e, thresholdMph).overLimitMph ?? 0;
}

function tripValue(t: Trip, key: ListSortKey): SortValue {
  switch (key) {
    case 'time':
    case 'worst':
      return t.startMs;
    case 'distance':
      return t.distanceMiles;
    case 'duration':
      return t.durationSeconds;
    // A trip with no known speed sorts last, like a kind without a peak.
    case 'peak':
      return Number.isNaN(t.maxSpeedMph) ? null : t.maxSpeedMph;
  }
}

function eventValue(e: SafetyEvent, key: ListSortKey): SortValue {
  switch (key) {
    case 'time':
    case 'worst':
      return e.startMs;
    // Only a gap covers a distance; a speeding stretch's distance is not measured as an event figure.
    case 'distance':
      return eventFigures(e, 0).gapMiles;
    case 'duration':
      return e.durationSeconds;
    // Only speeding has a peak; other kinds sort last whatever the direction.
    case 'peak':
      return eventFigures(e, 0).peakSpeedMph;
  }
}

/** A speed for ranking only: unknown ranks as not fast (NaN would make the comparison inconsistent). */
const knownOr0 = (mph: number) => (Number.isNaN(mph) ? 0 : mph);

/** Worst trips first: most safety events, then highest peak speed, then the earlier one. */
export function worstTrips(trips: readonly Trip[], counts: ReadonlyMap<string, number>): Trip[] {
  return [...trips].sort(
    (a, b) =>
      (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) ||
      knownOr0(b.maxSpeedMph) - knownOr0(a.maxSpeedMph) ||
      a.startMs - b.startMs,
  );
}

/** Worst events first: furthest over the limit at the peak, then the longest, then the earlier one. */
export function worstEvents(events: readonly SafetyEvent[], thresholdMph: number): SafetyEvent[] {
  return [...events].sort(
    (a, b) =>
      overLimitMph(b, thresholdMph) - overLimitMph(a, thresholdMph) ||
      b.durationSeconds - a.durationSeconds ||
      a.startMs - b.startMs,
  );
}

/** The trips list as shown: place search, then the chosen order. */
export function orderTrips(
  trips: readonly Trip[],
  events: readonly SafetyEvent[],
  sort: ListSort,
  query: string,
): Trip[] {
  const found = trips.filter((t) => matchesPlace([t.startPlace, t.endPlace], query));
  return sort.key === 'worst' ? worstTrips(found, eventsPerTrip(found, events)) : sortRows(found, sort, tripValue);
}

/** The events list as shown: place search, then the chosen order. */
export function orderEvents(
  events: readonly SafetyEvent[],
  sort: ListSort,
  query: string,
  thresholdMph: number,
): SafetyEvent[] {
  const found = events.filter((e) => matchesPlace([e.place], query));
  return sort.key === 'worst' ? worstEvents(found, thresholdMph) : sortRows(found, sort, eventValue);
}
