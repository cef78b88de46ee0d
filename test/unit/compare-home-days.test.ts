import { describe, expect, it } from 'vitest';
import { meanPerDrivingDay, milesPerDrivingVehicle } from '../../shared/compare/driving-days.ts';
import { carrierFacts, type DailyPoint, type VehicleDay } from '../../shared/compare/facts.ts';
import { localDailyPoints } from '../../shared/compare/local-daily.ts';
import { localVehicleDays } from '../../shared/compare/local-vehicle-days.ts';
import { resolveCompareParams } from '../../shared/compare/params.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const PARAMS = resolveCompareParams();
// Chicago is UTC−6 in early March: its 2 March runs from 06:00 UTC on the 2nd to 06:00 UTC on the 3rd.
const CHICAGO = 'America/Chicago';

function drive(vehicleId: string, startMs: number, minutes: number): DayChunk[] {
  return toDayChunks(vehicleId, generateTrack([{ kind: 'drive', minutes, mph: 60 }], { startMs, seed: 7 }));
}
const withSummary = (c: DayChunk): VehicleDay => ({
  vehicleId: c.vehicleId,
  day: c.day,
  summary: summarizeDay(c, PARAMS),
  chunk: c,
});

describe("Compare's figures on the carrier's home-zone days", () => {
  // 20 minutes at 60 mph from 23:50 UTC on 3 March: the evening of Chicago's 3 March, across UTC midnight.
  const days = drive('v1', Date.UTC(2026, 2, 3, 23, 50), 20).map(withSummary);

  it('counts a drive across UTC midnight on the one local day it falls in, not the two UTC days', () => {
    const local = localVehicleDays(days, CHICAGO, { from: '2026-03-02', to: '2026-03-04' }, PARAMS);
    // UTC 03-03 and 03-04 are stored: Chicago's 03-02 (touches 03-02, 03-03), 03-03 and 03-04 (03-04, 03-05) are held.
    expect(local.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    const miles = local.map((d) => d.summary.distanceMiles);
    expect(miles[0]).toBe(0);
    expect(miles[1]).toBeCloseTo(20, 6);
    expect(miles[2]).toBe(0);
    // The same drive in UTC days is split in two.
    const utc = localVehicleDays(days, 'UTC', { from: '2026-03-03', to: '2026-03-04' }, PARAMS);
    expect(utc.map((d) => d.summary.distanceMiles).every((m) => m > 5 && m < 15)).toBe(true);
  });

  it("gives carrierFacts local days: the range's figures, active days and missing days are the home zone's", () => {
    const range = { from: '2026-03-03', to: '2026-03-05' };
    const f = carrierFacts(
      {
        carrierId: 'c',
        label: 'C',
        roster: [{ vehicleId: 'v1', number: '101' }],
        days: localVehicleDays(days, CHICAGO, range, PARAMS),
        driverSnapshots: [],
        zone: CHICAGO,
      },
      range,
      PARAMS,
    );
    expect(f.miles).toBeCloseTo(20, 6);
    expect(f.activeVehicleDays).toBe(1);
    // 03-05 touches UTC 03-05 and 03-06, neither stored: missing. 03-04 touches UTC 03-04: held.
    expect(f.missing).toEqual([{ vehicleId: 'v1', number: '101', days: ['2026-03-05'] }]);
    expect(f.worstEvents).toEqual([]);
  });
});

describe('per-day means over driving days only', () => {
  const point = (day: string, miles: number | null, drivingVehicles: number | null): DailyPoint => ({
    day,
    miles,
    events: miles === null ? null : 0,
    drivingVehicles,
    partial: false,
  });
  // Two trucks drive on Monday, one on Tuesday, nobody on Wednesday (a rest day), Thursday is not downloaded.
  const week = [point('mon', 400, 2), point('tue', 300, 1), point('wed', 0, 0), point('thu', null, null)];

  it('draws no 0 for a rest day or a day not held: the per-truck figure is a gap there', () => {
    expect(week.map(milesPerDrivingVehicle)).toEqual([200, 300, null, null]);
  });

  it('takes the mean over the days someone drove, so a rest day does not pull it down', () => {
    expect(meanPerDrivingDay(week, (d) => d.miles)).toBe(350);
    expect(meanPerDrivingDay(week, milesPerDrivingVehicle)).toBe(250);
    expect(meanPerDrivingDay([point('sun', 0, 0)], (d) => d.miles)).toBeNull();
  });

  it('counts the trucks that drove each local day in the series Compare charts', () => {
    const series = localDailyPoints(days(), CHICAGO, { from: '2026-03-02', to: '2026-03-03' }, PARAMS, '2026-03-10');
    expect(series.map((d) => d.drivingVehicles)).toEqual([0, 1]);
    expect(meanPerDrivingDay(series, (d) => d.miles)).toBeCloseTo(20, 6);
  });
  function days(): VehicleDay[] {
    return drive('v1', Date.UTC(2026, 2, 3, 23, 50), 20)
      .concat(drive('v1', Date.UTC(2026, 2, 2, 12, 0), 0))
      .map(withSummary);
  }
});
