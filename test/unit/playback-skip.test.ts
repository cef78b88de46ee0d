import { describe, expect, it } from 'vitest';
import { MotionCode } from '../../shared/domain/status.ts';
import { advance, buildSkipMap, EMPTY_SKIP, fromPlayed, toPlayed } from '../../shared/playback/skip.ts';
import { tick } from '../../shared/playback/clock.ts';

const MIN = 60_000;

/** Readings every minute; `statusAt(k)` decides each reading's status. */
function track(n: number, statusAt: (k: number) => number, t0 = 1_700_000_000_000) {
  const t = Float64Array.from({ length: n }, (_, k) => t0 + k * MIN);
  const status = Uint8Array.from({ length: n }, (_, k) => statusAt(k));
  const speed = Float64Array.from(status, (code) => (code === MotionCode.IN_MOTION ? 50 : 0));
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  return { t, status, speed, lat, lng, t0 };
}

describe('skip map', () => {
  const idle = (k: number) => (k >= 10 && k < 40 ? MotionCode.STATIONARY : MotionCode.IN_MOTION);
  const moving = track(60, idle);
  const { t0 } = moving;
  const map = buildSkipMap(moving, { gap: { gapSeconds: 20 * 60 } });

  it('skips a stationary run as one interval from its first to its last idle reading', () => {
    expect([...map.starts]).toEqual([t0 + 10 * MIN]);
    expect([...map.ends]).toEqual([t0 + 40 * MIN]);
  });

  it('keeps short stops', () => {
    const short = track(30, (k) => (k === 5 ? MotionCode.STATIONARY : MotionCode.IN_MOTION));
    expect(buildSkipMap(short, { gap: { gapSeconds: 20 * 60 } }).starts.length).toBe(0);
  });

  it('treats a silence longer than the gap threshold as skipped even after an IN_MOTION reading (here a parked silence)', () => {
    const t2 = Float64Array.from([0, MIN, 2 * MIN, 60 * MIN, 61 * MIN]);
    const s2 = new Uint8Array(5);
    const m = buildSkipMap(
      { t: t2, status: s2, speed: new Float64Array(5).fill(50), lat: new Float64Array(5), lng: new Float64Array(5) },
      { gap: { gapSeconds: 20 * 60 } },
    );
    expect([...m.starts]).toEqual([2 * MIN]);
    expect([...m.ends]).toEqual([60 * MIN]);
  });

  it('round-trips real and played time outside skipped intervals', () => {
    for (let k = 0; k < 60; k += 3) {
      if (k > 10 && k < 40) continue;
      const ms = t0 + k * MIN + 17_000;
      expect(fromPlayed(map, toPlayed(map, ms))).toBe(ms);
    }
  });

  it('is monotone', () => {
    let prev = -Infinity;
    for (let ms = t0 - MIN; ms < t0 + 70 * MIN; ms += 7_000) {
      const p = toPlayed(map, ms);
      expect(p).toBeGreaterThanOrEqual(prev);
      prev = p;
    }
  });

  it('plays across a skipped interval as if it were not there', () => {
    const before = t0 + 9 * MIN;
    expect(advance(map, before, 2 * MIN)).toBe(t0 + 41 * MIN);
    expect(advance(EMPTY_SKIP, before, 2 * MIN)).toBe(t0 + 11 * MIN);
  });
});

describe('clock tick', () => {
  const bounds = { startMs: 0, endMs: 3_600_000 };
  it('advances by wall time times rate', () => {
    const s = tick({ timeMs: 0, playing: true, rate: 600 }, 100, bounds, EMPTY_SKIP);
    expect(s.timeMs).toBe(60_000);
  });
  it('does nothing when paused', () => {
    const s = { timeMs: 5, playing: false, rate: 600 };
    expect(tick(s, 100, bounds, EMPTY_SKIP)).toBe(s);
  });
  it('stops at the end of the selection', () => {
    const s = tick({ timeMs: 3_500_000, playing: true, rate: 3600 }, 200, bounds, EMPTY_SKIP);
    expect(s).toEqual({ timeMs: 3_600_000, playing: false, rate: 3600 });
  });
  it('caps a stalled frame so a background tab does not jump ahead', () => {
    const s = tick({ timeMs: 0, playing: true, rate: 10 }, 10_000, bounds, EMPTY_SKIP);
    expect(s.timeMs).toBeLessThan(10_000 * 10);
  });
});
