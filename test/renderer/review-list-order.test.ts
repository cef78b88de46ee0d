import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { SafetyEvent, Trip } from '../../shared/analysis/types.ts';
import {
  eventsPerTrip,
  matchesPlace,
  orderEvents,
  orderTrips,
  type ListSort,
} from '../../renderer/src/features/review/list-order.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const LIMIT = 70;
const AMARILLO = '12 mi N of Amarillo, TX';
const TULSA = 'in Tulsa, OK';
const JOPLIN = '3 mi E of Joplin, MO';
const WICHITA = 'in Wichita, KS';
const BREAK = { kind: 'stop', minutes: 30 } as const;

/**
 * Five trips a 30-min stop apart, each with its place; T5's break runs on 150 min more (a 180-min long stop
 * at Tulsa). By construction
 * (a reading a minute; a minute at 60 mph is a mile):
 *   T1 Amarillo  60 min at 50            50 mi   peak 50  no speeding
 *   T2 Tulsa     30 min at 80            40 mi   peak 80  one run 29 min, 10 over
 *   T3 Joplin    120 min, runs at 78, 74  ~131 mi peak 78  two runs (8 and 4 over)
 *   T4 Wichita   20 at 72, 20 at 55      ~42 mi  peak 72  one run, 2 over
 *   T5 Tulsa     45 min at 80            60 mi   peak 80  one run 44 min, 10 over
 */
const TRIPS: { place: string; legs: Leg[] }[] = [
  { place: AMARILLO, legs: [{ kind: 'drive', minutes: 60, mph: 50 }] },
  { place: TULSA, legs: [{ kind: 'drive', minutes: 30, mph: 80 }] },
  {
    place: JOPLIN,
    legs: [
      { kind: 'drive', minutes: 40, mph: 60 },
      { kind: 'drive', minutes: 20, mph: 78 },
      { kind: 'drive', minutes: 20, mph: 60 },
      { kind: 'drive', minutes: 20, mph: 74 },
      { kind: 'drive', minutes: 20, mph: 60 },
    ],
  },
  {
    place: WICHITA,
    legs: [
      { kind: 'drive', minutes: 20, mph: 72 },
      { kind: 'drive', minutes: 20, mph: 55 },
    ],
  },
  { place: TULSA, legs: [{ kind: 'drive', minutes: 45, mph: 80 }] },
];

function readingsOf(leg: Leg): number {
  if (leg.kind === 'drive') return leg.minutes;
  if (leg.kind === 'stop') return leg.minutes / 5;
  return 1;
}

function build() {
  const plan: Leg[] = [];
  const places: string[] = [];
  const add = (leg: Leg, place: string) => {
    plan.push(leg);
    for (let k = 0; k < readingsOf(leg); k++) places.push(place);
  };
  for (const t of TRIPS) {
    for (const leg of t.legs) add(leg, t.place);
    add(BREAK, t.place);
  }
  add({ kind: 'stop', minutes: 150 }, WICHITA);
  const points = generateTrack(plan, {
    startMs: Date.UTC(2026, 5, 1, 6),
    seed: 3,
    location: (k) => places[k] ?? WICHITA,
  });
  return analyzeTrack(toDayChunks('v1', points), { speedingThresholdMph: LIMIT });
}

const { trips, events } = build();
/** Trip k (1-based) of the plan: trips are time-ordered, as the analysis gives them. */
const T = (k: number): Trip => trips[k - 1]!;
const sort = (key: ListSort['key'], direction: ListSort['direction']): ListSort => ({ key, direction });
const speeding = events.filter((e) => e.kind === 'speeding');

describe('trips and events lists: order and search', () => {
  it('the plan gives five trips, five speeding runs and a long stop', () => {
    expect(trips.map((t) => t.startPlace)).toEqual([AMARILLO, TULSA, JOPLIN, WICHITA, TULSA]);
    expect(speeding.map((e) => (e.kind === 'speeding' ? e.peakSpeedMph : 0))).toEqual([80, 78, 74, 72, 80]);
    expect(events.filter((e) => e.kind === 'long-stop')).toHaveLength(1);
  });

  it('sorts trips by time, distance, duration and peak, both ways', () => {
    expect(orderTrips(trips, events, sort('time', 'descending'), '')).toEqual([T(5), T(4), T(3), T(2), T(1)]);
    expect(orderTrips(trips, events, sort('distance', 'descending'), '')).toEqual([T(3), T(5), T(1), T(4), T(2)]);
    expect(orderTrips(trips, events, sort('distance', 'ascending'), '')).toEqual([T(2), T(4), T(1), T(5), T(3)]);
    expect(orderTrips(trips, events, sort('duration', 'descending'), '')).toEqual([T(3), T(1), T(5), T(4), T(2)]);
    // Equal peaks keep time order.
    expect(orderTrips(trips, events, sort('peak', 'descending'), '')).toEqual([T(2), T(5), T(3), T(4), T(1)]);
  });

  it('counts the events inside each trip (not the long stop that starts where T5 ends)', () => {
    const counts = eventsPerTrip(trips, events);
    expect(trips.map((t) => counts.get(t.id))).toEqual([0, 1, 2, 1, 1]);
  });

  it('worst trips: most events, then the higher peak, then the earlier', () => {
    expect(orderTrips(trips, events, sort('worst', 'descending'), '')).toEqual([T(3), T(2), T(5), T(4), T(1)]);
  });

  it('worst events: furthest over the limit, then the longest; events without a speed last', () => {
    const worst = orderEvents(events, sort('worst', 'descending'), '', LIMIT);
    const peakAndMinutes = (e: SafetyEvent) => [
      e.kind,
      e.kind === 'speeding' ? e.peakSpeedMph : null,
      Math.round(e.durationSeconds / 60),
    ];
    expect(worst.map(peakAndMinutes)).toEqual([
      ['speeding', 80, 44],
      ['speeding', 80, 29],
      ['speeding', 78, 19],
      ['speeding', 74, 19],
      ['speeding', 72, 19],
      ['long-stop', null, 150 + 30],
    ]);
  });

  it('events sorted by peak put those without one last, either way', () => {
    const up = orderEvents(events, sort('peak', 'ascending'), '', LIMIT);
    const down = orderEvents(events, sort('peak', 'descending'), '', LIMIT);
    expect(up.map((e) => e.kind).at(-1)).toBe('long-stop');
    expect(down.map((e) => e.kind).at(-1)).toBe('long-stop');
    expect(up.slice(0, 5).map((e) => (e.kind === 'speeding' ? e.peakSpeedMph : 0))).toEqual([72, 74, 78, 80, 80]);
  });

  it('searches trips by start or end place, every word, any case', () => {
    expect(orderTrips(trips, events, sort('time', 'ascending'), 'tulsa')).toEqual([T(2), T(5)]);
    expect(orderTrips(trips, events, sort('time', 'ascending'), '  AMARILLO   tx ')).toEqual([T(1)]);
    expect(orderTrips(trips, events, sort('time', 'ascending'), 'amarillo ok')).toEqual([]);
    expect(orderTrips(trips, events, sort('time', 'ascending'), '')).toHaveLength(5);
  });

  it('searches events by place and keeps the chosen order', () => {
    const found = orderEvents(events, sort('worst', 'descending'), 'tulsa', LIMIT);
    // T2's and T5's runs, and the long stop that begins at T5's break.
    expect(found.map((e) => [e.kind, e.place, Math.round(e.durationSeconds / 60)])).toEqual([
      ['speeding', TULSA, 44],
      ['speeding', TULSA, 29],
      ['long-stop', TULSA, 180],
    ]);
    expect(matchesPlace(['in Wichita, KS'], 'wich ks')).toBe(true);
    expect(matchesPlace(['in Wichita, KS'], 'wichita tx')).toBe(false);
  });
});
