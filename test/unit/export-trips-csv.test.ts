import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { ExportContext } from '../../shared/export/context.ts';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import { EVENTS_CSV_COLUMNS, eventsCsv } from '../../shared/export/events-csv.ts';
import { TRIPS_CSV_COLUMNS, tripsCsv } from '../../shared/export/trips-csv.ts';
import { generateRandomTrack, generateTrack, toDayChunks } from '../support/tracks.ts';

const HOSTILE_PLACES = ['=HYPERLINK("x")', 'Exit 12, "Joe\'s"', '-5 Mile Rd\r\nLine', "'quoted", '@home', 'Zoë 🚚'];
const chunks = toDayChunks(
  'veh,"7"',
  generateRandomTrack(17, 12, { location: (k) => HOSTILE_PLACES[k % HOSTILE_PLACES.length]!, vehicleNumber: 'T-101' }),
);
const analysis = analyzeTrack(chunks);
const CONTEXT: ExportContext = {
  carrierName: '=Acme, "Freight"',
  dotNumber: '3148272',
  vehicleId: 'veh,"7"',
  vehicleNumber: 'T-101',
  vin: '1FUJGLDR9CLBP8834',
  zone: 'America/Chicago',
};

const parse = (pieces: Iterable<string>) => parseCsv([...pieces].join(''));
/** Exactly `decimals` decimals, nothing after: the stated precision, no float noise. */
const atPrecision = (cell: string, decimals: number) =>
  new RegExp(decimals === 0 ? '^-?\\d+$' : `^-?\\d+\\.\\d{${decimals}}$`).test(cell);

describe('trips CSV', () => {
  it('has the documented header and reads back to the same trips at the stated precision, identity and local times on every row', () => {
    expect(analysis.trips.length).toBeGreaterThan(5);
    const [header, ...rows] = parse(tripsCsv(analysis, CONTEXT));
    expect(header).toEqual([...TRIPS_CSV_COLUMNS]);
    expect(rows).toHaveLength(analysis.trips.length);
    rows.forEach((r, k) => {
      const trip = analysis.trips[k]!;
      const cell = (name: (typeof TRIPS_CSV_COLUMNS)[number]) => r[TRIPS_CSV_COLUMNS.indexOf(name)]!;
      expect(csvTextValue(cell('trip_id'))).toMatch(/^T-101-\d{4}-\d{2}-\d{2}-\d+$/);
      expect(
        [
          cell('vehicle_id'),
          cell('vehicle_number'),
          cell('vin'),
          cell('carrier'),
          cell('dot_number'),
          cell('time_zone'),
        ].map(csvTextValue),
      ).toEqual(['veh,"7"', 'T-101', '1FUJGLDR9CLBP8834', '=Acme, "Freight"', '3148272', 'America/Chicago']);
      expect(cell('carrier').startsWith("'=")).toBe(true);
      expect(Date.parse(cell('start_time'))).toBe(trip.startMs);
      expect(Date.parse(cell('end_time'))).toBe(trip.endMs);
      // The local time is the same instant, on Chicago's clock (January: CST, UTC-6).
      expect(cell('start_local_time')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
      expect(Date.parse(cell('start_local_time'))).toBe(trip.startMs);
      expect(Date.parse(cell('end_local_time'))).toBe(trip.endMs);
      expect(csvTextValue(cell('start_place'))).toBe(trip.startPlace);
      expect(csvTextValue(cell('end_place'))).toBe(trip.endPlace);
      // Recorded positions exactly; computed figures rounded to their unit's precision.
      expect([cell('start_lat'), cell('start_lng'), cell('end_lat'), cell('end_lng')].map(Number)).toEqual([
        trip.startLat,
        trip.startLng,
        trip.endLat,
        trip.endLng,
      ]);
      const figures = {
        distance_miles: [trip.distanceMiles, 2],
        unaccounted_miles: [trip.unaccountedMiles, 2],
        max_speed_mph: [trip.maxSpeedMph, 1],
        avg_speed_mph: [trip.avgSpeedMph, 1],
        duration_s: [trip.durationSeconds, 0],
        moving_s: [trip.movingSeconds, 0],
      } as const;
      for (const [name, [value, decimals]] of Object.entries(figures)) {
        expect(
          atPrecision(cell(name as keyof typeof figures), decimals),
          `${name} ${cell(name as keyof typeof figures)}`,
        ).toBe(true);
        expect(Math.abs(Number(cell(name as keyof typeof figures)) - value)).toBeLessThanOrEqual(
          0.5 * 10 ** -decimals + 1e-9,
        );
      }
      expect(Number(cell('points'))).toBe(trip.points);
    });
    // Somewhere a raw distance has float noise the file must not carry.
    expect(analysis.trips.some((t) => String(t.distanceMiles).length > 10)).toBe(true);
    const placeCells = rows.flatMap((r) => [
      r[TRIPS_CSV_COLUMNS.indexOf('start_place')]!,
      r[TRIPS_CSV_COLUMNS.indexOf('end_place')]!,
    ]);
    expect(placeCells.some((c) => c.startsWith("'="))).toBe(true);
    for (const c of placeCells) expect(c).not.toMatch(/^[=@+-]/);
  });

  it('trip ids are unique, numbered per local start day, and the same on a re-analysis', () => {
    const ids = parse(tripsCsv(analysis, CONTEXT))
      .slice(1)
      .map((r) => csvTextValue(r[0]!));
    expect(new Set(ids).size).toBe(ids.length);
    const again = parse(
      tripsCsv(analyzeTrack(toDayChunks('veh,"7"', generateRandomTrack(17, 12, { vehicleNumber: 'T-101' }))), CONTEXT),
    )
      .slice(1)
      .map((r) => csvTextValue(r[0]!));
    expect(again).toEqual(ids);
    // Ordinals restart at 1 on each local day and count up without holes.
    const byDay = new Map<string, number[]>();
    for (const id of ids) {
      const m = /^T-101-(\d{4}-\d{2}-\d{2})-(\d+)$/.exec(id)!;
      byDay.set(m[1]!, [...(byDay.get(m[1]!) ?? []), Number(m[2])]);
    }
    for (const list of byDay.values()) expect(list).toEqual(list.map((_, k) => k + 1));
  });

  it('a trip is dated by the local day it starts in (23:30 in Chicago is already the next day in UTC)', () => {
    // 2026-11-21T05:30Z is 2026-11-20 23:30 CST: the trip is the 20th's, in Chicago, and the 21st's in UTC.
    const points = generateTrack(
      [
        { kind: 'stop', minutes: 30 },
        { kind: 'drive', minutes: 90, mph: 60 },
        { kind: 'stop', minutes: 30 },
      ],
      { startMs: Date.UTC(2026, 10, 21, 5), vehicleNumber: 'T-101' },
    );
    const a = analyzeTrack(toDayChunks('v', points));
    expect(a.trips).toHaveLength(1);
    const idIn = (zone: string) => csvTextValue(parse(tripsCsv(a, { ...CONTEXT, zone })).at(1)![0]!);
    expect(idIn('America/Chicago')).toBe('T-101-2026-11-20-1');
    expect(idIn('UTC')).toBe('T-101-2026-11-21-1');
    const row = parse(tripsCsv(a, CONTEXT)).at(1)!;
    expect(row[TRIPS_CSV_COLUMNS.indexOf('start_local_time')]).toBe('2026-11-20T23:30:00-06:00');
    expect(row[TRIPS_CSV_COLUMNS.indexOf('distance_miles')]).toBe('90.00');
    expect(row[TRIPS_CSV_COLUMNS.indexOf('avg_speed_mph')]).toBe('60.0');
  });

  it('streams in pieces and can skip the header', () => {
    const pieces = [...tripsCsv(analysis, CONTEXT, { pieceSize: 200, header: false })];
    expect(pieces.length).toBeGreaterThan(2);
    expect(parseCsv(pieces.join(''))).toHaveLength(analysis.trips.length);
  });
});

describe('events CSV', () => {
  it('has the documented header and one row per event with kind-specific cells at the stated precision', () => {
    const [header, ...rows] = parse(eventsCsv(analysis, CONTEXT));
    expect(header).toEqual([...EVENTS_CSV_COLUMNS]);
    expect(rows).toHaveLength(analysis.events.length);
    const kinds = new Set(analysis.events.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['speeding', 'long-stop', 'gap']));
    rows.forEach((r, k) => {
      const e = analysis.events[k]!;
      const cell = (name: (typeof EVENTS_CSV_COLUMNS)[number]) => r[EVENTS_CSV_COLUMNS.indexOf(name)]!;
      expect(cell('kind')).toBe(e.kind);
      expect(
        [cell('vehicle_id'), cell('vehicle_number'), cell('vin'), cell('dot_number'), cell('time_zone')].map(
          csvTextValue,
        ),
      ).toEqual(['veh,"7"', 'T-101', '1FUJGLDR9CLBP8834', '3148272', 'America/Chicago']);
      expect([
        Date.parse(cell('start_time')),
        Date.parse(cell('start_local_time')),
        Date.parse(cell('end_time')),
        Date.parse(cell('end_local_time')),
      ]).toEqual([e.startMs, e.startMs, e.endMs, e.endMs]);
      expect(cell('duration_s')).toBe(String(Math.round(e.durationSeconds)));
      expect(cell('peak_speed_mph')).toBe(e.kind === 'speeding' ? e.peakSpeedMph.toFixed(1) : '');
      expect(cell('reason')).toBe(e.kind === 'gap' ? e.reason : '');
      if (e.kind === 'gap') expect(atPrecision(cell('gap_miles'), 2)).toBe(true);
      else expect(cell('gap_miles')).toBe('');
      expect([Number(cell('lat')), Number(cell('lng')), csvTextValue(cell('place'))]).toEqual([e.lat, e.lng, e.place]);
    });
  });

  it('an analysis without events is just the header', () => {
    expect([...eventsCsv({ ...analysis, events: [] }, CONTEXT)].join('')).toBe(EVENTS_CSV_COLUMNS.join(',') + '\r\n');
  });
});
