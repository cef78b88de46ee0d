/**
 * Outliers, sustained speeding and honest trip figures on generated tracks
 * whose truth is known by construction: readings on the meridian 100° W, where
 * a distance is a difference of latitude times the length of a degree on the
 * IUGG mean sphere (6,371.0088 km, a published constant, not the code under
 * test), with jumps, a reported-speed blip, batched timestamps and silences
 * injected at known readings.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { csvLines, parseCsv } from '../../shared/export/csv.ts';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { MOTION_BY_CODE } from '../../shared/domain/status.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { findOutliers, withoutOutliers } from '../../shared/track/outliers.ts';
import { speedingEvents, summarizeDay } from '../../shared/track/summary.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const MILES_PER_DEGREE = (6371.0088 * Math.PI) / 180 / 1.609344;
const START = Date.UTC(2026, 4, 4, 8, 0, 0);
const MIN = 60_000;

interface Reading {
  /** Minutes after START. */
  min: number;
  /** Miles north of the start (on the meridian). */
  mi: number;
  mph: number;
  status?: Breadcrumb['status'];
  /** Miles east (off the meridian), for a jump sideways. */
  east?: number;
}

function day(readings: readonly Reading[]): DayChunk {
  const points: Breadcrumb[] = readings.map((r, k) => ({
    id: `r-${String(k).padStart(4, '0')}`,
    t: START + r.min * MIN,
    lat: 40 + r.mi / MILES_PER_DEGREE,
    lng: -100 + (r.east ?? 0) / (MILES_PER_DEGREE * Math.cos((40 * Math.PI) / 180)),
    speed: r.mph,
    status: r.status ?? (r.mph > 0 ? 'IN_MOTION' : 'STATIONARY'),
    direction: 0,
    location: `Reading ${k}`,
    vehicleNumber: 'TRK-9',
    vin: '1FUJGLDR9CLBP8834',
  }));
  return buildDayChunk('veh-9', '2026-05-04', points);
}

/** n readings a minute apart at `mph` north from `mi` at `min`. */
function drive(n: number, mph: number, from: { min: number; mi: number }): Reading[] {
  return Array.from({ length: n }, (_, k) => ({ min: from.min + k, mi: from.mi + (mph * k) / 60, mph }));
}

const flagged = (chunk: DayChunk) => {
  const f = findOutliers(chunk);
  return f ? [...f.keys()].filter((i) => f[i] === 1) : [];
};

describe('outliers', () => {
  it('a reported-speed blip (0 → 1,846 → 9 mph) is an outlier: no speeding event, max speed and distance untouched', () => {
    const readings = [...drive(30, 60, { min: 0, mi: 0 })];
    readings[15] = { ...readings[15]!, mph: 1846 };
    const chunk = day(readings);
    expect(flagged(chunk)).toEqual([15]);
    const s = summarizeDay(chunk);
    expect(s).toMatchObject({ outliers: 1, points: 30, maxSpeedMph: 60, speedingEvents: 0 });
    // 29 minutes at 60 mph; the outlier's position is on the line, so its removal loses nothing.
    expect(s.distanceMiles).toBeCloseTo(29, 6);
    expect(s.movingSeconds).toBe(29 * 60);
    const a = analyzeTrack([chunk]);
    expect(a.events).toEqual([]);
    expect(a.trips[0]).toMatchObject({ maxSpeedMph: 60, points: 29 });
    expect(a.totals.outliers).toBe(1);
  });

  it('a position spike 5 miles off the road is an outlier; the trip measures the road exactly', () => {
    const readings = drive(61, 60, { min: 0, mi: 0 });
    readings[20] = { ...readings[20]!, east: 5 };
    const chunk = day(readings);
    expect(flagged(chunk)).toEqual([20]);
    const [trip] = analyzeTrack([chunk]).trips;
    expect(trip!.distanceMiles).toBeCloseTo(60, 5);
    expect(trip!.unaccountedMiles).toBe(0);
    expect(trip!.avgSpeedMph).toBeCloseTo(60, 5);
  });

  it('batched timestamps: readings stamped with the time of the batch start are outliers, the distance stays exact', () => {
    const readings = drive(40, 60, { min: 0, mi: 0 });
    // Readings 11 and 12 were logged at minutes 11 and 12 but stamped at minute 10.
    readings[11] = { ...readings[11]!, min: 10 };
    readings[12] = { ...readings[12]!, min: 10 };
    const chunk = day(readings);
    expect(flagged(chunk).map((i) => chunk.id[i])).toEqual(['r-0011', 'r-0012']);
    const s = summarizeDay(chunk);
    expect(s.distanceMiles).toBeCloseTo(39, 6);
    expect(s.gapDistanceMiles).toBe(0);
    expect(s.maxSpeedMph).toBe(60);
  });

  it('batched timestamps stamped at the batch end: impossible readings go, the rest is a "jump" gap; tracked plus unaccounted is the true distance', () => {
    const readings = drive(40, 60, { min: 0, mi: 0 });
    // Readings 10 and 11 were logged at minutes 10 and 11 but stamped at minute 12.
    readings[10] = { ...readings[10]!, min: 12 };
    readings[11] = { ...readings[11]!, min: 12 };
    const chunk = day(readings);
    const out = flagged(chunk).map((i) => chunk.id[i]);
    expect(out.every((id) => id === 'r-0010' || id === 'r-0011')).toBe(true);
    expect(out.length).toBeGreaterThan(0);
    const a = analyzeTrack([chunk]);
    const [trip] = a.trips;
    expect(trip!.distanceMiles + trip!.unaccountedMiles).toBeCloseTo(39, 6);
    expect(trip!.avgSpeedMph).toBeLessThanOrEqual(trip!.maxSpeedMph + 1e-9);
    for (const g of a.events.filter((e) => e.kind === 'gap')) expect(g).toMatchObject({ reason: 'jump' });
  });

  it('a bad first fix far away is the outlier, not every reading after it', () => {
    const readings = drive(30, 60, { min: 0, mi: 0 });
    readings[0] = { ...readings[0]!, mi: -300 };
    const chunk = day(readings);
    expect(flagged(chunk)).toEqual([0]);
    expect(summarizeDay(chunk).distanceMiles).toBeCloseTo(28, 6);
  });

  it('a truck that really reappears far away (confirmed by the readings after it) is kept: a "jump" gap, its distance unaccounted', () => {
    // 20 min north, then 10 seconds later 40 miles further on, driving on from there.
    const before = drive(20, 60, { min: 0, mi: 0 });
    const after = drive(20, 60, { min: 19 + 10 / 60, mi: 19 + 40 });
    const chunk = day([...before, ...after]);
    expect(flagged(chunk)).toEqual([]);
    const a = analyzeTrack([chunk]);
    const gap = a.events.find((e) => e.kind === 'gap');
    expect(gap).toMatchObject({ reason: 'jump', durationSeconds: 10 });
    expect(gap?.kind === 'gap' && gap.miles).toBeCloseTo(40, 6);
    expect(a.trips).toHaveLength(1);
    expect(a.trips[0]!.distanceMiles).toBeCloseTo(38, 6);
    expect(a.trips[0]!.unaccountedMiles).toBeCloseTo(40, 6);
  });

  it('the breadcrumb CSV keeps every reading and flags the outliers; the GPX keeps them with rl:outlier, outside the segmentation', () => {
    const readings = drive(30, 60, { min: 0, mi: 0 });
    readings[7] = { ...readings[7]!, east: 5 };
    readings[15] = { ...readings[15]!, mph: 1846 };
    const chunk = day(readings);
    const rows = parseCsv([...csvLines([chunk])].join('')).slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r[10])).toEqual(readings.map((_, k) => (k === 7 || k === 15 ? 'true' : 'false')));
    const meta = {
      carrierName: 'Acme',
      dotNumber: '1',
      vehicleNumber: 'TRK-9',
      vin: 'V',
      from: '2026-05-04',
      to: '2026-05-04',
      generatedAt: START,
    };
    const xml = [...gpxPieces({ chunks: [chunk], meta })].join('');
    expect((xml.match(/<trkpt /g) ?? []).length).toBe(30);
    expect((xml.match(/<rl:outlier>true<\/rl:outlier>/g) ?? []).length).toBe(2);
    expect(xml.split('<trkseg>').length - 1).toBe(1);
    // The plausible maximum decides both rules: at 2,000 mph the blip is believed, and 5 miles in a minute is reachable.
    expect(
      parseCsv([...csvLines([chunk], { maxPlausibleMph: 2000 })].join(''))
        .slice(1)
        .filter((r) => r[10] === 'true'),
    ).toHaveLength(0);
  });

  it('withoutOutliers maps kept readings back to the chunk; a clean day is passed on as it is', () => {
    const clean = day(drive(10, 50, { min: 0, mi: 0 }));
    expect(withoutOutliers(clean).chunk).toBe(clean);
    const readings = drive(10, 50, { min: 0, mi: 0 });
    readings[4] = { ...readings[4]!, mph: 500 };
    const d = withoutOutliers(day(readings));
    expect(d.outliers).toBe(1);
    expect([...d.origin!]).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9]);
    expect(d.chunk.id).toEqual([
      'r-0000',
      'r-0001',
      'r-0002',
      'r-0003',
      'r-0005',
      'r-0006',
      'r-0007',
      'r-0008',
      'r-0009',
    ]);
    expect(MOTION_BY_CODE[d.chunk.status[4]!]).toBe('IN_MOTION');
  });
});

describe('sustained speeding', () => {
  it('one reading over the limit followed by a long interval is never an event; two readings a minute apart over it are', () => {
    const blip = [
      ...drive(10, 60, { min: 0, mi: 0 }),
      { min: 10, mi: 10, mph: 85 },
      ...drive(10, 60, { min: 19, mi: 19 }),
    ];
    expect(speedingEvents(day(blip))).toEqual([]);
    const two = [
      ...drive(10, 60, { min: 0, mi: 0 }),
      { min: 10, mi: 10, mph: 85 },
      { min: 11, mi: 11.4, mph: 80 },
      ...drive(10, 60, { min: 12, mi: 12.8 }),
    ];
    expect(speedingEvents(day(two)).map((r) => [r.readings, r.seconds, r.maxMph])).toEqual([[2, 60, 85]]);
  });

  it('an interval longer than the gap threshold never extends an event, even between readings over the limit', () => {
    // 75 mph readings at minutes 0 and 25 (the truck drove 31 miles unseen), then at 26.
    const readings = [
      { min: 0, mi: 0, mph: 75 },
      { min: 25, mi: 31.25, mph: 75 },
      { min: 26, mi: 32.5, mph: 75 },
    ];
    expect(speedingEvents(day(readings)).map((r) => [r.startMs, r.endMs])).toEqual([
      [START + 25 * MIN, START + 26 * MIN],
    ]);
  });
});

describe('silences and honest trip figures', () => {
  it('a slow IN_MOTION reading, 55 silent minutes, the next reading 16 m on: a stop that splits the drive in two trips', () => {
    const first = drive(30, 60, { min: 0, mi: 0 });
    const halt = { min: 30, mi: 29.5, mph: 5.7 };
    const second = drive(30, 60, { min: 85, mi: 29.5 + 16 / 1609.344 });
    const a = analyzeTrack([day([...first, halt, ...second])]);
    expect(a.stops.map((s) => [s.startMs, s.endMs])).toEqual([[START + 30 * MIN, START + 85 * MIN]]);
    expect(a.trips.map((t) => [t.startMs, t.endMs])).toEqual([
      [START, START + 30 * MIN],
      [START + 85 * MIN, START + 114 * MIN],
    ]);
    expect(a.events.filter((e) => e.kind === 'gap')).toEqual([]);
  });

  it('a 39-minute silence across which the truck drove: distance and moving time cover the tracked stretches, the rest is unaccounted, avg ≤ max', () => {
    // 15 min at 6 mph, silent 39 min while the truck covers 3.6 miles, 15 min at 6 mph (the shape, exact).
    const before = drive(16, 6, { min: 0, mi: 0 });
    const after = drive(16, 6, { min: 15 + 39, mi: 1.5 + 3.6 });
    const a = analyzeTrack([day([...before, ...after])], { minTripMiles: 0.5 });
    expect(a.trips).toHaveLength(1);
    const [trip] = a.trips;
    expect(trip!.distanceMiles).toBeCloseTo(3, 6);
    expect(trip!.movingSeconds).toBe(30 * 60);
    expect(trip!.unaccountedMiles).toBeCloseTo(3.6, 6);
    expect(trip!.avgSpeedMph).toBeCloseTo(6, 6);
    expect(trip!.avgSpeedMph).toBeLessThanOrEqual(trip!.maxSpeedMph);
    expect(a.events.filter((e) => e.kind === 'gap').map((e) => e.durationSeconds)).toEqual([39 * 60]);
  });
});
