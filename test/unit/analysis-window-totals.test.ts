import { describe, expect, it } from 'vitest';
import { rangeTotals } from '../../shared/analysis/range-totals.ts';
import { windowTotals } from '../../shared/analysis/window-totals.ts';
import { DEFAULT_SUMMARY_PARAMS, summarizeDay } from '../../shared/track/summary.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const MIN = 60_000;
const DAY1 = Date.UTC(2026, 3, 1, 8);
const DAY2 = Date.UTC(2026, 3, 2, 8);

/**
 * Day 1: 60 min at 60 mph, 60 min at 75 mph (speeding: limit 70), a 30-min stop
 * (6 readings 5 min apart and the closing one): 127 readings.
 * Day 2: 60 min at 60 mph, a 30-min stop. A drive reading every minute, each
 * followed by a minute at its speed, so a window's figures are known by counting readings.
 */
function twoDays() {
  const d1 = generateTrack(
    [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'drive', minutes: 60, mph: 75 },
      { kind: 'stop', minutes: 30 },
    ],
    { startMs: DAY1, seed: 1 },
  );
  const d2 = generateTrack(
    [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ],
    { startMs: DAY2, seed: 2 },
  );
  return toDayChunks('v', [...d1, ...d2]);
}

describe('windowTotals', () => {
  const chunks = twoDays();

  it('counts only the readings inside the window and the intervals between two of them', () => {
    // Readings 60..119 of day 1: the 75-mph hour, 59 whole minutes between its first and last reading.
    const w = windowTotals(chunks, DAY1 + 60 * MIN, DAY1 + 119 * MIN, DEFAULT_SUMMARY_PARAMS);
    expect(w.points).toBe(60);
    expect(w.days).toBe(1);
    expect(w.movingSeconds).toBe(59 * 60);
    expect(w.distanceMiles).toBeCloseTo((59 * 75) / 60, 6);
    expect(w.maxSpeedMph).toBe(75);
    expect(w.speedingEvents).toBe(1);
    expect(w.stationarySeconds).toBe(0);
    expect([w.firstMs, w.lastMs]).toEqual([DAY1 + 60 * MIN, DAY1 + 119 * MIN]);
  });

  it('adds up the parts of a window across midnight', () => {
    // Day 1 from reading 110 (the last 10 speeding minutes, then the stop) to day 2's first 30 minutes at 60 mph.
    const w = windowTotals(chunks, DAY1 + 110 * MIN, DAY2 + 30 * MIN, DEFAULT_SUMMARY_PARAMS);
    expect(w.days).toBe(2);
    expect(w.points).toBe(10 + 7 + 31);
    expect(w.movingSeconds).toBe(10 * 60 + 30 * 60);
    expect(w.distanceMiles).toBeCloseTo((10 * 75) / 60 + 30, 6);
    expect(w.stationarySeconds).toBe(30 * 60);
    expect(w.maxSpeedMph).toBe(75);
    // The run keeps 10 readings 9 minutes apart inside the window: still an event.
    expect(w.speedingEvents).toBe(1);
  });

  it('drops a speeding run the window cuts below the event minimum', () => {
    // Readings 119..120: one speeding reading, then the first stop reading.
    const w = windowTotals(chunks, DAY1 + 119 * MIN, DAY1 + 120 * MIN, DEFAULT_SUMMARY_PARAMS);
    expect(w.points).toBe(2);
    expect(w.speedingEvents).toBe(0);
    expect(w.maxSpeedMph).toBe(75);
  });

  it('over the whole selection equals the selection totals', () => {
    const all = windowTotals(chunks, DAY1, DAY2 + 1000 * MIN, DEFAULT_SUMMARY_PARAMS);
    expect(all).toEqual(rangeTotals(chunks.map((c) => summarizeDay(c, DEFAULT_SUMMARY_PARAMS))));
    expect(all.distanceMiles).toBeCloseTo(60 + 75 + 60, 6);
  });

  it('is empty for a window between the days', () => {
    const w = windowTotals(chunks, DAY1 + 10 * 60 * MIN, DAY2 - MIN, DEFAULT_SUMMARY_PARAMS);
    expect(w).toMatchObject({ days: 0, points: 0, distanceMiles: 0, maxSpeedMph: 0 });
  });
});
