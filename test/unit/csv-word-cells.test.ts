/**
 * The CSV writer's word-wide text cells (csv-cells.ts): ASCII columns take the
 * word path, so hostile ASCII text is checked here against csvTextCell cell by
 * cell, across days whose columns reuse one another's scratch buffers.
 */
import { describe, expect, it } from 'vitest';
import { csvBytes, csvTextCell, parseCsv } from '../../shared/export/csv.ts';
import { createIsoFormatter } from '../../shared/export/format.ts';
import type { DayChunk } from '../../shared/track/types.ts';

function dayOf(day: string, ids: string[], locations: string[], t0 = Date.parse(`${day}T00:00:00Z`)): DayChunk {
  const n = ids.length;
  return {
    vehicleId: 'v',
    day,
    vehicleNumber: 'T-1',
    vin: 'VIN',
    length: n,
    t: Float64Array.from(ids, (_, i) => t0 + i * 60_007),
    lat: Float64Array.from(ids, (_, i) => 40 + i / 1000),
    lng: Float64Array.from(ids, (_, i) => -100 - i / 7000),
    speed: Float64Array.from(ids, (_, i) => i),
    direction: Float64Array.from(ids, (_, i) => (i * 37.5) % 360),
    status: Uint8Array.from(ids, (_, i) => i % 3),
    id: ids,
    location: locations,
  };
}

const HOSTILE = [
  'plain',
  '',
  'a,b',
  'say "hi"',
  '=1+1',
  '-3',
  "'quoted",
  '@x,y',
  'line\nbreak',
  'cr\rhere',
  '"',
  ',',
  '+"a"',
];

describe('word-wide text cells', () => {
  it('ASCII cells of every kind read back as csvTextCell writes them, whatever the day before left in the scratch', () => {
    const long = HOSTILE.map((s, i) => `${s}${'x'.repeat(i * 5)}`);
    const days = [
      dayOf('2026-05-01', long, [...long].reverse()),
      dayOf('2026-05-02', HOSTILE, HOSTILE),
      dayOf('2026-05-03', ['a', 'b'], ['"', 'c,d']),
    ];
    const text = Buffer.concat([...csvBytes(days, { header: false, pieceSize: 64 })]).toString('utf8');
    const rows = text.split('\r\n').slice(0, -1);
    const all = days.flatMap((d) => d.id.map((id, i) => [id, d.location[i]!] as const));
    expect(rows).toHaveLength(all.length);
    rows.forEach((row, k) => {
      const [id, location] = all[k]!;
      expect(row.startsWith(`${csvTextCell(id)},`)).toBe(true);
      expect(row.endsWith(`,${csvTextCell(location)},false`)).toBe(true);
    });
    expect(parseCsv(text).map((cells) => cells[0])).toEqual(
      all.map(([id]) => csvTextCell(id).replace(/^"|"$/g, '').replaceAll('""', '"')),
    );
  });

  it('a missing id or location is an empty cell, and a non-ASCII value anywhere in a column keeps the rest exact', () => {
    const ids = ['a', 'b,c', 'd'];
    delete (ids as (string | undefined)[])[1];
    const day = dayOf('2026-05-01', ids, ['Zoë, 🚚', 'x,y', '=z']);
    const [a, b, c] = Buffer.concat([...csvBytes([day], { header: false })])
      .toString('utf8')
      .split('\r\n');
    expect(a).toMatch(/^a,.*,"Zoë, 🚚",false$/);
    expect(b).toMatch(/^,.*,"x,y",false$/);
    expect(c).toMatch(/^d,.*,'=z,false$/);
  });

  it('times with milliseconds and fractional milliseconds keep the string formatter’s text', () => {
    const day = dayOf('2026-05-01', ['a', 'b', 'c'], ['', '', '']);
    day.t = Float64Array.from([
      Date.UTC(2026, 4, 1, 23, 59, 59, 7),
      Date.UTC(2026, 4, 1, 0, 0, 0, 120),
      Date.UTC(2026, 4, 1) + 0.5,
    ]);
    const times = Buffer.concat([...csvBytes([day], { header: false })])
      .toString('utf8')
      .split('\r\n')
      .slice(0, -1)
      .map((r) => r.split(',')[1]);
    expect(times).toEqual([
      '2026-05-01T23:59:59.007Z',
      '2026-05-01T00:00:00.120Z',
      createIsoFormatter()(Date.UTC(2026, 4, 1) + 0.5),
    ]);
  });
});
