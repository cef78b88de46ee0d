/**
 * Writes a PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) of vector tiles,
 * uncompressed: the built-in basemap's tiles are small and read from memory, so gzip would only cost the
 * renderer a decompression per tile. Identical tiles (open sea, the inside of a continent) are stored once and
 * consecutive ones share one directory entry; the entries are split into leaf directories so the root stays
 * inside the first 16 KiB that readers fetch with the header.
 */
import { zxyToTileId } from 'pmtiles';
import { utf8 } from '../export/bytes.ts';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveInfo {
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
  metadata: Record<string, unknown>;
}

export interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const HEADER_BYTES = 127;
/** Entries per leaf directory: a few KiB each, and a root of a handful of entries. */
export const LEAF_ENTRIES = 4096;
const COMPRESSION_NONE = 1;
const TILE_TYPE_MVT = 1;

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

/** The spec's directory: the count, then each column (id deltas, run lengths, lengths, offsets + 1 or 0 if contiguous). */
export function serializeDirectory(entries: DirectoryEntry[]): Uint8Array {
  const ids = entries.map((e, i) => e.tileId - (i > 0 ? entries[i - 1]!.tileId : 0));
  const offsets = entries.map((e, i) => {
    const prev = entries[i - 1];
    return prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1;
  });
  return Uint8Array.from(
    varints([entries.length, ...ids, ...entries.map((e) => e.runLength), ...entries.map((e) => e.length), ...offsets]),
  );
}

/** Tile data once per distinct content, in tile-id order, and the entries that address it. */
/** A tile's bytes as a string key (Latin-1, one char per byte), to find identical tiles without a hash. */
function contentKey(data: Uint8Array): string {
  let key = '';
  for (let i = 0; i < data.length; i += 8192) key += String.fromCharCode(...data.subarray(i, i + 8192));
  return key;
}

function layOut(tiles: ArchiveTile[]): {
  entries: DirectoryEntry[];
  data: Uint8Array[];
  contents: number;
  bytes: number;
} {
  const sorted = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  const seen = new Map<string, { offset: number; length: number }>();
  const entries: DirectoryEntry[] = [];
  const data: Uint8Array[] = [];
  let bytes = 0;
  for (const [i, t] of sorted.entries()) {
    if (i > 0 && sorted[i - 1]!.id === t.id) throw new Error(`tile id ${t.id} given twice`);
    const hash = contentKey(t.data);
    let at = seen.get(hash);
    if (!at) {
      at = { offset: bytes, length: t.data.length };
      seen.set(hash, at);
      data.push(t.data);
      bytes += t.data.length;
    }
    const last = entries[entries.length - 1];
    if (last && last.offset === at.offset && last.tileId + last.runLength === t.id) last.runLength++;
    else entries.push({ tileId: t.id, offset: at.offset, length: at.length, runLength: 1 });
  }
  return { entries, data, contents: seen.size, bytes };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function writePmtiles(tiles: ArchiveTile[], info: ArchiveInfo): Uint8Array {
  if (tiles.length === 0) throw new Error('an archive needs at least one tile');
  const { entries, data, contents, bytes } = layOut(tiles);
  let root: Uint8Array;
  let leaves: Uint8Array = new Uint8Array(0);
  if (entries.length <= LEAF_ENTRIES) root = serializeDirectory(entries);
  else {
    const leafParts: Uint8Array[] = [];
    const rootEntries: DirectoryEntry[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += LEAF_ENTRIES) {
      const chunk = entries.slice(i, i + LEAF_ENTRIES);
      const leaf = serializeDirectory(chunk);
      rootEntries.push({ tileId: chunk[0]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      offset += leaf.length;
    }
    root = serializeDirectory(rootEntries);
    leaves = concat(leafParts);
  }
  if (HEADER_BYTES + root.length > 16_384) throw new Error('the root directory does not fit in the first 16 KiB');
  const metadata = utf8(JSON.stringify(info.metadata));
  const rootAt = HEADER_BYTES;
  const metadataAt = rootAt + root.length;
  const leavesAt = metadataAt + metadata.length;
  const dataAt = leavesAt + leaves.length;

  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  'PMTiles'.split('').forEach((c, i) => header.setUint8(i, c.charCodeAt(0)));
  header.setUint8(7, 3);
  const u64 = (at: number, v: number) => header.setBigUint64(at, BigInt(v), true);
  u64(8, rootAt);
  u64(16, root.length);
  u64(24, metadataAt);
  u64(32, metadata.length);
  u64(40, leavesAt);
  u64(48, leaves.length);
  u64(56, dataAt);
  u64(64, bytes);
  u64(72, tiles.length);
  u64(80, entries.length);
  u64(88, contents);
  header.setUint8(96, 1); // clustered: tile data in tile-id order
  header.setUint8(97, COMPRESSION_NONE);
  header.setUint8(98, COMPRESSION_NONE);
  header.setUint8(99, TILE_TYPE_MVT);
  header.setUint8(100, info.minZoom);
  header.setUint8(101, info.maxZoom);
  const e7 = (at: number, deg: number) => header.setInt32(at, Math.round(deg * 1e7), true);
  e7(102, info.bounds[0]);
  e7(106, info.bounds[1]);
  e7(110, info.bounds[2]);
  e7(114, info.bounds[3]);
  header.setUint8(118, info.center[2]);
  e7(119, info.center[0]);
  e7(123, info.center[1]);
  return concat([new Uint8Array(header.buffer), root, metadata, leaves, ...data]);
}
