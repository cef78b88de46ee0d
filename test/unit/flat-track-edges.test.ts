/**
 * Edges of the flattened analysis track (shared/analysis/flat-track.ts): no
 * chunks at all, the checks on vehicle and time order, and the mapping from
 * flat indices back to chunk and reading (indexAt, placeAt).
 *
 * Chunks are written reading by reading (one a minute, parked, no outliers),
 * so every flat index and its chunk and reading are known by construction.
 */
import { describe, expect, it } from 'vitest';
import { flattenTrack, indexAt, placeAt } from '../../shared/analysis/flat-track.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const MIN = 60_000;
const MAX_MPH = 110;

/** Parked readings at the given minutes after 08:00 UTC of `day`, located "<day> #k". */
function chunkOf(vehicleId: string, day: string, minutes: readonly number[], idPrefix = day): DayChunk {
  const start = Date.parse(`${day}T08:00:00Z`);
  const points: Breadcrumb[] = minutes.map((m, k) => ({
    id: `${idPrefix}-${k}`,
    t: start + m * MIN,
    lat: 35,
    lng: -97,
    speed: 0,
    status: 'STATIONARY',
    direction: 0,
    location: `${day} #${k}`,
    vehicleNumber: '1',
    vin: 'V',
  }));
  return buildDayChunk(vehicleId, day, points);
}

describe('flattenTrack: input checks', () => {
  it('flattens no chunks into an empty track of no vehicle', () => {
    const flat = flattenTrack([], MAX_MPH);
    expect(flat.vehicleId).toBe('');
    expect(flat.length).toBe(0);
    expect(Array.from(flat.offsets)).toEqual([0]);
  });

  it('names both vehicles when chunks of two are mixed', () => {
    const a = chunkOf('truck-7', '2026-04-01', [0, 1]);
    const b = chunkOf('truck-9', '2026-04-02', [0, 1]);
    expect(() => flattenTrack([a, b], MAX_MPH)).toThrow(
      'Track analysis needs chunks of one vehicle (got truck-7 and truck-9)',
    );
  });

  it('accepts a chunk that starts at the instant the previous one ends, and rejects one that starts earlier', () => {
    const a = chunkOf('v', '2026-04-01', [0, 5]);
    const same = chunkOf('v', '2026-04-01', [5, 9], 'again');
    const flat = flattenTrack([a, same], MAX_MPH);
    expect(flat.length).toBe(4);
    expect(Array.from(flat.t)).toEqual([0, 5, 5, 9].map((m) => Date.UTC(2026, 3, 1, 8) + m * MIN));
    const earlier = chunkOf('v', '2026-04-01', [4, 9], 'early');
    expect(() => flattenTrack([a, earlier], MAX_MPH)).toThrow(RangeError);
  });
});

describe('flattenTrack: from flat index back to the chunks', () => {
  // Chunk 0: 3 readings (flat 0-2), chunk 1: none, chunk 2: 2 readings (flat 3-4).
  const chunks = [
    chunkOf('v', '2026-04-01', [0, 1, 2]),
    chunkOf('v', '2026-04-02', []),
    chunkOf('v', '2026-04-03', [10, 20]),
  ];
  const flat = flattenTrack(chunks, MAX_MPH);

  it('finds the chunk and the reading in it of each flat index', () => {
    expect(Array.from(flat.offsets)).toEqual([0, 3, 3, 5]);
    expect([0, 1, 2, 3, 4].map((g) => indexAt(flat, g))).toEqual([
      { chunk: 0, point: 0 },
      { chunk: 0, point: 1 },
      { chunk: 0, point: 2 },
      { chunk: 2, point: 0 },
      { chunk: 2, point: 1 },
    ]);
  });

  it('reads the location of a reading, and an empty place for one that does not exist', () => {
    expect(placeAt(flat, indexAt(flat, 4))).toBe('2026-04-03 #1');
    expect(placeAt(flat, { chunk: 0, point: 2 })).toBe('2026-04-01 #2');
    expect(placeAt(flat, { chunk: 1, point: 0 })).toBe('');
    expect(placeAt(flat, { chunk: 7, point: 0 })).toBe('');
  });
});
