import { describe, expect, it } from 'vitest';
import type { TrackAnalysis, Trip } from '../../shared/analysis/types.ts';
import type { ExportContext } from '../../shared/export/context.ts';
import { csvLines } from '../../shared/export/csv.ts';
import { eventsCsv } from '../../shared/export/events-csv.ts';
import { tripsCsv } from '../../shared/export/trips-csv.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

/**
 * The breadcrumb, trips and events CSVs' exact bytes for a small hand-built track, written out literally: the format is
 * documented in shared/export/csv.ts and the writer is tuned for speed, so this pins the bytes rather than
 * reading them back with the module's own parser.
 */
const p = (over: Partial<Breadcrumb> & Pick<Breadcrumb, 'id' | 't'>): Breadcrumb => ({
  lat: 41.5,
  lng: -93.6,
  speed: 55,
  status: 'IN_MOTION',
  direction: 90,
  location: 'Ames, IA',
  vehicleNumber: '-7',
  vin: "'V1",
  ...over,
});
const feb2 = buildDayChunk('v', '2026-02-02', [
  p({ id: 'b0', t: Date.parse('2026-02-02T00:00:00Z'), speed: 0, status: 'STATIONARY', direction: 0, location: '' }),
]);
const feb1 = buildDayChunk('v', '2026-02-01', [
  p({ id: '=1+2', t: Date.parse('2026-02-01T10:00:00Z'), speed: 0.1 + 0.2 }),
  p({ id: 'a1', t: Date.parse('2026-02-01T10:00:30.250Z'), location: 'Ames, "IA"\nnorth', direction: 359.5 }),
  // A reported speed above the plausible maximum (100 here): an outlier by rule 1, written all the same.
  p({ id: 'a2', t: Date.parse('2026-02-01T10:01:00Z'), speed: 1846, status: 'OFFLINE', lat: -0.000001 }),
]);

const UTC_ROWS = [
  'id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier',
  "'=1+2,2026-02-01T10:00:00Z,41.5,-93.6,0.30000000000000004,IN_MOTION,90,'-7,''V1,\"Ames, IA\",false",
  'a1,2026-02-01T10:00:30.250Z,41.5,-93.6,55,IN_MOTION,359.5,\'-7,\'\'V1,"Ames, ""IA""\nnorth",false',
  "a2,2026-02-01T10:01:00Z,-0.000001,-93.6,1846,OFFLINE,90,'-7,''V1,\"Ames, IA\",true",
  "b0,2026-02-02T00:00:00Z,41.5,-93.6,0,STATIONARY,0,'-7,''V1,,false",
];

describe('breadcrumb CSV bytes', () => {
  it('writes the documented header and rows, CRLF after each, days in order whatever order they come in', () => {
    const text = [...csvLines([feb2, feb1], { maxPlausibleMph: 100 })].join('');
    expect(text).toBe(UTC_ROWS.map((r) => `${r}\r\n`).join(''));
  });

  it('with a zone, adds local_time after the UTC timestamp, with its offset and milliseconds only when present', () => {
    const text = [...csvLines([feb1, feb2], { maxPlausibleMph: 100, zone: 'America/Chicago', header: false })].join('');
    const local = [
      '2026-02-01T04:00:00-06:00',
      '2026-02-01T04:00:30.250-06:00',
      '2026-02-01T04:01:00-06:00',
      '2026-02-01T18:00:00-06:00',
    ];
    const expected = UTC_ROWS.slice(1).map((r, i) => {
      const cells = r.split(',');
      // The id cell has no comma in these rows; the timestamp is the second cell.
      return `${[cells[0], cells[1], local[i], ...cells.slice(2)].join(',')}\r\n`;
    });
    expect(text).toBe(expected.join(''));
  });
});

describe('trips CSV bytes', () => {
  const trip = (over: Partial<Trip>): Trip => ({
    id: 'v:0',
    vehicleId: 'v',
    start: { chunk: 0, point: 0 },
    end: { chunk: 0, point: 0 },
    startMs: 0,
    endMs: 0,
    startPlace: '',
    endPlace: '',
    startLat: 0,
    startLng: 0,
    endLat: 0,
    endLng: 0,
    distanceMiles: 0,
    unaccountedMiles: 0,
    durationSeconds: 0,
    movingSeconds: 0,
    maxSpeedMph: 0,
    avgSpeedMph: 0,
    points: 0,
    ...over,
  });
  const analysis = {
    trips: [
      trip({
        startMs: Date.parse('2026-02-01T23:30:00Z'),
        endMs: Date.parse('2026-02-02T01:00:00.500Z'),
        startPlace: '+Ames, IA',
        endPlace: 'Mason City, "North"',
        startLat: 42.0308,
        startLng: -93.6319,
        endLat: 43.1536,
        endLng: -93.201,
        distanceMiles: 88.256,
        durationSeconds: 5400.5,
        movingSeconds: 4999.4,
        maxSpeedMph: 71.25,
        avgSpeedMph: 63.55,
        points: 181,
        unaccountedMiles: -0.001,
      }),
      trip({ startMs: Date.parse('2026-02-02T05:59:59Z'), endMs: Date.parse('2026-02-02T06:00:00Z'), points: 2 }),
    ],
  } as unknown as TrackAnalysis;
  const context: ExportContext = {
    carrierName: 'Prairie, Line',
    dotNumber: '1234567',
    vehicleId: 'uuid-1',
    vehicleNumber: 'T-101',
    vin: '=VIN',
    zone: 'America/Chicago',
  };

  it('writes the documented columns, local times with offsets, and each figure at its unit’s precision', () => {
    const id = `uuid-1,T-101,'=VIN,"Prairie, Line",1234567,America/Chicago`;
    expect([...tripsCsv(analysis, context)].join('')).toBe(
      [
        'trip_id,vehicle_id,vehicle_number,vin,carrier,dot_number,time_zone,start_time,start_local_time,end_time,' +
          'end_local_time,start_place,end_place,start_lat,start_lng,end_lat,end_lng,distance_miles,duration_s,' +
          'moving_s,max_speed_mph,avg_speed_mph,points,unaccounted_miles',
        // 23:30 UTC on Feb 1 is 17:30 in Chicago: the trip is Feb 1's first there.
        `T-101-2026-02-01-1,${id},2026-02-01T23:30:00Z,2026-02-01T17:30:00-06:00,2026-02-02T01:00:00.500Z,` +
          `2026-02-01T19:00:00.500-06:00,"'+Ames, IA","Mason City, ""North""",42.0308,-93.6319,43.1536,-93.201,` +
          '88.26,5401,4999,71.3,63.5,181,0.00',
        // 05:59:59 UTC on Feb 2 is still Feb 1 (23:59:59) in Chicago: its second trip.
        `T-101-2026-02-01-2,${id},2026-02-02T05:59:59Z,2026-02-01T23:59:59-06:00,2026-02-02T06:00:00Z,` +
          '2026-02-02T00:00:00-06:00,,,0,0,0,0,0.00,0,0,0.0,0.0,2,0.00',
      ]
        .map((r) => `${r}\r\n`)
        .join(''),
    );
  });
});

describe('events CSV bytes', () => {
  const at = { chunk: 0, point: 0 };
  const analysis = {
    events: [
      {
        kind: 'speeding',
        vehicleId: 'v',
        startMs: Date.parse('2026-02-01T12:00:00Z'),
        endMs: Date.parse('2026-02-01T12:02:30Z'),
        durationSeconds: 150,
        peakSpeedMph: 78.96,
        lat: 41.5,
        lng: -93.6,
        place: '@Ames',
        at,
      },
      {
        kind: 'over-limit',
        vehicleId: 'v',
        startMs: Date.parse('2026-02-01T12:10:00Z'),
        endMs: Date.parse('2026-02-01T12:12:00Z'),
        durationSeconds: 120,
        peakSpeedMph: 71.24,
        limitMph: 49.7097,
        limitSource: 'default',
        overMph: 21.53,
        tier: 'severe',
        road: '=Hauptstraße, "B 2"',
        wayId: 123456789012,
        lat: 41.55,
        lng: -93.65,
        place: 'Ames',
        at,
      },
      {
        kind: 'long-stop',
        vehicleId: 'v',
        startMs: Date.parse('2026-02-01T13:00:00Z'),
        endMs: Date.parse('2026-02-01T15:00:00Z'),
        durationSeconds: 7200,
        lat: 41.6,
        lng: -93.7,
        place: 'Truck stop',
        at,
      },
      {
        kind: 'gap',
        vehicleId: 'v',
        startMs: Date.parse('2026-02-02T05:00:00Z'),
        endMs: Date.parse('2026-02-02T06:30:00.001Z'),
        durationSeconds: 5400.001,
        reason: 'silence',
        miles: 12.345,
        lat: 42,
        lng: -94,
        place: '',
        at,
      },
    ],
  } as unknown as TrackAnalysis;
  const context: ExportContext = {
    carrierName: '',
    dotNumber: '',
    vehicleId: 'uuid-1',
    vehicleNumber: 'T-101',
    vin: 'VIN',
    zone: 'America/Chicago',
  };

  it('writes one row per event with only the cells its kind has', () => {
    const id = 'uuid-1,T-101,VIN,,,America/Chicago';
    expect([...eventsCsv(analysis, context)].join('')).toBe(
      [
        'kind,vehicle_id,vehicle_number,vin,carrier,dot_number,time_zone,start_time,start_local_time,end_time,' +
          'end_local_time,duration_s,peak_speed_mph,limit_mph,limit_source,over_mph,tier,road,way_id,reason,' +
          'gap_miles,lat,lng,place',
        `speeding,${id},2026-02-01T12:00:00Z,2026-02-01T06:00:00-06:00,2026-02-01T12:02:30Z,` +
          "2026-02-01T06:02:30-06:00,150,79.0,,,,,,,,,41.5,-93.6,'@Ames",
        // A road's name is text from the user's extract: quoted, and kept from being read as a formula.
        `over-limit,${id},2026-02-01T12:10:00Z,2026-02-01T06:10:00-06:00,2026-02-01T12:12:00Z,` +
          `2026-02-01T06:12:00-06:00,120,71.2,49.7,default,21.5,severe,"'=Hauptstraße, ""B 2""",123456789012,,,` +
          '41.55,-93.65,Ames',
        `long-stop,${id},2026-02-01T13:00:00Z,2026-02-01T07:00:00-06:00,2026-02-01T15:00:00Z,` +
          '2026-02-01T09:00:00-06:00,7200,,,,,,,,,,41.6,-93.7,Truck stop',
        `gap,${id},2026-02-02T05:00:00Z,2026-02-01T23:00:00-06:00,2026-02-02T06:30:00.001Z,` +
          '2026-02-02T00:30:00.001-06:00,5400,,,,,,,,silence,12.35,42,-94,',
      ]
        .map((r) => `${r}\r\n`)
        .join(''),
    );
  });
});
