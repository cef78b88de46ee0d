/**
 * The safety inbox, scorecards and review trail on a generated fleet whose events are known by
 * construction: vehicle k drives k speeding runs (each 30 min at 70 + 2k mph), every even vehicle parks
 * for 10 h (a long stop) and vehicle 3 goes OFFLINE across 122 miles (a gap).
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import { REVIEW_LOG_COLUMNS, reviewLogCsv } from '../../shared/inbox/review-log.ts';
import { countByKind, inboxEvents, type VehicleAnalysis } from '../../shared/inbox/events.ts';
import { ALL_EVENTS, filterEvents, groupEvents, sortEvents } from '../../shared/inbox/filter.ts';
import { rankScorecards, scorecard } from '../../shared/inbox/scorecards.ts';
import { cleanNote, markOf, marksForEvents } from '../../shared/inbox/trail.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const MIN = 60_000;
const START = Date.UTC(2026, 2, 10, 14);
const FLEET = [1, 2, 3, 4, 5];

function plan(k: number): Leg[] {
  const legs: Leg[] = [{ kind: 'drive', minutes: 60, mph: 60 }];
  for (let i = 0; i < k; i++)
    legs.push({ kind: 'drive', minutes: 30, mph: 70 + 2 * k }, { kind: 'drive', minutes: 40, mph: 60 });
  if (k === 3)
    legs.push(
      { kind: 'silence', minutes: 127, status: 'OFFLINE', movedMiles: 122 },
      { kind: 'drive', minutes: 30, mph: 55 },
    );
  legs.push(k % 2 === 0 ? { kind: 'stop', minutes: 600 } : { kind: 'stop', minutes: 20 }, {
    kind: 'drive',
    minutes: 10,
    mph: 40,
  });
  return legs;
}

/** Miles the plan drives at reported speeds (gaps' straight lines are not driven miles). */
const drivenMiles = (k: number) => plan(k).reduce((m, l) => m + (l.kind === 'drive' ? (l.mph * l.minutes) / 60 : 0), 0);

function fleet(shiftMs = 0): VehicleAnalysis[] {
  return FLEET.map((k) => ({
    carrierId: 'c1',
    vehicleId: `veh-${k}`,
    vehicleNumber: `T-${k}`,
    zone: 'America/Chicago',
    analysis: analyzeTrack(toDayChunks(`veh-${k}`, generateTrack(plan(k), { startMs: START + shiftMs }))),
  }));
}

describe('safety inbox on a generated fleet', () => {
  const vehicles = fleet();
  const events = inboxEvents(vehicles);

  it('lists exactly every vehicle’s events, counted by kind as constructed, in time order', () => {
    expect(countByKind(events)).toEqual({ speeding: 1 + 2 + 3 + 4 + 5, 'over-limit': 0, 'long-stop': 2, gap: 1 });
    for (const k of FLEET) {
      const mine = events.filter((e) => e.vehicleId === `veh-${k}`);
      expect(mine.filter((e) => e.kind === 'speeding')).toHaveLength(k);
      expect(mine.every((e) => e.vehicleNumber === `T-${k}` && e.carrierId === 'c1')).toBe(true);
      // The first run starts after the first hour's drive, at 70 + 2k mph: 2k over the 70-mph default.
      const first = mine.find((e) => e.kind === 'speeding')!;
      expect(first.startMs).toBe(START + 60 * MIN);
      expect(first.peakSpeedMph).toBe(70 + 2 * k);
      expect(first.overLimitMph).toBe(2 * k);
      expect(first.key).toBe(`veh-${k}|speeding|${START + 60 * MIN}`);
    }
    expect(events.map((e) => e.startMs)).toEqual([...events].map((e) => e.startMs).sort((a, b) => a - b));
    // Dated in the carrier's zone: 14:00Z on 2026-03-10 is 09:00 CDT the same day.
    expect(new Set(events.filter((e) => e.startMs < START + 6 * 60 * MIN).map((e) => e.day))).toEqual(
      new Set(['2026-03-10']),
    );
  });

  it('filters by kind, vehicle, how far over the limit, duration, place, area and review state', () => {
    expect(filterEvents(events, { ...ALL_EVENTS, kinds: ['gap'] }).map((e) => e.vehicleId)).toEqual(['veh-3']);
    expect(filterEvents(events, { ...ALL_EVENTS, vehicleIds: ['veh-4'] })).toHaveLength(4 + 1);
    // At least 6 mph over: vehicles 3, 4, 5 (6, 8 and 10 over); other kinds are not held to it.
    const fast = filterEvents(events, { ...ALL_EVENTS, kinds: ['speeding'], minOverLimitMph: 6 });
    expect(fast).toHaveLength(3 + 4 + 5);
    expect(filterEvents(events, { ...ALL_EVENTS, minDurationSeconds: 9 * 3600 }).map((e) => e.kind)).toEqual([
      'long-stop',
      'long-stop',
    ]);
    expect(filterEvents(events, { ...ALL_EVENTS, place: 'nowhere-at-all' })).toEqual([]);
    const one = events[0]!;
    const around = filterEvents(events, {
      ...ALL_EVENTS,
      area: [one.lng - 1e-6, one.lat - 1e-6, one.lng + 1e-6, one.lat + 1e-6],
    });
    expect(around.every((e) => e.lat === one.lat && e.lng === one.lng)).toBe(true);
    expect(around.length).toBeGreaterThan(0);
    const marks = new Map([[one.key, markOf(one, 'coached', 'talked to the driver', START)]]);
    expect(filterEvents(events, { ...ALL_EVENTS, review: 'coached' }, marks)).toEqual([one]);
    expect(filterEvents(events, { ...ALL_EVENTS, review: 'open' }, marks)).toHaveLength(events.length - 1);
  });

  it('sorts worst first and groups by vehicle or day without losing the sort', () => {
    const bySeverity = sortEvents(
      events.filter((e) => e.kind === 'speeding'),
      'severity',
      'descending',
    );
    expect(bySeverity.slice(0, 5).every((e) => e.vehicleId === 'veh-5')).toBe(true);
    expect(bySeverity.at(-1)!.vehicleId).toBe('veh-1');
    const groups = groupEvents(bySeverity, 'vehicle');
    expect(groups.map((g) => g.label)).toEqual(['T-5', 'T-4', 'T-3', 'T-2', 'T-1']);
    expect(groups.map((g) => g.events.length)).toEqual([5, 4, 3, 2, 1]);
    const byVehicle = sortEvents(events, 'vehicle', 'ascending');
    expect(byVehicle.map((e) => e.vehicleNumber)).toEqual([...byVehicle.map((e) => e.vehicleNumber)].sort());
  });

  it('sorting every event and then filtering lists exactly what filtering and then sorting does (the page sorts once per list)', () => {
    const marks = new Map([[events[1]!.key, markOf(events[1]!, 'reviewed', '', START)]]);
    const filters = [
      ALL_EVENTS,
      { ...ALL_EVENTS, kinds: ['speeding', 'gap'] as const },
      { ...ALL_EVENTS, minOverLimitMph: 6 },
      { ...ALL_EVENTS, minDurationSeconds: 30 * 60, review: 'open' as const },
      { ...ALL_EVENTS, vehicleIds: ['veh-2', 'veh-4'] },
    ];
    for (const key of ['time', 'severity', 'duration', 'vehicle'] as const)
      for (const dir of ['ascending', 'descending'] as const)
        for (const f of filters)
          expect(filterEvents(sortEvents(events, key, dir), f, marks)).toEqual(
            sortEvents(filterEvents(events, f, marks), key, dir),
          );
  });

  it('scorecards: per-1,000-mile rates from the constructed miles, ranked worst first', () => {
    const cards = vehicles.map((v) => scorecard({ ...v, daysWithData: 1 }, ['2026-03-10', '2026-03-11']));
    for (const k of FLEET) {
      const c = cards.find((x) => x.vehicleId === `veh-${k}`)!;
      expect(c.speedingEvents).toBe(k);
      expect(c.miles).toBeCloseTo(drivenMiles(k), 0);
      expect(c.speedingPer1000Mi!).toBeCloseTo((k * 1000) / drivenMiles(k), 1);
      expect(c.overLimitShare!).toBeGreaterThan(0);
      expect(c.longStops).toBe(k % 2 === 0 ? 1 : 0);
      expect(c.gaps).toBe(k === 3 ? 1 : 0);
      expect(c.speedingPerDay.reduce((a, b) => a + b, 0)).toBe(k);
    }
    expect(rankScorecards(cards, 'speedingPer1000Mi').map((c) => c.vehicleNumber)).toEqual([
      'T-5',
      'T-4',
      'T-3',
      'T-2',
      'T-1',
    ]);
    expect(rankScorecards(cards, 'gapsPerVehicleDay')[0]!.vehicleNumber).toBe('T-3');
  });
});

describe('review trail keying across re-download and re-analysis', () => {
  const before = inboxEvents(fleet());

  it('a mark keeps its event when a re-download moves the event’s start by 30 s (overlap, same vehicle and kind)', () => {
    const target = before.find((e) => e.vehicleId === 'veh-4' && e.kind === 'long-stop')!;
    const speeding = before.filter((e) => e.vehicleId === 'veh-2' && e.kind === 'speeding');
    const marks = [
      markOf(target, 'reviewed', 'parked at the yard', START),
      markOf(speeding[1]!, 'dismissed', '', START + 1),
    ];
    const after = inboxEvents(fleet(30_000));
    expect(after.some((e) => e.key === target.key)).toBe(false);
    const carried = marksForEvents(after, marks);
    const moved = after.find((e) => e.vehicleId === 'veh-4' && e.kind === 'long-stop')!;
    expect(carried.get(moved.key)?.note).toBe('parked at the yard');
    const movedSpeeding = after.filter((e) => e.vehicleId === 'veh-2' && e.kind === 'speeding');
    expect(carried.get(movedSpeeding[1]!.key)?.state).toBe('dismissed');
    expect(carried.has(movedSpeeding[0]!.key)).toBe(false);
    expect(carried.size).toBe(2);
  });

  it('exact keys win; a mark never jumps to another vehicle or kind, nor marks two events', () => {
    const e = before.find((x) => x.vehicleId === 'veh-5' && x.kind === 'speeding')!;
    const mark = markOf(e, 'coached', 'x', START);
    // Same span, but a kind this vehicle never had, or a vehicle not in the fleet: attached to nothing.
    const otherKind = { ...mark, kind: 'gap' as const, key: `veh-5|gap|${e.startMs + 1000}` };
    const otherVehicle = { ...mark, vehicleId: 'veh-9', key: `veh-9|speeding|${e.startMs + 1000}` };
    // Two marks overlapping the same event: the exact one wins and the loose one marks nothing else.
    const loose = { ...mark, note: 'loose', key: `veh-5|speeding|${e.startMs + 1000}`, reviewedAt: START + 5 };
    const carried = marksForEvents(before, [mark, otherKind, otherVehicle, loose]);
    expect(carried.get(e.key)).toBe(mark);
    const values = [...carried.values()];
    expect(values).not.toContain(otherKind);
    expect(values).not.toContain(otherVehicle);
    expect(values).not.toContain(loose);
    expect(carried.size).toBe(1);
  });

  it('notes are kept short and free of control characters', () => {
    expect(cleanNote(`  ok\u0000\u0007 fine\n `)).toBe('ok fine');
    expect(cleanNote('x'.repeat(600))).toHaveLength(500);
  });
});

describe('review_log.csv', () => {
  it('lists the marked events with their state, note and time, read back cell for cell', () => {
    const events = inboxEvents(fleet());
    const speeding = events.find((e) => e.vehicleId === 'veh-3' && e.kind === 'speeding')!;
    const gap = events.find((e) => e.kind === 'gap')!;
    const note = 'said "slow down", twice\nthen =SUM(A1)';
    const marks = new Map([
      [speeding.key, markOf(speeding, 'coached', note, Date.UTC(2026, 2, 12, 9, 30))],
      [gap.key, markOf(gap, 'dismissed', '', Date.UTC(2026, 2, 12, 9, 31))],
    ]);
    const rows = parseCsv(reviewLogCsv(events, marks));
    expect(rows[0]).toEqual([...REVIEW_LOG_COLUMNS]);
    expect(rows).toHaveLength(3);
    const cell = (r: string[], c: (typeof REVIEW_LOG_COLUMNS)[number]) => r[REVIEW_LOG_COLUMNS.indexOf(c)]!;
    const [first, second] = [rows[1]!, rows[2]!];
    expect(cell(first, 'kind')).toBe(speeding.startMs < gap.startMs ? 'speeding' : 'gap');
    const s = cell(first, 'kind') === 'speeding' ? first : second;
    expect(cell(s, 'vehicle_number')).toBe('T-3');
    expect(Date.parse(cell(s, 'start_time'))).toBe(speeding.startMs);
    expect(cell(s, 'peak_speed_mph')).toBe('76.0');
    expect(cell(s, 'over_limit_mph')).toBe('6.0');
    expect(cell(s, 'state')).toBe('coached');
    expect(csvTextValue(cell(s, 'note'))).toBe(note);
    expect(cell(s, 'reviewed_at')).toBe('2026-03-12T09:30:00Z');
    const g = s === first ? second : first;
    expect([cell(g, 'state'), cell(g, 'note'), cell(g, 'peak_speed_mph')]).toEqual(['dismissed', '', '']);
    expect(Number(cell(g, 'gap_miles'))).toBeCloseTo(122, 1);
  });
});
