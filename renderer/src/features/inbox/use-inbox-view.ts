import { useMemo } from 'react';
import { zeroPerKind } from '../../../../shared/analysis/event-kinds.ts';
import { INBOX_KINDS, type InboxEvent, type InboxKind } from '../../../../shared/inbox/events.ts';
import { filterEvents, groupEvents, matchesEvent, sortEvents } from '../../../../shared/inbox/filter.ts';
import { TIER_NAMES, type OverLimitTier } from '../../../../shared/roads/tiers.ts';
import { marksForEvents, type ReviewMark } from '../../../../shared/inbox/trail.ts';
import { filterOf, type InboxQuery } from './inbox-query.ts';

/** A row of the inbox list: a group's heading, or an event. */
export type InboxRow =
  { type: 'group'; key: string; label: string; count: number } | { type: 'event'; event: InboxEvent };

export interface InboxView {
  rows: InboxRow[];
  /** Events listed (headings apart). */
  shown: number;
  /** Per kind: the events every other filter lets through (what ticking that kind would add). */
  counts: Record<InboxKind, number>;
  /** Per over-the-limit tier: the events every other filter lets through. */
  tierCounts: Record<OverLimitTier, number>;
  marks: ReadonlyMap<string, ReviewMark>;
  /** The events every filter but the map area lets through: what the map shows, so a narrowed area keeps its context. */
  mapEvents: InboxEvent[];
}

/** The list the inbox shows: filtered, sorted and grouped on the page, from the worker's events. */
export function useInboxView(events: readonly InboxEvent[], marks: readonly ReviewMark[], q: InboxQuery): InboxView {
  const byEvent = useMemo(() => marksForEvents(events, marks), [events, marks]);
  const filter = useMemo(() => filterOf(q), [q]);
  const counts = useMemo(() => {
    const c = zeroPerKind();
    const t = Object.fromEntries(TIER_NAMES.map((n) => [n, 0])) as Record<OverLimitTier, number>;
    // A kind's count keeps the ticked tiers (what ticking the kind would add); a tier's ignores them.
    const anyKind = { ...filter, kinds: INBOX_KINDS, tiers: TIER_NAMES };
    for (const e of events) {
      if (!matchesEvent(e, anyKind, byEvent.get(e.key))) continue;
      if (e.tier === null || filter.tiers.includes(e.tier)) c[e.kind]++;
      if (e.tier !== null) t[e.tier]++;
    }
    return { kinds: c, tiers: t };
  }, [events, filter, byEvent]);
  const mapEvents = useMemo(
    () => (filter.area ? filterEvents(events, { ...filter, area: null }, byEvent) : null),
    [events, filter, byEvent],
  );
  // Sorted once per list and order, then filtered: a filter change does not sort again. The same list as
  // sorting the filtered events, since the sort is stable and filtering keeps the order.
  const allSorted = useMemo(() => sortEvents(events, q.sort, q.dir), [events, q.sort, q.dir]);
  const sorted = useMemo(() => filterEvents(allSorted, filter, byEvent), [allSorted, filter, byEvent]);
  const rows = useMemo<InboxRow[]>(() => {
    if (q.group === 'none') return sorted.map((event) => ({ type: 'event', event }));
    return groupEvents(sorted, q.group).flatMap((g) => [
      { type: 'group' as const, key: g.key, label: g.label, count: g.events.length },
      ...g.events.map((event) => ({ type: 'event' as const, event })),
    ]);
  }, [sorted, q.group]);
  return {
    rows,
    shown: sorted.length,
    counts: counts.kinds,
    tierCounts: counts.tiers,
    marks: byEvent,
    mapEvents: mapEvents ?? sorted,
  };
}
