import { describe, expect, it } from 'vitest';
import { csvLines } from '../../shared/export/csv.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

/**
 * The breadcrumb CSV's exact bytes for a small hand-built track, written out literally: the format is
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
