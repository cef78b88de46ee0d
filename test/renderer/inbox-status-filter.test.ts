import { describe, expect, it } from 'vitest';
import type { InboxEvent } from '../../shared/inbox/events.ts';
import { ALL_EVENTS, filterEvents } from '../../shared/inbox/filter.ts';
import { markOf, REVIEW_STATES, type ReviewMark } from '../../shared/inbox/trail.ts';
import { DEFAULT_QUERY, paramsToQuery, queryToParams } from '../../renderer/src/features/inbox/inbox-query.ts';

/** The inbox's Status filter: each state of the coaching workflow, kept in the address and matching only its marks. */
const T0 = Date.UTC(2026, 10, 20, 12);
const ev = (i: number): InboxEvent => ({
  key: `v1|speeding|${T0 + i * 60_000}`,
  carrierId: 'c1',
  vehicleId: 'v1',
  vehicleNumber: 'T-1',
  kind: 'speeding',
  tier: null,
  startMs: T0 + i * 60_000,
  endMs: T0 + i * 60_000 + 30_000,
  durationSeconds: 30,
  peakSpeedMph: 75,
  overLimitMph: null,
  gapMiles: null,
  lat: 40,
  lng: -90,
  place: '',
  day: '2026-11-20',
});

describe('the inbox status filter', () => {
  // One event per state, and one never reviewed.
  const events = [...REVIEW_STATES.map((_, i) => ev(i)), ev(REVIEW_STATES.length)];
  const marks = new Map<string, ReviewMark>(
    REVIEW_STATES.map((s, i) => [events[i]!.key, markOf(events[i]!, s, 'n', T0, 'dana')]),
  );

  it('shows exactly the events in the chosen state, or those without a mark', () => {
    REVIEW_STATES.forEach((state, i) =>
      expect(filterEvents(events, { ...ALL_EVENTS, review: state }, marks).map((e) => e.key)).toEqual([events[i]!.key]),
    );
    expect(filterEvents(events, { ...ALL_EVENTS, review: 'open' }, marks)).toEqual([events.at(-1)]);
    expect(filterEvents(events, { ...ALL_EVENTS, review: 'any' }, marks)).toHaveLength(events.length);
  });

  it('is kept in the address for each state; an unknown state reads as all', () => {
    for (const review of [...REVIEW_STATES, 'open'] as const) {
      const p = queryToParams({ ...DEFAULT_QUERY, review });
      expect(p.get('review')).toBe(review);
      expect(paramsToQuery(p).review).toBe(review);
    }
    expect(paramsToQuery(new URLSearchParams('review=approved')).review).toBe('any');
    expect(paramsToQuery(new URLSearchParams('review=hasOwnProperty')).review).toBe('any');
  });
});
