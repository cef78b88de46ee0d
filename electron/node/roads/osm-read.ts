/**
 * Streaming reads of an OpenStreetMap extract, `.osm.pbf` (./pbf-read.ts, over
 * the `pbf` reader) or `.osm` / `.osm.gz` XML (saxes, node:zlib), told apart by their first
 * bytes, not their names. One pass hands either the ways or the nodes to a
 * callback and keeps nothing itself, so memory stays that of one block however
 * large the file; progress counts the file's own (compressed) bytes.
 */
import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { PbfFormatError, readPbfFile } from './pbf-read.ts';

export type OsmFormat = 'pbf' | 'xml' | 'xml.gz';

export interface OsmWay {
  id: number;
  refs: readonly number[];
  tags: Readonly<Record<string, string>>;
}

export interface ReadOptions {
  signal?: AbortSignal | undefined;
  /** Bytes of the file read so far in this pass, and the file's size. */
  onBytes?: ((read: number, total: number) => void) | undefined;
}

export type Pass =
  | { kind: 'ways'; keepTags: readonly string[]; onWay: (way: OsmWay) => void }
  | { kind: 'nodes'; onNode: (id: number, lat: number, lng: number) => void };

/** An extract's format from its first bytes, or null when it is none of the three. */
export function sniffOsmFormat(path: string): OsmFormat | null {
  const head = Buffer.alloc(64);
  const fd = openSync(path, 'r');
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const bytes = head.subarray(0, n);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'xml.gz';
  if (bytes.includes(Buffer.from('OSMHeader'))) return 'pbf';
  const text = bytes.toString('utf8').trimStart();
  if (text.startsWith('<?xml') || text.startsWith('<osm')) return 'xml';
  return null;
}

/** One pass over the file. Rejects with the signal's reason when aborted. */
export async function readOsm(path: string, format: OsmFormat, pass: Pass, options: ReadOptions = {}): Promise<void> {
  if (format === 'pbf') return readPbf(path, pass, options);
  const total = statSync(path).size;
  // The default 64 KiB chunks: larger ones make the PBF parser re-copy its pending buffer (twice as slow at 1 MiB).
  const file = createReadStream(path);
  // Polled between batches: a 'data' listener would switch the stream to flowing mode past the parser's backpressure.
  const tick = () => options.onBytes?.(file.bytesRead, total);
  const abort = () => file.destroy(abortReason(options.signal));
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    options.signal?.throwIfAborted();
    await readXml(format === 'xml.gz' ? gunzipOf(file) : file, pass, options.signal, tick);
    options.onBytes?.(total, total);
  } catch (err) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    if ((err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'EACCES') throw err;
    throw new OsmFormatError(`${path} cannot be read as an OpenStreetMap extract: ${(err as Error).message}`);
  } finally {
    options.signal?.removeEventListener('abort', abort);
    file.destroy();
  }
}

function gunzipOf(file: Readable): Readable {
  const gunzip = createGunzip();
  file.on('error', (err) => gunzip.destroy(err));
  return file.pipe(gunzip);
}

export class OsmFormatError extends Error {
  override name = 'OsmFormatError';
}

function abortReason(signal: AbortSignal | undefined): Error {
  const r: unknown = signal?.reason;
  return r instanceof Error ? r : new DOMException('The import was cancelled.', 'AbortError');
}

async function readPbf(path: string, pass: Pass, options: ReadOptions): Promise<void> {
  const total = statSync(path).size;
  try {
    options.signal?.throwIfAborted();
    await readPbfFile(path, pass, options.signal, (read) => options.onBytes?.(read, total));
    options.onBytes?.(total, total);
  } catch (err) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    if (!(err instanceof PbfFormatError)) throw err;
    throw new OsmFormatError(`${path} cannot be read as an OpenStreetMap extract: ${err.message}.`);
  }
}

async function readXml(source: Readable, pass: Pass, signal: AbortSignal | undefined, tick: () => void): Promise<void> {
  const parser = new SaxesParser({ position: false });
  const keep = pass.kind === 'ways' ? new Set(pass.keepTags) : null;
  let way: { id: number; refs: number[]; tags: Record<string, string> } | null = null;
  parser.on('opentag', (tag) => {
    const a = tag.attributes as Record<string, string>;
    if (pass.kind === 'nodes') {
      // A node without a readable id or position is left unlocated: its ways lose those segments, counted.
      const id = Number(a['id']);
      const lat = Number(a['lat']);
      const lng = Number(a['lon']);
      if (tag.name === 'node' && Number.isSafeInteger(id) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180)
        pass.onNode(id, lat, lng);
    } else if (tag.name === 'way')
      way = Number.isSafeInteger(Number(a['id'])) ? { id: Number(a['id']), refs: [], tags: {} } : null;
    else if (way && tag.name === 'nd') way.refs.push(Number(a['ref']));
    else if (way && tag.name === 'tag' && keep!.has(a['k'] ?? '')) way.tags[a['k']!] = a['v'] ?? '';
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'way' && way && pass.kind === 'ways') pass.onWay(way);
    if (tag.name === 'way') way = null;
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source as AsyncIterable<Buffer>) {
    signal?.throwIfAborted();
    tick();
    parser.write(decoder.decode(chunk, { stream: true }));
  }
  parser.write(decoder.decode());
  parser.close();
}
