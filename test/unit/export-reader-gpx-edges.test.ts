/**
 * The CSV reader's line endings (empty text, blank lines, a lone CR, CRLF
 * pairs) and the GPX writer's refusal of a point with impossible
 * coordinates, word for word with the point's id (or its index when it has
 * none) and its day. Expected values are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../shared/export/csv.ts';
import { gpxPieces, type GpxInput } from '../../shared/export/gpx.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { crumbAt } from '../support/crumbs.ts';

describe('parseCsv line endings', () => {
  it('reads empty text as no rows at all', () => {
    expect(parseCsv('')).toEqual([]);
  });
  it('keeps a blank line between rows as a row of one empty cell, with LF or CRLF', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
    expect(parseCsv('a\r\n\r\nb\r\n')).toEqual([['a'], [''], ['b']]);
  });
  it('ends a row at a lone CR without swallowing the next character', () => {
    expect(parseCsv('a\rb')).toEqual([['a'], ['b']]);
    expect(parseCsv('a,b\rc,d\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

const META: GpxInput['meta'] = {
  carrierName: 'Acme Freight',
  dotNumber: '1234567',
  vehicleNumber: 'T-1',
  vin: 'VIN1',
  from: '2026-05-01',
  to: '2026-05-01',
  generatedAt: Date.UTC(2026, 4, 2),
};

function gpxOf(points: ReturnType<typeof crumbAt>[], ids?: string[]): string {
  const chunk = buildDayChunk('v', '2026-05-01', points);
  if (ids) chunk.id = ids;
  return [...gpxPieces({ chunks: [chunk], meta: META })].join('');
}

describe('GPX points with impossible coordinates', () => {
  it('refuses a latitude past a pole with the point, its day and both coordinates', () => {
    const points = [crumbAt('a1', 0, ''), crumbAt('a2', 60, '', { lat: 90.5 })];
    expect(() => gpxOf(points)).toThrow(
      new RangeError('GPX: point a2 of 2026-05-01 has invalid coordinates (90.5, -97.1)'),
    );
  });
  it('refuses a longitude that is not a number, and names the point by its index when it has no id', () => {
    const points = [crumbAt('a1', 0, ''), crumbAt('a2', 60, '', { lng: Number.NaN })];
    expect(() => gpxOf(points, ['a1'])).toThrow(
      new RangeError('GPX: point 1 of 2026-05-01 has invalid coordinates (40.5, NaN)'),
    );
  });
  it('takes both poles and a longitude outside ±180 (written normalised)', () => {
    const xml = gpxOf([crumbAt('a1', 0, '', { lat: -90 }), crumbAt('a2', 60, '', { lat: 90, lng: 190 })]);
    expect(xml).toContain('<bounds minlat="-90" minlon="-170" maxlat="90" maxlon="-97.1"/>');
  });
});
