/**
 * One OSMData block of an `.osm.pbf` decoded for a pass (pbf-read.ts frames and inflates the blocks): the
 * ways pass reads only way groups and only the kept tags' strings; the nodes pass sums each dense group's
 * deltas in reused typed arrays and hands on id and position, never an object per node.
 */
import { PbfReader } from 'pbf';
import type { Pass } from './osm-read.ts';

/** Protobuf wire type of length-delimited fields. */
const BYTES = 2;

export class PbfFormatError extends Error {
  override name = 'PbfFormatError';
}

interface BlockFrame {
  /** [start, end) of each string, and the block's bytes they index into. */
  strings: number[];
  bytes: Uint8Array;
  /** Degrees = offset + value / scale. */
  latOffset: number;
  lngOffset: number;
  scale: number;
  groups: [number, number][];
}

/** The block's frame: where its strings and groups lie, and its coordinate scale. */
function frameOf(bytes: Uint8Array): BlockFrame {
  const pbf = new PbfReader(bytes);
  const frame: BlockFrame = { strings: [], bytes, latOffset: 0, lngOffset: 0, scale: 1e7, groups: [] };
  while (pbf.pos < pbf.length) {
    const val = pbf.readVarint();
    const field = val >> 3;
    if (field === 1 && (val & 7) === BYTES) {
      const end = pbf.readVarint() + pbf.pos;
      while (pbf.pos < end) {
        const inner = pbf.readVarint();
        if (inner !== ((1 << 3) | BYTES)) {
          pbf.skip(inner);
          continue;
        }
        const len = pbf.readVarint();
        frame.strings.push(pbf.pos, pbf.pos + len);
        pbf.pos += len;
      }
    } else if (field === 2 && (val & 7) === BYTES) {
      const end = pbf.readVarint() + pbf.pos;
      if (end > bytes.length) throw new PbfFormatError('a group runs past its block');
      frame.groups.push([pbf.pos, end]);
      pbf.pos = end;
    } else if (field === 17) {
      const g = pbf.readVarint();
      frame.scale = g === 100 || g === 0 ? 1e7 : 1e9 / g;
    } else if (field === 19) frame.latOffset = pbf.readVarint(true) * 1e-9;
    else if (field === 20) frame.lngOffset = pbf.readVarint(true) * 1e-9;
    else pbf.skip(val);
  }
  return frame;
}

export function decodeBlock(bytes: Uint8Array, pass: Pass): void {
  const frame = frameOf(bytes);
  const pbf = new PbfReader(bytes);
  const tags = pass.kind === 'ways' ? tagReader(frame, pass.keepTags) : null;
  for (const [start, end] of frame.groups) {
    pbf.pos = start;
    while (pbf.pos < end) {
      const val = pbf.readVarint();
      const field = val >> 3;
      if (pass.kind === 'nodes' && field === 2) denseNodes(pbf, frame, pass.onNode);
      else if (pass.kind === 'nodes' && field === 1) plainNode(pbf, frame, pass.onNode);
      else if (pass.kind === 'ways' && field === 3) way(pbf, tags!, pass.onWay);
      else pbf.skip(val);
    }
  }
}

/** Reads a kept tag's key and value by string index; keys are decoded once per block, values on demand. */
function tagReader(frame: BlockFrame, keep: readonly string[]) {
  const wanted = new Set(keep);
  const decoder = new TextDecoder('utf-8');
  const text = (i: number) => {
    const a = frame.strings[i * 2];
    const b = frame.strings[i * 2 + 1];
    if (a === undefined || b === undefined)
      throw new PbfFormatError(`a tag names string ${i} of ${frame.strings.length / 2}`);
    return decoder.decode(frame.bytes.subarray(a, b));
  };
  const keyCache = new Map<number, string | null>();
  return {
    /** The key when it is one kept, else null. */
    key(i: number): string | null {
      let k = keyCache.get(i);
      if (k === undefined) {
        const s = text(i);
        k = wanted.has(s) ? s : null;
        keyCache.set(i, k);
      }
      return k;
    },
    value: text,
  };
}

function packedEnd(pbf: PbfReader): number {
  const end = pbf.readVarint() + pbf.pos;
  if (end > pbf.length) throw new PbfFormatError('a packed field runs past its block');
  return end;
}

function way(
  pbf: PbfReader,
  tags: ReturnType<typeof tagReader>,
  onWay: Extract<Pass, { kind: 'ways' }>['onWay'],
): void {
  const end = packedEnd(pbf);
  let id = NaN;
  const keys: number[] = [];
  const vals: number[] = [];
  const refs: number[] = [];
  while (pbf.pos < end) {
    const val = pbf.readVarint();
    const field = val >> 3;
    if (field === 1) id = pbf.readVarint(true);
    else if (field === 2 && (val & 7) === BYTES) packedUInts(pbf, keys);
    else if (field === 3 && (val & 7) === BYTES) packedUInts(pbf, vals);
    else if (field === 8 && (val & 7) === BYTES) {
      const refsEnd = packedEnd(pbf);
      let ref = 0;
      while (pbf.pos < refsEnd) refs.push((ref += pbf.readSVarint()));
    } else pbf.skip(val);
  }
  if (!Number.isSafeInteger(id) || keys.length !== vals.length) return;
  const kept: Record<string, string> = {};
  let any = false;
  for (let i = 0; i < keys.length; i++) {
    const k = tags.key(keys[i]!);
    if (k === null) continue;
    kept[k] = tags.value(vals[i]!);
    any = true;
  }
  if (any) onWay({ id, refs, tags: kept });
}

function packedUInts(pbf: PbfReader, into: number[]): void {
  const end = packedEnd(pbf);
  while (pbf.pos < end) into.push(pbf.readVarint());
}

/** Reused between blocks: a dense group's deltas decoded before they are summed. */
let ids: Float64Array = new Float64Array(8192);
let lats: Float64Array = new Float64Array(8192);
let lngs: Float64Array = new Float64Array(8192);

function packedSInts(pbf: PbfReader, into: Float64Array): { values: Float64Array; count: number } {
  const end = packedEnd(pbf);
  let values = into;
  let n = 0;
  while (pbf.pos < end) {
    if (n === values.length) {
      const grown = new Float64Array(values.length * 2);
      grown.set(values);
      values = grown;
    }
    values[n++] = pbf.readSVarint();
  }
  return { values, count: n };
}

function denseNodes(pbf: PbfReader, frame: BlockFrame, onNode: Extract<Pass, { kind: 'nodes' }>['onNode']): void {
  const end = packedEnd(pbf);
  let nIds = 0;
  let nLats = 0;
  let nLngs = 0;
  while (pbf.pos < end) {
    const val = pbf.readVarint();
    const field = val >> 3;
    const packed = (val & 7) === BYTES;
    if (packed && field === 1) ({ values: ids, count: nIds } = packedSInts(pbf, ids));
    else if (packed && field === 8) ({ values: lats, count: nLats } = packedSInts(pbf, lats));
    else if (packed && field === 9) ({ values: lngs, count: nLngs } = packedSInts(pbf, lngs));
    else pbf.skip(val);
  }
  if (nIds !== nLats || nIds !== nLngs)
    throw new PbfFormatError('a dense node group has unequal id, lat and lon lists');
  let id = 0;
  let lat = 0;
  let lng = 0;
  for (let i = 0; i < nIds; i++) {
    id += ids[i]!;
    lat += lats[i]!;
    lng += lngs[i]!;
    emitNode(id, lat, lng, frame, onNode);
  }
}

function plainNode(pbf: PbfReader, frame: BlockFrame, onNode: Extract<Pass, { kind: 'nodes' }>['onNode']): void {
  const end = packedEnd(pbf);
  let id = NaN;
  let lat = NaN;
  let lng = NaN;
  while (pbf.pos < end) {
    const val = pbf.readVarint();
    const field = val >> 3;
    if (field === 1) id = pbf.readSVarint();
    else if (field === 8) lat = pbf.readSVarint();
    else if (field === 9) lng = pbf.readSVarint();
    else pbf.skip(val);
  }
  emitNode(id, lat, lng, frame, onNode);
}

/** A node without a readable id or position is left unlocated: its ways lose those segments, counted. */
function emitNode(
  id: number,
  rawLat: number,
  rawLng: number,
  frame: BlockFrame,
  onNode: Extract<Pass, { kind: 'nodes' }>['onNode'],
): void {
  const lat = frame.latOffset + rawLat / frame.scale;
  const lng = frame.lngOffset + rawLng / frame.scale;
  if (Number.isSafeInteger(id) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) onNode(id, lat, lng);
}
