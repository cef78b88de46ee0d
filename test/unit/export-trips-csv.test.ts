import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import { EVENTS_CSV_COLUMNS, eventsCsv } from '../../shared/export/events-csv.ts';
import { TRIPS_CSV_COLUMNS, tripsCsv } from '../../shared/export/trips-csv.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const HOSTILE_PLACES = ['=HYPERLINK("x")', 'Exit 12, "Joe\'s"', '-5 Mile Rd\r\nLine', "'quoted", '@home', 'Zoë 🚚'];
const chunks = toDayChunks('veh,"7"', generateRandomTrack(17, 12, { location: (k) => HOSTILE_PLACES[k % HOSTILE_PLACES.length]! }));
const analysis = analyzeTrack(chunks);

const parse = (pieces: Iterable<string>) => parseCsv([...pieces].join(''));

describe('trips CSV', () => {
  it('has the documented header and reads back to the same trips (exact numbers, neutralised text)', () => {
    expect(analysis.trips.length).toBeGreaterThan(5);
    const [header, ...rows] = parse(tripsCsv(analysis));
    expect(header).toEqual([...TRIPS_CSV_COLUMNS]);
    expect(rows).toHaveLength(analysis.trips.length);
    rows.forEach((r, k) => {
      const trip = analysis.trips[k]!;
      const cell = (name: (typeof TRIPS_CSV_COLUMNS)[number]) => r[TRIPS_CSV_COLUMNS.indexOf(name)]!;
      expect(csvTextValue(cell('trip_id'))).toBe(trip.id);
      expect(csvTextValue(cell('vehicle_id'))).toBe('veh,"7"');
      expect(Date.parse(cell('start_time'))).toBe(trip.startMs);
      expect(Date.parse(cell('end_time'))).toBe(trip.endMs);
      expect(csvTextValue(cell('start_place'))).toBe(trip.startPlace);
      expect(csvTextValue(cell('end_place'))).toBe(trip.endPlace);
      expect(cell('start_lat')).not.toMatch(/e/i);
      const numbers = {
        start_lat: trip.startLat, start_lng: trip.startLng, end_lat: trip.endLat, end_lng: trip.endLng,
        distance_miles: trip.distanceMiles, duration_s: trip.durationSeconds, moving_s: trip.movingSeconds,
        max_speed_mph: trip.maxSpeedMph, avg_speed_mph: trip.avgSpeedMph, points: trip.points, unaccounted_miles: trip.unaccountedMiles,
      } as const;
      for (const [name, value] of Object.entries(numbers)) expect(Number(cell(name as keyof typeof numbers))).toBe(value);
    });
    // Formula-looking places were neutralised in the file itself.
    const placeCells = rows.flatMap((r) => [r[TRIPS_CSV_COLUMNS.indexOf('start_place')]!, r[TRIPS_CSV_COLUMNS.indexOf('end_place')]!]);
    expect(placeCells.some((c) => c.startsWith("'="))).toBe(true);
    for (const c of placeCells) expect(c).not.toMatch(/^[=@+-]/);
  });

  it('streams in pieces, can skip the header and override the vehicle id', () => {
    const pieces = [...tripsCsv(analysis, { pieceSize: 200, header: false, vehicleId: 'API-9' })];
    expect(pieces.length).toBeGreaterThan(2);
    const rows = parseCsv(pieces.join(''));
    expect(rows).toHaveLength(analysis.trips.length);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['API-9']));
  });
});

describe('events CSV', () => {
  it('has the documented header and one row per event with kind-specific cells', () => {
    const [header, ...rows] = parse(eventsCsv(analysis));
    expect(header).toEqual([...EVENTS_CSV_COLUMNS]);
    expect(rows).toHaveLength(analysis.events.length);
    const kinds = new Set(analysis.events.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['speeding', 'long-stop', 'gap']));
    rows.forEach((r, k) => {
      const e = analysis.events[k]!;
      const [kind, vehicle, start, end, duration, peak, reason, lat, lng, place] = r as string[];
      expect(kind).toBe(e.kind);
      expect(csvTextValue(vehicle!)).toBe(e.vehicleId);
      expect([Date.parse(start!), Date.parse(end!), Number(duration)]).toEqual([e.startMs, e.endMs, e.durationSeconds]);
      expect(peak).toBe(e.kind === 'speeding' ? String(e.peakSpeedMph) : '');
      expect(reason).toBe(e.kind === 'gap' ? e.reason : '');
      expect([Number(lat), Number(lng), csvTextValue(place!)]).toEqual([e.lat, e.lng, e.place]);
    });
  });

  it('an analysis without events is just the header', () => {
    expect([...eventsCsv({ ...analysis, events: [] })].join('')).toBe(EVENTS_CSV_COLUMNS.join(',') + '\r\n');
  });
});
