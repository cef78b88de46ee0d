import { describe, expect, it } from 'vitest';
import type { SafetyEvent, TrackAnalysis } from '../../shared/analysis/types.ts';
import { inboxEvents, type InboxEvent, type InboxKind } from '../../shared/inbox/events.ts';
import { ALL_EVENTS, filterEvents, sortEvents } from '../../shared/inbox/filter.ts';
import { rankScorecards, scorecard, type ScorecardInput } from '../../shared/inbox/scorecards.ts';
import type { OverLimitTier } from '../../shared/roads/tiers.ts';

/** An inbox event by hand: a 5-minute event of `kind`; over-limit ones carry a tier. */
function ev(startMs: number, kind: InboxKind, over: Partial<InboxEvent> = {}): InboxEvent {
  return {
    key: `v1|${kind}|${startMs}`,
    carrierId: 'c1',
    vehicleId: 'v1',
    vehicleNumber: 'T-1',
    kind,
    tier: null,
    startMs,
    endMs: startMs + 300_000,
    durationSeconds: 300,
    peakSpeedMph: null,
    overLimitMph: null,
    gapMiles: null,
    lat: 40,
    lng: -90,
    place: '',
    day: '2026-11-10',
    ...over,
  };
}
const over = (startMs: number, tier: OverLimitTier, overLimitMph: number) =>
  ev(startMs, 'over-limit', { tier, overLimitMph });
const starts = (es: readonly InboxEvent[]) => es.map((e) => e.startMs);

describe("the inbox's default ranking by tier", () => {
  const list = [
    ev(1, 'gap', { durationSeconds: 4 * 3600 }),
    over(2, 'light', 7),
    ev(3, 'speeding', { overLimitMph: 30 }),
    over(4, 'severe', 24),
    over(5, 'heavy', 17),
    ev(6, 'long-stop', { durationSeconds: 10 * 3600 }),
    over(7, 'moderate', 12),
    over(8, 'heavy', 19),
  ];

  it('acts on over-the-limit first, severe to light (further over first within a tier), then speeding, gaps, stops', () => {
    expect(starts(sortEvents(list, 'priority', 'descending'))).toEqual([4, 8, 5, 7, 2, 3, 1, 6]);
    expect(starts(sortEvents(list, 'priority', 'ascending'))).toEqual([6, 1, 3, 2, 7, 5, 8, 4]);
  });

  it('ranks by tier before mph over: a tier set by a fleet\u2019s own table outranks a larger figure of a lower tier', () => {
    // A fleet whose "heavy" starts at 13 mph: its 14-over heavy event comes before a 15-over moderate one.
    const mixed = [over(1, 'moderate', 15), over(2, 'heavy', 14)];
    expect(starts(sortEvents(mixed, 'priority', 'descending'))).toEqual([2, 1]);
  });

  it('severity alone (the "Severity" sort) puts a 30-over speeding run above a 24-over severe event', () => {
    expect(
      starts(sortEvents([over(1, 'severe', 24), ev(2, 'speeding', { overLimitMph: 30 })], 'severity', 'descending')),
    ).toEqual([2, 1]);
  });
});

describe('the tier filter', () => {
  const list = [over(1, 'light', 7), over(2, 'severe', 22), ev(3, 'speeding', { overLimitMph: 9 }), ev(4, 'gap')];

  it('narrows over-the-limit events only; every other kind passes whatever tiers are ticked', () => {
    expect(starts(filterEvents(list, { ...ALL_EVENTS, tiers: ['severe'] }))).toEqual([2, 3, 4]);
    expect(starts(filterEvents(list, { ...ALL_EVENTS, tiers: [] }))).toEqual([3, 4]);
    expect(starts(filterEvents(list, ALL_EVENTS))).toEqual([1, 2, 3, 4]);
  });

  it('works with the mph floor: a severe event under the floor is out', () => {
    expect(starts(filterEvents(list, { ...ALL_EVENTS, tiers: ['severe', 'light'], minOverLimitMph: 8 }))).toEqual([
      2, 3, 4,
    ]);
  });
});

/** A vehicle's analysis written out: only the totals and events a scorecard reads. */
function vehicle(
  miles: number,
  movingSeconds: number,
  events: readonly Partial<SafetyEvent>[],
  roadLimits: boolean,
  vehicleNumber = 'T-1',
): ScorecardInput {
  const analysis = {
    totals: { distanceMiles: miles, movingSeconds, outliers: 0 },
    events: events.map((e, k) => ({ startMs: Date.UTC(2026, 10, 10, 12) + k, durationSeconds: 60, ...e })),
  } as unknown as TrackAnalysis;
  return {
    carrierId: 'c1',
    vehicleId: vehicleNumber,
    vehicleNumber,
    zone: 'UTC',
    analysis,
    daysWithData: 1,
    roadLimits,
  };
}
const overLimit = (tier: OverLimitTier, durationSeconds = 60) =>
  ({ kind: 'over-limit', tier, durationSeconds }) as Partial<SafetyEvent>;

describe('scorecards by tier', () => {
  const days = ['2026-11-10'];

  it('rates each tier per 1,000 mi: 3 heavy over 1,500 mi is 2.0, and the share of driving time over the limit', () => {
    const c = scorecard(
      vehicle(
        1500,
        36_000,
        [overLimit('heavy', 600), overLimit('heavy', 600), overLimit('heavy', 600), overLimit('severe', 1800)],
        true,
      ),
      days,
    );
    expect(c.overLimitByTier).toEqual({ light: 0, moderate: 0, heavy: 3, severe: 1 });
    expect(c.overLimitPer1000MiByTier.heavy).toBeCloseTo(2, 12);
    expect(c.overLimitPer1000MiByTier.light).toBe(0);
    expect(c.overLimitPer1000Mi).toBeCloseTo((4 * 1000) / 1500, 12);
    expect(c.overRoadLimitShare).toBeCloseTo(3600 / 36_000, 12);
    // Over-the-limit events are not flat-threshold speeding.
    expect(c.speedingEvents).toBe(0);
  });

  it('has no over-the-limit figure without road limits (not 0: nothing was judged), nor without miles', () => {
    const none = scorecard(vehicle(1500, 36_000, [], false), days);
    expect([none.overLimitPer1000Mi, none.overRoadLimitShare, none.overLimitPer1000MiByTier.severe]).toEqual([
      null,
      null,
      null,
    ]);
    const clean = scorecard(vehicle(1500, 36_000, [], true), days);
    expect([clean.overLimitPer1000Mi, clean.overRoadLimitShare, clean.overLimitPer1000MiByTier.severe]).toEqual([
      0, 0, 0,
    ]);
    expect(scorecard(vehicle(0, 0, [], true), days).overLimitPer1000Mi).toBeNull();
  });

  it('ranks worst first by a tier, vehicles without a figure last', () => {
    const cards = [
      scorecard(vehicle(1000, 3600, [overLimit('severe')], true, 'T-1'), days),
      scorecard(vehicle(500, 3600, [overLimit('severe'), overLimit('light')], true, 'T-2'), days),
      scorecard(vehicle(1000, 3600, [], false, 'T-3'), days),
      scorecard(vehicle(1000, 3600, [overLimit('light'), overLimit('light')], true, 'T-4'), days),
    ];
    expect(rankScorecards(cards, 'severePer1000Mi').map((c) => c.vehicleNumber)).toEqual(['T-2', 'T-1', 'T-4', 'T-3']);
    expect(rankScorecards(cards, 'overLimitPer1000Mi').map((c) => c.vehicleNumber)).toEqual([
      'T-2',
      'T-4',
      'T-1',
      'T-3',
    ]);
  });
});

describe('inbox events carry the tier', () => {
  it('an over-the-limit event its tier, every other kind null', () => {
    const base = { vehicleId: 'v1', lat: 40, lng: -90, place: '', at: { chunk: 0, point: 0 }, durationSeconds: 60 };
    const events = [
      {
        ...base,
        kind: 'over-limit',
        startMs: 1,
        endMs: 60_001,
        peakSpeedMph: 80,
        limitMph: 55,
        limitSource: 'posted',
        overMph: 25,
        tier: 'severe',
        road: 'I-95',
        wayId: 7,
      },
      { ...base, kind: 'speeding', startMs: 2, endMs: 60_002, peakSpeedMph: 80 },
    ] as SafetyEvent[];
    const analysis = { params: { speedingThresholdMph: 70 }, events } as unknown as TrackAnalysis;
    const out = inboxEvents([{ carrierId: 'c1', vehicleId: 'v1', vehicleNumber: 'T-1', zone: 'UTC', analysis }]);
    expect(out.map((e) => [e.kind, e.tier, e.overLimitMph])).toEqual([
      ['over-limit', 'severe', 25],
      ['speeding', null, 10],
    ]);
  });
});
