import { describe, expect, it } from 'vitest';
import { MotionCode } from '../../shared/domain/status.ts';
import { lerpHeading, sampleAt } from '../../shared/playback/interpolate.ts';
import { nextRate, PLAYBACK_RATES, stepTime } from '../../shared/playback/step.ts';

const GAP = { gapSeconds: 20 * 60 };

function arrays(points: { t: number; lat: number; lng: number; dir: number; status?: number }[]) {
  return {
    length: points.length,
    t: Float64Array.from(points, (p) => p.t),
    lat: Float64Array.from(points, (p) => p.lat),
    lng: Float64Array.from(points, (p) => p.lng),
    speed: Float64Array.from(points, (_, i) => 40 + i),
    direction: Float64Array.from(points, (p) => p.dir),
    status: Uint8Array.from(points, (p) => p.status ?? MotionCode.IN_MOTION),
  };
}

describe('lerpHeading', () => {
  it('turns the short way across north', () => {
    expect(lerpHeading(350, 10, 0.5)).toBeCloseTo(0, 9);
    expect(lerpHeading(10, 350, 0.25)).toBeCloseTo(5, 9);
  });
  it('stays in [0, 360)', () => {
    for (let a = 0; a < 360; a += 37)
      for (let b = 0; b < 360; b += 41)
        for (const f of [0, 0.3, 0.7, 1]) {
          const h = lerpHeading(a, b, f);
          expect(h).toBeGreaterThanOrEqual(0);
          expect(h).toBeLessThan(360);
        }
  });
  it('ends at the target heading', () => {
    expect(lerpHeading(90, 270, 1)).toBeCloseTo(270, 9);
  });
});

describe('sampleAt', () => {
  const tr = arrays([
    // Driving about 40 mph, then OFFLINE while the truck covers 10 miles: a gap.
    { t: 0, lat: 40, lng: -100, dir: 350 },
    { t: 60_000, lat: 40.004, lng: -99.992, dir: 10 },
    { t: 120_000, lat: 40.008, lng: -99.984, dir: 90, status: MotionCode.OFFLINE },
    { t: 3_000_000, lat: 40.15, lng: -99.84, dir: 180 },
  ]);
  it('interpolates position linearly between readings', () => {
    const s = sampleAt(tr, 15_000, GAP)!;
    expect(s.lat).toBeCloseTo(40.001, 9);
    expect(s.lng).toBeCloseTo(-99.998, 9);
    expect(s.index).toBe(0);
    expect(s.speed).toBe(40);
  });
  it('holds still across an offline interval instead of drawing a path', () => {
    const s = sampleAt(tr, 1_000_000, GAP)!;
    expect(s.inGap).toBe(true);
    expect([s.lat, s.lng]).toEqual([40.008, -99.984]);
  });
  it('clamps before the first and after the last reading', () => {
    expect(sampleAt(tr, -5, GAP)).toMatchObject({ index: 0, lat: 40 });
    expect(sampleAt(tr, 9e9, GAP)).toMatchObject({ index: 3, lat: 40.15 });
  });
  it('returns null for an empty track', () => {
    expect(sampleAt(arrays([]), 0, GAP)).toBeNull();
  });
});

describe('stepTime', () => {
  const t = Float64Array.from([100, 200, 300, 400]);
  it('visits every reading forward and back', () => {
    const fwd: number[] = [];
    let ms = 0;
    for (let k = 0; k < 5; k++) fwd.push((ms = stepTime(t, ms, 1)));
    expect(fwd).toEqual([100, 200, 300, 400, 400]);
    const back: number[] = [];
    for (let k = 0; k < 5; k++) back.push((ms = stepTime(t, ms, -1)));
    expect(back).toEqual([300, 200, 100, 100, 100]);
  });
  it('from between readings goes to the neighbours', () => {
    expect(stepTime(t, 250, 1)).toBe(300);
    expect(stepTime(t, 250, -1)).toBe(200);
  });
});

describe('rates', () => {
  it('reach at least 3600x and move one step at a time', () => {
    expect(Math.max(...PLAYBACK_RATES)).toBeGreaterThanOrEqual(3600);
    expect(nextRate(60, 1)).toBeGreaterThan(60);
    expect(nextRate(nextRate(60, 1), -1)).toBe(60);
    expect(nextRate(PLAYBACK_RATES[0]!, -1)).toBe(PLAYBACK_RATES[0]);
  });
});
