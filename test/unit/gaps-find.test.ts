import { describe, expect, it } from 'vitest';
import { findGaps, gapRule, isGapBetween } from '../../shared/track/gaps.ts';
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
          { kind: 'silence', minutes: 45, status: 'IN_MOTION' },
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
    // The closing 20 min are parked silence: a gap only once the parked limit is below them too.
    expect(findGaps(chunk!, { gapSeconds: 10 * 60 }).map((g) => g.index)).toEqual([30, 41]);
    expect(findGaps(chunk!, { gapSeconds: 10 * 60, parkedGapSeconds: 10 * 60 }).map((g) => g.index)).toEqual([30, 41, 44]);
  });

  it('the thresholds are exclusive', () => {
    const rule = gapRule({ gapSeconds: 1200, parkedGapSeconds: 7200 });
    const at = (dtMs: number, status: number, lng1 = 0) => isGapBetween(rule, 0, status, 40, 0, dtMs, 40, lng1);
    expect(at(1_200_000, MotionCode.IN_MOTION)).toBe(false);
    expect(at(1_200_001, MotionCode.IN_MOTION)).toBe(true);
    expect(at(1_200_001, MotionCode.STATIONARY, 1)).toBe(true);
    expect(at(7_200_000, MotionCode.STATIONARY)).toBe(false);
    expect(at(7_200_001, MotionCode.STATIONARY)).toBe(true);
    expect(at(0, MotionCode.OFFLINE)).toBe(true);
  });
});
