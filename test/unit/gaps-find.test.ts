import { describe, expect, it } from 'vitest';
import { findGaps, isGapInterval } from '../../shared/track/gaps.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const START = Date.UTC(2026, 4, 1, 6, 0, 0);

describe('gaps', () => {
  it('finds silences longer than the threshold and every OFFLINE interval, in order', () => {
    const [chunk] = toDayChunks(
      'veh-1',
      generateTrack(
        [
          { kind: 'drive', minutes: 30, mph: 55 },
          { kind: 'silence', minutes: 45 },
          { kind: 'drive', minutes: 10, mph: 55 },
          { kind: 'offline', minutes: 3 },
          { kind: 'stop', minutes: 20, everySeconds: 600 },
          { kind: 'silence', minutes: 20 },
        ],
        { startMs: START },
      ),
    );
    const gaps = findGaps(chunk!);
    expect(gaps.map((g) => g.reason)).toEqual(['silence', 'offline']);
    expect(gaps[0]).toMatchObject({ index: 30, startMs: START + 30 * 60_000, endMs: START + 75 * 60_000 });
    expect(gaps[1]).toMatchObject({ index: 41, startMs: START + 85 * 60_000, endMs: START + 88 * 60_000 });
    expect(findGaps(chunk!, 10 * 60).map((g) => g.index)).toEqual([30, 41, 44]);
  });

  it('the threshold is exclusive', () => {
    expect(isGapInterval(1_200_000, MotionCode.IN_MOTION, 1_200_000)).toBe(false);
    expect(isGapInterval(1_200_001, MotionCode.STATIONARY, 1_200_000)).toBe(true);
    expect(isGapInterval(0, MotionCode.OFFLINE, 1_200_000)).toBe(true);
  });
});
