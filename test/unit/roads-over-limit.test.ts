import { describe, expect, it } from 'vitest';
import type { RoadMatch } from '../../shared/roads/match.ts';
import { OVER_LIMIT_DEFAULTS, overLimitRuns, tiersWithTolerance } from '../../shared/roads/over-limit.ts';
import { checkTiers, DEFAULT_TIERS, tierOf, type TierBound } from '../../shared/roads/tiers.ts';
import { line, planNetwork } from '../support/road-traces.ts';

// Two ways: an interstate (65) and a town street (35); readings are placed by hand below, so no geometry matters.
const index = planNetwork([
  { ref: 'I 95', name: 'Kennedy Highway', highway: 'motorway', limitMph: 65, points: line([0, 0], [1000, 0], 500) },
  { name: 'Main Street', highway: 'secondary', limitMph: 35, points: line([1000, 0], [2000, 0], 500) },
]);
const T0 = Date.parse('2026-06-01T12:00:00Z');

/** Readings every `stepS` seconds at `speeds`; each on way `ways[i]` (default 0) with its limit, certain unless listed. */
function scene(speeds: number[], o: { stepS?: number; ways?: number[]; uncertain?: number[]; times?: number[] } = {}) {
  const n = speeds.length;
  const way = Int32Array.from({ length: n }, (_, i) => o.ways?.[i] ?? 0);
  const match: RoadMatch = {
    length: n,
    way,
    dir: Int8Array.from(way, (w) => (w >= 0 ? 1 : 0)),
    limitMph: Float64Array.from(way, (w) => (w >= 0 ? index.ways[w]!.forwardMph : NaN)),
    source: Array.from(way, (w) => (w >= 0 ? ('posted' as const) : ('none' as const))),
    certain: Array.from(way, (w, i) => w >= 0 && !(o.uncertain ?? []).includes(i)),
    confidence: new Float64Array(n).fill(1),
  };
  const readings = {
    length: n,
    t: Float64Array.from(speeds, (_, i) => T0 + (o.times?.[i] ?? i * (o.stepS ?? 60)) * 1000),
    speed: Float64Array.from(speeds),
  };
  return { readings, match };
}

function runs(s: ReturnType<typeof scene>, params = {}) {
  return overLimitRuns(index, s.readings, s.match, params);
}

describe('over the limit: tolerance, duration, two readings', () => {
  it('reports a run at least the tolerance over for at least 60 s and two readings, with its road, limit and tier', () => {
    expect(runs(scene([60, 72, 73, 71, 60]))).toEqual([
      {
        start: 1,
        end: 3,
        peak: 2,
        overMph: 8,
        limitMph: 65,
        source: 'posted',
        road: 'Kennedy Highway (I 95)',
        wayId: 1000,
        tier: 'light',
      },
    ]);
  });

  it('needs the full duration from the first to the last reading over: 59 s is not enough, 60 s is', () => {
    expect(runs(scene([80, 80], { times: [0, 59] }))).toEqual([]);
    expect(runs(scene([80, 80], { times: [0, 60] }))).toHaveLength(1);
  });

  it('needs two readings: one reading over, however long ago the last, is no event', () => {
    expect(runs(scene([60, 80, 60], { stepS: 120 }))).toEqual([]);
  });

  it('counts a reading over only from the tolerance up (5.9 over is within it, 6 is over)', () => {
    expect(runs(scene([70.9, 70.9, 70.9]))).toEqual([]);
    expect(runs(scene([71, 71, 71]))[0]).toMatchObject({ start: 0, end: 2, overMph: 6, tier: 'light' });
  });

  it('honours a fleet duration, reading count and tolerance', () => {
    const s = scene([72, 72, 72], { stepS: 30 });
    expect(runs(s)).toHaveLength(1);
    expect(runs(s, { minSeconds: 90 })).toEqual([]);
    expect(runs(s, { minReadings: 4 })).toEqual([]);
    expect(runs(s, { tiers: tiersWithTolerance(DEFAULT_TIERS, 8) })).toEqual([]);
  });

  it('ends a run at a reading under the tolerance, of unknown speed, off every road, or after a long silence', () => {
    const parts = (s: ReturnType<typeof scene>) => runs(s).map((r) => [r.start, r.end]);
    expect(parts(scene([80, 80, 60, 80, 80]))).toEqual([
      [0, 1],
      [3, 4],
    ]);
    expect(parts(scene([80, 80, NaN, 80, 80]))).toEqual([
      [0, 1],
      [3, 4],
    ]);
    expect(parts(scene([80, 80, 80, 80, 80], { ways: [0, 0, -1, 0, 0] }))).toEqual([
      [0, 1],
      [3, 4],
    ]);
    // 150 s apart still links (a missed reading at the minute cadence); 151 s does not.
    expect(parts(scene([80, 80, 80], { times: [0, 150, 210] }))).toEqual([[0, 2]]);
    expect(parts(scene([80, 80, 80, 80], { times: [0, 60, 211, 271] }))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('names the limit and road at the peak when a run crosses onto another road', () => {
    const [run] = runs(scene([72, 72, 55, 56], { ways: [0, 0, 1, 1] }));
    expect(run).toMatchObject({
      start: 0,
      end: 3,
      peak: 3,
      overMph: 21,
      limitMph: 35,
      road: 'Main Street',
      wayId: 1001,
    });
    expect(run!.tier).toBe('severe');
  });
});

describe('over the limit: uncertain readings', () => {
  it('makes no event of uncertain readings alone', () => {
    expect(runs(scene([80, 80, 80, 80], { uncertain: [0, 1, 2, 3] }))).toEqual([]);
    expect(runs(scene([80, 80, 80], { uncertain: [1, 2] }))).toEqual([]);
  });

  it('lets an uncertain reading over bridge a run without counting: the event spans its certain readings', () => {
    const s = scene([80, 80, 90, 80, 80], { uncertain: [0, 2, 4] });
    expect(runs(s)).toEqual([expect.objectContaining({ start: 1, end: 3, peak: 1, overMph: 15, tier: 'moderate' })]);
    // Certain readings 0 and 2, 120 s apart, joined by an uncertain one: one event.
    expect(runs(scene([72, 72, 72], { uncertain: [1] }))[0]).toMatchObject({ start: 0, end: 2 });
  });
});

describe('tiers', () => {
  it('puts mph over in the default tiers: light 6–10, moderate 11–15, heavy 16–20, severe 21+', () => {
    const cases: [number, string | null][] = [
      [5.99, null],
      [6, 'light'],
      [10.9, 'light'],
      [11, 'moderate'],
      [15.9, 'moderate'],
      [16, 'heavy'],
      [20.9, 'heavy'],
      [21, 'severe'],
      [60, 'severe'],
    ];
    for (const [over, tier] of cases) expect([over, tierOf(over)]).toEqual([over, tier]);
  });

  it('takes a fleet table (e.g. severe from 12 mph over) and the events follow it', () => {
    const fleet: TierBound[] = [
      { tier: 'light', fromMph: 5 },
      { tier: 'moderate', fromMph: 8 },
      { tier: 'heavy', fromMph: 10 },
      { tier: 'severe', fromMph: 12 },
    ];
    expect(runs(scene([77, 77]), { tiers: fleet })[0]!.tier).toBe('severe');
    expect(runs(scene([77, 77]))[0]!.tier).toBe('moderate');
    expect(runs(scene([70, 70]), { tiers: fleet })[0]!.tier).toBe('light');
  });

  it('refuses a table out of order, missing a tier or with a bound that is no number of mph, naming the problem', () => {
    const swap = [DEFAULT_TIERS[1]!, DEFAULT_TIERS[0]!, DEFAULT_TIERS[2]!, DEFAULT_TIERS[3]!];
    expect(() => checkTiers(swap)).toThrow(/tier 1 must be "light"/);
    expect(() => checkTiers(DEFAULT_TIERS.slice(0, 3))).toThrow(/4 tiers needed, got 3/);
    expect(() => checkTiers(DEFAULT_TIERS.map((b, k) => (k === 2 ? { ...b, fromMph: 11 } : b)))).toThrow(
      /"heavy" \(11\) must start above "moderate" \(11\)/,
    );
    expect(() => tiersWithTolerance(DEFAULT_TIERS, NaN)).toThrow(/starts at NaN mph over/);
    expect(() => tiersWithTolerance(DEFAULT_TIERS, 12)).toThrow(/"moderate" \(11\) must start above "light" \(12\)/);
    expect(() => runs(scene([80, 80]), { tiers: swap })).toThrow(/tier 1/);
  });

  it('refuses run rules out of bounds, naming the one', () => {
    expect(() => runs(scene([80, 80]), { minSeconds: -1 })).toThrow(
      /minSeconds must be a number from 0 to 86400, got -1/,
    );
    expect(() => runs(scene([80, 80]), { minSeconds: NaN })).toThrow(/minSeconds .* got NaN/);
    expect(() => runs(scene([80, 80]), { maxGapSeconds: 0 })).toThrow(/maxGapSeconds must be a number from 1/);
    expect(() => runs(scene([80, 80]), { minReadings: 0 })).toThrow(/minReadings must be a number from 1/);
    expect(() => runs(scene([80, 80]), { minReadings: 2.5 })).toThrow(/minReadings must be whole, got 2.5/);
  });

  it('has one place for the defaults: the tolerance is the light tier’s bound', () => {
    expect(OVER_LIMIT_DEFAULTS.tiers[0]).toEqual({ tier: 'light', fromMph: 6 });
    expect(tiersWithTolerance(DEFAULT_TIERS, 7)[0]!.fromMph).toBe(7);
  });
});
