import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A small zip writer and a defensive reader, enough for audit bundles
 * (APPNOTE 6.3: local headers, central directory, end record; no zip64, no
 * encryption). Entries are deflated (node:zlib) or, when that does not make
 * them smaller, stored; names are UTF-8 (flag bit 11). The reader checks
 * every offset and size before it reads, inflates no more than the entry
 * declares, and reports a damaged entry (CRC-32 or size mismatch, bad
 * compressed data) by name instead of failing the whole archive, so `verify`
 * can say which file was altered.
 */

export interface ZipInput {
  name: string;
  data: Uint8Array;
}

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const UTF8_FLAG = 0x0800;
const STORED = 0;
const DEFLATED = 8;
const MAX_32 = 0xffffffff;

/** Bounds of what the reader accepts: an audit bundle has six files, the largest a few tens of MB. */
export const ZIP_LIMITS = Object.freeze({
  maxEntries: 64,
  maxEntryBytes: 1024 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxNameBytes: 255,
});

/** MS-DOS date and time of `ms`, read as UTC (a zip has no time zone; the manifest states the instant). */
function dosDateTime(ms: number): { date: number; time: number } {
  const d = new Date(ms);
  const year = Math.min(2107, Math.max(1980, d.getUTCFullYear()));
  return {
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
  };
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_NAME_CHAR = /[/\\\u0000-\u001f\u007f:]/;

/** A name every unzip extracts where it should: no folders, no traversal, no control characters. */
export function isSafeEntryName(name: string): boolean {
  return (
    name.length > 0 &&
    Buffer.byteLength(name) <= ZIP_LIMITS.maxNameBytes &&
    !UNSAFE_NAME_CHAR.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

/** The archive of `entries`, in the order given, modified at `mtimeMs`. */
export function writeZip(entries: readonly ZipInput[], mtimeMs: number): Buffer {
  const { date, time } = dosDateTime(mtimeMs);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const names = new Set<string>();
  for (const entry of entries) {
    if (!isSafeEntryName(entry.name)) throw new RangeError(`zip: "${entry.name}" is not a plain file name`);
    if (names.has(entry.name)) throw new RangeError(`zip: "${entry.name}" appears twice`);
    names.add(entry.name);
    if (entry.data.byteLength >= MAX_32)
      throw new RangeError(`zip: ${entry.name} is larger than 4 GB (zip64 is not written)`);
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const method = deflated.byteLength < entry.data.byteLength ? DEFLATED : STORED;
    const body =
      method === DEFLATED ? deflated : Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.byteLength, 18);
    local.writeUInt32LE(entry.data.byteLength, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL, 0);
    header.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, zip 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_FLAG, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.byteLength, 20);
    header.writeUInt32LE(entry.data.byteLength, 24);
    header.writeUInt16LE(name.byteLength, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(header, name);
    offset += local.byteLength + name.byteLength + body.byteLength;
    if (offset >= MAX_32) throw new RangeError('zip: the archive would be larger than 4 GB (zip64 is not written)');
  }
  const centralSize = central.reduce((n, b) => n + b.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

export interface ZipEntry {
  name: string;
  /** The entry's bytes; absent when `problem` says why they cannot be trusted. */
  data?: Buffer;
  /** Why this entry is damaged (CRC-32 or size mismatch, bad compressed data, unsupported method). */
  problem?: string;
}

function findEnd(buf: Buffer): number {
  const last = buf.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) if (buf.readUInt32LE(i) === END) return i;
  throw new ZipFormatError('no end of central directory record (not a zip file, or cut short)');
}

/** Reads every entry of `buf`; throws ZipFormatError when the archive's structure cannot be read at all. */
export function readZip(buf: Buffer): ZipEntry[] {
  if (buf.length < 22) throw new ZipFormatError('too short to be a zip file');
  const end = findEnd(buf);
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const start = buf.readUInt32LE(end + 16);
  if (buf.readUInt16LE(end + 4) !== 0 || buf.readUInt16LE(end + 6) !== 0 || buf.readUInt16LE(end + 8) !== count)
    throw new ZipFormatError('multi-disk archives are not supported');
  if (count > ZIP_LIMITS.maxEntries)
    throw new ZipFormatError(`${count} entries (at most ${ZIP_LIMITS.maxEntries} are read)`);
  if (start + size > end) throw new ZipFormatError('the central directory lies outside the file');
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  let at = start;
  for (let k = 0; k < count; k++) {
    if (at + 46 > start + size || buf.readUInt32LE(at) !== CENTRAL)
      throw new ZipFormatError(`central directory entry ${k + 1} is damaged`);
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const plain = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const offset = buf.readUInt32LE(at + 42);
    if (at + 46 + nameLen + extraLen + commentLen > start + size)
      throw new ZipFormatError(`central directory entry ${k + 1} is damaged`);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    if (!isSafeEntryName(name)) throw new ZipFormatError(`entry ${k + 1} has an unsafe name "${name.slice(0, 80)}"`);
    if (names.has(name)) throw new ZipFormatError(`"${name}" appears twice`);
    names.add(name);
    total += plain;
    if (plain > ZIP_LIMITS.maxEntryBytes || total > ZIP_LIMITS.maxTotalBytes)
      throw new ZipFormatError(`${name} is larger than this reader accepts`);
    entries.push(readEntry(buf, { name, flags, method, crc, compressed, plain, offset, centralStart: start }));
  }
  return entries;
}

interface CentralFacts {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  plain: number;
  offset: number;
  centralStart: number;
}

function readEntry(buf: Buffer, e: CentralFacts): ZipEntry {
  const { name } = e;
  if (e.flags & 1) return { name, problem: 'is encrypted' };
  if (e.method !== STORED && e.method !== DEFLATED)
    return { name, problem: `uses compression method ${e.method}, which is not supported` };
  if (e.offset + 30 > e.centralStart || buf.readUInt32LE(e.offset) !== LOCAL)
    return { name, problem: 'has a damaged local header' };
  const nameLen = buf.readUInt16LE(e.offset + 26);
  const extraLen = buf.readUInt16LE(e.offset + 28);
  const dataStart = e.offset + 30 + nameLen + extraLen;
  if (buf.toString('utf8', e.offset + 30, e.offset + 30 + nameLen) !== name)
    return { name, problem: 'has a local header naming another file' };
  if (dataStart + e.compressed > e.centralStart) return { name, problem: 'has data beyond its place in the file' };
  const body = buf.subarray(dataStart, dataStart + e.compressed);
  let data: Buffer;
  if (e.method === STORED) {
    if (e.compressed !== e.plain) return { name, problem: 'has sizes that do not agree' };
    data = Buffer.from(body);
  } else {
    try {
      data = inflateRawSync(body, { maxOutputLength: Math.max(1, e.plain) });
    } catch {
      return { name, problem: 'has compressed data that cannot be read (damaged)' };
    }
  }
  if (data.length !== e.plain)
    return { name, problem: `is ${data.length} bytes, not the ${e.plain} its header says (damaged)` };
  if (crc32(data) !== e.crc) return { name, problem: 'fails its CRC-32 check (damaged or altered inside the zip)' };
  return { name, data };
}
