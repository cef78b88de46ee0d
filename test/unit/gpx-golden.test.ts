import { describe, expect, it } from 'vitest';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

/**
 * The GPX track's exact bytes for a hand-built day, written out literally (the writer is tuned for speed; its
 * output must not change): point attributes, time, motion type, speed in m/s (mph × 0.44704), course at 0.1°,
 * the outlier flag, and a new segment after a silence.
 */
const p = (over: Partial<Breadcrumb> & Pick<Breadcrumb, 'id' | 't'>): Breadcrumb => ({
  lat: 41.5,
  lng: -93.6,
  speed: 55,
  status: 'IN_MOTION',
  direction: 90,
  location: '',
  vehicleNumber: 'T-101',
  vin: 'V',
  ...over,
});
const day = buildDayChunk('v', '2026-02-01', [
  p({ id: 'a', t: Date.parse('2026-02-01T10:00:00Z'), direction: 359.96 }),
  p({
    id: 'b',
    t: Date.parse('2026-02-01T10:00:30.250Z'),
    lat: 41.5001,
    speed: 0.1,
    direction: -90,
    status: 'STATIONARY',
  }),
  // Above the plausible maximum (100 here): an outlier, written and flagged; no heading, so no course.
  p({
    id: 'c',
    t: Date.parse('2026-02-01T10:01:00Z'),
    lat: 41.5002,
    speed: 1846,
    direction: Number.NaN,
    status: 'OFFLINE',
  }),
  // Two hours of silence and 69 miles on: a data gap, so a new segment. A negative speed is written as 0.
  p({ id: 'd', t: Date.parse('2026-02-01T12:00:00Z'), lat: 42.5, speed: -5 }),
]);

describe('GPX track bytes', () => {
  it('writes each point, the outlier flag and the segment break exactly', () => {
    const xml = [
      ...gpxPieces({
        chunks: [day],
        maxPlausibleMph: 100,
        meta: {
          carrierName: 'Prairie Line',
          dotNumber: '1234567',
          vehicleNumber: 'T-101',
          vin: 'V',
          from: '2026-02-01',
          to: '2026-02-01',
          generatedAt: Date.parse('2026-03-01T00:00:00Z'),
        },
      }),
    ].join('');
    const ext = (inner: string, outlier = false) =>
      `<extensions><gpxtpx:TrackPointExtension>${inner}</gpxtpx:TrackPointExtension>${outlier ? '<rl:outlier>true</rl:outlier>' : ''}</extensions></trkpt>\n`;
    expect(xml.slice(xml.indexOf('<trk>'))).toBe(
      '<trk>\n<name>T-101 2026-02-01</name>\n<desc>4 points on 2026-02-01 (UTC)</desc>\n<trkseg>\n' +
        '<trkpt lat="41.5" lon="-93.6"><time>2026-02-01T10:00:00Z</time><type>IN_MOTION</type>' +
        ext('<gpxtpx:speed>24.5872</gpxtpx:speed><gpxtpx:course>0.0</gpxtpx:course>') +
        '<trkpt lat="41.5001" lon="-93.6"><time>2026-02-01T10:00:30.250Z</time><type>STATIONARY</type>' +
        ext('<gpxtpx:speed>0.044704</gpxtpx:speed><gpxtpx:course>270.0</gpxtpx:course>') +
        '<trkpt lat="41.5002" lon="-93.6"><time>2026-02-01T10:01:00Z</time><type>OFFLINE</type>' +
        ext('<gpxtpx:speed>825.23584</gpxtpx:speed>', true) +
        '</trkseg>\n<trkseg>\n' +
        '<trkpt lat="42.5" lon="-93.6"><time>2026-02-01T12:00:00Z</time><type>IN_MOTION</type>' +
        ext('<gpxtpx:speed>0</gpxtpx:speed><gpxtpx:course>90.0</gpxtpx:course>') +
        '</trkseg>\n</trk>\n</gpx>\n',
    );
  });
});
