/**
 * The road index on disk (`.rlidx`), a versioned little-endian binary read
 * back without parsing text: a 40-byte header (magic, version, counts), then
 * sections each starting on an 8-byte boundary so typed arrays view them in
 * place: way ids (f64), way strings (5 u32 indices into the string table:
 * highway, name, ref, limitText, conditional), limits (f64 mph, NaN for none),
 * flags (u8 oneway+1, u8 source), the string table (u32 offsets, UTF-8),
 * segWay (u32), segCoords (i32, degrees × 1e7: about 1 cm) and the flatbush
 * tree's own bytes. The reader checks every count, index and code before use.
 */
import { readFileSync, statSync, writeFileSync, renameSync, rmSync } from 'node:fs';
import { roadIndexOf } from '../../../shared/roads/road-index.ts';
import { treeBytesOf, treeFromBytes, type SegmentTree } from '../../../shared/roads/tree-bytes.ts';
import type { LimitSource, RoadIndex, RoadWay } from '../../../shared/roads/types.ts';

export const RLIDX_MAGIC = Buffer.from('RLIDX\0\r\n', 'latin1');
export const RLIDX_VERSION = 1;
const HEADER_BYTES = 40;
const STRINGS_PER_WAY = 5;
const FIXED = 1e7;
/** Node reads a file into one buffer of at most 2 GiB; an index that large would hold some 100 million segments. */
const MAX_FILE_BYTES = 2 ** 31 - 1;
const SOURCES: readonly LimitSource[] = ['zone', 'posted', 'default', 'none'];

export class RoadIndexFileError extends Error {
  override name = 'RoadIndexFileError';
}

interface Layout {
  wayIds: number;
  wayStrings: number;
  wayLimits: number;
  wayFlags: number;
  stringOffsets: number;
  stringBytes: number;
  segWay: number;
  segCoords: number;
  tree: number;
  end: number;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

function layoutOf(ways: number, segs: number, strings: number, stringBytes: number, treeBytes: number): Layout {
  const l = {} as Layout;
  let at = HEADER_BYTES;
  const section = (name: keyof Layout, bytes: number) => {
    l[name] = at;
    at = align8(at + bytes);
  };
  section('wayIds', ways * 8);
  section('wayStrings', ways * STRINGS_PER_WAY * 4);
  section('wayLimits', ways * 2 * 8);
  section('wayFlags', ways * 2);
  section('stringOffsets', (strings + 1) * 4);
  section('stringBytes', stringBytes);
  section('segWay', segs * 4);
  section('segCoords', segs * 4 * 4);
  section('tree', treeBytes);
  l.end = at;
  return l;
}

/** Written beside `path` and renamed, so a failed write never leaves half an index. */
export function writeRoadIndex(index: RoadIndex, path: string): void {
  const table = new Map<string, number>();
  const intern = (s: string) => {
    let i = table.get(s);
    if (i === undefined) table.set(s, (i = table.size));
    return i;
  };
  const ways = index.ways;
  const stringIdx = new Uint32Array(ways.length * STRINGS_PER_WAY);
  ways.forEach((w, i) =>
    [w.highway, w.name, w.ref, w.limitText, w.conditional].forEach((s, k) => (stringIdx[i * 5 + k] = intern(s))),
  );
  const encoded = [...table.keys()].map((s) => Buffer.from(s, 'utf8'));
  const stringBytes = encoded.reduce((n, b) => n + b.length, 0);
  const segs = index.segWay.length;
  const tree = quantizedTreeBytes(index);
  const l = layoutOf(ways.length, segs, encoded.length, stringBytes, tree.byteLength);
  const buf = Buffer.alloc(l.end);
  RLIDX_MAGIC.copy(buf, 0);
  [RLIDX_VERSION, ways.length, segs, encoded.length, stringBytes, tree.byteLength].forEach((v, i) =>
    buf.writeUInt32LE(v, 8 + i * 4),
  );
  const ab = buf.buffer;
  const o = buf.byteOffset;
  new Float64Array(ab, o + l.wayIds, ways.length).set(ways.map((w) => w.wayId));
  new Uint32Array(ab, o + l.wayStrings, stringIdx.length).set(stringIdx);
  new Float64Array(ab, o + l.wayLimits, ways.length * 2).set(ways.flatMap((w) => [w.forwardMph, w.backwardMph]));
  new Uint8Array(ab, o + l.wayFlags, ways.length * 2).set(
    ways.flatMap((w) => [w.oneway + 1, SOURCES.indexOf(w.source)]),
  );
  const offsets = new Uint32Array(ab, o + l.stringOffsets, encoded.length + 1);
  let at = 0;
  encoded.forEach((b, i) => {
    offsets[i] = at;
    b.copy(buf, l.stringBytes + at);
    at += b.length;
  });
  offsets[encoded.length] = at;
  new Uint32Array(ab, o + l.segWay, segs).set(index.segWay);
  const fixed = new Int32Array(ab, o + l.segCoords, segs * 4);
  for (let i = 0; i < segs * 4; i++) fixed[i] = Math.round(index.segCoords[i]! * FIXED);
  Buffer.from(tree).copy(buf, l.tree);
  const tmp = `${path}.partial-${process.pid}`;
  try {
    writeFileSync(tmp, buf);
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** The tree over the fixed-point coordinates as they will be read back (so boxes and segments agree exactly). */
function quantizedTreeBytes(index: RoadIndex): ArrayBuffer {
  return treeBytesOf(index.segCoords.map((v) => Math.round(v * FIXED) / FIXED));
}

/** Whether the file starts with the index's magic (the CLI's way to tell an index from an extract). */
export function isRoadIndexFile(head: Buffer): boolean {
  return head.subarray(0, RLIDX_MAGIC.length).equals(RLIDX_MAGIC);
}

export function readRoadIndex(path: string): RoadIndex {
  const size = statSync(path).size;
  const fail = (why: string) => new RoadIndexFileError(`${path} is not a readable road index: ${why}.`);
  if (size > MAX_FILE_BYTES) throw fail(`${size} bytes is more than the 2 GiB an index may have`);
  const file = readFileSync(path);
  if (file.length < HEADER_BYTES || !isRoadIndexFile(file)) throw fail('it does not start with the RLIDX header');
  const version = file.readUInt32LE(8);
  if (version !== RLIDX_VERSION)
    throw fail(`it is version ${version}, and this RouteLens reads version ${RLIDX_VERSION}`);
  const [ways, segs, strings, stringBytes, treeBytes] = [12, 16, 20, 24, 28].map((at) => file.readUInt32LE(at));
  const l = layoutOf(ways!, segs!, strings!, stringBytes!, treeBytes!);
  if (l.end !== file.length)
    throw fail(`its header announces ${l.end} bytes, the file has ${file.length} (truncated?)`);
  // A copy at offset 0 of its own buffer: typed-array views need aligned offsets.
  const ab = new ArrayBuffer(file.length);
  new Uint8Array(ab).set(file);
  const bytes = new Uint8Array(ab);
  const text = stringTable(
    new Uint32Array(ab, l.stringOffsets, strings! + 1),
    bytes,
    l.stringBytes,
    stringBytes!,
    fail,
  );
  const roadWays = readWays(ab, l, ways!, text, fail);
  const segWay = new Uint32Array(ab, l.segWay, segs!);
  for (const w of segWay) if (w >= ways!) throw fail(`a segment names way ${w} of ${ways}`);
  const fixed = new Int32Array(ab, l.segCoords, segs! * 4);
  const segCoords = new Float64Array(fixed.length);
  for (let i = 0; i < fixed.length; i++) {
    segCoords[i] = fixed[i]! / FIXED;
    if (Math.abs(segCoords[i]!) > (i % 2 === 0 ? 90 : 180)) throw fail('a segment lies outside lat/lng bounds');
  }
  return roadIndexOf(roadWays, segWay, segCoords, treeOf(ab, l.tree, treeBytes!, segs!, fail));
}

type Fail = (why: string) => Error;

function stringTable(offsets: Uint32Array, bytes: Uint8Array, start: number, length: number, fail: Fail): string[] {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const out: string[] = [];
  for (let i = 0; i + 1 < offsets.length; i++) {
    const a = offsets[i]!;
    const b = offsets[i + 1]!;
    if (a > b || b > length) throw fail('its string table is inconsistent');
    try {
      out.push(decoder.decode(bytes.subarray(start + a, start + b)));
    } catch {
      throw fail('its string table holds text that is not UTF-8');
    }
  }
  return out;
}

function readWays(ab: ArrayBuffer, l: Layout, n: number, text: readonly string[], fail: Fail): RoadWay[] {
  const ids = new Float64Array(ab, l.wayIds, n);
  const idx = new Uint32Array(ab, l.wayStrings, n * STRINGS_PER_WAY);
  const limits = new Float64Array(ab, l.wayLimits, n * 2);
  const flags = new Uint8Array(ab, l.wayFlags, n * 2);
  const str = (i: number) => {
    const s = text[idx[i]!];
    if (s === undefined) throw fail(`a way names string ${idx[i]} of ${text.length}`);
    return s;
  };
  const ways: RoadWay[] = [];
  for (let i = 0; i < n; i++) {
    const oneway = flags[i * 2]! - 1;
    const source = SOURCES[flags[i * 2 + 1]!];
    if (oneway < -1 || oneway > 1 || !source) throw fail(`way ${ids[i]} has an unknown direction or source code`);
    ways.push({
      wayId: ids[i]!,
      highway: str(i * 5),
      name: str(i * 5 + 1),
      ref: str(i * 5 + 2),
      oneway: oneway as -1 | 0 | 1,
      forwardMph: limits[i * 2]!,
      backwardMph: limits[i * 2 + 1]!,
      source,
      limitText: str(i * 5 + 3),
      conditional: str(i * 5 + 4),
    });
  }
  return ways;
}

function treeOf(ab: ArrayBuffer, at: number, bytes: number, segs: number, fail: Fail): SegmentTree | null {
  if (segs === 0) return null;
  try {
    return treeFromBytes(ab.slice(at, at + bytes), segs);
  } catch (err) {
    throw fail(`its spatial tree cannot be read (${(err as Error).message})`);
  }
}
