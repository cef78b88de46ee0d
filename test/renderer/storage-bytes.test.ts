import { describe, expect, it } from 'vitest';
import { analysisColumnsOf } from '../../shared/analysis/analysis-columns.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { analysisColumnsBytes, chunkBytes, storedDayBytes } from '../../renderer/src/store/bytes.ts';

/** A day of four readings at two places, every field's size known by construction. */
function chunkOfFour(): DayChunk {
  const n = 4;
  return {
    vehicleId: 'veh-7',
    day: '2026-11-02',
    vehicleNumber: 'T-12',
    vin: 'VIN0000001',
    length: n,
    t: new Float64Array([1, 2, 3, 4]),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    direction: new Float64Array(n),
    status: new Uint8Array(n),
    id: ['r1', 'r2', 'r3', 'r4'],
    location: ['Ash Road', 'Ash Road', 'Elm', 'Ash Road'],
  };
}

describe('stored day bytes (the Storage screen sums them)', () => {
  const chunk = chunkOfFour();
  const columns = analysisColumnsOf('carrier-1', chunk);
  // Five Float64 columns, one byte of status and two of place index per reading; each distinct place once
  // and the row's identity strings, as UTF-16.
  const columnsBytes =
    4 * (5 * 8 + 1 + 2) +
    ('Ash Road'.length + 'Elm'.length) * 2 +
    ('carrier-1' + 'veh-7' + '2026-11-02' + 'T-12').length * 2;

  it('counts an analysis columns row: its own copy of the columns, its places once, its identity', () => {
    expect(analysisColumnsBytes(columns)).toBe(columnsBytes);
  });

  it('counts a day as its chunk and its analysis columns, and a day without columns as its chunk alone', () => {
    const chunkOnly =
      4 * (5 * 8 + 1) +
      ('r1r2r3r4' + 'Ash RoadAsh RoadElmAsh Road').length * 2 +
      ('veh-7' + '2026-11-02' + 'T-12' + 'VIN0000001').length * 2;
    expect(chunkBytes(chunk)).toBe(chunkOnly);
    expect(storedDayBytes(chunk, columns)).toBe(chunkOnly + columnsBytes);
    expect(storedDayBytes(chunk, null)).toBe(chunkOnly);
  });
});
