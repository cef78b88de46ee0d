/**
 * Trips and stops on generated tracks whose true figures are known by
 * construction (a leg of m minutes at v mph moves exactly v·m/60 miles).
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { haversineMiles } from '../../shared/track/geo.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const MIN = 60_000;
const START = Date.UTC(2026, 2, 10, 14);

/** 2 h at 60, 45 min stop, 30 min at 72 (speeding), 40 min OFFLINE, 90 min at 55, parked 10 h over midnight. */
const DAY_PLAN: Leg[] = [
  { kind: 'drive', minutes: 120, mph: 60, heading: 90 },
  { kind: 'stop', minutes: 45 },
  { kind: 'drive', minutes: 30, mph: 72, heading: 45 },
  { kind: 'offline', minutes: 40 },
  { kind: 'drive', minutes: 90, mph: 55, heading: 120 },
  { kind: 'stop', minutes: 600 },
];

function analyze(plan: Leg[], startMs = START, params?: Parameters<typeof analyzeTrack>[1]) {
  const chunks = toDayChunks('veh-1', generateTrack(plan, { startMs, location: (k) => `Place ${k}` }));
  return { chunks, analysis: analyzeTrack(chunks, params) };
}

const at = (minutes: number) => START + minutes * MIN;

describe('analyzeTrack: trips and stops of a known day', () => {
  const { chunks, analysis } = analyze(DAY_PLAN);

  it('finds exactly the three trips with their distances, times and speeds', () => {
    expect(chunks).toHaveLength(2);
    const expected = [
      { startMs: at(0), endMs: at(120), miles: 120, moving: 7200, max: 60 },
      { startMs: at(165), endMs: at(195), miles: 36, moving: 1800, max: 72 },
      { startMs: at(235), endMs: at(325), miles: 82.5, moving: 5400, max: 55 },
    ];
    expect(analysis.trips).toHaveLength(3);
    analysis.trips.forEach((trip, k) => {
      const e = expected[k]!;
      expect(trip.startMs).toBe(e.startMs);
      expect(trip.endMs).toBe(e.endMs);
      expect(trip.durationSeconds).toBe((e.endMs - e.startMs) / 1000);
      expect(trip.distanceMiles).toBeCloseTo(e.miles, 6);
      expect(trip.movingSeconds).toBe(e.moving);
      expect(trip.maxSpeedMph).toBe(e.max);
      expect(trip.avgSpeedMph).toBeCloseTo(e.max, 6);
      expect(trip.points).toBe(e.moving / 60 + 1);
      expect(trip.id).toBe(`veh-1:${e.startMs}`);
    });
  });

  it('points each trip at its first and last reading (index, place, position)', () => {
    for (const trip of analysis.trips) {
      const first = chunks[trip.start.chunk]!;
      const last = chunks[trip.end.chunk]!;
      expect(first.t[trip.start.point]).toBe(trip.startMs);
      expect(last.t[trip.end.point]).toBe(trip.endMs);
      expect(trip.startPlace).toBe(first.location[trip.start.point]);
      expect(trip.endPlace).toBe(last.location[trip.end.point]);
      expect([trip.startLat, trip.startLng]).toEqual([first.lat[trip.start.point], first.lng[trip.start.point]]);
      expect([trip.endLat, trip.endLng]).toEqual([last.lat[trip.end.point], last.lng[trip.end.point]]);
    }
  });

  it('finds the 45 min stop, the 40 min offline halt and the overnight park (once, across midnight)', () => {
    expect(analysis.stops.map((s) => [s.startMs, s.endMs, s.durationSeconds])).toEqual([
      [at(120), at(165), 45 * 60],
      [at(195), at(235), 40 * 60],
      [at(325), at(925), 600 * 60],
    ]);
    for (const s of analysis.stops) expect(chunks[s.at.chunk]!.t[s.at.point]).toBe(s.startMs);
  });

  it('trips and stops tile the timeline without overlapping', () => {
    const spans = [...analysis.trips, ...analysis.stops]
      .map((x) => [x.startMs, x.endMs] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < spans.length; k++) expect(spans[k]![0]).toBe(spans[k - 1]![1]);
  });
});

describe('analyzeTrack: midnight and yard moves', () => {
  it('a trip crossing midnight across two chunks counts once, with the midnight hop', () => {
    const { chunks, analysis } = analyze(
      [
        { kind: 'drive', minutes: 180, mph: 50, heading: 10 },
        { kind: 'stop', minutes: 30 },
      ],
      Date.UTC(2026, 2, 10, 22),
    );
    expect(chunks).toHaveLength(2);
    expect(analysis.trips).toHaveLength(1);
    const trip = analysis.trips[0]!;
    expect([trip.start.chunk, trip.end.chunk]).toEqual([0, 1]);
    expect(trip.distanceMiles).toBeCloseTo(150, 6);
    expect(trip.movingSeconds).toBe(180 * 60);
    // The day summaries leave out the interval across midnight; the trip does not.
    const [a, b] = chunks as [(typeof chunks)[0], (typeof chunks)[0]];
    const hop = haversineMiles(a.lat[a.length - 1]!, a.lng[a.length - 1]!, b.lat[0]!, b.lng[0]!);
    expect(summarizeDay(a).distanceMiles + summarizeDay(b).distanceMiles + hop).toBeCloseTo(trip.distanceMiles, 9);
  });

  it('drops a yard move shorter than minTripMiles, keeps it when the minimum is lower', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
      { kind: 'drive', minutes: 2, mph: 15 },
      { kind: 'stop', minutes: 30 },
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ];
    const byDefault = analyze(plan).analysis;
    expect(byDefault.trips.map((t) => Math.round(t.distanceMiles * 100) / 100)).toEqual([60, 60]);
    expect(byDefault.stops).toHaveLength(3);
    const lower = analyze(plan, START, { minTripMiles: 0.4 }).analysis;
    expect(lower.trips.map((t) => Math.round(t.distanceMiles * 100) / 100)).toEqual([60, 0.5, 60]);
  });

  it('a short halt inside a drive is not a stop, and its time is not moving time', () => {
    const { analysis } = analyze([
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 3, everySeconds: 60 },
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ]);
    expect(analysis.trips).toHaveLength(1);
    expect(analysis.trips[0]!.durationSeconds).toBe(123 * 60);
    expect(analysis.trips[0]!.movingSeconds).toBe(120 * 60);
  });

  it('an empty track or one of a parked truck has no trips', () => {
    expect(analyzeTrack([])).toMatchObject({ trips: [], stops: [], events: [] });
    const parked = analyze([{ kind: 'stop', minutes: 600 }]).analysis;
    expect(parked.trips).toEqual([]);
    expect(parked.stops).toHaveLength(1);
  });
});

describe('analyzeTrack: parameters change results as documented', () => {
  const kinds = (a: TrackAnalysis, kind: string) => a.events.filter((e) => e.kind === kind);

  it('minStopSeconds: halts shorter than it join their trips (the 40 min gap is below tripGapSeconds)', () => {
    const { analysis } = analyze(DAY_PLAN, START, { minStopSeconds: 50 * 60 });
    expect(analysis.stops.map((s) => s.durationSeconds)).toEqual([600 * 60]);
    expect(analysis.trips).toHaveLength(1);
    expect(analysis.trips[0]!.distanceMiles).toBeCloseTo(120 + 36 + 82.5, 6);
    expect(analysis.trips[0]!.movingSeconds).toBe((120 + 30 + 90) * 60);
  });

  it('tripGapSeconds: a gap at least that long ends a trip; a halt that ends where it began is never a gap', () => {
    // The 40 min OFFLINE halt did not move: with stops from 50 min it is part of one long trip.
    expect(
      analyze(DAY_PLAN, START, { minStopSeconds: 50 * 60, tripGapSeconds: 30 * 60 }).analysis.trips.map((t) => [
        t.startMs,
        t.endMs,
      ]),
    ).toEqual([[at(0), at(325)]]);
    // The device drops out for 40 min while the truck drives 30 miles: a gap, which ends the trip from 30 min on.
    const plan: Leg[] = [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'silence', minutes: 40, status: 'OFFLINE', movedMiles: 30 },
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ];
    const split = analyze(plan, START, { tripGapSeconds: 30 * 60 }).analysis;
    expect(split.trips.map((t) => [t.startMs, t.endMs, Math.round(t.distanceMiles)])).toEqual([
      [at(0), at(60), 60],
      [at(100), at(160), 60],
    ]);
    const one = analyze(plan).analysis;
    expect(one.trips.map((t) => [t.startMs, t.endMs])).toEqual([[at(0), at(160)]]);
    expect(one.trips[0]!.unaccountedMiles).toBeCloseTo(30, 6);
    expect(one.stops.map((x) => x.startMs)).toEqual([at(160)]);
  });

  it('gapSeconds and tripGapSeconds on silences while driving', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'drive', minutes: 50, mph: 60, stepSeconds: 25 * 60 },
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ];
    const byDefault = analyze(plan).analysis;
    expect(kinds(byDefault, 'gap')).toHaveLength(2);
    expect(byDefault.trips).toHaveLength(1);
    // Distance and moving time cover the same two tracked hours; the 50 miles across the gaps are unaccounted.
    expect(byDefault.trips[0]!.distanceMiles).toBeCloseTo(120, 6);
    expect(byDefault.trips[0]!.unaccountedMiles).toBeCloseTo(50, 6);
    expect(byDefault.trips[0]!.movingSeconds).toBe(120 * 60);
    expect(byDefault.trips[0]!.avgSpeedMph).toBeCloseTo(60, 6);
    expect(kinds(analyze(plan, START, { gapSeconds: 30 * 60 }).analysis, 'gap')).toHaveLength(0);
    const split = analyze(plan, START, { tripGapSeconds: 25 * 60 }).analysis;
    expect(split.trips.map((t) => Math.round(t.distanceMiles))).toEqual([60, 60]);
  });

  it('stopSpeedMph: creeping below it is a stop', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'drive', minutes: 10, mph: 5 },
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ];
    expect(analyze(plan).analysis.trips).toHaveLength(1);
    const creep = analyze(plan, START, { stopSpeedMph: 6 }).analysis;
    expect(creep.trips).toHaveLength(2);
    expect(creep.stops[0]!.durationSeconds).toBe(10 * 60);
  });

  it('longStopSeconds and the speeding parameters', () => {
    expect(kinds(analyze(DAY_PLAN, START, { longStopSeconds: 42 * 60 }).analysis, 'long-stop')).toHaveLength(2);
    expect(kinds(analyze(DAY_PLAN, START, { longStopSeconds: 11 * 3600 }).analysis, 'long-stop')).toHaveLength(0);
    expect(kinds(analyze(DAY_PLAN, START, { speedingThresholdMph: 72 }).analysis, 'speeding')).toHaveLength(0);
    // 30 readings at 72 mph a minute apart: 29 minutes from the first to the last.
    expect(kinds(analyze(DAY_PLAN, START, { speedingMinSeconds: 1740 }).analysis, 'speeding')).toHaveLength(1);
    expect(kinds(analyze(DAY_PLAN, START, { speedingMinSeconds: 1741 }).analysis, 'speeding')).toHaveLength(0);
  });
});
