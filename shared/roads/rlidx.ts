/**
 * The road index as bytes (`.rlidx`), a versioned little-endian binary read
 * back without parsing text: a 40-byte header (magic, version, counts), then
 * sections each starting on an 8-byte boundary so typed arrays view them in
 * place: way ids (f64), way strings (5 u32 indices into the string table:
 * highway, name, ref, limitText, conditional), limits (f64 mph, NaN for none),
 * flags (u8 oneway+1, u8 source), the string table (u32 offsets, UTF-8),
 * segWay (u32), segCoords (i32, degrees × 1e7: about 1 cm) and the flatbush
 * tree's own bytes. The reader checks every count, index and code before use.
 * Pure: the CLI writes files of it (electron/node/roads/rlidx.ts), the app
 * keeps one and hands its bytes to the renderer's workers.
 */
import { roadIndexOf } from './road-index.ts';
import { treeBytesOf, treeFromBytes, type SegmentTree } from './tree-bytes.ts';
import type { LimitSource, RoadIndex, RoadWay } from './types.ts';

declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

/** "RLIDX\0\r\n": the \r\n catches a file mangled by a text-mode transfer. */
export const RLIDX_MAGIC = new Uint8Array([82, 76, 73, 68, 88, 0, 13, 10]);
export const RLIDX_VERSION = 1;
const HEADER_BYTES = 40;
const STRINGS_PER_WAY = 5;
const FIXED = 1e7;
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

/** The index as bytes, laid out as the module's comment says. */
export function encodeRoadIndex(index: RoadIndex): Uint8Array {
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
  const encoder = new TextEncoder();
  const encoded = [...table.keys()].map((s) => encoder.encode(s));
  const stringBytes = encoded.reduce((n, b) => n + b.length, 0);
  const segs = index.segWay.length;
  const tree = quantizedTreeBytes(index);
  const l = layoutOf(ways.length, segs, encoded.length, stringBytes, tree.byteLength);
  const ab = new ArrayBuffer(l.end);
  const bytes = new Uint8Array(ab);
  bytes.set(RLIDX_MAGIC, 0);
  const head = new DataView(ab);
  [RLIDX_VERSION, ways.length, segs, encoded.length, stringBytes, tree.byteLength].forEach((v, i) =>
    head.setUint32(8 + i * 4, v, true),
  );
  new Float64Array(ab, l.wayIds, ways.length).set(ways.map((w) => w.wayId));
  new Uint32Array(ab, l.wayStrings, stringIdx.length).set(stringIdx);
  new Float64Array(ab, l.wayLimits, ways.length * 2).set(ways.flatMap((w) => [w.forwardMph, w.backwardMph]));
  new Uint8Array(ab, l.wayFlags, ways.length * 2).set(ways.flatMap((w) => [w.oneway + 1, SOURCES.indexOf(w.source)]));
  const offsets = new Uint32Array(ab, l.stringOffsets, encoded.length + 1);
  let at = 0;
  encoded.forEach((b, i) => {
    offsets[i] = at;
    bytes.set(b, l.stringBytes + at);
    at += b.length;
  });
  offsets[encoded.length] = at;
  new Uint32Array(ab, l.segWay, segs).set(index.segWay);
  const fixed = new Int32Array(ab, l.segCoords, segs * 4);
  for (let i = 0; i < segs * 4; i++) fixed[i] = Math.round(index.segCoords[i]! * FIXED);
  bytes.set(new Uint8Array(tree), l.tree);
  return bytes;
}

/** The tree over the fixed-point coordinates as they will be read back (so boxes and segments agree exactly). */
function quantizedTreeBytes(index: RoadIndex): ArrayBuffer {
  return treeBytesOf(index.segCoords.map((v) => Math.round(v * FIXED) / FIXED));
}

/** Whether the bytes start with the index's magic (how a built index is told from an extract). */
export function isRoadIndexBytes(head: Uint8Array): boolean {
  return head.length >= RLIDX_MAGIC.length && RLIDX_MAGIC.every((b, i) => head[i] === b);
}

/**
 * The index the bytes hold, every count, index and code checked; `name` (a path or a label) starts each
 * refusal: "<name> is not a readable road index: <why>." The bytes are copied once (typed-array views need
 * aligned offsets), so the caller may reuse them.
 */
export function decodeRoadIndex(file: Uint8Array, name: string): RoadIndex {
  const fail = (why: string) => new RoadIndexFileError(`${name} is not a readable road index: ${why}.`);
  if (file.length < HEADER_BYTES || !isRoadIndexBytes(file)) throw fail('it does not start with the RLIDX header');
  const head = new DataView(file.buffer, file.byteOffset, HEADER_BYTES);
  const version = head.getUint32(8, true);
  if (version !== RLIDX_VERSION)
    throw fail(`it is version ${version}, and this RouteLens reads version ${RLIDX_VERSION}`);
  const [ways, segs, strings, stringBytes, treeBytes] = [12, 16, 20, 24, 28].map((at) => head.getUint32(at, true));
  const l = layoutOf(ways!, segs!, strings!, stringBytes!, treeBytes!);
  if (l.end !== file.length)
    throw fail(`its header announces ${l.end} bytes, the file has ${file.length} (truncated?)`);
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
