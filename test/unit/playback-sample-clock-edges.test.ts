import { describe, expect, it } from 'vitest';
import { formatHoursMinutes, hosAlertText } from '../../shared/domain/hos.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import { tick } from '../../shared/playback/clock.ts';
import { sampleAt } from '../../shared/playback/interpolate.ts';
import { EMPTY_SKIP } from '../../shared/playback/skip.ts';
import { formatDuration } from '../../shared/util/duration.ts';

const GAP = { gapSeconds: 20 * 60 };
const T0 = 1_700_000_000_000;

/** Three moving readings a minute apart heading north (0.01° of latitude a minute, ~37 mph), then 2 h of silence far away. */
function track() {
  const t = Float64Array.from([T0, T0 + 60_000, T0 + 120_000, T0 + 120_000 + 7_200_000]);
  const lat = Float64Array.from([41, 41.01, 41.02, 42]);
  const lng = Float64Array.from([-87, -87, -87, -87]);
  const n = t.length;
  return {
    length: n,
    t,
    lat,
    lng,
    speed: new Float64Array(n).fill(37),
    direction: Float64Array.from([0, 10, 20, 30]),
    status: new Uint8Array(n).fill(MotionCode.IN_MOTION),
  };
}

describe('playback sample', () => {
  it('a quarter of the way between two readings is a quarter of the way between their positions', () => {
    const s = sampleAt(track(), T0 + 15_000, GAP)!;
    expect(s.index).toBe(0);
    expect(s.lat).toBeCloseTo(41.0025, 10);
    expect(s.heading).toBeCloseTo(2.5, 10);
    expect(s.inGap).toBe(false);
    expect(sampleAt(track(), T0 + 90_000, GAP)!.lat).toBeCloseTo(41.015, 10);
  });

  it('at the reading that starts a gap the truck is at that reading, not in the gap; just after it is', () => {
    const at = sampleAt(track(), T0 + 120_000, GAP)!;
    expect(at).toMatchObject({ index: 2, lat: 41.02, heading: 20, inGap: false });
    expect(sampleAt(track(), T0 + 120_001, GAP)!).toMatchObject({ index: 2, lat: 41.02, inGap: true });
  });

  it('at and after the last reading the truck stands at it, outside any gap', () => {
    const last = T0 + 120_000 + 7_200_000;
    expect(sampleAt(track(), last, GAP)!).toMatchObject({ index: 3, lat: 42, inGap: false });
    expect(sampleAt(track(), last + 60_000, GAP)!).toMatchObject({ index: 3, lat: 42, inGap: false });
  });
});

describe('playback clock', () => {
  it('stops when a frame lands exactly on the end of the selection', () => {
    const s = tick({ timeMs: 0, playing: true, rate: 10 }, 100, { startMs: 0, endMs: 1000 }, EMPTY_SKIP);
    expect(s).toEqual({ timeMs: 1000, playing: false, rate: 10 });
  });
});

describe('small texts', () => {
  it('hours of service left read h:mm with two-digit minutes, a dash when unknown', () => {
    expect(formatHoursMinutes(5 * 60_000)).toBe('0:05');
    expect(formatHoursMinutes(65 * 60_000)).toBe('1:05');
    expect(formatHoursMinutes(null)).toBe('—');
  });

  it('a shift limit is named in its alert', () => {
    expect(hosAlertText({ limit: 'shift', level: 'reached', leftMs: 0 })).toBe('Shift limit reached');
    expect(hosAlertText({ limit: 'shift', level: 'near', leftMs: 12 * 60_000 })).toBe('Shift: 0:12 left');
  });

  it('an hour exactly is 1 h 00 min, not 60 min', () => {
    expect(formatDuration(3600)).toBe('1 h 00 min');
    expect(formatDuration(3600, 'fine')).toBe('1 h 00 min');
    expect(formatDuration(3599, 'fine')).toBe('59 min 59 s');
  });
});
