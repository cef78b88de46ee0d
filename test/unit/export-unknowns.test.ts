/**
 * Readings kept with unknown fields (speed and direction NaN, status MotionCode.UNKNOWN, calc_location '')
 * and readings that carried their own vehicle number or VIN (DayChunk.identityAt), through every writer:
 * exact bytes written out by hand, read back by the CSV reader, and generated tracks against an in-test
 * formatter that shares no code with shared/export.
 */
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis, Trip } from '../../shared/analysis/types.ts';
import { MOTION_BY_CODE, MotionCode } from '../../shared/domain/status.ts';
import { csvBytes, csvLines, parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { gpxPieces, type GpxMeta } from '../../shared/export/gpx.ts';
import { tripsCsv } from '../../shared/export/trips-csv.ts';
import { unknownsNote } from '../../shared/report/unknowns.ts';
import { buildDayChunk, chunkPoints } from '../../shared/track/day-chunk.ts';
import { findOutliers } from '../../shared/track/outliers.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, toDayChunks, withUnknowns } from '../support/tracks.ts';

const p = (over: Partial<Breadcrumb> & Pick<Breadcrumb, 'id' | 't'>): Breadcrumb => ({
  lat: 41.5,
  lng: -93.6,
  speed: 55,
  status: 'IN_MOTION',
  direction: 90,
  location: 'Ames, IA',
  vehicleNumber: 'T-1',
  vin: 'V1',
  ...over,
});
const at = (min: number) => Date.parse('2026-02-01T10:00:00Z') + min * 60_000;
/** Most readings say T-1 / V1 (the chunk's pair); one says another truck, one says nothing and no roster fills it. */
const MIXED = buildDayChunk('v', '2026-02-01', [
  p({ id: 'a1', t: at(0) }),
  p({ id: 'a2', t: at(1), lat: 41.51, speed: NaN, status: null, direction: NaN, location: '' }),
  p({
    id: 'a3',
    t: at(2),
    lat: 41.52,
    speed: 0,
    status: 'STATIONARY',
    direction: 0,
    vehicleNumber: '=T-2',
    vin: 'V,2',
  }),
  p({ id: 'a4', t: at(3), lat: 41.53, speed: 50, direction: 180, vehicleNumber: '', vin: '' }),
  p({ id: 'a5', t: at(4), lat: 41.54, speed: 12.5, status: null, direction: NaN }),
]);
/** A day where every reading names the chunk's vehicle: no identityAt, the one-run-a-day path. */
const PLAIN = buildDayChunk('v', '2026-02-02', [
  p({ id: 'b1', t: Date.parse('2026-02-02T08:00:00Z'), speed: NaN, direction: NaN, status: null }),
]);

const CSV_MIXED =
  'id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n' +
  'a1,2026-02-01T10:00:00Z,41.5,-93.6,55,IN_MOTION,90,T-1,V1,"Ames, IA",false\r\n' +
  'a2,2026-02-01T10:01:00Z,41.51,-93.6,,,,T-1,V1,,false\r\n' +
  `a3,2026-02-01T10:02:00Z,41.52,-93.6,0,STATIONARY,0,'=T-2,"V,2","Ames, IA",false\r\n` +
  'a4,2026-02-01T10:03:00Z,41.53,-93.6,50,IN_MOTION,180,,,"Ames, IA",false\r\n' +
  'a5,2026-02-01T10:04:00Z,41.54,-93.6,12.5,,,T-1,V1,"Ames, IA",false\r\n' +
  'b1,2026-02-02T08:00:00Z,41.5,-93.6,,,,T-1,V1,"Ames, IA",false\r\n';

const META: GpxMeta = {
  carrierName: 'Acme',
  dotNumber: '1',
  vehicleNumber: 'T-1',
  vin: 'V1',
  from: '2026-02-01',
  to: '2026-02-02',
  generatedAt: Date.UTC(2026, 1, 3),
};
const EXT = '<extensions><gpxtpx:TrackPointExtension>';
const END = '</gpxtpx:TrackPointExtension></extensions></trkpt>';

describe('breadcrumb CSV with unknowns and per-reading identity', () => {
  it('the chunk keeps who each reading named (the fixture means what it says)', () => {
    expect([MIXED.vehicleNumber, MIXED.vin]).toEqual(['T-1', 'V1']);
    expect(MIXED.identityAt).toEqual({
      vehicleNumber: ['T-1', 'T-1', '=T-2', '', 'T-1'],
      vin: ['V1', 'V1', 'V,2', '', 'V1'],
    });
    expect(PLAIN.identityAt).toBeUndefined();
    expect([...MIXED.status]).toEqual([0, MotionCode.UNKNOWN, 1, 0, MotionCode.UNKNOWN]);
  });

  it('writes empty cells for unknown speed, status and direction, and each row its own number and VIN', () => {
    for (const pieceSize of [undefined, 1, 60]) {
      const text = [...csvLines([PLAIN, MIXED], pieceSize === undefined ? {} : { pieceSize })].join('');
      expect(text).toBe(CSV_MIXED);
    }
    expect(Buffer.concat([...csvBytes([MIXED, PLAIN], { pieceSize: 7 })]).toString('utf8')).toBe(CSV_MIXED);
  });

  it('reads back as the same readings: empty cells unknown (NaN, null), never 0', () => {
    const back = parseBreadcrumbCsv(CSV_MIXED);
    expect(back).toEqual([...chunkPoints(MIXED), ...chunkPoints(PLAIN)]);
    expect(back[1]!.speed).toBeNaN();
    expect(back[1]!.direction).toBeNaN();
    expect(back[1]!.status).toBeNull();
    expect(back.map((r) => r.vehicleNumber)).toEqual(['T-1', 'T-1', '=T-2', '', 'T-1', 'T-1']);
    expect(() => parseBreadcrumbCsv(CSV_MIXED.replace(',12.5,,', ',12.5,MOVING,'))).toThrow(/status "MOVING"/);
  });
});

describe('GPX with unknowns', () => {
  it('omits <type> for an unknown status and <speed>/<course> for an unknown speed/heading', () => {
    const points = [...gpxPieces({ chunks: [MIXED], meta: META })]
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('<trkpt'));
    expect(points).toEqual([
      `<trkpt lat="41.5" lon="-93.6"><time>2026-02-01T10:00:00Z</time><type>IN_MOTION</type>${EXT}<gpxtpx:speed>24.5872</gpxtpx:speed><gpxtpx:course>90.0</gpxtpx:course>${END}`,
      `<trkpt lat="41.51" lon="-93.6"><time>2026-02-01T10:01:00Z</time>${EXT}${END}`,
      `<trkpt lat="41.52" lon="-93.6"><time>2026-02-01T10:02:00Z</time><type>STATIONARY</type>${EXT}<gpxtpx:speed>0</gpxtpx:speed><gpxtpx:course>0.0</gpxtpx:course>${END}`,
      `<trkpt lat="41.53" lon="-93.6"><time>2026-02-01T10:03:00Z</time><type>IN_MOTION</type>${EXT}<gpxtpx:speed>22.352</gpxtpx:speed><gpxtpx:course>180.0</gpxtpx:course>${END}`,
      `<trkpt lat="41.54" lon="-93.6"><time>2026-02-01T10:04:00Z</time>${EXT}<gpxtpx:speed>5.588</gpxtpx:speed>${END}`,
    ]);
  });
});

describe('trips CSV and the audit report with unknowns', () => {
  it('a trip whose max speed is unknown has an empty max_speed_mph cell, never 0', () => {
    const trip = {
      ...{ startMs: 0, endMs: 60_000, startPlace: '', endPlace: '', startLat: 0, startLng: 0, endLat: 0, endLng: 0 },
      ...{ distanceMiles: 0.7, unaccountedMiles: 0, durationSeconds: 60, movingSeconds: 60, points: 2 },
      maxSpeedMph: NaN,
      avgSpeedMph: 42,
    } as Trip;
    const analysis = { trips: [trip] } as unknown as TrackAnalysis;
    const context = { carrierName: '', dotNumber: '', vehicleId: 'v', vehicleNumber: 'T-1', vin: 'V1', zone: 'UTC' };
    const row = [...tripsCsv(analysis, context, { header: false })].join('').split(',');
    // max_speed_mph (column 21 of 24), then avg_speed_mph.
    expect(row.slice(20, 22)).toEqual(['', '42.0']);
  });

  it('the report counts readings without a speed or status, and those naming another vehicle', () => {
    expect(unknownsNote([MIXED, PLAIN], META)).toBe(
      '; 2 without a speed, 3 without a motion status, 2 naming another vehicle number or VIN, as breadcrumbs.csv shows',
    );
    expect(unknownsNote([buildDayChunk('v', '2026-02-01', [p({ id: 'x', t: at(0) })])], META)).toBe('');
  });
});

/** Plain reference text of a number: JavaScript's shortest digits, "" for an unknown (NaN), "0" for -0. */
const refNumber = (n: number) => (Number.isNaN(n) ? '' : Object.is(n, -0) ? '0' : String(n));
const refText = (s: string) => {
  const v = /^[=+\-@\t\r']/.test(s) ? `'${s}` : s;
  return /[,"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
};

describe('generated tracks with unknowns against an in-test formatter', () => {
  const points = withUnknowns(generateRandomTrack(31, 4), {
    speed: { every: 7 },
    direction: { every: 5, at: 2 },
    status: { every: 6, at: 1 },
    location: { every: 9, at: 4 },
  }).map((q, k) => (k % 13 === 3 ? { ...q, vehicleNumber: `T-${k % 4}`, vin: k % 2 ? '' : `VIN,${k}` } : q));
  const chunks: DayChunk[] = toDayChunks('veh', points);

  it('CSV rows are the reference rows', () => {
    expect(chunks.every((c) => c.identityAt !== undefined)).toBe(true);
    const expected = ['id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n'];
    for (const c of chunks) {
      const flags = findOutliers(c);
      for (let i = 0; i < c.length; i++) {
        const q = points.find((x) => x.id === c.id[i])!;
        expected.push(
          [
            refText(q.id),
            new Date(q.t).toISOString().replace('.000Z', 'Z'),
            refNumber(q.lat),
            refNumber(q.lng),
            refNumber(q.speed),
            q.status ?? '',
            refNumber(q.direction),
            refText(q.vehicleNumber),
            refText(q.vin),
            refText(q.location),
            flags?.[i] === 1 ? 'true' : 'false',
          ].join(',') + '\r\n',
        );
      }
    }
    expect(expected.length).toBeGreaterThan(1000);
    const text = [...csvLines(chunks, { pieceSize: 4096 })].join('');
    expect(text).toBe(expected.join(''));
    expect(parseBreadcrumbCsv(text)).toEqual(chunks.flatMap((c) => [...chunkPoints(c)]));
  });

  it('GPX points carry exactly the known fields', () => {
    const text = [...gpxPieces({ chunks, meta: { ...META, from: chunks[0]!.day, to: chunks.at(-1)!.day } })].join('');
    const got = text.split('\n').filter((l) => l.startsWith('<trkpt'));
    const expected = chunks.flatMap((c) => {
      const flags = findOutliers(c);
      return [...chunkPoints(c)].map((q, i) => {
        const type = q.status === null ? '' : `<type>${q.status}</type>`;
        const speed = Number.isNaN(q.speed)
          ? ''
          : `<gpxtpx:speed>${refNumber(Math.round(q.speed * 0.44704 * 1e6) / 1e6)}</gpxtpx:speed>`;
        const course = Number.isNaN(q.direction)
          ? ''
          : `<gpxtpx:course>${((Math.round((((q.direction % 360) + 360) % 360) * 10) % 3600) / 10).toFixed(1)}</gpxtpx:course>`;
        return (
          `<trkpt lat="${refNumber(q.lat)}" lon="${refNumber(q.lng)}"><time>${new Date(q.t).toISOString().replace('.000Z', 'Z')}</time>` +
          `${type}${EXT}${speed}${course}</gpxtpx:TrackPointExtension>` +
          `${flags?.[i] === 1 ? '<rl:outlier>true</rl:outlier>' : ''}</extensions></trkpt>`
        );
      });
    });
    expect(got).toEqual(expected);
    expect(got.filter((l) => !l.includes('<type>')).length).toBe(
      chunks.reduce((n, c) => n + c.status.filter((s) => s === MotionCode.UNKNOWN).length, 0),
    );
    expect(MOTION_BY_CODE[MotionCode.UNKNOWN]).toBeUndefined();
  });
});
