import { describe, expect, it } from 'vitest';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { motionFromChunks } from '../../shared/drivers/motion.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { dayOfMs } from '../../shared/util/day.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 4, 12, 10);

type Reading = [t: number, speed: number, status: MotionStatus | null];

/** Readings every 30 s from `fromMs` (inclusive) to `toMs` (exclusive), all alike. */
function every30s(fromMs: number, toMs: number, speed: number, status: MotionStatus | null): Reading[] {
  const out: Reading[] = [];
  for (let t = fromMs; t < toMs; t += 30_000) out.push([t, speed, status]);
  return out;
}

/** One vehicle's readings as its UTC day chunks (so a day boundary splits them as storage does). */
function chunksOf(vehicleId: string, readings: Reading[]): DayChunk[] {
  const days = [...new Set(readings.map(([t]) => dayOfMs(t)))];
  const points = readings.map(([t, speed, status]) => ({
    id: `${vehicleId}-${t}`,
    t,
    lat: 40,
    lng: -90,
    speed,
    status,
    direction: NaN,
    location: '',
    vehicleNumber: 'T-1',
    vin: '',
  }));
  return days.map((day) => buildDayChunk(vehicleId, day, points));
}

describe('motion from stored readings', () => {
  const track = [
    ...every30s(T0, T0 + 30 * MIN, 50, 'IN_MOTION'),
    ...every30s(T0 + 30 * MIN, T0 + 60 * MIN, 0, 'STATIONARY'),
    // nothing from 11:00 to 12:00
    ...every30s(T0 + 120 * MIN, T0 + 130 * MIN, 50, 'IN_MOTION'),
    // a hole in the middle of a drive: 12:10 to 12:40
    ...every30s(T0 + 160 * MIN, T0 + 170 * MIN, 50, 'IN_MOTION'),
  ];
  const chunks = new Map([['v1', chunksOf('v1', track)]]);
  const motion = motionFromChunks(chunks);
  const covered = motionFromChunks(chunks, (v) => v === 'v1');

  it('is moving within 2 min of a moving reading, still past that while readings continue', () => {
    expect(motion('v1', T0 + 15 * MIN)).toBe('moving');
    // The last moving reading is at 10:29:30: 10:31:30 is exactly 2 min on, 10:32 is past.
    expect(motion('v1', T0 + 31.5 * MIN)).toBe('moving');
    expect(motion('v1', T0 + 32 * MIN)).toBe('still');
    expect(motion('v1', T0 + 45 * MIN)).toBe('still');
    expect(motion('v1', T0 + 118 * MIN)).toBe('moving');
  });

  it('is still up to 10 min from the last reading, unknown beyond, unless the day is covered', () => {
    expect(motion('v1', T0 + 69 * MIN)).toBe('still');
    expect(motion('v1', T0 + 90 * MIN)).toBe('unknown');
    expect(covered('v1', T0 + 90 * MIN)).toBe('still');
    expect(motion('v2', T0)).toBe('unknown');
    expect(covered('v2', T0)).toBe('unknown');
  });

  it('stays unknown inside a covered hole with moving readings on both sides', () => {
    expect(covered('v1', T0 + 145 * MIN)).toBe('unknown');
    expect(covered('v1', T0 + 200 * MIN)).toBe('still');
  });

  it('takes 5 mph or IN_MOTION as moving, whichever the reading has', () => {
    const m = motionFromChunks(
      new Map([
        ['fast', chunksOf('fast', [[T0, 5, null]])],
        ['flagged', chunksOf('flagged', [[T0, NaN, 'IN_MOTION']])],
        ['slow', chunksOf('slow', [[T0, 4.9, 'STATIONARY']])],
      ]),
    );
    expect([m('fast', T0), m('flagged', T0), m('slow', T0)]).toEqual(['moving', 'moving', 'still']);
  });

  it('looks across the UTC day boundary into the previous chunk', () => {
    const midnight = Date.UTC(2026, 4, 13);
    const m = motionFromChunks(
      new Map([
        [
          'v1',
          chunksOf('v1', [
            [midnight - 30_000, 40, 'IN_MOTION'],
            [midnight + 5 * MIN, 0, 'STATIONARY'],
          ]).reverse(),
        ],
      ]),
    );
    expect(m('v1', midnight + MIN)).toBe('moving');
    expect(m('v1', midnight + 4 * MIN)).toBe('still');
  });
});
