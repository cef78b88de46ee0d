import { describe, expect, it } from 'vitest';
import type { Assignment, DriverName } from '../../shared/drivers/types.ts';
import { driversWithEvents, withDrivers } from '../../shared/inbox/drivers.ts';
import type { InboxEvent } from '../../shared/inbox/events.ts';
import { ALL_EVENTS, filterEvents } from '../../shared/inbox/filter.ts';

const H = 3_600_000;

function ev(carrierId: string, vehicleId: string, startMs: number): InboxEvent {
  return {
    key: `${vehicleId}|speeding|${startMs}`,
    carrierId,
    vehicleId,
    vehicleNumber: vehicleId.toUpperCase(),
    kind: 'speeding',
    tier: null,
    startMs,
    endMs: startMs + 300_000,
    durationSeconds: 300,
    peakSpeedMph: 80,
    overLimitMph: 5,
    gapMiles: null,
    lat: 40,
    lng: -90,
    place: '',
    day: '2026-11-10',
  };
}

function assignment(
  carrierId: string,
  vehicleId: string,
  driverId: string,
  fromMs: number | null,
  toMs: number | null,
): Assignment {
  return {
    id: `${vehicleId}|${fromMs ?? 'regular'}`,
    carrierId,
    driverId,
    vehicleId,
    fromMs,
    toMs,
    source: 'manual',
    createdAt: 0,
  };
}

/**
 * Carrier c1: truck v1 has regular driver "reg" and "day" dated over [10 h, 20 h); v2 has nobody.
 * Carrier c2 has no assignments at all, and a driver id equal to one of c1's ("day") on no truck.
 */
const assignments = new Map([
  ['c1', [assignment('c1', 'v1', 'reg', null, null), assignment('c1', 'v1', 'day', 10 * H, 20 * H)]],
  ['c2', []],
]);
const events = [
  ev('c1', 'v1', 9 * H), // before the dated row: the regular driver
  ev('c1', 'v1', 10 * H), // at its start (inclusive): the dated driver
  ev('c1', 'v1', 20 * H - 1), // its last millisecond
  ev('c1', 'v1', 20 * H), // at its end (exclusive): the regular driver again
  ev('c1', 'v2', 12 * H), // a truck nobody drives by assignment
  ev('c2', 'v1', 12 * H), // same vehicle id at another carrier: its assignments are not c1's
];

describe("the inbox's driver join", () => {
  const attributed = withDrivers(events, assignments);

  it("names the driver at each event's start by its own carrier's assignments, unassigned otherwise", () => {
    expect(attributed.map((e) => e.driverId)).toEqual(['reg', 'day', 'day', 'reg', null, null]);
  });

  it('leaves the worker\u2019s events as they were and keeps their order', () => {
    expect(events.every((e) => e.driverId === undefined)).toBe(true);
    expect(attributed.map((e) => e.key)).toEqual(events.map((e) => e.key));
  });

  it('a carrier missing from the assignments read is unassigned, not guessed from another carrier', () => {
    const onlyC2 = withDrivers(events, new Map([['c2', []]]));
    expect(onlyC2.every((e) => e.driverId === null)).toBe(true);
  });

  it('an edit to the assignments changes the drivers without touching anything else', () => {
    const edited = new Map([['c1', [assignment('c1', 'v2', 'new', 11 * H, null)]]]);
    const again = withDrivers(events, edited);
    expect(again.map((e) => e.driverId)).toEqual([null, null, null, null, 'new', null]);
    expect(again.map(({ driverId: _, ...rest }) => rest)).toEqual(events);
  });
});

describe("the inbox's driver filter", () => {
  const attributed = withDrivers(events, assignments);
  const starts = (list: InboxEvent[]) => list.map((e) => `${e.carrierId}:${e.vehicleId}@${e.startMs / H}`);

  it('one driver: only the events their carrier attributes to them', () => {
    const f = { ...ALL_EVENTS, driver: { kind: 'driver', carrierId: 'c1', driverId: 'day' } as const };
    expect(starts(filterEvents(attributed, f))).toEqual(['c1:v1@10', `c1:v1@${(20 * H - 1) / H}`]);
  });

  it('the same driver id at another carrier is another driver', () => {
    const f = { ...ALL_EVENTS, driver: { kind: 'driver', carrierId: 'c2', driverId: 'day' } as const };
    expect(filterEvents(attributed, f)).toEqual([]);
  });

  it('unassigned: the events nobody is assigned to, and never an event not yet attributed', () => {
    const f = { ...ALL_EVENTS, driver: { kind: 'unassigned' } as const };
    expect(starts(filterEvents(attributed, f))).toEqual(['c1:v2@12', 'c2:v1@12']);
    expect(filterEvents(events, f)).toEqual([]);
  });

  it('all: every event, attributed or not', () => {
    expect(filterEvents(attributed, ALL_EVENTS)).toHaveLength(events.length);
    expect(filterEvents(events, ALL_EVENTS)).toHaveLength(events.length);
  });
});

describe("the Driver filter's choices", () => {
  const names = new Map([
    [
      'c1',
      new Map<string, DriverName>([['reg', { driverId: 'reg', username: 'areg', firstName: 'Ann', lastName: 'Zed' }]]),
    ],
  ]);

  it('lists each driver with events once, with their count, by name; one missing from the roster by id', () => {
    const options = driversWithEvents(withDrivers(events, assignments), names);
    expect(options.map((o) => [o.label, o.events])).toEqual([
      ['A. Zed (areg)', 2],
      ['day', 2],
    ]);
  });
});
