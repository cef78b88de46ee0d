import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { rankScorecards, scorecard, type Scorecard, type ScorecardInput } from '../../shared/inbox/scorecards.ts';

const DAY1 = Date.UTC(2026, 10, 10, 12);
const DAY2 = Date.UTC(2026, 10, 11, 12);
const BEFORE = Date.UTC(2026, 10, 9, 12);

/** A vehicle whose analysis is written out: only the totals and events a scorecard reads. */
function vehicle(
  totals: { distanceMiles: number; movingSeconds: number; outliers?: number },
  events: { kind: 'speeding' | 'long-stop' | 'gap'; startMs: number; durationSeconds: number }[],
  daysWithData: number,
): ScorecardInput {
  const analysis = { totals: { outliers: 0, ...totals }, events } as unknown as TrackAnalysis;
  return { carrierId: 'c1', vehicleId: 'v1', vehicleNumber: 'T-1', zone: 'UTC', analysis, daysWithData };
}
const days = ['2026-11-10', '2026-11-11'];

describe('a scorecard, figure by figure', () => {
  it('rates per mile and per driving hour from the totals', () => {
    const v = vehicle(
      { distanceMiles: 250, movingSeconds: 7200, outliers: 4 },
      [
        { kind: 'speeding', startMs: DAY1, durationSeconds: 600 },
        { kind: 'speeding', startMs: DAY2, durationSeconds: 1200 },
        { kind: 'speeding', startMs: DAY2 + 60_000, durationSeconds: 0 },
        { kind: 'gap', startMs: DAY1, durationSeconds: 900 },
        { kind: 'gap', startMs: DAY2, durationSeconds: 900 },
        { kind: 'gap', startMs: DAY2 + 1, durationSeconds: 900 },
        { kind: 'long-stop', startMs: DAY1, durationSeconds: 36_000 },
      ],
      2,
    );
    const c = scorecard(v, days);
    expect(c.drivingHours).toBe(2);
    expect(c.speedingEvents).toBe(3);
    expect(c.speedingPer1000Mi).toBe(12);
    expect(c.overLimitShare).toBe(0.25);
    expect(c.gaps).toBe(3);
    expect(c.gapsPerVehicleDay).toBe(1.5);
    expect(c.longStops).toBe(1);
    expect(c.outliers).toBe(4);
    expect(c.speedingPerDay).toEqual([1, 2]);
    expect([c.daysWithData, c.daysInRange]).toEqual([2, 2]);
  });

  it('has no rate without miles, driving time or a day of data, and never a share above 1', () => {
    const none = scorecard(vehicle({ distanceMiles: 0, movingSeconds: 0 }, [], 0), days);
    expect([none.speedingPer1000Mi, none.overLimitShare, none.gapsPerVehicleDay]).toEqual([null, null, null]);
    const over = scorecard(
      vehicle(
        { distanceMiles: 10, movingSeconds: 100 },
        [{ kind: 'speeding', startMs: DAY1, durationSeconds: 500 }],
        1,
      ),
      days,
    );
    expect(over.overLimitShare).toBe(1);
  });

  it('counts per day only the days of the range', () => {
    const c = scorecard(
      vehicle(
        { distanceMiles: 10, movingSeconds: 100 },
        [{ kind: 'speeding', startMs: BEFORE, durationSeconds: 10 }],
        1,
      ),
      days,
    );
    expect(c.speedingPerDay).toEqual([0, 0]);
    expect(c.speedingEvents).toBe(1);
  });
});

describe('ranking scorecards', () => {
  const card = (vehicleNumber: string, speedingPer1000Mi: number | null) =>
    ({ vehicleNumber, speedingPer1000Mi }) as Scorecard;

  it('worst first, vehicles without a value last, ties and the valueless by unit number as a number', () => {
    const ranked = rankScorecards(
      [card('T-10', null), card('T-3', 5), card('T-2', null), card('T-11', 9), card('T-1', 5)],
      'speedingPer1000Mi',
    );
    expect(ranked.map((c) => c.vehicleNumber)).toEqual(['T-11', 'T-1', 'T-3', 'T-2', 'T-10']);
  });
});
