/**
 * The writers' piece pool (shared/export/bytes.ts): a written piece handed
 * back is reused for a later piece, and only then; a buffer the pool did not
 * hand out is never reused, and a piece handed back twice is still handed
 * out once. The bytes are those of the writers without a pool.
 */
import { describe, expect, it } from 'vitest';
import { PiecePool } from '../../shared/export/bytes.ts';
import { csvBytes, csvLines } from '../../shared/export/csv.ts';
import { gpxBytes, gpxPieces } from '../../shared/export/gpx.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const chunks = toDayChunks('v1', generateRandomTrack(7, 3));
const meta = { carrierName: 'C', dotNumber: '1', vehicleNumber: 'T-1', vin: 'V', from: '', to: '', generatedAt: 0 };

function joined(pieces: Iterable<Uint8Array>): Buffer {
  return Buffer.concat([...pieces].map((p) => Buffer.from(p)));
}

/** Reads each piece as a disk would (a copy), then hands it back; counts the distinct buffers the writer used. */
function readAndReturn(
  pieces: Iterable<Uint8Array>,
  pool: PiecePool,
): { bytes: Buffer; buffers: number; pieces: number } {
  const copies: Buffer[] = [];
  const seen = new Set<ArrayBufferLike>();
  for (const p of pieces) {
    copies.push(Buffer.from(p));
    seen.add(p.buffer);
    pool.release(p);
  }
  return { bytes: Buffer.concat(copies), buffers: seen.size, pieces: copies.length };
}

describe('PiecePool', () => {
  it('hands a released buffer out again, for a size it can hold', () => {
    const pool = new PiecePool();
    const a = pool.alloc(100);
    expect(a.length).toBe(100);
    pool.release(a.subarray(0, 10));
    expect(pool.alloc(200).buffer).not.toBe(a.buffer);
    const again = pool.alloc(50);
    expect(again.buffer).toBe(a.buffer);
    expect(again.length).toBe(100);
  });

  it('ignores buffers it did not hand out', () => {
    const pool = new PiecePool();
    const foreign = new Uint8Array(100);
    pool.release(foreign);
    expect(pool.alloc(100).buffer).not.toBe(foreign.buffer);
  });

  it('hands a buffer released twice out once', () => {
    const pool = new PiecePool();
    const a = pool.alloc(8);
    pool.release(a);
    pool.release(a);
    const first = pool.alloc(8);
    const second = pool.alloc(8);
    expect(first.buffer).toBe(a.buffer);
    expect(second.buffer).not.toBe(a.buffer);
  });

  it('keeps at most `keepBytes` of written buffers', () => {
    const pool = new PiecePool(16);
    const bufs = [pool.alloc(8), pool.alloc(8), pool.alloc(8)];
    for (const b of bufs) pool.release(b);
    const reused = [pool.alloc(8), pool.alloc(8), pool.alloc(8)].filter((b) => bufs.some((x) => x.buffer === b.buffer));
    expect(reused).toHaveLength(2);
  });
});

describe('writers with a pool', () => {
  it('CSV: the same bytes, in a few reused buffers instead of one per piece', () => {
    const pool = new PiecePool();
    const plain = joined(csvBytes(chunks, { pieceSize: 4096 }));
    const pooled = readAndReturn(csvBytes(chunks, { pieceSize: 4096, pool }), pool);
    expect(pooled.bytes.equals(plain)).toBe(true);
    expect(pooled.pieces).toBeGreaterThan(20);
    expect(pooled.buffers).toBeLessThanOrEqual(2);
  });

  it('GPX: the same bytes, in a few reused buffers', () => {
    const pool = new PiecePool();
    const plain = joined(gpxBytes({ chunks, meta, pieceSize: 4096 }));
    const pooled = readAndReturn(gpxBytes({ chunks, meta, pieceSize: 4096, pool }), pool);
    expect(pooled.bytes.equals(plain)).toBe(true);
    expect(pooled.pieces).toBeGreaterThan(20);
    expect(pooled.buffers).toBeLessThanOrEqual(2);
  });

  it('text pieces (decoded, then their buffer handed back) read as the bytes do', () => {
    expect(Buffer.from([...csvLines(chunks, { pieceSize: 4096 })].join('')).equals(joined(csvBytes(chunks)))).toBe(
      true,
    );
    const gpx = [...gpxPieces({ chunks, meta, pieceSize: 4096 })];
    expect(gpx.length).toBeGreaterThan(20);
    expect(Buffer.from(gpx.join('')).equals(joined(gpxBytes({ chunks, meta })))).toBe(true);
  });

  it('without pieces handed back, each piece keeps its own buffer (nothing is overwritten)', () => {
    const pool = new PiecePool();
    const pieces = [...csvBytes(chunks, { pieceSize: 4096, pool })];
    expect(new Set(pieces.map((p) => p.buffer)).size).toBe(pieces.length);
    expect(joined(pieces).equals(joined(csvBytes(chunks, { pieceSize: 4096 })))).toBe(true);
  });
});
