import { PMTiles, TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { LEAF_ENTRIES, writePmtiles, type ArchiveInfo, type ArchiveTile } from '../../shared/map/pmtiles-write.ts';
import { BytesSource } from '../../shared/map/pmtiles-bytes.ts';

/** The archive's bytes as the renderer holds the built-in one. */
const inMemory = (bytes: Uint8Array) => new BytesSource('test', bytes.slice().buffer);

const INFO: ArchiveInfo = {
  minZoom: 0,
  maxZoom: 6,
  bounds: [-120.5, -45.25, 150.125, 60.5],
  center: [-98.5, 39.8, 3],
  metadata: { name: 'test', vector_layers: [{ id: 'a', fields: {} }] },
};

const text = (s: string) => new TextEncoder().encode(s);
const read = (b: ArrayBuffer | undefined) => (b ? new TextDecoder().decode(b) : undefined);

/** Every tile from zoom 0 to `maxZoom`, its content naming itself, except those `same` marks as one shared content. */
function pyramid(maxZoom: number, same: (t: { z: number; x: number; y: number }) => boolean): ArchiveTile[] {
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= maxZoom; z++)
    for (let x = 0; x < 2 ** z; x++)
      for (let y = 0; y < 2 ** z; y++)
        tiles.push({ z, x, y, data: text(same({ z, x, y }) ? 'shared' : `tile ${z}/${x}/${y}`) });
  return tiles;
}

describe('writePmtiles (read back with the pmtiles reader the renderer uses)', () => {
  it('gives every tile back, shares identical ones, and splits the directory into leaves past one leaf', async () => {
    // Zoom 7's west half all one content: runs of identical tiles in the spec's Hilbert order.
    const tiles = pyramid(7, (t) => t.z === 7 && t.x < 64);
    expect(tiles.length).toBeGreaterThan(LEAF_ENTRIES);
    const bytes = writePmtiles(tiles, { ...INFO, maxZoom: 7 });
    const archive = new PMTiles(inMemory(bytes));
    const header = await archive.getHeader();
    expect(header.numAddressedTiles).toBe(tiles.length);
    expect(header.numTileContents).toBe(tiles.length - 64 * 128 + 1);
    expect(header.numTileEntries).toBeLessThan(tiles.length);
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    expect(header.tileDataLength).toBe(bytes.length - header.tileDataOffset);
    for (const t of tiles)
      expect(read((await archive.getZxy(t.z, t.x, t.y))?.data), `${t.z}/${t.x}/${t.y}`).toBe(
        read(t.data.buffer as ArrayBuffer),
      );
  });

  it('writes the header the reader expects: zooms, bounds, centre, types and metadata', async () => {
    const archive = new PMTiles(
      inMemory(
        writePmtiles(
          pyramid(2, () => false),
          INFO,
        ),
      ),
    );
    const h = await archive.getHeader();
    expect(h).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 6,
      minLon: -120.5,
      minLat: -45.25,
      maxLon: 150.125,
      maxLat: 60.5,
      centerLon: -98.5,
      centerLat: 39.8,
      centerZoom: 3,
      tileType: TileType.Mvt,
      internalCompression: 1,
      tileCompression: 1,
      clustered: true,
      leafDirectoryLength: 0,
    });
    expect(await archive.getMetadata()).toEqual(INFO.metadata);
  });

  it('answers nothing for a tile it does not hold, and refuses an empty set or a tile given twice', async () => {
    const tiles = pyramid(3, () => false).filter((t) => !(t.z === 3 && t.x === 5 && t.y === 2));
    const archive = new PMTiles(inMemory(writePmtiles(tiles, INFO)));
    expect(await archive.getZxy(3, 5, 2)).toBeUndefined();
    expect(read((await archive.getZxy(3, 5, 3))?.data)).toBe('tile 3/5/3');
    expect(() => writePmtiles([], INFO)).toThrow(/at least one tile/);
    expect(() => writePmtiles([...tiles, tiles[3]!], INFO)).toThrow(/given twice/);
  });
});
