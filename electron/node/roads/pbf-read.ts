/**
 * An `.osm.pbf` extract read block by block with the `pbf` protobuf reader, the
 * format's own framing decoded here (wiki.openstreetmap.org/wiki/PBF_Format):
 * a pass over the ways never decodes a node (their groups are skipped by
 * length), a pass over the nodes hands each dense node's id and position to
 * the callback without making an object of it, and the next blob is read and
 * inflated (zlib, on libuv's threads) while this one is decoded. So both
 * passes cost little more than inflating the file, and the main thread stays
 * free between blocks. Every length is checked against the format's bounds.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { PbfReader } from 'pbf';
import type { Pass } from './osm-read.ts';
import { decodeBlock, PbfFormatError } from './pbf-block.ts';

export { PbfFormatError };

const inflateAsync = promisify(inflate);

/** The format's bounds: a BlobHeader under 64 KiB, a blob (and its inflated block) at most 32 MiB. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_BLOB_BYTES = 32 * 1024 * 1024;

/** Protobuf wire types. */
const VARINT = 0;
const BYTES = 2;

interface Blob {
  type: string;
  /** The block's bytes, inflating meanwhile. */
  data: Promise<Uint8Array>;
}

/** One pass over the file's blocks. Rejects with a PbfFormatError naming the damage, or the signal's reason. */
export async function readPbfFile(
  path: string,
  pass: Pass,
  signal: AbortSignal | undefined,
  onBytes: (read: number, total: number) => void,
): Promise<void> {
  const file = await open(path, 'r');
  try {
    const total = (await file.stat()).size;
    const reader = blobReader(file, total);
    let next = reader.next();
    for (;;) {
      signal?.throwIfAborted();
      const blob = await next;
      if (!blob) break;
      next = reader.next();
      // Awaited even when unread, so a failed read-ahead never rejects unobserved.
      next.catch(() => {});
      const block = await blob.data;
      onBytes(reader.position(), total);
      if (blob.type === 'OSMData') decodeBlock(block, pass);
    }
  } finally {
    await file.close();
  }
}

function blobReader(file: FileHandle, total: number) {
  let at = 0;
  const read = async (n: number, what: string) => {
    if (at + n > total) throw new PbfFormatError(`the file ends inside a ${what} (at byte ${at} of ${total})`);
    const buf = Buffer.allocUnsafe(n);
    const start = at;
    at += n;
    const { bytesRead } = await file.read(buf, 0, n, start);
    if (bytesRead < n) throw new PbfFormatError(`the file ends inside a ${what} (at byte ${start + bytesRead})`);
    return buf;
  };
  return {
    position: () => at,
    async next(): Promise<Blob | null> {
      if (at >= total) return null;
      const headerBytes = (await read(4, 'blob length')).readUInt32BE(0);
      if (headerBytes > MAX_HEADER_BYTES)
        throw new PbfFormatError(`a blob header of ${headerBytes} bytes is larger than the format allows`);
      const header = blobHeaderOf(await read(headerBytes, 'blob header'));
      if (header.dataSize > MAX_BLOB_BYTES)
        throw new PbfFormatError(`a blob of ${header.dataSize} bytes is larger than the format's 32 MiB`);
      const body = await read(header.dataSize, 'blob');
      return { type: header.type, data: blobData(body) };
    },
  };
}

function blobHeaderOf(bytes: Uint8Array): { type: string; dataSize: number } {
  const pbf = new PbfReader(bytes);
  let type = '';
  let dataSize = -1;
  while (pbf.pos < pbf.length) {
    const val = pbf.readVarint();
    const field = val >> 3;
    if (field === 1 && (val & 7) === BYTES) type = pbf.readString();
    else if (field === 3 && (val & 7) === VARINT) dataSize = pbf.readVarint();
    else pbf.skip(val);
  }
  if (type === '' || dataSize < 0) throw new PbfFormatError('a blob header has no type or size');
  return { type, dataSize };
}

const COMPRESSIONS: Record<number, string> = { 4: 'LZMA', 5: 'bzip2', 6: 'LZ4', 7: 'Zstandard' };

async function blobData(bytes: Uint8Array): Promise<Uint8Array> {
  const pbf = new PbfReader(bytes);
  let rawSize = -1;
  let data: Uint8Array | null = null;
  let zlib = false;
  while (pbf.pos < pbf.length) {
    const val = pbf.readVarint();
    const field = val >> 3;
    if (field === 1 || field === 3) {
      data = pbf.readBytes();
      zlib = field === 3;
    } else if (field === 2) rawSize = pbf.readVarint();
    else if (COMPRESSIONS[field])
      throw new PbfFormatError(`a block is compressed with ${COMPRESSIONS[field]}, which RouteLens does not read`);
    else pbf.skip(val);
  }
  if (!data) throw new PbfFormatError('a blob holds no data');
  if (!zlib) return data;
  if (rawSize > MAX_BLOB_BYTES)
    throw new PbfFormatError(`a block of ${rawSize} bytes is larger than the format's 32 MiB`);
  try {
    return await inflateAsync(data, { maxOutputLength: MAX_BLOB_BYTES });
  } catch (err) {
    throw new PbfFormatError(`a block cannot be inflated (${(err as Error).message})`);
  }
}
