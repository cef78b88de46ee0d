import { describe, expect, it } from 'vitest';
import { readWkbPoint, wkbPoint, WKB_POINT_BYTES } from '../../shared/lake/wkb.ts';
import { bboxOf, geoMetadata } from '../../shared/lake/geo-metadata.ts';

describe('wkbPoint', () => {
  it('writes the OGC little-endian Point layout: byte order 1, type 1, x = lng, y = lat as float64', () => {
    const bytes = wkbPoint(-97.5, 35.25);
    expect(bytes).toHaveLength(WKB_POINT_BYTES);
    const view = new DataView(bytes.buffer);
    expect(bytes[0]).toBe(1);
    expect(view.getUint32(1, true)).toBe(1);
    expect(view.getFloat64(5, true)).toBe(-97.5);
    expect(view.getFloat64(13, true)).toBe(35.25);
    // POINT(-97.5 35.25) by hand: 01 | 01000000 | -97.5 = 0xC058600000000000 | 35.25 = 0x4041A00000000000, bytes reversed.
    expect(Buffer.from(bytes).toString('hex').toUpperCase()).toBe('010100000000000000006058C00000000000A04140');
  });

  it('fills a shared buffer at an offset and round-trips through the reader, big-endian input too', () => {
    const shared = new Uint8Array(WKB_POINT_BYTES * 2);
    wkbPoint(1.5, 2.5, shared, WKB_POINT_BYTES);
    expect(readWkbPoint(shared.subarray(WKB_POINT_BYTES))).toEqual({ lng: 1.5, lat: 2.5 });
    expect(() => wkbPoint(0, 0, shared, WKB_POINT_BYTES + 1)).toThrow(RangeError);
    const big = new Uint8Array(WKB_POINT_BYTES);
    const view = new DataView(big.buffer);
    view.setUint32(1, 1, false);
    view.setFloat64(5, -120.125, false);
    view.setFloat64(13, 47.5, false);
    expect(readWkbPoint(big)).toEqual({ lng: -120.125, lat: 47.5 });
    expect(readWkbPoint(new Uint8Array(20))).toBeNull();
  });
});

describe('geoMetadata', () => {
  it('is GeoParquet 1.1 with the box around every point, and no box for no points', () => {
    const box = bboxOf([-97, -96.5, -98], [35, 36, 34.5]);
    expect(box).toEqual([-98, 34.5, -96.5, 36]);
    expect(geoMetadata(box)).toEqual({
      version: '1.1.0',
      primary_column: 'geometry',
      columns: { geometry: { encoding: 'WKB', geometry_types: ['Point'], bbox: [-98, 34.5, -96.5, 36] } },
    });
    expect(bboxOf([], [])).toBeNull();
    expect(geoMetadata(null).columns['geometry']).not.toHaveProperty('bbox');
  });
});
