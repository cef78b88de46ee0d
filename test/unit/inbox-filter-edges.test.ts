import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { INBOX_KINDS, inboxEvents, type InboxEvent, type InboxKind } from '../../shared/inbox/events.ts';
import {
  ALL_EVENTS,
  filterEvents,
  groupEvents,
  severityOf,
  sortEvents,
  type InboxFilter,
} from '../../shared/inbox/filter.ts';

/** An inbox event written out by hand: only what a test sets differs from a plain 5-minute stop. */
function ev(over: Partial<InboxEvent> & { startMs: number }): InboxEvent {
  const kind: InboxKind = over.kind ?? 'long-stop';
  const vehicleId = over.vehicleId ?? 'v1';
  return {
    key: `${vehicleId}|${kind}|${over.startMs}`,
    carrierId: 'c1',
    vehicleId,
    vehicleNumber: 'T-1',
    kind,
    tier: null,
    endMs: over.startMs + 300_000,
    durationSeconds: 300,
    peakSpeedMph: null,
    overLimitMph: null,
    gapMiles: null,
    lat: 40,
    lng: -90,
    place: 'Springfield, IL',
    day: '2026-11-10',
    ...over,
  };
}
const only = (f: Partial<InboxFilter>) => ({ ...ALL_EVENTS, ...f });
const starts = (es: InboxEvent[]) => es.map((e) => e.startMs);

describe('inbox filters at their edges', () => {
  it('holds only speeding to the mph-over floor, and keeps an event exactly at it', () => {
    const es = [
      ev({ startMs: 1, kind: 'speeding', overLimitMph: 5 }),
      ev({ startMs: 2, kind: 'speeding', overLimitMph: 4.9 }),
      ev({ startMs: 3, kind: 'gap' }),
    ];
    expect(starts(filterEvents(es, only({ minOverLimitMph: 5 })))).toEqual([1, 3]);
  });

  it('keeps an event lasting exactly the minimum duration, drops one a second shorter', () => {
    const es = [ev({ startMs: 1, durationSeconds: 600 }), ev({ startMs: 2, durationSeconds: 599 })];
    expect(starts(filterEvents(es, only({ minDurationSeconds: 600 })))).toEqual([1]);
  });

  it('a day keeps only that home-zone day; no day keeps every day', () => {
    const es = [ev({ startMs: 1, day: '2026-11-10' }), ev({ startMs: 2, day: '2026-11-11' })];
    expect(starts(filterEvents(es, only({ day: '2026-11-11' })))).toEqual([2]);
    expect(starts(filterEvents(es, only({ day: null })))).toEqual([1, 2]);
  });

  it('place text matches case-insensitively, ignoring spaces around the query', () => {
    const es = [ev({ startMs: 1, place: '3 mi NE of Amarillo, TX' }), ev({ startMs: 2, place: 'in Denton, TX' })];
    expect(starts(filterEvents(es, only({ place: '  amaRILLO ' })))).toEqual([1]);
    expect(starts(filterEvents(es, only({ place: 'tx' })))).toEqual([1, 2]);
    expect(starts(filterEvents(es, only({ place: 'Austin' })))).toEqual([]);
  });

  it('an area keeps events on its four edges and drops those just outside each', () => {
    const area = [-91, 39, -89, 41] as const;
    const inside = [
      ev({ startMs: 1, lng: -91, lat: 40 }),
      ev({ startMs: 2, lng: -89, lat: 40 }),
      ev({ startMs: 3, lng: -90, lat: 39 }),
      ev({ startMs: 4, lng: -90, lat: 41 }),
    ];
    const outside = [
      ev({ startMs: 5, lng: -91.001, lat: 40 }),
      ev({ startMs: 6, lng: -88.999, lat: 40 }),
      ev({ startMs: 7, lng: -90, lat: 38.999 }),
      ev({ startMs: 8, lng: -90, lat: 41.001 }),
    ];
    expect(starts(filterEvents([...inside, ...outside], only({ area })))).toEqual([1, 2, 3, 4]);
  });
});

describe('inbox sorting and grouping', () => {
  it('severity is mph over for speeding and minutes for the rest, so a 12-min stop outranks 10 mph over', () => {
    const speeding = ev({ startMs: 1, kind: 'speeding', overLimitMph: 10, durationSeconds: 6000 });
    const stop = ev({ startMs: 2, durationSeconds: 720 });
    expect(severityOf(speeding)).toBe(10);
    expect(severityOf(stop)).toBe(12);
    expect(starts(sortEvents([speeding, stop], 'severity', 'descending'))).toEqual([2, 1]);
  });

  it('time and duration sort both ways; equals stay in time order whichever the direction', () => {
    const es = [
      ev({ startMs: 30, durationSeconds: 100 }),
      ev({ startMs: 10, durationSeconds: 300 }),
      ev({ startMs: 20, durationSeconds: 100 }),
    ];
    expect(starts(sortEvents(es, 'time', 'ascending'))).toEqual([10, 20, 30]);
    expect(starts(sortEvents(es, 'time', 'descending'))).toEqual([30, 20, 10]);
    expect(starts(sortEvents(es, 'duration', 'descending'))).toEqual([10, 20, 30]);
    expect(starts(sortEvents(es, 'duration', 'ascending'))).toEqual([20, 30, 10]);
  });

  it('vehicles sort by their numbers as numbers: T-2 before T-10', () => {
    const es = [
      ev({ startMs: 1, vehicleId: 'a', vehicleNumber: 'T-10' }),
      ev({ startMs: 2, vehicleId: 'b', vehicleNumber: 'T-2' }),
    ];
    expect(sortEvents(es, 'vehicle', 'ascending').map((e) => e.vehicleNumber)).toEqual(['T-2', 'T-10']);
  });

  it('groups by vehicle carry the unit number as label, by day the day; order of first appearance', () => {
    const es = [
      ev({ startMs: 1, vehicleId: 'b', vehicleNumber: 'T-2', day: '2026-11-11' }),
      ev({ startMs: 2, vehicleId: 'a', vehicleNumber: 'T-1', day: '2026-11-10' }),
      ev({ startMs: 3, vehicleId: 'b', vehicleNumber: 'T-2', day: '2026-11-10' }),
    ];
    const byVehicle = groupEvents(es, 'vehicle');
    expect(byVehicle.map((g) => [g.key, g.label, starts(g.events)])).toEqual([
      ['c1|b', 'T-2', [1, 3]],
      ['c1|a', 'T-1', [2]],
    ]);
    const byDay = groupEvents(es, 'day');
    expect(byDay.map((g) => [g.key, g.label, starts(g.events)])).toEqual([
      ['2026-11-11', '2026-11-11', [1]],
      ['2026-11-10', '2026-11-10', [2, 3]],
    ]);
  });
});

describe('the inbox list from the analyses', () => {
  it('orders events of the same moment by unit number as a number, then by kind', () => {
    const at = Date.UTC(2026, 10, 10, 12);
    const analysis = (kinds: InboxKind[]) =>
      ({
        params: { speedingThresholdMph: 70 },
        events: kinds.map((kind) => ({
          kind,
          startMs: at,
          endMs: at + 60_000,
          durationSeconds: 60,
          peakSpeedMph: 80,
          miles: 1,
          lat: 40,
          lng: -90,
          place: '',
        })),
      }) as unknown as TrackAnalysis;
    const vehicles = [
      { carrierId: 'c', vehicleId: 'a', vehicleNumber: 'T-10', zone: 'UTC', analysis: analysis(['speeding']) },
      { carrierId: 'c', vehicleId: 'b', vehicleNumber: 'T-9', zone: 'UTC', analysis: analysis(['speeding', 'gap']) },
    ];
    expect(inboxEvents(vehicles).map((e) => `${e.vehicleNumber} ${e.kind}`)).toEqual([
      'T-9 gap',
      'T-9 speeding',
      'T-10 speeding',
    ]);
    expect(INBOX_KINDS).toEqual(['speeding', 'over-limit', 'long-stop', 'gap']);
  });
});
