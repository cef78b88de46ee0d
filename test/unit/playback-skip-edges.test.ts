import { describe, expect, it } from 'vitest';
import { MotionCode } from '../../shared/domain/status.ts';
import { buildSkipMap, fromPlayed, toPlayed } from '../../shared/playback/skip.ts';

const MIN = 60_000;
const GAP = { gapSeconds: 20 * 60 };

/** Readings every minute from t0, standing still at the same place; `idle(k)` marks the stationary ones. */
function track(n: number, idle: (k: number) => boolean, t0 = 1_700_000_000_000) {
  const t = Float64Array.from({ length: n }, (_, k) => t0 + k * MIN);
  const status = Uint8Array.from({ length: n }, (_, k) => (idle(k) ? MotionCode.STATIONARY : MotionCode.IN_MOTION));
  const speed = Float64Array.from(status, (code) => (code === MotionCode.IN_MOTION ? 50 : 0));
  return { t, status, speed, lat: new Float64Array(n), lng: new Float64Array(n) };
}

const intervals = (m: { starts: Float64Array; ends: Float64Array }) => [...m.starts].map((s, k) => [s, m.ends[k]]);

describe('skipped runs at the edges of the selection', () => {
  it('a run that starts with the first reading, at epoch 0, is skipped from that reading', () => {
    const m = buildSkipMap(
      track(10, (k) => k < 5, 0),
      { gap: GAP },
    );
    expect(intervals(m)).toEqual([[0, 5 * MIN]]);
  });

  it('a run still going at the last reading is skipped up to that reading', () => {
    const t0 = 1_700_000_000_000;
    const m = buildSkipMap(
      track(60, (k) => k >= 50),
      { gap: GAP },
    );
    expect(intervals(m)).toEqual([[t0 + 50 * MIN, t0 + 59 * MIN]]);
  });

  it('a run exactly as long as the minimum is skipped; a millisecond shorter minimum changes nothing, longer keeps it', () => {
    const t0 = 1_700_000_000_000;
    const stop = track(30, (k) => k === 10 || k === 11);
    expect(intervals(buildSkipMap(stop, { gap: GAP, minSkipMs: 2 * MIN }))).toEqual([[t0 + 10 * MIN, t0 + 12 * MIN]]);
    expect(intervals(buildSkipMap(stop, { gap: GAP, minSkipMs: 2 * MIN + 1 }))).toEqual([]);
  });

  it('a last reading that is stationary is no interval of its own: nothing to skip even with no minimum', () => {
    const m = buildSkipMap(
      track(10, (k) => k === 9),
      { gap: GAP, minSkipMs: 0 },
    );
    expect(intervals(m)).toEqual([]);
    expect([...m.cum]).toEqual([0]);
  });
});

describe('played time with two skipped runs', () => {
  const t0 = 1_700_000_000_000;
  // Idle 10..20 min and 30..45 min: 10 then 15 minutes skipped.
  const map = buildSkipMap(
    track(60, (k) => (k >= 10 && k < 20) || (k >= 30 && k < 45)),
    { gap: GAP },
  );

  it('skips both runs, with their running totals', () => {
    expect(intervals(map)).toEqual([
      [t0 + 10 * MIN, t0 + 20 * MIN],
      [t0 + 30 * MIN, t0 + 45 * MIN],
    ]);
    expect([...map.cum]).toEqual([0, 10 * MIN, 25 * MIN]);
  });

  it('real time after both runs plays 25 minutes earlier; inside the second it sits at its played start', () => {
    expect(toPlayed(map, t0 + 50 * MIN)).toBe(t0 + 25 * MIN);
    expect(toPlayed(map, t0 + 35 * MIN)).toBe(t0 + 20 * MIN);
    expect(toPlayed(map, t0 + 25 * MIN)).toBe(t0 + 15 * MIN);
  });

  it('the played start of a run maps back to the run’s real end', () => {
    expect(fromPlayed(map, t0 + 10 * MIN)).toBe(t0 + 20 * MIN);
    expect(fromPlayed(map, t0 + 20 * MIN)).toBe(t0 + 45 * MIN);
    expect(fromPlayed(map, t0 + 25 * MIN)).toBe(t0 + 50 * MIN);
    expect(fromPlayed(map, t0 + 15 * MIN)).toBe(t0 + 25 * MIN);
    expect(fromPlayed(map, t0 + 5 * MIN)).toBe(t0 + 5 * MIN);
  });
});
