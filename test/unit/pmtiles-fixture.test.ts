import { inflateSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, TileType, zxyToTileId, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { encodeMvt } from '../support/mvt-encode.ts';
import {
  RASTER_COLOR,
  RASTER_MAX_ZOOM,
  rasterArchive,
  ROAD_SPACING,
  vectorArchive,
  VECTOR_MAX_ZOOM,
} from '../support/pmtiles-fixtures.ts';
import { tileId, writePmtiles } from '../support/pmtiles-write.ts';

/** The `pmtiles` reader over a Node buffer, counting the reads it makes. */
class BufferSource implements Source {
  reads = 0;
  constructor(private readonly buf: Buffer) {}
  getKey(): string {
    return 'fixture';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.reads++;
    const slice = this.buf.subarray(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer };
  }
}

describe('test PMTiles writer, read back by the pmtiles package', () => {
  it('numbers tiles on the same Hilbert curve as the reference reader', () => {
    for (let z = 0; z <= 6; z++) {
      const seen = new Set<number>();
      for (let x = 0; x < 2 ** z; x++) {
        for (let y = 0; y < 2 ** z; y++) {
          expect(tileId(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
          seen.add(tileId(z, x, y));
        }
      }
      expect(seen.size).toBe(4 ** z);
    }
  });

  it('writes a vector archive whose header, metadata and every tile read back', async () => {
    const reader = new PMTiles(new BufferSource(vectorArchive()));
    const header = await reader.getHeader();
    expect(header.specVersion).toBe(3);
    expect(header.tileType).toBe(TileType.Mvt);
    expect([header.minZoom, header.maxZoom]).toEqual([0, VECTOR_MAX_ZOOM]);
    expect(header.minLon).toBeCloseTo(-180, 5);
    expect(header.maxLat).toBeCloseTo(85, 5);
    const tiles = Array.from({ length: VECTOR_MAX_ZOOM + 1 }, (_, z) => 4 ** z).reduce((a, b) => a + b, 0);
    expect(header.numAddressedTiles).toBe(tiles);
    const meta = (await reader.getMetadata()) as { vector_layers: { id: string }[] };
    expect(meta.vector_layers.map((l) => l.id)).toEqual(['water', 'roads']);

    for (const [z, x, y] of [
      [0, 0, 0],
      [3, 5, 2],
      [VECTOR_MAX_ZOOM, 2 ** VECTOR_MAX_ZOOM - 1, 0],
      [VECTOR_MAX_ZOOM, 7, 9],
    ] as const) {
      const got = await reader.getZxy(z, x, y);
      expect(got, `${z}/${x}/${y}`).toBeDefined();
      const tile = new VectorTile(new PbfReader(new Uint8Array(got!.data)));
      expect(Object.keys(tile.layers).sort()).toEqual(['roads', 'water']);
      const water = tile.layers['water']!.feature(0);
      expect(water.type).toBe(3);
      expect(water.properties).toEqual({ kind: 'ocean' });
      const ring = water.loadGeometry()[0]!.map((p) => [p.x, p.y]);
      expect(ring[0]).toEqual([-64, -64]);
      expect(ring[2]).toEqual([4160, 4160]);
      const roads = tile.layers['roads']!;
      expect(roads.length).toBe((4096 / ROAD_SPACING) * 2);
      const first = roads.feature(0);
      expect(first.type).toBe(2);
      expect(first.loadGeometry()[0]!.map((p) => p.y)).toEqual([ROAD_SPACING / 2, ROAD_SPACING / 2]);
    }
    expect(await reader.getZxy(VECTOR_MAX_ZOOM + 1, 0, 0)).toBeUndefined();
  });

  it('writes a raster archive of PNG tiles in the chosen colour', async () => {
    const reader = new PMTiles(new BufferSource(rasterArchive()));
    const header = await reader.getHeader();
    expect(header.tileType).toBe(TileType.Png);
    expect(header.maxZoom).toBe(RASTER_MAX_ZOOM);
    const png = Buffer.from((await reader.getZxy(2, 1, 3))!.data);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // First IDAT row: filter byte, then the colour's RGB.
    const idat = png.indexOf('IDAT', 0, 'latin1');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const hex = `#${[...raw.subarray(1, 4)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    expect(hex).toBe(RASTER_COLOR);
  });

  it('places tiles by id, not by insertion order, and without compression too', async () => {
    const a = encodeMvt([
      {
        name: 'water',
        features: [
          {
            type: 'line',
            coords: [
              [0, 0],
              [10, 10],
            ],
          },
        ],
      },
    ]);
    const b = encodeMvt([
      {
        name: 'roads',
        features: [
          {
            type: 'line',
            coords: [
              [5, 5],
              [6, 9],
            ],
          },
        ],
      },
    ]);
    const buf = writePmtiles({
      tileType: 'mvt',
      compression: 'none',
      tiles: new Map([
        ['1/1/1', a],
        ['1/0/0', b],
      ]),
      metadata: {},
    });
    const reader = new PMTiles(new BufferSource(buf));
    expect(new Uint8Array((await reader.getZxy(1, 1, 1))!.data)).toEqual(a);
    expect(new Uint8Array((await reader.getZxy(1, 0, 0))!.data)).toEqual(b);
    expect(await reader.getZxy(1, 0, 1)).toBeUndefined();
  });
});
