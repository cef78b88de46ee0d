import { describe, expect, it } from 'vitest';
import { bandsIn, dailySpeedBands } from '../../shared/analysis/day-bands.ts';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;

/**
 * Three Chicago days, each inside one UTC day too (13:00-18:00 UTC), so the
 * UTC chunks are the local days. Figures by construction (a drive reading
 * every 60 s, each followed by a minute at its speed):
 * - 2026-03-08 (spring forward: a 23-hour day): 60 min at 50 mph, 60 min at 30 mph, 30 min stop;
 * - 2026-03-09: 90 min at 65 mph, 60 min stop;
 * - 2026-03-10: a 2-hour stop only.
 */
function threeDays() {
  const d1 = generateTrack(
    [
      { kind: 'drive', minutes: 60, mph: 50 },
      { kind: 'drive', minutes: 60, mph: 30 },
      { kind: 'stop', minutes: 30 },
    ],
    { startMs: Date.UTC(2026, 2, 8, 13), seed: 1 },
  );
  const d2 = generateTrack(
    [
      { kind: 'drive', minutes: 90, mph: 65 },
      { kind: 'stop', minutes: 60 },
    ],
    { startMs: Date.UTC(2026, 2, 9, 13), seed: 2 },
  );
  const d3 = generateTrack([{ kind: 'stop', minutes: 120 }], { startMs: Date.UTC(2026, 2, 10, 13), seed: 3 });
  return toDayChunks('v', [...d1, ...d2, ...d3]);
}

describe('dailySpeedBands', () => {
  const bands = dailySpeedBands(threeDays(), ZONE, DEFAULT_GAP_PARAMS);

  it('gives one band per local day with its bounds in the zone (23 hours on the spring-forward day)', () => {
    expect(bands.map((b) => b.day)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    // Chicago is UTC-6 before 02:00 on 2026-03-08 and UTC-5 after.
    expect([bands[0]!.startMs, bands[0]!.endMs]).toEqual([Date.UTC(2026, 2, 8, 6), Date.UTC(2026, 2, 9, 5)]);
    expect(bands[0]!.endMs - bands[0]!.startMs).toBe(23 * HOUR);
    expect([bands[1]!.startMs, bands[1]!.endMs]).toEqual([Date.UTC(2026, 2, 9, 5), Date.UTC(2026, 2, 10, 5)]);
  });

  it('spans the moving speeds: min, time-weighted mean, max', () => {
    // Day 1: an hour at 50 and an hour at 30, so the mean is 40 and the stop's 0 mph is not the minimum.
    expect(bands[0]).toMatchObject({ minMph: 30, maxMph: 50 });
    expect(bands[0]!.avgMph).toBeCloseTo(40, 9);
    expect(bands[1]).toMatchObject({ minMph: 65, maxMph: 65 });
    expect(bands[1]!.avgMph).toBeCloseTo(65, 9);
  });

  it('splits each day into moving, stopped and offline time', () => {
    expect(bands[0]).toMatchObject({ movingSeconds: 7200, stationarySeconds: 1800, offlineSeconds: 0 });
    expect(bands[1]).toMatchObject({ movingSeconds: 5400, stationarySeconds: 3600, offlineSeconds: 0 });
  });

  it('draws a parked day as a flat band at 0 with all its time stopped', () => {
    expect(bands[2]).toMatchObject({ minMph: 0, avgMph: 0, maxMph: 0, movingSeconds: 0, stationarySeconds: 7200 });
  });

  it('lists only the days overlapping a window', () => {
    const inside = bandsIn(bands, Date.UTC(2026, 2, 9, 4), Date.UTC(2026, 2, 9, 12));
    expect(inside.map((b) => b.day)).toEqual(['2026-03-08', '2026-03-09']);
    expect(bandsIn(bands, Date.UTC(2026, 2, 10, 6), Date.UTC(2026, 2, 12)).map((b) => b.day)).toEqual(['2026-03-10']);
    expect(bandsIn(bands, Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 8, 5))).toEqual([]);
  });
});
