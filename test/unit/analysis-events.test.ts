import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { SafetyEvent } from '../../shared/analysis/types.ts';
import { findGaps } from '../../shared/track/gaps.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { generateRandomTrack, generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const MIN = 60_000;
const START = Date.UTC(2026, 2, 10, 14);

describe('analyzeTrack: safety events', () => {
  it('the known day has one speeding event, one gap and one long stop, in time order; the offline drive is a gap only', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 120, mph: 60 },
      { kind: 'stop', minutes: 45 },
      { kind: 'drive', minutes: 30, mph: 72 },
      // The device reports OFFLINE at 0 mph and is silent for 2 h 07 min while the truck drives 122 miles.
      { kind: 'silence', minutes: 127, status: 'OFFLINE', movedMiles: 122 },
      { kind: 'drive', minutes: 90, mph: 55 },
      { kind: 'stop', minutes: 600 },
    ];
    const chunks = toDayChunks('veh-1', generateTrack(plan, { startMs: START }));
    const { events, stops } = analyzeTrack(chunks);
    expect(events.map((e) => [e.kind, e.startMs, e.endMs, e.durationSeconds])).toEqual([
      ['speeding', START + 165 * MIN, START + 194 * MIN, 29 * 60],
      ['gap', START + 195 * MIN, START + 322 * MIN, 127 * 60],
      ['long-stop', START + 412 * MIN, START + 1012 * MIN, 36_000],
    ]);
    const [speeding, gap] = events as [
      Extract<SafetyEvent, { kind: 'speeding' }>,
      Extract<SafetyEvent, { kind: 'gap' }>,
    ];
    expect(speeding.peakSpeedMph).toBe(72);
    expect(gap.reason).toBe('offline');
    expect(gap.miles).toBeCloseTo(122, 6);
    // Not also a stop: the truck moved across it.
    expect(stops.some((s) => s.startMs < gap.endMs && s.endMs > gap.startMs)).toBe(false);
    for (const e of events) {
      const c = chunks[e.at.chunk]!;
      expect(c.t[e.at.point]).toBe(e.startMs);
      expect([e.lat, e.lng, e.place]).toEqual([c.lat[e.at.point], c.lng[e.at.point], c.location[e.at.point]]);
    }
  });

  it('speeding events equal the runs an in-test reading of the breadcrumbs finds on every UTC day, whatever the threshold', () => {
    for (const seed of [3, 11, 29]) {
      const points = generateRandomTrack(seed, 8);
      const chunks = toDayChunks('veh-r', points);
      for (const [threshold, minSeconds, params] of [
        [70, 60, {}],
        [65, 300, { speedingThresholdMph: 65, speedingMinSeconds: 300 }],
      ] as const) {
        const speeding = analyzeTrack(chunks, params).events.filter((e) => e.kind === 'speeding');
        const expected = speedingRunsByHand(points, threshold, minSeconds, 1_200);
        expect(speeding.map((e) => [e.startMs, e.endMs, e.durationSeconds, e.peakSpeedMph])).toEqual(expected);
        if (threshold === 70) expect(expected.length).toBeGreaterThan(0);
        // and the day summaries count the same events
        const perDay = chunks.map((c) => summarizeDay(c, params).speedingEvents);
        expect(perDay.reduce((a, b) => a + b, 0)).toBe(expected.length);
      }
    }
  });

  it('speeding at the edges of the rule: exactly the minimum duration, a single reading, exactly the limit, across UTC midnight', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 10, mph: 60 },
      { kind: 'drive', minutes: 2, mph: 75 }, // two readings 60 s apart: exactly speedingMinSeconds, an event
      { kind: 'drive', minutes: 10, mph: 60 },
      { kind: 'drive', minutes: 1, mph: 90 }, // one reading over: never an event
      { kind: 'drive', minutes: 10, mph: 60 },
      { kind: 'drive', minutes: 15, mph: 70 }, // at the limit is not over it
      { kind: 'drive', minutes: 30, mph: 80 }, // straddles 00:00 UTC: one event per day
      { kind: 'stop', minutes: 20 },
    ];
    // Starts at 23:01 UTC: the 80 mph leg has readings 23:49…23:59 (600 s) and 00:00…00:18 (1,080 s).
    const points = generateTrack(plan, { startMs: Date.UTC(2026, 2, 10, 23, 1) });
    const speeding = analyzeTrack(toDayChunks('veh-e', points)).events.filter((e) => e.kind === 'speeding');
    const expected = speedingRunsByHand(points, 70, 60, 1_200);
    expect(expected.map((r) => r[2])).toEqual([60, 600, 1_080]);
    expect(expected[2]![0]).toBe(Date.UTC(2026, 2, 11));
    expect(speeding.map((e) => [e.startMs, e.endMs, e.durationSeconds, e.peakSpeedMph])).toEqual(expected);
  });

  it('gaps are the per-day gaps plus the gaps across day boundaries, including a missing day', () => {
    const cross = toDayChunks(
      'veh-g',
      generateTrack(
        // A silence across midnight while the truck moves 40 miles.
        [
          { kind: 'drive', minutes: 30, mph: 50 },
          { kind: 'silence', minutes: 150, status: 'IN_MOTION', movedMiles: 40 },
          { kind: 'drive', minutes: 30, mph: 50 },
        ],
        { startMs: Date.UTC(2026, 2, 10, 23) },
      ),
    );
    expect(cross).toHaveLength(2);
    expect(cross.flatMap((c) => findGaps(c))).toHaveLength(0);
    const gaps = analyzeTrack(cross).events.filter((e) => e.kind === 'gap');
    expect(gaps.map((g) => g.kind === 'gap' && g.miles)).toEqual([expect.closeTo(40, 6)]);
    expect(gaps.map((g) => [g.startMs, g.endMs, g.kind === 'gap' && g.reason, g.at])).toEqual([
      [
        Date.UTC(2026, 2, 10, 23, 30),
        Date.UTC(2026, 2, 11, 2, 0),
        'silence',
        { chunk: 0, point: cross[0]!.length - 1 },
      ],
    ]);

    const twoDays = toDayChunks('veh-g', [
      ...generateTrack([{ kind: 'drive', minutes: 60, mph: 50 }], { startMs: Date.UTC(2026, 2, 10, 8), seed: 1 }),
      ...generateTrack([{ kind: 'drive', minutes: 60, mph: 50 }], { startMs: Date.UTC(2026, 2, 12, 8), seed: 2 }),
    ]);
    const missing = analyzeTrack(twoDays).events.filter((e) => e.kind === 'gap');
    expect(missing.map((g) => g.durationSeconds)).toEqual([47 * 3600]);
  });

  it('on random multi-day tracks: events time-ordered, every per-day gap present, long stops are the long stops', () => {
    const chunks = toDayChunks('veh-r', generateRandomTrack(7, 20));
    const a = analyzeTrack(chunks);
    for (let k = 1; k < a.events.length; k++)
      expect(a.events[k]!.startMs).toBeGreaterThanOrEqual(a.events[k - 1]!.startMs);
    const gapStarts = new Set(a.events.filter((e) => e.kind === 'gap').map((e) => e.startMs));
    for (const c of chunks) for (const g of findGaps(c)) expect(gapStarts.has(g.startMs)).toBe(true);
    expect(a.events.filter((e) => e.kind === 'long-stop').map((e) => e.startMs)).toEqual(
      a.stops.filter((s) => s.durationSeconds >= 7200).map((s) => s.startMs),
    );
    expect(a.stops.length).toBeGreaterThan(10);
    expect(a.trips.length).toBeGreaterThan(10);
    // Trips never contain a trip-ending gap and are at least minTripMiles long.
    for (const trip of a.trips) {
      expect(trip.distanceMiles + trip.unaccountedMiles).toBeGreaterThanOrEqual(1);
      expect(trip.movingSeconds).toBeLessThanOrEqual(trip.durationSeconds);
      // Positions rounded to 6 decimals (as on the wire) move each hop by up to ~0.1 m.
      expect(trip.avgSpeedMph).toBeLessThanOrEqual(trip.maxSpeedMph * 1.001);
    }
    for (let k = 1; k < a.trips.length; k++) expect(a.trips[k]!.startMs).toBeGreaterThanOrEqual(a.trips[k - 1]!.endMs);
  });

  it('a silence while driving is a gap outside any stop', () => {
    const chunks = toDayChunks(
      'veh-s',
      generateTrack(
        [
          { kind: 'drive', minutes: 100, mph: 60, stepSeconds: 25 * 60 },
          { kind: 'stop', minutes: 30 },
        ],
        { startMs: START },
      ),
    );
    const { events, stops } = analyzeTrack(chunks);
    const gaps = events.filter((e) => e.kind === 'gap');
    expect(gaps.map((g) => g.kind === 'gap' && [g.reason, Math.round(g.miles)])).toEqual([
      ['silence', 25],
      ['silence', 25],
      ['silence', 25],
      ['silence', 25],
    ]);
    for (const g of gaps) expect(stops.some((s) => s.startMs < g.endMs && s.endMs > g.startMs)).toBe(false);
  });

  it('refuses chunks of several vehicles or out of time order', () => {
    const one = toDayChunks('a', generateRandomTrack(5, 3));
    const other = toDayChunks('b', generateRandomTrack(5, 3));
    expect(() => analyzeTrack([one[0]!, other[1]!])).toThrow(RangeError);
    expect(() => analyzeTrack([one[1]!, one[0]!])).toThrow(/time order/);
  });
});

/**
 * docs/analysis.md rule 7 written out here, independent of summary.ts: on each UTC day, at least two
 * consecutive readings strictly over the limit, no interval between them longer than `gapSeconds`,
 * lasting at least `minSeconds` from the first to the last. The generated tracks have no outliers or
 * jumps, so that is the whole rule for them. Returns [startMs, endMs, seconds, peak mph].
 */
function speedingRunsByHand(
  points: readonly Breadcrumb[],
  threshold: number,
  minSeconds: number,
  gapSeconds: number,
): number[][] {
  const out: number[][] = [];
  let run: Breadcrumb[] = [];
  const close = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first && last && run.length >= 2 && last.t - first.t >= minSeconds * 1000) {
      out.push([first.t, last.t, (last.t - first.t) / 1000, Math.max(...run.map((p) => p.speed))]);
    }
    run = [];
  };
  for (const p of points) {
    const prev = run[run.length - 1];
    const sameDay =
      prev !== undefined && new Date(prev.t).toISOString().slice(0, 10) === new Date(p.t).toISOString().slice(0, 10);
    if (prev && (!sameDay || p.t - prev.t > gapSeconds * 1000 || !(p.speed > threshold))) close();
    if (p.speed > threshold) run.push(p);
  }
  close();
  return out;
}
