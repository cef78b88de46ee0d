import { PMTiles, TileType } from 'pmtiles';
import { BytesSource } from '../../../shared/map/pmtiles-bytes.ts';
import { boundedDecompress } from './pmtiles-bounds.ts';
import { pmtilesProtocol } from './pmtiles-source.ts';

/** The built-in archive is a few MB; a file far past that is not ours and is refused before it is kept. */
export const MAX_BUILTIN_ARCHIVE_BYTES = 64 * 1024 * 1024;

const opened = new Map<string, Promise<void>>();

async function open(url: string, key: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${url}`);
  const declared = Number(res.headers.get('Content-Length') ?? 0);
  if (declared > MAX_BUILTIN_ARCHIVE_BYTES) throw new Error(`${url} is larger than a basemap archive can be`);
  const bytes = await res.arrayBuffer();
  if (bytes.byteLength > MAX_BUILTIN_ARCHIVE_BYTES) throw new Error(`${url} is larger than a basemap archive can be`);
  const archive = new PMTiles(new BytesSource(key, bytes), undefined, boundedDecompress());
  // Reads the header and the root directory: a file that is not an archive of vector tiles fails here, once.
  const header = await archive.getHeader();
  if (header.tileType !== TileType.Mvt) throw new Error(`${url} does not hold vector tiles`);
  pmtilesProtocol().add(archive);
}

/**
 * Loads the built-in basemap's archive (once per window: both maps share it) and registers it with MapLibre's
 * pmtiles:// protocol under `key`, the name the style's tile URLs use. A failed load is not kept, so the next
 * map tries again.
 */
export function openBuiltinArchive(url: string, key: string): Promise<void> {
  let pending = opened.get(url);
  if (!pending) {
    pending = open(url, key);
    opened.set(url, pending);
    pending.catch(() => opened.delete(url));
  }
  return pending;
}
