import { describe, expect, it } from 'vitest';
import type { TrackAnalysis, Trip } from '../../shared/analysis/types.ts';
import { createIsoFormatter, formatFigure } from '../../shared/export/format.ts';
import { tracksByTrip } from '../../shared/export/gpx-trips.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

/**
 * Per-trip GPX tracks from a hand-written analysis (not analyzeTrack): names, descriptions and the chunk ranges
 * each trip covers, written out literally.
 */
const reading = (iso: string, id: string, location = ''): Breadcrumb => ({
  id,
  t: Date.parse(iso),
  lat: 41,
  lng: -93,
  speed: 50,
  status: 'IN_MOTION',
  direction: 0,
  location,
  vehicleNumber: ' T-101 ',
  vin: 'V',
});
const day1 = buildDayChunk('v', '2026-02-01', [
  reading('2026-02-01T10:00:00Z', 'a0'),
  reading('2026-02-01T10:30:00Z', 'a1'),
  reading('2026-02-01T11:00:00Z', 'a2'),
  reading('2026-02-01T23:00:00Z', 'a3'),
  reading('2026-02-01T23:30:00Z', 'a4'),
]);
const day2 = buildDayChunk('v', '2026-02-02', [
  reading('2026-02-02T00:30:00.250Z', 'b0'),
  reading('2026-02-02T01:00:00Z', 'b1'),
]);
const p3 = reading('2026-02-03T02:00:00Z', 'c0');
const trip = (over: Partial<Trip>): Trip => ({
  id: 'v:0',
  vehicleId: 'v',
  start: { chunk: 0, point: 0 },
  end: { chunk: 0, point: 0 },
  startMs: 0,
  endMs: 0,
  startPlace: 'A',
  endPlace: 'B',
  startLat: 41,
  startLng: -93,
  endLat: 41,
  endLng: -93,
  distanceMiles: 0,
  unaccountedMiles: 0,
  durationSeconds: 0,
  movingSeconds: 0,
  maxSpeedMph: 0,
  avgSpeedMph: 0,
  points: 0,
  ...over,
});
const analysis = (trips: Trip[]): TrackAnalysis => ({ trips }) as unknown as TrackAnalysis;

const morning = trip({
  id: 'v:m',
  start: { chunk: 0, point: 0 },
  end: { chunk: 0, point: 2 },
  startMs: Date.parse('2026-02-01T10:00:00Z'),
  endMs: Date.parse('2026-02-01T11:00:00Z'),
  startPlace: 'Des Moines, IA',
  endPlace: 'Ames, IA',
  distanceMiles: 31.004,
  unaccountedMiles: 0.004,
});
const overnight = trip({
  id: 'v:n',
  start: { chunk: 0, point: 3 },
  end: { chunk: 1, point: 0 },
  startMs: Date.parse('2026-02-01T23:00:00Z'),
  endMs: Date.parse('2026-02-02T00:30:00.250Z'),
  startPlace: 'Ames, IA',
  endPlace: 'Mason City, IA',
  distanceMiles: 88.256,
  unaccountedMiles: 0.005,
});

describe('GPX tracks by trip', () => {
  it('names each trip by vehicle, start day and ordinal, and describes distance, gaps, places and times', () => {
    const tracks = [...tracksByTrip(analysis([morning, overnight]))([day1, day2])];
    expect(tracks.map((t) => [t.name, t.type, t.desc])).toEqual([
      [
        'T-101-2026-02-01-1',
        'trip',
        '31.00 mi from Des Moines, IA (2026-02-01T10:00:00Z) to Ames, IA (2026-02-01T11:00:00Z)',
      ],
      [
        'T-101-2026-02-01-2',
        'trip',
        '88.26 mi (+0.01 mi across gaps) from Ames, IA (2026-02-01T23:00:00Z) to Mason City, IA (2026-02-02T00:30:00.250Z)',
      ],
    ]);
  });

  it('covers each trip’s readings, across midnight, and nothing else', () => {
    const [m, n] = [...tracksByTrip(analysis([morning, overnight]))([day1, day2])];
    expect(m!.ranges.map((r) => [r.chunk.day, r.start, r.end])).toEqual([['2026-02-01', 0, 3]]);
    expect(n!.ranges.map((r) => [r.chunk.day, r.start, r.end])).toEqual([
      ['2026-02-01', 3, 5],
      ['2026-02-02', 0, 1],
    ]);
  });

  it('leaves out a day without readings that a trip spans', () => {
    const empty = buildDayChunk('v', '2026-02-02', []);
    const day3 = buildDayChunk('v', '2026-02-03', [p3]);
    const long = { ...overnight, end: { chunk: 2, point: 0 }, endMs: p3.t };
    const [n] = [...tracksByTrip(analysis([long]))([day1, empty, day3])];
    expect(n!.ranges.map((r) => [r.chunk.day, r.start, r.end])).toEqual([
      ['2026-02-01', 3, 5],
      ['2026-02-03', 0, 1],
    ]);
  });

  it('dates a trip in the carrier’s zone: 23:00 UTC on Feb 1 is Feb 2 in Tokyo', () => {
    const [m, n] = [...tracksByTrip(analysis([morning, overnight]), 'Asia/Tokyo')([day1, day2])];
    expect([m!.name, n!.name]).toEqual(['T-101-2026-02-01-1', 'T-101-2026-02-02-1']);
  });

  it('refuses chunks that are not the ones analysed, at either end of a trip', () => {
    const shifted = { ...morning, startMs: morning.startMs + 1 };
    expect(() => [...tracksByTrip(analysis([shifted]))([day1, day2])]).toThrow(
      'GPX: trip v:m does not match the exported chunks',
    );
    const wrongEnd = { ...overnight, end: { chunk: 1, point: 1 } };
    expect(() => [...tracksByTrip(analysis([wrongEnd]))([day1, day2])]).toThrow(RangeError);
    expect(() => [...tracksByTrip(analysis([overnight]))([day2, day1])]).toThrow(RangeError);
  });
});

describe('export number and time formats', () => {
  it('writes times as Date.toISOString does, without ".000" for whole seconds', () => {
    const iso = createIsoFormatter();
    for (const ms of [
      0,
      5,
      50,
      500,
      999,
      86_399_999,
      86_400_000,
      Date.parse('2026-02-28T23:59:59.007Z'),
      1_772_400_000_123,
    ])
      expect(iso(ms), String(ms)).toBe(new Date(ms).toISOString().replace('.000Z', 'Z'));
  });

  it('rounds figures to their unit’s decimals, never writes "-0", and leaves non-finite figures empty', () => {
    expect([formatFigure(1.005, 'miles'), formatFigure(2.25, 'mph'), formatFigure(59.5, 'seconds')]).toEqual([
      (1.005).toFixed(2),
      '2.3',
      '60',
    ]);
    expect([formatFigure(-0.001, 'miles'), formatFigure(-0.04, 'mph'), formatFigure(-0.4, 'seconds')]).toEqual([
      '0.00',
      '0.0',
      '0',
    ]);
    expect(formatFigure(-0.5, 'mph')).toBe('-0.5');
    expect([formatFigure(Number.NaN, 'miles'), formatFigure(Number.POSITIVE_INFINITY, 'mph')]).toEqual(['', '']);
  });
});
