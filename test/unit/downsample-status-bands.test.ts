import { describe, expect, it } from 'vitest';
import { downsampleStatusBands } from '../../shared/analysis/downsample.ts';
import { generateRandomTrack, generateTrack, toDayChunks } from '../support/tracks.ts';

const START = Date.UTC(2026, 5, 1, 6);
const H = 3_600_000;

describe('downsampleStatusBands', () => {
  it('known day: motion, stop, offline (gap), motion, parked — contiguous and time-ordered', () => {
    const chunks = toDayChunks(
      'v',
      generateTrack(
        [
          { kind: 'drive', minutes: 120, mph: 60 },
          { kind: 'stop', minutes: 60 },
          // Moved without reporting: a gap (parked silence this short would not be one).
          { kind: 'silence', minutes: 120, movedMiles: 5 },
          { kind: 'drive', minutes: 60, mph: 60 },
          { kind: 'stop', minutes: 120 },
        ],
        { startMs: START },
      ),
    );
    const bands = downsampleStatusBands(chunks, 480);
    expect(bands.map((b) => b.status)).toEqual(['IN_MOTION', 'STATIONARY', 'OFFLINE', 'IN_MOTION', 'STATIONARY']);
    expect(bands[0]!.startMs).toBe(START);
    expect(bands.at(-1)!.endMs).toBe(START + 8 * H);
    // Boundaries within one pixel (8 h / 480 px = 1 min) of the truth.
    const truth = [2, 3, 5, 6].map((h) => START + h * H);
    bands.slice(1).forEach((b, k) => expect(Math.abs(b.startMs - truth[k]!)).toBeLessThanOrEqual(60_000));
    for (let k = 1; k < bands.length; k++) expect(bands[k]!.startMs).toBe(bands[k - 1]!.endMs);
  });

  it('at most one band per pixel, whatever the data', () => {
    const chunks = toDayChunks('v', generateRandomTrack(9, 30));
    for (const width of [1, 50, 800]) {
      const bands = downsampleStatusBands(chunks, width);
      expect(bands.length).toBeLessThanOrEqual(width);
      expect(bands.length).toBeGreaterThan(0);
      for (let k = 1; k < bands.length; k++) {
        expect(bands[k]!.startMs).toBeGreaterThanOrEqual(bands[k - 1]!.endMs);
        expect(bands[k]!.status).not.toBe(bands[k - 1]!.status);
      }
    }
    expect(downsampleStatusBands([], 100)).toEqual([]);
    expect(() => downsampleStatusBands(chunks, 0)).toThrow(RangeError);
  });
});
