/**
 * Edges of the byte writers (csv-cells.ts, bytes.ts, words.ts, gpx.ts): exact
 * bytes and texts written out by hand, buffer reuse and growth boundaries.
 */
import { describe, expect, it } from 'vitest';
import { BYTE_PIECE_SIZE, ByteBuilder, putSmallUint } from '../../shared/export/bytes.ts';
import { cellColumn, cellRoom, putCell } from '../../shared/export/csv-cells.ts';
import { csvLines } from '../../shared/export/csv.ts';
import { gpxByDays, type GpxMeta } from '../../shared/export/gpx.ts';
import { copyWords, putNumberWords } from '../../shared/export/words.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { crumbAt } from '../support/crumbs.ts';

const dec = new TextDecoder();

function numberText(n: number): string {
  const buf = new Uint8Array(400);
  const end = putNumberWords(buf, new DataView(buf.buffer), 0, n);
  return dec.decode(buf.subarray(0, end));
}

describe('cellColumn', () => {
  it('counts a missing value as empty', () => {
    const col = cellColumn(['ab'], 3, null);
    expect([...col.start]).toEqual([0, 2, 2, 2]);
    expect(col.ascii).toBe(true);
  });
  it('joins only the first n values', () => {
    const col = cellColumn(['ab', 'cde', 'fg'], 2, null);
    expect([...col.start]).toEqual([0, 2, 5]);
    expect(col.ascii).toBe(true);
    expect(dec.decode(col.bytes.subarray(0, 5))).toBe('abcde');
  });
  it('joins all values when n is their count', () => {
    const col = cellColumn(['ab', 'c,d', 'e"f'], 3, null);
    expect(col.ascii).toBe(true);
    expect([...col.kind]).toEqual([0, 1, 2]);
    expect(dec.decode(col.bytes.subarray(0, 8))).toBe('abc,de"f');
  });
  it('reuses a scratch buffer of exactly the size, else allocates twice the size', () => {
    const exact = new Uint8Array(3 + 4);
    expect(cellColumn(['abc'], 1, exact).bytes).toBe(exact);
    const small = new Uint8Array(6);
    const fresh = cellColumn(['abc'], 1, small).bytes;
    expect(fresh).not.toBe(small);
    expect(fresh.length).toBe(14);
    expect(cellColumn(['abc'], 1, null).bytes.length).toBe(14);
  });
  it('marks a non-ASCII column as such and leaves its kinds at 0', () => {
    const col = cellColumn(['é,', 'a"b'], 2, null);
    expect(col.ascii).toBe(false);
    expect([...col.kind]).toEqual([0, 0]);
  });
  it('gives 3 bytes per unit, 3 more and word slack as room', () => {
    const col = cellColumn(['abc', 'de', ''], 3, null);
    expect(cellRoom(col, 0)).toBe(16);
    expect(cellRoom(col, 1)).toBe(13);
    expect(cellRoom(col, 2)).toBe(7);
  });
  it('takes the slow path only for non-ASCII columns and doubled quotes', () => {
    const calls: string[] = [];
    const slow = (_b: Uint8Array, pos: number, v: string): number => {
      calls.push(v);
      return pos + 100;
    };
    const buf = new Uint8Array(64);
    const view = new DataView(buf.buffer);
    const col = cellColumn(['=a', 'b,c', 'd"e', ''], 4, null);
    expect(putCell(buf, view, 0, col, 0, slow)).toBe(3);
    expect(dec.decode(buf.subarray(0, 3))).toBe("'=a");
    expect(putCell(buf, view, 0, col, 1, slow)).toBe(5);
    expect(dec.decode(buf.subarray(0, 5))).toBe('"b,c"');
    expect(putCell(buf, view, 7, col, 3, slow)).toBe(7);
    expect(calls).toEqual([]);
    expect(putCell(buf, view, 0, col, 2, slow)).toBe(100);
    expect(putCell(buf, view, 0, cellColumn(['é'], 1, null), 0, slow)).toBe(100);
    expect(calls).toEqual(['d"e', 'é']);
  });
});

describe('csvLines text cells', () => {
  it('writes hostile ids and locations exactly', () => {
    const locs = ['a,b', 'say "hi"', '=SUM(A1)', '+1', '-2', '@x', '\tt', '\rr', "'q", 'Zürich', '', 'line\nbreak'];
    const chunk = buildDayChunk(
      'v',
      '2026-05-01',
      locs.map((l, k) => crumbAt(`i${k}`, k, l)),
    );
    const text = [...csvLines([chunk], { header: false })].join('');
    const cells = text.split('\r\n').map((row) => row.slice(row.indexOf('VIN1,') + 5, row.lastIndexOf(',')));
    expect(cells.slice(0, 12)).toEqual([
      '"a,b"',
      '"say ""hi"""',
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@x",
      "'\tt",
      '"\'\rr"',
      "''q",
      'Zürich',
      '',
      '"line\nbreak"',
    ]);
  });
  it('writes whole rows with a quoted, neutralised id and a non-ASCII id', () => {
    const chunk = buildDayChunk('v', '2026-05-01', [crumbAt('-a,b', 5, 'Köln'), crumbAt('ü"1', 6, '')]);
    expect([...csvLines([chunk], { header: false })].join('')).toBe(
      '"\'-a,b",2026-05-01T13:00:05Z,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,Köln,false\r\n' +
        '"ü""1",2026-05-01T13:00:06Z,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,,false\r\n',
    );
  });
});

describe('putNumberWords', () => {
  it('writes integers around the table bounds', () => {
    expect(numberText(0)).toBe('0');
    expect(numberText(9)).toBe('9');
    expect(numberText(10)).toBe('10');
    expect(numberText(99)).toBe('99');
    expect(numberText(100)).toBe('100');
    expect(numberText(999)).toBe('999');
    expect(numberText(1000)).toBe('1000');
    expect(numberText(-1)).toBe('-1');
    expect(numberText(123456789)).toBe('123456789');
  });
  it('writes decimals, negative ones and ones past the int table', () => {
    expect(numberText(0.5)).toBe('0.5');
    expect(numberText(-0.25)).toBe('-0.25');
    expect(numberText(1000.5)).toBe('1000.5');
    expect(numberText(-1000.125)).toBe('-1000.125');
    expect(numberText(12.000123)).toBe('12.000123');
    expect(numberText(999999999.5)).toBe('999999999.5');
  });
  it('hands what the word path cannot write to formatNumber', () => {
    expect(numberText(1.0000001)).toBe('1.0000001');
    expect(numberText(1e9)).toBe('1000000000');
    expect(numberText(-1e9)).toBe('-1000000000');
  });
});

describe('copyWords and bytes', () => {
  it('copies whole words without reading or writing a word past n', () => {
    const src = new DataView(Uint8Array.from([65, 66, 67, 68]).buffer);
    const dst = new Uint8Array(4);
    expect(copyWords(new DataView(dst.buffer), 0, src, 0, 4)).toBe(4);
    expect(dec.decode(dst)).toBe('ABCD');
  });
  it('has 512 KiB pieces and 16 KiB of headroom', () => {
    expect(BYTE_PIECE_SIZE).toBe(524288);
    expect(new ByteBuilder(100).buf.length).toBe(16484);
  });
  it('grows only past the end, to twice the size or what is asked', () => {
    const b = new ByteBuilder(0);
    b.buf.set([1, 2, 3]);
    b.pos = 3;
    const first = b.buf;
    expect(b.room(16381)).toBe(first);
    const grown = b.room(16382);
    expect(grown.length).toBe(32768);
    expect([...grown.subarray(0, 4)]).toEqual([1, 2, 3, 0]);
    expect(b.view.byteLength).toBe(32768);
    expect(b.room(32769).length).toBe(65536);
    const c = new ByteBuilder(0);
    c.pos = 3;
    expect(c.room(40000).length).toBe(40003);
  });
  it('writes small unsigned integers in decimal', () => {
    const buf = new Uint8Array(12);
    const text = (n: number): string => dec.decode(buf.subarray(0, putSmallUint(buf, 0, n)));
    expect(text(0)).toBe('0');
    expect(text(10)).toBe('10');
    expect(text(100)).toBe('100');
    expect(text(1000)).toBe('1000');
    expect(text(2147483647)).toBe('2147483647');
  });
});

const META: GpxMeta = {
  carrierName: 'C',
  dotNumber: '1',
  vehicleNumber: 'T-1',
  vin: 'VIN1',
  from: '2026-05-01',
  to: '2026-05-01',
  generatedAt: Date.UTC(2026, 4, 2),
};

describe('gpxByDays', () => {
  it('names both zones when they differ', () => {
    expect(() => gpxByDays({ dayZone: 'America/Chicago' }).file([], META)).toThrow(
      new RangeError('GPX: tracks of America/Chicago days under a header of UTC days'),
    );
    expect(() => gpxByDays({}).file([], { ...META, dayZone: 'America/Chicago' })).toThrow(
      new RangeError('GPX: tracks of UTC days under a header of America/Chicago days'),
    );
  });
  it('gives no piece for an empty day and a tight piece otherwise', () => {
    const byDays = gpxByDays({});
    expect(byDays.day(buildDayChunk('v', '2026-05-01', []))).toEqual([]);
    const pieces = byDays.day(buildDayChunk('v', '2026-05-01', [crumbAt('a', 1, ''), crumbAt('b', 2, '')]));
    expect(pieces).toHaveLength(1);
    expect(pieces[0]!.buffer.byteLength).toBe(pieces[0]!.length);
  });
  it('writes longitudes at the antimeridian, one segment, and an untyped point', () => {
    const chunk = buildDayChunk('v', '2026-05-01', [
      crumbAt('a', 1, '', { lng: -180 }),
      crumbAt('b', 2, '', { lng: 180 }),
    ]);
    chunk.status[1] = 7;
    const text = dec.decode(gpxByDays({}).day(chunk)[0]);
    expect(text.match(/lon="[^"]*"/g)).toEqual(['lon="-180"', 'lon="-180"']);
    expect(text.split('<trkseg>')).toHaveLength(2);
    expect(text).toContain('<time>2026-05-01T13:00:02Z</time><extensions><gpxtpx:TrackPointExtension>');
  });
});
