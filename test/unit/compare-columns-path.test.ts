/**
 * The compare workers' path (shared/compare/carrier-comparison.ts: each day's analysis columns, the metrics
 * in one worker, the trip analysis alone in another, spread over the metrics) against the full-chunk path it replaces (every day's full
 * chunk, the metrics and then the whole carrierFacts again with the trip analysis): the same facts, field
 * for field, on generated fleets in a zone whose days are not UTC days and on the real recordings, judged
 * against road limits along the tracks so over-the-limit events are in them.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { analysisColumnsOf, chunkOfAnalysisColumns } from '../../shared/analysis/analysis-columns.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import { comparedMetrics, comparedTrips, type StoredCarrier } from '../../shared/compare/carrier-comparison.ts';
import { carrierFacts, type CarrierFacts, type DateRange, type VehicleDay } from '../../shared/compare/facts.ts';
import { dailyPointsOf, utcDaysForLocalRange } from '../../shared/compare/local-daily.ts';
import { localVehicleDays } from '../../shared/compare/local-vehicle-days.ts';
import { resolveCompareParams, summaryParamsOf, type CompareParams } from '../../shared/compare/params.ts';
import { partialDaysLines, partialVehicleDays } from '../../shared/inbox/partial-days.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { roadsAlong } from '../support/day-parts.ts';
import { loadTrace, traceChunks, type TraceName } from '../support/realdata.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const PARAMS = resolveCompareParams();

/** The worker's path before the analysis columns: full chunks, and carrierFacts run twice (metrics, then with trips). */
function fullChunkPath(
  utc: StoredCarrier,
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: string,
  roads: RoadLimits | undefined,
): { metrics: CarrierFacts; trips: CarrierFacts } {
  const { stored, ...data } = utc;
  const numbers = new Map((data.roster ?? []).map((v) => [v.vehicleId, v.number]));
  for (const d of data.days) if (d.chunk && !numbers.has(d.vehicleId)) numbers.set(d.vehicleId, d.chunk.vehicleNumber);
  const local = { ...data, zone, days: localVehicleDays(data.days, zone, range, params) };
  const extra = {
    daily: dailyPointsOf(data.days, local.days, zone, range, today),
    dailyZone: zone,
    partialDays: partialDaysLines(partialVehicleDays(stored, zone, range, today), (id) => numbers.get(id) ?? id),
  };
  return {
    metrics: { ...carrierFacts(local, range, params), ...extra },
    trips: { ...carrierFacts(local, range, params, analyzeTrack, roads), ...extra },
  };
}

/** The worker's path now: the same stored days read from their analysis columns. */
function columnsPath(
  utc: StoredCarrier,
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: string,
  roads: RoadLimits | undefined,
): { metrics: CarrierFacts; trips: CarrierFacts } {
  const days = utc.days.map((d) => ({
    ...d,
    chunk: d.chunk && chunkOfAnalysisColumns(analysisColumnsOf(utc.carrierId, d.chunk)),
  }));
  const metrics = comparedMetrics({ ...utc, days }, zone, range, params, today);
  // The trip analysis as the second worker computes it beside the metrics, spread over them as the page does.
  return {
    metrics,
    trips: { ...metrics, ...comparedTrips({ ...utc, days }, zone, range, params, analyzeTrack, roads) },
  };
}

function storedCarrier(
  chunks: readonly DayChunk[],
  params: CompareParams,
  roster: StoredCarrier['roster'],
): StoredCarrier {
  const sp = summaryParamsOf(params);
  const days: VehicleDay[] = chunks.map((chunk) => ({
    vehicleId: chunk.vehicleId,
    day: chunk.day,
    summary: summarizeDay(chunk, sp),
    chunk,
  }));
  return {
    carrierId: 'c1',
    label: 'Carrier 1',
    roster,
    days,
    driverSnapshots: [],
    // The last stored day of each vehicle is still growing: the partial-days lines are part of the facts.
    stored: days.map((d, k) => ({
      vehicleId: d.vehicleId,
      day: d.day,
      complete: days[k + 1]?.vehicleId === d.vehicleId,
    })),
  };
}

function expectSameFacts(
  utc: StoredCarrier,
  zone: string,
  range: DateRange,
  params: CompareParams,
  today: string,
  roads: RoadLimits | undefined,
): CarrierFacts {
  const full = fullChunkPath(utc, zone, range, params, today, roads);
  const fast = columnsPath(utc, zone, range, params, today, roads);
  expect(fast.metrics).toEqual(full.metrics);
  expect(fast.trips).toEqual(full.trips);
  return fast.trips;
}

describe("Compare's analysis-columns path gives exactly the full-chunk path's figures", () => {
  // Three trucks over six UTC days from 5 January 2026 (06:00 UTC onwards), one day of one truck not stored.
  const chunks = [0, 1, 2].flatMap((v) =>
    toDayChunks(`v${v}`, generateRandomTrack(11 + v, 6)).filter((c) => !(v === 1 && c.day === '2026-01-07')),
  );
  const roster = [0, 1, 2, 3].map((v) => ({ vehicleId: `v${v}`, number: String(100 + v) }));
  const range = { from: '2026-01-06', to: '2026-01-09' };
  const utcRange = utcDaysForLocalRange(range);
  const inRange = chunks.filter((c) => c.day >= utcRange.from && c.day <= utcRange.to);

  it('generated trucks on Chicago days, judged against roads along the tracks', () => {
    const roads = roadsAlong(inRange);
    const f = expectSameFacts(
      storedCarrier(inRange, PARAMS, roster),
      'America/Chicago',
      range,
      PARAMS,
      '2026-01-10',
      roads,
    );
    // What makes the equality worth holding: every kind of figure is there.
    expect(f.miles).toBeGreaterThan(100);
    expect(f.speedingEvents).toBeGreaterThan(0);
    expect(f.worstEvents.length).toBeGreaterThan(0);
    expect(f.trips!.count).toBeGreaterThan(0);
    expect(f.roadLimits).toBe(true);
    expect(f.overLimit.worst.length).toBeGreaterThan(0);
    expect(f.missingVehicleDays).toBeGreaterThan(0);
    expect(f.partialDays!.length).toBeGreaterThan(0);
  });

  it('other parameters (a lower speeding threshold) and no road limits', () => {
    const params = resolveCompareParams({ speedingThresholdMph: 55, minTripMiles: 5 });
    const f = expectSameFacts(
      storedCarrier(inRange, params, roster),
      'America/Chicago',
      range,
      params,
      '2026-01-20',
      undefined,
    );
    expect(f.roadLimits).toBe(false);
    expect(f.speedingEvents).toBeGreaterThan(0);
  });

  const TRACES: [TraceName, string][] = [
    ['dg100-ontario', 'America/Toronto'],
    ['iblue747-leipzig', 'Europe/Berlin'],
  ];
  for (const [name, zone] of TRACES)
    it(`the real recording ${name} on ${zone} days`, () => {
      const trace = loadTrace(name, '2026-03-10');
      const utc = traceChunks(trace);
      const range = { from: trace.from, to: trace.to };
      const roster = [{ vehicleId: trace.vehicleId, number: trace.vehicleNumber }];
      const f = expectSameFacts(storedCarrier(utc, PARAMS, roster), zone, range, PARAMS, '2026-03-11', roadsAlong(utc));
      expect(f.vehicleDaysWithData).toBeGreaterThan(0);
      expect(f.trips!.count).toBeGreaterThan(0);
    });
});
