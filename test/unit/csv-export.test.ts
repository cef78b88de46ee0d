import { describe, expect, it } from 'vitest';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import { csvHeader, csvLines, csvTextCell, parseBreadcrumbCsv, parseCsv } from '../../shared/export/csv.ts';
import { formatNumber } from '../../shared/export/format.ts';
import { generateRandomTrack, generateTrack, rng, toDayChunks } from '../support/tracks.ts';

const HOSTILE = [
  '=1+2',
  '+SUM(A1)',
  '-2+3',
  '@cmd',
  '\tTab',
  '\rCR',
  "'quoted",
  'a,b',
  'say "hi"',
  'line\nbreak',
  'crlf\r\nx',
  '<&>"\'',
  'Zoë 🚚',
  '',
];

function hostileTrack() {
  return generateRandomTrack(5, 3, {
    location: (k) => HOSTILE[k % HOSTILE.length]!,
    vehicleNumber: '=HYPERLINK("http://x","y")',
    vin: '-1FUJ,"GLDR"',
  });
}

describe('csvLines', () => {
  it('starts with the exact header and ends every line with CRLF', () => {
    const text = [...csvLines(toDayChunks('v', generateRandomTrack(1, 1)))].join('');
    expect(
      text.startsWith('id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n'),
    ).toBe(true);
    expect(csvHeader).toBe(
      'id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(/[^\r]\n/.test(text)).toBe(false);
  });

  it('round-trips hostile text and exact numbers through parseCsv', () => {
    const chunks = toDayChunks('v', hostileTrack());
    const expected = chunks.flatMap((c) => [...chunkPoints(c)]);
    const text = [...csvLines(chunks)].join('');
    expect(parseBreadcrumbCsv(text)).toEqual(expected);
    expect(parseCsv(text)).toHaveLength(expected.length + 1);
  });

  it('exported for a zone: local_time next to the UTC timestamp, the same instant on that clock, read back too', () => {
    // 2026-03-08T07:30Z is 01:30 CST; 08:30Z is 03:30 CDT (Chicago springs forward at 08:00Z).
    const points = generateTrack([{ kind: 'drive', minutes: 120, mph: 50 }], { startMs: Date.UTC(2026, 2, 8, 7, 30) });
    const chunks = toDayChunks('v', points);
    const text = [...csvLines(chunks, { zone: 'America/Chicago' })].join('');
    const rows = parseCsv(text);
    expect(rows[0]!.slice(0, 4)).toEqual(['id', 'timestamp', 'local_time', 'lat']);
    expect(rows[1]!.slice(1, 3)).toEqual(['2026-03-08T07:30:00Z', '2026-03-08T01:30:00-06:00']);
    expect(rows[61]!.slice(1, 3)).toEqual(['2026-03-08T08:30:00Z', '2026-03-08T03:30:00-05:00']);
    expect(parseBreadcrumbCsv(text)).toEqual(chunks.flatMap((c) => [...chunkPoints(c)]));
    // A local_time that is not the same instant is refused.
    const forged = text.replace('2026-03-08T01:30:00-06:00', '2026-03-08T02:30:00-06:00');
    expect(() => parseBreadcrumbCsv(forged)).toThrow(/local_time/);
  });

  it('writes rows in ascending time whatever order the chunks come in', () => {
    const chunks = toDayChunks('v', generateRandomTrack(2, 4));
    const rows = parseBreadcrumbCsv([...csvLines([...chunks].reverse())].join(''));
    const times = rows.map((r) => r.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(rows).toHaveLength(chunks.reduce((n, c) => n + c.length, 0));
  });

  it('neutralises text cells only: negative longitudes stay plain numbers', () => {
    const chunks = toDayChunks('v', hostileTrack());
    const rows = parseCsv([...csvLines(chunks)].join('')).slice(1);
    const lngs = chunks.flatMap((c) => [...c.lng]);
    for (const [k, row] of rows.entries()) {
      const lng = row[3]!;
      expect(lng).toMatch(/^-\d/);
      expect(Number(lng)).toBe(lngs[k]);
      expect(row[7]).toBe(`'=HYPERLINK("http://x","y")`);
      expect(row[8]).toBe(`'-1FUJ,"GLDR"`);
    }
  });

  it('yields pieces of about the requested size that join to the same text', () => {
    const chunks = toDayChunks('v', generateRandomTrack(3, 2));
    const whole = [...csvLines(chunks)].join('');
    const pieces = [...csvLines(chunks, { pieceSize: 4096 })];
    expect(pieces.join('')).toBe(whole);
    expect(pieces.length).toBeGreaterThan(2);
    for (const p of pieces.slice(0, -1)) {
      expect(p.length).toBeGreaterThanOrEqual(4096);
      expect(p.length).toBeLessThan(4096 + 1000);
      expect(p.endsWith('\r\n')).toBe(true);
    }
    expect([...csvLines(chunks, { header: false })].join('')).toBe(whole.slice(csvHeader.length));
  });

  it('prints timestamps as ISO UTC with Z, milliseconds only when non-zero', () => {
    const points = generateTrack([{ kind: 'drive', minutes: 3, mph: 40 }], { startMs: Date.UTC(2026, 4, 1, 13, 4, 5) });
    points[1] = { ...points[1]!, t: points[1]!.t + 7 };
    const rows = parseCsv([...csvLines(toDayChunks('v', points))].join('')).slice(1);
    expect(rows.map((r) => r[1])).toEqual(points.map((p) => new Date(p.t).toISOString().replace('.000Z', 'Z')));
    expect(rows[0]![1]).toBe('2026-05-01T13:04:05Z');
    expect(rows[1]![1]).toBe('2026-05-01T13:05:05.007Z');
  });
});

describe('csvTextCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@a', "'@a"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ["'a", "''a"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['a\nb', '"a\nb"'],
    ['plain text', 'plain text'],
    ['', ''],
  ])('%j → %j', (input, cell) => {
    expect(csvTextCell(input)).toBe(cell);
  });
});

describe('parseCsv', () => {
  it('handles quoted separators, doubled quotes, empty cells, LF and a missing final newline', () => {
    expect(parseCsv('a,"b,c","d""e"\r\n,,\n"x\r\ny",z')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['', '', ''],
      ['x\r\ny', 'z'],
    ]);
    expect(() => parseCsv('"open')).toThrow(SyntaxError);
  });
});

describe('formatNumber', () => {
  it('prints the shortest exact decimal, never with an exponent', () => {
    expect(formatNumber(41.8781)).toBe('41.8781');
    expect(formatNumber(-97.1)).toBe('-97.1');
    expect(formatNumber(1e-7)).toBe('0.0000001');
    expect(formatNumber(-1.5e-9)).toBe('-0.0000000015');
    expect(formatNumber(1e21)).toBe('1000000000000000000000');
    expect(formatNumber(-0)).toBe('0');
    const next = rng(99);
    for (let k = 0; k < 2000; k++) {
      const x = (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20);
      const s = formatNumber(x);
      expect(s).not.toMatch(/e/i);
      expect(Number(s)).toBe(x);
    }
  });

  it('prints wire-like values (up to 6 decimals) exactly as String(n) does', () => {
    const next = rng(7);
    for (let k = 0; k < 5000; k++) {
      const decimals = Math.floor(next() * 7);
      const x = Number(((next() - 0.5) * 10 ** Math.floor(next() * 9)).toFixed(decimals));
      expect(formatNumber(x)).toBe(x === 0 ? '0' : String(x));
    }
    expect(formatNumber(-0.000001)).toBe('-0.000001');
    expect(formatNumber(123.00045)).toBe('123.00045');
  });
});
