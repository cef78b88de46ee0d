/**
 * Writes PMTiles v3 archives for tests, from the spec (127-byte header,
 * varint root directory, Hilbert tile ids), in the shapes the app's reader
 * must refuse or read (gzip, raster, hostile metadata), which the app's own
 * writer (shared/map/pmtiles-write.ts, its directory serialiser shared) does not make.
 */
import { gzipSync } from 'node:zlib';
import { serializeDirectory, type DirectoryEntry } from '../../shared/map/pmtiles-write.ts';

export const COMPRESSION = { none: 1, gzip: 2 } as const;
export const TILE_TYPE = { mvt: 1, png: 2 } as const;

export interface ArchiveInput {
  tileType: keyof typeof TILE_TYPE;
  /** Applies to the directory and metadata, and to MVT tiles (PNGs are stored as they are). */
  compression: keyof typeof COMPRESSION;
  /** Tile bytes by "z/x/y". */
  tiles: ReadonlyMap<string, Uint8Array>;
  metadata: Record<string, unknown>;
  /** Stored as the metadata instead of `metadata` compressed: bytes already compressed (a hostile archive's). */
  rawMetadata?: Uint8Array;
  bounds?: [number, number, number, number];
}

/** Hilbert index of (x, y) on a 2^z grid (the classic xy2d), offset by the tiles of all lower zooms. */
export function tileId(z: number, x: number, y: number): number {
  const n = 2 ** z;
  let base = 0;
  for (let i = 0; i < z; i++) base += 4 ** i;
  let d = 0;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = n - 1 - tx;
        ty = n - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return base + d;
}

const squeeze = (bytes: Uint8Array, c: keyof typeof COMPRESSION) =>
  c === 'gzip' ? new Uint8Array(gzipSync(bytes)) : bytes;

export function writePmtiles(input: ArchiveInput): Buffer {
  const parsed = [...input.tiles].map(([key, data]) => {
    const [z, x, y] = key.split('/').map(Number) as [number, number, number];
    return { z, id: tileId(z, x, y), data: input.tileType === 'mvt' ? squeeze(data, input.compression) : data };
  });
  parsed.sort((a, b) => a.id - b.id);
  const entries: DirectoryEntry[] = [];
  let at = 0;
  for (const t of parsed) {
    entries.push({ tileId: t.id, offset: at, length: t.data.length, runLength: 1 });
    at += t.data.length;
  }
  const root = squeeze(serializeDirectory(entries), input.compression);
  const meta =
    input.rawMetadata ?? squeeze(new TextEncoder().encode(JSON.stringify(input.metadata)), input.compression);
  const HEADER = 127;
  const rootOffset = HEADER;
  const metaOffset = rootOffset + root.length;
  const dataOffset = metaOffset + meta.length;
  const zooms = parsed.map((t) => t.z);
  const [w, s, e, n] = input.bounds ?? [-180, -85, 180, 85];

  const h = Buffer.alloc(HEADER);
  h.write('PMTiles', 0, 'latin1');
  h.writeUInt8(3, 7);
  const u64 = (value: number, pos: number) => h.writeBigUInt64LE(BigInt(value), pos);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metaOffset, 24);
  u64(meta.length, 32);
  u64(dataOffset, 40); // no leaf directories
  u64(0, 48);
  u64(dataOffset, 56);
  u64(at, 64);
  u64(entries.length, 72);
  u64(entries.length, 80);
  u64(entries.length, 88);
  h.writeUInt8(1, 96); // clustered: tile data is in tile-id order
  h.writeUInt8(COMPRESSION[input.compression], 97);
  h.writeUInt8(input.tileType === 'mvt' ? COMPRESSION[input.compression] : COMPRESSION.none, 98);
  h.writeUInt8(TILE_TYPE[input.tileType], 99);
  h.writeUInt8(Math.min(...zooms), 100);
  h.writeUInt8(Math.max(...zooms), 101);
  const e7 = (deg: number, pos: number) => h.writeInt32LE(Math.round(deg * 1e7), pos);
  e7(w, 102);
  e7(s, 106);
  e7(e, 110);
  e7(n, 114);
  h.writeUInt8(Math.min(...zooms), 118);
  e7((w + e) / 2, 119);
  e7((s + n) / 2, 123);
  return Buffer.concat([h, root, meta, ...parsed.map((t) => t.data)]);
}
