import { describe, expect, it } from 'vitest';
import { MotionCode } from '../../shared/domain/status.ts';
import {
  findGaps,
  gapReasonBetween,
  gapRule,
  Interval,
  intervalBetween,
  isGapBetween,
  JUMP_TOLERANCE_METERS,
  PARKED_RADIUS_METERS,
} from '../../shared/track/gaps.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const START = Date.UTC(2026, 4, 1, 6, 0, 0);

/**
 * Metres per degree along a meridian on the IUGG mean sphere (R = 6,371,008.8 m):
 * truth from the published radius, not from the code under test.
 */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;
const north = (metres: number) => 40 + metres / M_PER_DEG;

describe('gaps', () => {
  it('finds silences and OFFLINE spells across which the truck moved, in order; silences that end where they began are not gaps', () => {
    const [chunk] = toDayChunks(
      'veh-1',
      generateTrack(
        [
          { kind: 'drive', minutes: 30, mph: 55 },
          { kind: 'silence', minutes: 45, status: 'IN_MOTION', movedMiles: 30 },
          { kind: 'drive', minutes: 10, mph: 55 },
          { kind: 'silence', minutes: 3, status: 'OFFLINE', movedMiles: 2 },
          { kind: 'stop', minutes: 20, everySeconds: 600 },
          { kind: 'silence', minutes: 20 },
          { kind: 'silence', minutes: 45, status: 'IN_MOTION' },
          { kind: 'offline', minutes: 30 },
        ],
        { startMs: START },
      ),
    );
    const gaps = findGaps(chunk!);
    expect(gaps.map((g) => g.reason)).toEqual(['silence', 'offline']);
    expect(gaps[0]).toMatchObject({ index: 30, startMs: START + 30 * 60_000, endMs: START + 75 * 60_000 });
    expect(gaps[1]).toMatchObject({ index: 41, startMs: START + 85 * 60_000, endMs: START + 88 * 60_000 });
    // A longer data-gap threshold than the 45 min silence leaves only the OFFLINE spell.
    expect(findGaps(chunk!, { gapSeconds: 46 * 60 }).map((g) => g.index)).toEqual([41]);
  });

  it('the gap threshold is exclusive, the stop minimum inclusive, the parked radius inclusive', () => {
    const rule = gapRule({ gapSeconds: 1200, minStopSeconds: 300 });
    const at = (dtMs: number, status: number, metres: number, speed = 50) =>
      intervalBetween(rule, 0, status, speed, 40, 0, dtMs, north(metres), 0);
    const moved = 3000;
    expect(at(1_200_000, MotionCode.IN_MOTION, moved)).toBe(Interval.MOVING);
    expect(at(1_200_001, MotionCode.IN_MOTION, moved)).toBe(Interval.GAP);
    expect(at(1_200_001, MotionCode.STATIONARY, moved)).toBe(Interval.GAP);
    // Parked silence: a stop however long, after any status.
    for (const status of [MotionCode.IN_MOTION, MotionCode.STATIONARY, MotionCode.OFFLINE]) {
      expect(at(1_200_001, status, 10)).toBe(Interval.STOPPED);
      expect(at(10 * 86_400_000, status, PARKED_RADIUS_METERS - 0.1)).toBe(Interval.STOPPED);
    }
    expect(at(10 * 86_400_000, MotionCode.STATIONARY, PARKED_RADIUS_METERS + 0.1)).toBe(Interval.GAP);
    expect(at(300_000, MotionCode.IN_MOTION, 10)).toBe(Interval.STOPPED);
    expect(at(299_999, MotionCode.IN_MOTION, 10)).toBe(Interval.MOVING);
    // OFFLINE: a gap whatever its length when the truck moved, stop time when it did not.
    expect(at(60_000, MotionCode.OFFLINE, 1000, 0)).toBe(Interval.GAP);
    expect(at(60_000, MotionCode.OFFLINE, 10, 0)).toBe(Interval.STOPPED);
    expect(isGapBetween(rule, 0, MotionCode.OFFLINE, 40, 0, 60_000, north(1000), 0)).toBe(true);
  });

  it('a reading is moving when IN_MOTION above the stop speed; STATIONARY and OFFLINE never are', () => {
    const rule = gapRule({ stopSpeedMph: 3 });
    const at = (status: number, speed: number) => intervalBetween(rule, 0, status, speed, 40, 0, 60_000, north(100), 0);
    expect(at(MotionCode.IN_MOTION, 3)).toBe(Interval.STOPPED);
    expect(at(MotionCode.IN_MOTION, 3.1)).toBe(Interval.MOVING);
    expect(at(MotionCode.STATIONARY, 50)).toBe(Interval.STOPPED);
  });

  it('a position the truck could not have reached at the plausible speed is a "jump" gap', () => {
    const rule = gapRule({ maxPlausibleMph: 110 });
    // 110 mph for 1 s is 49.17 m; the tolerance adds JUMP_TOLERANCE_METERS of GPS error.
    const reach = (110 * 1609.344) / 3600 + JUMP_TOLERANCE_METERS;
    const at = (dtMs: number, metres: number) =>
      intervalBetween(rule, 0, MotionCode.IN_MOTION, 60, 40, 0, dtMs, north(metres), 0);
    expect(at(1000, reach - 0.5)).toBe(Interval.MOVING);
    expect(at(1000, reach + 0.5)).toBe(Interval.GAP);
    expect(gapReasonBetween(rule, 0, MotionCode.IN_MOTION, 40, 0, 1000, north(reach + 0.5), 0)).toBe('jump');
    // Two readings stamped with one time, a mile apart.
    expect(at(0, 1609)).toBe(Interval.GAP);
    expect(at(0, JUMP_TOLERANCE_METERS - 1)).toBe(Interval.MOVING);
    // Across the antimeridian the degree difference is large, the distance is not.
    expect(intervalBetween(rule, 0, MotionCode.IN_MOTION, 60, 0, 179.9999, 60_000, 0, -179.9999)).toBe(Interval.MOVING);
  });
});
