/**
 * The exact bytes of the CSV and GPX writers, pinned before they were
 * rewritten for speed: edge values with literal expectations written by hand,
 * and generated tracks against a plain in-test formatter (String(n),
 * Date#toISOString) that shares no code with shared/export/format.ts.
 */
import { describe, expect, it } from 'vitest';
import { csvBytes, csvLines, parseCsv } from '../../shared/export/csv.ts';
import { gpxByDays, gpxBytes, gpxPieces, type GpxMeta } from '../../shared/export/gpx.ts';
import { motionCode, MOTION_BY_CODE } from '../../shared/domain/status.ts';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { findOutliers } from '../../shared/track/outliers.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

type Row = [id: string, t: number, lat: number, lng: number, speed: number, dir: number, s: MotionStatus, loc: string];

function chunkOf(day: string, rows: Row[]): DayChunk {
  const n = rows.length;
  const col = (k: 1 | 2 | 3 | 4 | 5) => Float64Array.from(rows, (r) => r[k]);
  return {
    vehicleId: 'v1',
    day,
    vehicleNumber: '-7,x',
    vin: '1FUJ"GLD',
    length: n,
    t: col(1),
    lat: col(2),
    lng: col(3),
    speed: col(4),
    direction: col(5),
    status: Uint8Array.from(rows, (r) => motionCode(r[6])),
    id: rows.map((r) => r[0]),
    location: rows.map((r) => r[7]),
  };
}

const may1 = Date.UTC(2026, 4, 1);
const H = 3_600_000;
const EDGE_A = chunkOf('2026-05-01', [
  ['a1', may1, -0.0000005, -0, 0, 0, 'STATIONARY', 'Equator, NSW'],
  ['=cmd', may1 + 999, 0.0000005, -0.000001, 0.0000005, 359.96, 'STATIONARY', 'Zoë 🚚'],
  ['a-3', may1 + 1010, 0.000001, -0.000002, 3, 180.5, 'STATIONARY', 'Zoë 🚚'],
  ['x,"y"', may1 + 12 * H + 34 * 60_000 + 56_100, 1.25, -1.5, 55.5, 1.5e-10, 'IN_MOTION', 'Zoë 🚚'],
  ['b"4', may1 + 12 * H + 35 * 60_000 + 56_000, 1.2600001, -1.51, 200, 90, 'IN_MOTION', 'Zoë 🚚'],
  ['', may1 + 24 * H - 1, 2, -2.5, NaN, NaN, 'OFFLINE', ''],
]);
const EDGE_B = chunkOf('2026-05-02', [['c1', may1 + 24 * H, -45.5, 181.5, 10.1, -90, 'IN_MOTION', '+SUM(A1)']]);
/** Values only the CSV writes (the GPX rejects or rescales them). */
const EDGE_C = chunkOf('2026-05-03', [
  ['d1', may1 + 48 * H, 89.9999995, -1e-7, 1e21, 123456789.125, 'STATIONARY', 'x'],
]);

const TAIL = `"'-7,x","1FUJ""GLD"`;
const CSV_EDGE =
  'id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n' +
  `a1,2026-05-01T00:00:00Z,-0.0000005,0,0,STATIONARY,0,${TAIL},"Equator, NSW",false\r\n` +
  `'=cmd,2026-05-01T00:00:00.999Z,0.0000005,-0.000001,0.0000005,STATIONARY,359.96,${TAIL},Zoë 🚚,false\r\n` +
  `a-3,2026-05-01T00:00:01.010Z,0.000001,-0.000002,3,STATIONARY,180.5,${TAIL},Zoë 🚚,false\r\n` +
  `"x,""y""",2026-05-01T12:34:56.100Z,1.25,-1.5,55.5,IN_MOTION,0.00000000015,${TAIL},Zoë 🚚,false\r\n` +
  `"b""4",2026-05-01T12:35:56Z,1.2600001,-1.51,200,IN_MOTION,90,${TAIL},Zoë 🚚,true\r\n` +
  // No speed is an unknown, not an impossible speed: kept, not an outlier.
  `,2026-05-01T23:59:59.999Z,2,-2.5,,OFFLINE,,${TAIL},,false\r\n` +
  `c1,2026-05-02T00:00:00Z,-45.5,181.5,10.1,IN_MOTION,-90,${TAIL},'+SUM(A1),false\r\n` +
  `d1,2026-05-03T00:00:00Z,89.9999995,-0.0000001,1000000000000000000000,STATIONARY,123456789.125,${TAIL},x,true\r\n`;

const META: GpxMeta = {
  carrierName: 'Acme & Co',
  dotNumber: '',
  vehicleNumber: '-7,x',
  vin: '1FUJ"GLD',
  from: '2026-05-01',
  to: '2026-05-03',
  generatedAt: Date.UTC(2026, 4, 4, 8, 0, 0, 250),
};

const EXT = '<extensions><gpxtpx:TrackPointExtension>';
const END = '</gpxtpx:TrackPointExtension></extensions></trkpt>\n';
const GPX_EDGE =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<gpx version="1.1" creator="RouteLens" xmlns="http://www.topografix.com/GPX/1/1" ' +
  'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" xmlns:rl="urn:routelens:gpx:1" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 ' +
  'http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v2 ' +
  'https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">\n' +
  '<metadata>\n' +
  '<name>-7,x 2026-05-01 – 2026-05-03 (data 2026-05-01 – 2026-05-02)</name>\n' +
  '<desc>Carrier: Acme &amp; Co. USDOT: unknown (no company info from the API). Vehicle: -7,x. VIN: 1FUJ&quot;GLD. ' +
  'Range: asked 2026-05-01 – 2026-05-03, data 2026-05-01 – 2026-05-02 (UTC days). Points: 7. ' +
  'Point type is the motion status; speed in m/s and course in degrees at 0.1° (Garmin TrackPointExtension v2); ' +
  'rl:outlier marks a reading the analysis left out (impossible speed or position jump).</desc>\n' +
  '<author><name>RouteLens</name></author>\n' +
  '<time>2026-05-04T08:00:00.250Z</time>\n' +
  '<keywords>ELD, breadcrumbs, -7,x, 1FUJ&quot;GLD, Acme &amp; Co</keywords>\n' +
  '<bounds minlat="-45.5" minlon="-178.5" maxlat="2" maxlon="0"/>\n' +
  '</metadata>\n' +
  '<trk>\n<name>-7,x 2026-05-01</name>\n<desc>6 points on 2026-05-01 (UTC)</desc>\n<trkseg>\n' +
  `<trkpt lat="-0.0000005" lon="0"><time>2026-05-01T00:00:00Z</time><type>STATIONARY</type>${EXT}` +
  `<gpxtpx:speed>0</gpxtpx:speed><gpxtpx:course>0.0</gpxtpx:course>${END}` +
  `<trkpt lat="0.0000005" lon="-0.000001"><time>2026-05-01T00:00:00.999Z</time><type>STATIONARY</type>${EXT}` +
  `<gpxtpx:speed>0</gpxtpx:speed><gpxtpx:course>0.0</gpxtpx:course>${END}` +
  `<trkpt lat="0.000001" lon="-0.000002"><time>2026-05-01T00:00:01.010Z</time><type>STATIONARY</type>${EXT}` +
  `<gpxtpx:speed>1.34112</gpxtpx:speed><gpxtpx:course>180.5</gpxtpx:course>${END}` +
  '</trkseg>\n<trkseg>\n' +
  `<trkpt lat="1.25" lon="-1.5"><time>2026-05-01T12:34:56.100Z</time><type>IN_MOTION</type>${EXT}` +
  `<gpxtpx:speed>24.81072</gpxtpx:speed><gpxtpx:course>0.0</gpxtpx:course>${END}` +
  `<trkpt lat="1.2600001" lon="-1.51"><time>2026-05-01T12:35:56Z</time><type>IN_MOTION</type>${EXT}` +
  `<gpxtpx:speed>89.408</gpxtpx:speed><gpxtpx:course>90.0</gpxtpx:course></gpxtpx:TrackPointExtension>` +
  '<rl:outlier>true</rl:outlier></extensions></trkpt>\n' +
  // The outlier above neither ended nor started a segment; the silence from 12:34:56 (11 h, 86 mi) is a gap.
  '</trkseg>\n<trkseg>\n' +
  // No speed and no heading: neither element, never a made-up 0.
  `<trkpt lat="2" lon="-2.5"><time>2026-05-01T23:59:59.999Z</time><type>OFFLINE</type>${EXT}` +
  '</gpxtpx:TrackPointExtension></extensions></trkpt>\n' +
  '</trkseg>\n</trk>\n' +
  '<trk>\n<name>-7,x 2026-05-02</name>\n<desc>1 points on 2026-05-02 (UTC)</desc>\n<trkseg>\n' +
  `<trkpt lat="-45.5" lon="-178.5"><time>2026-05-02T00:00:00Z</time><type>IN_MOTION</type>${EXT}` +
  `<gpxtpx:speed>4.515104</gpxtpx:speed><gpxtpx:course>270.0</gpxtpx:course>${END}` +
  '</trkseg>\n</trk>\n' +
  '</gpx>\n';

describe('exact bytes of the writers on edge values', () => {
  it('CSV: negative and tiny coordinates, -0, exponent-sized numbers, NaN, midnight and .999 ms, text cells', () => {
    for (const pieceSize of [undefined, 1, 100]) {
      const pieces = [...csvLines([EDGE_C, EDGE_A, EDGE_B], pieceSize === undefined ? {} : { pieceSize })];
      expect(pieces.join('')).toBe(CSV_EDGE);
    }
  });

  it('the byte writers give the same text as UTF-8, whole rows and points per piece', () => {
    const utf8 = (pieces: Iterable<Uint8Array>) => Buffer.concat([...pieces]).toString('utf8');
    expect(utf8(csvBytes([EDGE_A, EDGE_B, EDGE_C], { pieceSize: 7 }))).toBe(CSV_EDGE);
    expect(utf8(gpxBytes({ chunks: [EDGE_A, EDGE_B], meta: META, pieceSize: 7 }))).toBe(GPX_EDGE);
    for (const piece of csvBytes([EDGE_A, EDGE_B, EDGE_C], { pieceSize: 7 }))
      expect(Buffer.from(piece).toString('utf8')).toMatch(/\r\n$/);
  });

  it('GPX built day by day (gpxByDays) is the same file, an empty day adding no track', () => {
    const byDays = gpxByDays({});
    const empty = chunkOf('2026-05-03', []);
    const days = [EDGE_A, empty, EDGE_B].flatMap((c) => byDays.day(c));
    const { head, end } = byDays.file([EDGE_B, empty, EDGE_A], META);
    expect(Buffer.concat([head, ...days, end]).toString('utf8')).toBe(GPX_EDGE);
    expect(() => byDays.file([EDGE_A], { ...META, dayZone: 'America/Chicago' })).toThrow(RangeError);
  });

  it('CSV with local times: the zone column pinned too', () => {
    const text = [...csvLines([EDGE_A], { zone: 'America/Chicago', header: false })].join('');
    const local = parseCsv(text).map((cells) => cells[2]);
    expect(local.slice(0, 6)).toEqual([
      '2026-04-30T19:00:00-05:00',
      '2026-04-30T19:00:00.999-05:00',
      '2026-04-30T19:00:01.010-05:00',
      '2026-05-01T07:34:56.100-05:00',
      '2026-05-01T07:35:56-05:00',
      '2026-05-01T18:59:59.999-05:00',
    ]);
  });

  it('GPX: bounds, antimeridian, segments after gaps, outliers, absent speed and course', () => {
    for (const pieceSize of [undefined, 1, 100]) {
      const input = { chunks: [EDGE_B, EDGE_A], meta: META, ...(pieceSize === undefined ? {} : { pieceSize }) };
      expect([...gpxPieces(input)].join('')).toBe(GPX_EDGE);
    }
  });
});

/** Plain reference text of a number: JavaScript's own shortest digits, "" for NaN, "0" for -0 (no exponents in this data). */
function refNumber(n: number): string {
  if (Number.isNaN(n)) return '';
  const s = Object.is(n, -0) ? '0' : String(n);
  if (s.includes('e')) throw new Error(`reference formatter does not expand ${s}`);
  return s;
}
const refTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const refText = (s: string) => {
  const v = /^[=+\-@\t\r']/.test(s) ? `'${s}` : s;
  return /[,"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
};

describe('generated tracks against an in-test formatter', () => {
  const points = generateRandomTrack(16, 9, {
    location: (k) => ['Dallas, TX', '=A1', 'Zoë "Z"', '', 'line\nbreak'][k % 5]!,
  });
  const chunks = toDayChunks('veh', points);

  it('CSV rows are the reference rows', () => {
    const expected = ['id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n'];
    for (const c of chunks) {
      const flags = findOutliers(c);
      for (let i = 0; i < c.length; i++) {
        expected.push(
          [
            refText(c.id[i]!),
            refTime(c.t[i]!),
            refNumber(c.lat[i]!),
            refNumber(c.lng[i]!),
            refNumber(c.speed[i]!),
            MOTION_BY_CODE[c.status[i]!],
            refNumber(c.direction[i]!),
            refText(c.vehicleNumber),
            refText(c.vin),
            refText(c.location[i]!),
            flags?.[i] === 1 ? 'true' : 'false',
          ].join(',') + '\r\n',
        );
      }
    }
    expect(points.length).toBeGreaterThan(1000);
    expect([...csvLines(chunks, { pieceSize: 4096 })].join('')).toBe(expected.join(''));
  });

  it('GPX track points are the reference points', () => {
    const text = [...gpxPieces({ chunks, meta: { ...META, from: chunks[0]!.day, to: chunks.at(-1)!.day } })].join('');
    const got = text.split('\n').filter((l) => l.startsWith('<trkpt'));
    const expected: string[] = [];
    for (const c of chunks) {
      const flags = findOutliers(c);
      for (let i = 0; i < c.length; i++) {
        const mps = Math.round(c.speed[i]! * 0.44704 * 1e6) / 1e6;
        const tenths = Math.round((((c.direction[i]! % 360) + 360) % 360) * 10) % 3600;
        expected.push(
          `<trkpt lat="${refNumber(c.lat[i]!)}" lon="${refNumber(c.lng[i]!)}"><time>${refTime(c.t[i]!)}</time>` +
            `<type>${MOTION_BY_CODE[c.status[i]!]}</type>${EXT}<gpxtpx:speed>${refNumber(mps)}</gpxtpx:speed>` +
            `<gpxtpx:course>${(tenths / 10).toFixed(1)}</gpxtpx:course></gpxtpx:TrackPointExtension>` +
            `${flags?.[i] === 1 ? '<rl:outlier>true</rl:outlier>' : ''}</extensions></trkpt>`,
        );
      }
    }
    expect(got).toEqual(expected);
  });
});
