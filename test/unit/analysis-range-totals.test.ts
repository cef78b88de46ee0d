import { describe, expect, it } from 'vitest';
import { rangeTotals } from '../../shared/analysis/range-totals.ts';
import { combineSummaries, summarizeDay } from '../../shared/track/summary.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

describe('rangeTotals', () => {
  it('derives average moving speed, speeding share and offline share from day summaries', () => {
    // Day 1: 1 h at 60, 1 h at 75 (speeding: 60 readings a minute apart, 59 min first to last), 30 min stop.
    // Day 2: 1 h at 60, 1 h OFFLINE while the truck drives 50 miles (a gap), 1 h stop.
    const day1 = generateTrack(
      [
        { kind: 'drive', minutes: 60, mph: 60 },
        { kind: 'drive', minutes: 60, mph: 75 },
        { kind: 'stop', minutes: 30 },
      ],
      { startMs: Date.UTC(2026, 3, 1, 8), seed: 1 },
    );
    const day2 = generateTrack(
      [
        { kind: 'drive', minutes: 60, mph: 60 },
        { kind: 'silence', minutes: 60, status: 'OFFLINE', movedMiles: 50 },
        { kind: 'stop', minutes: 60 },
      ],
      { startMs: Date.UTC(2026, 3, 2, 8), seed: 2 },
    );
    const summaries = toDayChunks('v', [...day1, ...day2]).map((c) => summarizeDay(c));
    const r = rangeTotals(summaries);
    expect(r).toMatchObject(combineSummaries(summaries));
    expect(r.movingSeconds).toBe(3 * 3600);
    expect(r.avgMovingSpeedMph).toBeCloseTo((60 + 75 + 60) / 3, 6);
    expect(r.speedingShare).toBeCloseTo((59 * 60) / (3 * 3600), 9);
    expect(r.gapDistanceMiles).toBeCloseTo(50, 6);
    expect(r.offlineShare).toBeCloseTo(3600 / (3 * 3600 + 1.5 * 3600 + 3600), 9);
  });

  it('is all zeros for no days', () => {
    expect(rangeTotals([])).toMatchObject({ days: 0, avgMovingSpeedMph: 0, speedingShare: 0, offlineShare: 0 });
  });
});
