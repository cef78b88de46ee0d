import { describe, expect, it } from 'vitest';
import type { AnalyzeTrack } from '../../shared/analysis/types.ts';
import { carrierFacts, type CarrierData, type VehicleDay } from '../../shared/compare/facts.ts';
import { localDailyPoints } from '../../shared/compare/local-daily.ts';
import { resolveCompareParams } from '../../shared/compare/params.ts';
import { NO_FIGURES, summarizeDay, type DaySummary } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const PARAMS = resolveCompareParams();
const RANGE = { from: '2026-03-02', to: '2026-03-04' };

/** A stored summary written by hand (no chunk: it is used as stored). */
function summary(vehicleId: string, day: string, over: Partial<DaySummary>): DaySummary {
  return {
    vehicleId,
    day,
    ...NO_FIGURES,
    params: { ...PARAMS },
    ...over,
  };
}
const stored = (vehicleId: string, day: string, over: Partial<DaySummary>): VehicleDay => ({
  vehicleId,
  day,
  summary: summary(vehicleId, day, over),
  chunk: null,
});

describe('carrier facts from stored days', () => {
  const data: CarrierData = {
    carrierId: 'c',
    label: 'C',
    roster: [
      { vehicleId: 'v1', number: '101' },
      { vehicleId: 'v2', number: '102' },
      { vehicleId: 'v3', number: '103' },
    ],
    days: [
      stored('v1', '2026-03-02', { points: 10, distanceMiles: 100, movingSeconds: 3600, speedingEvents: 2 }),
      stored('v1', '2026-03-03', { points: 5, distanceMiles: 50, movingSeconds: 1800, gaps: 1 }),
      stored('v2', '2026-03-03', { points: 0, distanceMiles: 0, movingSeconds: 0 }),
      stored('v2', '2026-03-05', { points: 9, distanceMiles: 900, movingSeconds: 900 }),
      stored('v3', '2026-03-01', { points: 9, distanceMiles: 800, movingSeconds: 900 }),
    ],
    driverSnapshots: [],
  };
  const f = carrierFacts(data, RANGE, PARAMS);

  it('counts only the days inside the range', () => {
    expect(f).toMatchObject({ vehicleDaysStored: 3, miles: 150, movingSeconds: 5400, speedingEvents: 2, gaps: 1 });
  });

  it('counts a stored day without readings as stored, but not as a day with data or an active day', () => {
    expect(f).toMatchObject({ vehicleDaysWithData: 2, vehiclesWithData: 1, activeVehicleDays: 2, activeVehicles: 1 });
  });

  it('sums each day over the vehicles, leaves days without anything stored empty, and marks none partial', () => {
    expect(f.daily).toEqual([
      { day: '2026-03-02', miles: 100, events: 2, partial: false },
      { day: '2026-03-03', miles: 50, events: 0, partial: false },
      { day: '2026-03-04', miles: null, events: null, partial: false },
    ]);
    expect(f.daysCovered).toBe(2);
  });

  it('lists each roster vehicle’s days not stored', () => {
    expect(f.missing).toEqual([
      { vehicleId: 'v1', number: '101', days: ['2026-03-04'] },
      { vehicleId: 'v2', number: '102', days: ['2026-03-02', '2026-03-04'] },
      { vehicleId: 'v3', number: '103', days: ['2026-03-02', '2026-03-03', '2026-03-04'] },
    ]);
    expect(f.missingVehicleDays).toBe(6);
  });
});

function drive(vehicleId: string, startMs: number, minutes: number): DayChunk[] {
  return toDayChunks(vehicleId, generateTrack([{ kind: 'drive', minutes, mph: 60 }], { startMs, seed: 7 }));
}
const withSummary = (c: DayChunk): VehicleDay => ({
  vehicleId: c.vehicleId,
  day: c.day,
  summary: summarizeDay(c, PARAMS),
  chunk: c,
});

describe('trip totals over each vehicle’s chunks', () => {
  it('hands the analysis each vehicle’s non-empty chunks in day order, and skips a vehicle without any', () => {
    const [a, b] = drive('v1', Date.UTC(2026, 2, 2, 23, 50), 20);
    const empty: DayChunk = { ...a!, vehicleId: 'v3', length: 0, t: new Float64Array(0) };
    const calls: string[][] = [];
    const analyze = ((chunks: readonly DayChunk[]) => {
      calls.push(chunks.map((c) => `${c.vehicleId} ${c.day}`));
      return { trips: chunks.map(() => ({ distanceMiles: 10 })), events: [] };
    }) as unknown as AnalyzeTrack;
    const data: CarrierData = {
      carrierId: 'c',
      label: 'C',
      roster: null,
      days: [
        withSummary(b!),
        withSummary(a!),
        stored('v2', '2026-03-02', { points: 3 }),
        { ...withSummary(a!), vehicleId: 'v3', chunk: empty },
      ],
      driverSnapshots: [],
    };
    const f = carrierFacts(data, RANGE, PARAMS, analyze);
    expect(calls).toEqual([['v1 2026-03-02', 'v1 2026-03-03']]);
    expect(f.trips).toEqual({ count: 2, miles: 20 });
  });
});

describe('per-day series in the home zone', () => {
  // Chicago is UTC−6 in early March: its 2 March runs from 06:00 UTC on the 2nd to 06:00 UTC on the 3rd.
  const ZONE = 'America/Chicago';
  const LOCAL = { from: '2026-03-02', to: '2026-03-02' };

  it('joins a local day’s readings from both UTC days, whatever order the days are stored in', () => {
    // 20 minutes at 60 mph across UTC midnight: 20 miles, all on Chicago's 2 March.
    const [a, b] = drive('v1', Date.UTC(2026, 2, 2, 23, 50), 20);
    const points = localDailyPoints([withSummary(b!), withSummary(a!)], ZONE, LOCAL, PARAMS, '2026-03-10');
    expect(points).toHaveLength(1);
    expect(points[0]!.miles).toBeCloseTo(20, 6);
    expect(points[0]).toMatchObject({ day: '2026-03-02', events: 0, partial: false });
  });

  it('counts a stored day without a chunk as 0, next to another vehicle’s readings', () => {
    const [a, b] = drive('v1', Date.UTC(2026, 2, 2, 23, 50), 20);
    const days = [withSummary(a!), withSummary(b!), stored('v2', '2026-03-02', {}), stored('v2', '2026-03-03', {})];
    expect(localDailyPoints(days, ZONE, LOCAL, PARAMS, '2026-03-10')[0]!.miles).toBeCloseTo(20, 6);
  });

  it('leaves a local day empty when all its UTC days are after today', () => {
    const [a, b] = drive('v1', Date.UTC(2026, 2, 2, 23, 50), 20);
    expect(localDailyPoints([withSummary(a!), withSummary(b!)], ZONE, LOCAL, PARAMS, '2026-03-01')).toEqual([
      { day: '2026-03-02', miles: null, events: null, drivingVehicles: null, partial: true },
    ]);
  });
});
