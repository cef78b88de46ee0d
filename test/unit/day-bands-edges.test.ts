/**
 * Edges of the per-day speed bands (shared/analysis/day-bands.ts): empty
 * days, a day ending on a moving reading, a minimum that is not the last
 * speed, and the window bounds of bandsIn.
 *
 * Chunks are written reading by reading, one a minute at a fixed place (never
 * a jump), with the default rule: an IN_MOTION reading above 3 mph starts a
 * one-minute moving interval at its speed, so the day's minimum and
 * time-weighted mean are known by construction. Zone UTC, so a day's bounds
 * are its UTC midnights.
 */
import { describe, expect, it } from 'vitest';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { bandsIn, dailySpeedBands } from '../../shared/analysis/day-bands.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const MIN = 60_000;

/** Readings one minute apart from 08:00 UTC of `day`: [speed, status]. */
function dayOf(day: string, readings: readonly [mph: number, status: MotionStatus][]): DayChunk {
  const start = Date.parse(`${day}T08:00:00Z`);
  const points: Breadcrumb[] = readings.map(([speed, status], k) => ({
    id: `${day}-${k}`,
    t: start + k * MIN,
    lat: 35,
    lng: -97,
    speed,
    status,
    direction: 0,
    location: '',
    vehicleNumber: '1',
    vin: 'V',
  }));
  return buildDayChunk('v', day, points);
}

const bandsOf = (chunks: DayChunk[]) => dailySpeedBands(chunks, 'UTC', DEFAULT_GAP_PARAMS);

describe('daily speed bands: which days get a band', () => {
  it('skips a day without readings', () => {
    const a = dayOf('2026-03-09', [
      [40, 'IN_MOTION'],
      [0, 'STATIONARY'],
    ]);
    const b = dayOf('2026-03-11', [
      [50, 'IN_MOTION'],
      [0, 'STATIONARY'],
    ]);
    const bands = bandsOf([a, dayOf('2026-03-10', []), b]);
    expect(bands.map((x) => x.day)).toEqual(['2026-03-09', '2026-03-11']);
    expect(bandsOf([dayOf('2026-03-10', [])])).toEqual([]);
  });
});

describe('daily speed bands: minimum and mean over the moving intervals', () => {
  it('leaves out the last reading of the day, which starts no interval of the day', () => {
    // Moving minutes at 60 and 60; the last reading (30 mph) ends the day.
    const [band] = bandsOf([
      dayOf('2026-03-09', [
        [60, 'IN_MOTION'],
        [60, 'IN_MOTION'],
        [30, 'IN_MOTION'],
      ]),
    ]);
    expect(band).toMatchObject({ minMph: 60, avgMph: 60, movingSeconds: 120 });
  });

  it('keeps the lowest moving speed, wherever it falls in the day', () => {
    // Moving minutes at 40, 70, 55; then parked.
    const [band] = bandsOf([
      dayOf('2026-03-09', [
        [40, 'IN_MOTION'],
        [70, 'IN_MOTION'],
        [55, 'IN_MOTION'],
        [0, 'STATIONARY'],
        [0, 'STATIONARY'],
      ]),
    ]);
    expect(band!.minMph).toBe(40);
    expect(band!.avgMph).toBeCloseTo((40 + 70 + 55) / 3, 9);
    expect(band).toMatchObject({ maxMph: 70, movingSeconds: 180, stationarySeconds: 60, offlineSeconds: 0 });
  });

  it('gives a day of a single reading a zero band over its whole local day', () => {
    const [band] = bandsOf([dayOf('2026-03-09', [[45, 'IN_MOTION']])]);
    expect(band).toEqual({
      day: '2026-03-09',
      startMs: Date.UTC(2026, 2, 9),
      endMs: Date.UTC(2026, 2, 10),
      minMph: 0,
      avgMph: 0,
      maxMph: 45,
      movingSeconds: 0,
      stationarySeconds: 0,
      offlineSeconds: 0,
    });
  });
});

describe('bandsIn: which days overlap a window', () => {
  const bands = bandsOf(
    ['2026-03-09', '2026-03-10', '2026-03-11'].map((d) =>
      dayOf(d, [
        [50, 'IN_MOTION'],
        [0, 'STATIONARY'],
      ]),
    ),
  );
  const days = (from: number, to: number) => bandsIn(bands, from, to).map((b) => b.day);
  const midnight10 = Date.UTC(2026, 2, 10);
  const midnight11 = Date.UTC(2026, 2, 11);

  it('leaves out a day that ends where the window starts (days are half-open)', () => {
    expect(days(midnight10, midnight10 + 3_600_000)).toEqual(['2026-03-10']);
  });

  it('keeps a day that starts where the window ends (the window is closed)', () => {
    expect(days(midnight10 - 3_600_000, midnight11)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(days(midnight11, midnight11)).toEqual(['2026-03-11']);
  });
});
