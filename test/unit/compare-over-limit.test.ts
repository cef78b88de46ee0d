import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { compareFacts, metricRows } from '../../shared/compare/compare.ts';
import { comparisonCsv } from '../../shared/compare/csv.ts';
import type { CarrierData, CarrierFacts } from '../../shared/compare/facts.ts';
import { METRICS } from '../../shared/compare/metrics.ts';
import { emptyOverLimitFacts, type OverLimitFacts } from '../../shared/compare/over-limit-facts.ts';
import { resolveCompareParams, summaryParamsOf } from '../../shared/compare/params.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { TIER_NAMES } from '../../shared/roads/tiers.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { dayStartMs } from '../../shared/util/day.ts';
import { roadsAlong } from '../support/day-parts.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const params = resolveCompareParams();
const cell = (f: CarrierFacts[], id: string, i = 0) => metricRows(f).find((r) => r.def.id === id)!.cells[i]!;

/** The facts the over-the-limit metrics read, beside plain ones: 50 h of driving. */
function facts(id: string, miles: number, overLimit: OverLimitFacts | null): CarrierFacts {
  const [f] = compareFacts(
    [{ carrierId: id, label: id.toUpperCase(), roster: [], days: [], driverSnapshots: [] }],
    { from: '2026-03-02', to: '2026-03-02' },
    params,
  ).carriers;
  return {
    ...f!,
    vehicleDaysStored: 1,
    miles,
    movingSeconds: 50 * 3600,
    roadLimits: overLimit !== null,
    overLimit: overLimit ?? emptyOverLimitFacts(),
  };
}
const tally = (byTier: Partial<OverLimitFacts['byTier']>, seconds = 0): OverLimitFacts => ({
  ...emptyOverLimitFacts(),
  byTier: { ...emptyOverLimitFacts().byTier, ...byTier },
  seconds,
});

describe('Compare: over the limit per 1,000 mi by tier, from the one table of metrics', () => {
  it('3 heavy events over 1,500 mi is 2.00 per 1,000 mi; every tier and the total have a row', () => {
    const f = [facts('a', 1500, tally({ heavy: 3, severe: 1 }, 1800))];
    expect(cell(f, 'over-limit-heavy-per-1000mi')).toMatchObject({ value: 2, text: '2.00', detail: '3 events' });
    expect(cell(f, 'over-limit-light-per-1000mi')).toMatchObject({ value: 0, text: '0.00', detail: '0 events' });
    expect(cell(f, 'over-limit-per-1000mi').value).toBeCloseTo((4 * 1000) / 1500, 12);
    expect(cell(f, 'over-limit-time-share')).toMatchObject({ value: 0.01, text: '1.00%' });
    const ids = METRICS.map((m) => m.id);
    for (const t of TIER_NAMES) expect(ids).toContain(`over-limit-${t}-per-1000mi`);
  });

  it('shows "—" with the reason when no road limits were applied, never 0', () => {
    const f = [facts('a', 1500, null)];
    for (const id of ['over-limit-per-1000mi', 'over-limit-severe-per-1000mi', 'over-limit-time-share'])
      expect(cell(f, id), id).toMatchObject({ value: null, text: '—', detail: 'no road limits applied' });
  });

  it('marks the carrier with more heavy events per mile worst; a carrier not judged is not compared', () => {
    const both = [facts('a', 1500, tally({ heavy: 3 })), facts('b', 1000, tally({ heavy: 1 }))];
    expect(
      metricRows(both)
        .find((r) => r.def.id === 'over-limit-heavy-per-1000mi')!
        .cells.map((c) => c.mark),
    ).toEqual(['worst', 'best']);
    const one = [facts('a', 1500, tally({ heavy: 3 })), facts('b', 1000, null)];
    expect(
      metricRows(one)
        .find((r) => r.def.id === 'over-limit-heavy-per-1000mi')!
        .cells.map((c) => c.mark),
    ).toEqual([null, null]);
  });

  it('the CSV carries the rows (empty value without limits) from the same table', () => {
    const rows = parseCsv(
      comparisonCsv({
        range: { from: '2026-03-02', to: '2026-03-02' },
        params,
        carriers: [facts('a', 1500, tally({ heavy: 3 })), facts('b', 10, null)],
      }),
    );
    const heavy = rows.find((r) => r[1] === 'over-limit-heavy-per-1000mi')!;
    expect(Number(heavy[5])).toBe(2);
    expect(heavy.slice(5, 9)).toEqual([heavy[5], '2.00', '3 events', '']);
    expect(heavy.slice(9, 13)).toEqual(['', '—', 'no road limits applied', '']);
  });
});

describe('Compare facts judged against road limits, events known by construction', () => {
  // One truck, one day, on a road posted 50 mph: 55 mph is within the 6 mph tolerance, 72 mph is 22 over
  // (severe) and above the flat 70 mph threshold, 63 mph is 13 over (moderate). Readings a minute apart.
  const day = '2026-03-02';
  const points = generateTrack(
    [
      { kind: 'drive', minutes: 30, mph: 55 },
      { kind: 'drive', minutes: 10, mph: 72 },
      { kind: 'drive', minutes: 20, mph: 55 },
      { kind: 'drive', minutes: 10, mph: 63 },
      { kind: 'stop', minutes: 30 },
    ],
    { startMs: dayStartMs(day) + 6 * 3_600_000, vehicleNumber: 'A-100' },
  );
  const chunks = toDayChunks('a-veh-0', points);
  const carrier: CarrierData = {
    carrierId: 'a',
    label: 'A',
    roster: [{ vehicleId: 'a-veh-0', number: 'A-100' }],
    days: chunks.map((chunk) => ({
      vehicleId: 'a-veh-0',
      day,
      chunk,
      summary: summarizeDay(chunk, summaryParamsOf(params)),
    })),
    driverSnapshots: [],
  };
  const range = { from: day, to: day };
  const roads = roadsAlong(chunks, 50);

  it('counts one severe and one moderate event, their time, and lists the severe one worst', () => {
    const [f] = compareFacts([carrier], range, params, analyzeTrack, roads).carriers;
    expect(f!.roadLimits).toBe(true);
    expect(f!.overLimit.byTier).toEqual({ light: 0, moderate: 1, heavy: 0, severe: 1 });
    // Ten readings a minute apart over each leg: first to last over is nine minutes.
    expect(f!.overLimit.seconds).toBe(2 * 9 * 60);
    expect(
      f!.overLimit.worst.map((e) => [e.tier, e.overMph, e.limitMph, e.limitSource, e.road, e.vehicleNumber]),
    ).toEqual([
      ['severe', 22, 50, 'posted', 'Route 1', 'A-100'],
      ['moderate', 13, 50, 'posted', 'Route 1', 'A-100'],
    ]);
    // The flat threshold is its own policy: only the 72 mph run is above it.
    expect(f!.speedingEvents).toBe(1);
    expect(cell([f!], 'over-limit-severe-per-1000mi').value).toBeCloseTo(1000 / f!.miles, 12);
  });

  it('without road limits, or before the trip analysis, the carrier is not judged', () => {
    expect(compareFacts([carrier], range, params, analyzeTrack).carriers[0]!.roadLimits).toBe(false);
    const metricsOnly = compareFacts([carrier], range, params, undefined, roads).carriers[0]!;
    expect(metricsOnly.roadLimits).toBe(false);
    expect(cell([metricsOnly], 'over-limit-per-1000mi').text).toBe('—');
  });

  it('the CSV lists the worst over-the-limit events with tier, mph over, limit, source, road and way', () => {
    const c = compareFacts([carrier], range, params, analyzeTrack, roads);
    const worst = parseCsv(comparisonCsv(c)).filter((r) => r[0] === 'worst-over-limit');
    expect(worst.map((r) => r.slice(9))).toEqual([
      // Figures at 0.1 mph, as every CSV of the app writes them.
      ['severe', '22.0', '50.0', 'posted', 'Route 1', '1000'],
      ['moderate', '13.0', '50.0', 'posted', 'Route 1', '1000'],
    ]);
  });
});
