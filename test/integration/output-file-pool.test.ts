/**
 * The CLI's output file hands each written piece back to its pool only once
 * the disk has it: a writer's pieces written through a real write stream
 * (here a 5 MB CSV in 64 KiB pieces, so writes queue behind each
 * other) give a file of exactly the writer's bytes, while the writer reuses
 * a few buffers instead of one per piece. And the disk takes pieces while the
 * writer still makes them, not only when the stream's buffer is full.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openOutputFile, WRITE_BUFFER } from '../../electron/node/cli/output-file.ts';
import { csvBytes } from '../../shared/export/csv.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'routelens-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('output file and piece pool', () => {
  it('writes the exact bytes while the writer reuses written buffers', async () => {
    const chunks = toDayChunks('v1', generateRandomTrack(11, 60));
    const expected = Buffer.concat([...csvBytes(chunks)].map((p) => Buffer.from(p)));
    expect(expected.length).toBeGreaterThan(4_000_000);

    const file = path.join(dir, 'pooled.csv');
    const out = openOutputFile(file);
    const buffers = new Set<ArrayBufferLike>();
    let pieces = 0;
    function* counted(): Generator<Uint8Array> {
      for (const p of csvBytes(chunks, { pieceSize: 64 * 1024, pool: out.pool })) {
        buffers.add(p.buffer);
        pieces++;
        yield p;
      }
    }
    await out.commit(counted());

    expect(readFileSync(file).equals(expected)).toBe(true);
    expect(pieces).toBeGreaterThan(50);
    // The stream holds its buffer's worth of pieces (1 MiB: 16 of 64 KiB) while the writer fills one more;
    // every later piece reuses a buffer already on disk.
    expect(buffers.size).toBeLessThanOrEqual(Math.ceil(WRITE_BUFFER / (64 * 1024)) + 3);
  });

  it('writes pieces to disk while the writer is still making them', async () => {
    const file = path.join(dir, 'overlap.txt');
    const out = openOutputFile(file);
    const piece = 'x'.repeat(15) + '\n';
    // Short of the stream's buffer, so nothing here ever waits for it to drain: every piece is a turn for the disk.
    const limit = Math.floor(WRITE_BUFFER / piece.length) - 1;
    let made = 0;
    let onDiskWhileMaking = 0;
    function* pieces(): Generator<string> {
      while (made < limit) {
        // The writer's own thread makes the pieces; only a turn of the event loop lets the stream write them.
        onDiskWhileMaking = statSync(out.tmp).size;
        if (onDiskWhileMaking > 0) return;
        made++;
        yield piece;
      }
    }
    await out.commit(pieces());

    expect(onDiskWhileMaking).toBeGreaterThan(0);
    expect(made).toBeLessThan(limit);
    expect(readFileSync(file, 'utf8')).toBe(piece.repeat(made));
  });
});
