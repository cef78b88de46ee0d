/**
 * The archives the basemap tests use: a vector one (every tile under water
 * with a grid of roads, so any view shows the overlay) and a raster one
 * (solid-colour tiles), written at test time.
 */
import { createGzip } from 'node:zlib';
import { encodeMvt, type MvtFeature } from './mvt-encode.ts';
import { writePmtiles } from './pmtiles-write.ts';
import { solidPng } from './png-encode.ts';

export const VECTOR_MAX_ZOOM = 4;
export const RASTER_MAX_ZOOM = 3;
/** Road grid spacing in tile units (extent 4096). */
export const ROAD_SPACING = 512;
export const RASTER_COLOR = '#8e44ad';

function* tileKeys(maxZoom: number): Generator<[number, number, number]> {
  for (let z = 0; z <= maxZoom; z++) for (let x = 0; x < 2 ** z; x++) for (let y = 0; y < 2 ** z; y++) yield [z, x, y];
}

/** Features of one vector tile: a water square past the tile's edges, and horizontal and vertical roads. */
export function vectorTileFeatures(): { water: MvtFeature[]; roads: MvtFeature[] } {
  const water: MvtFeature = {
    type: 'polygon',
    coords: [
      [-64, -64],
      [4160, -64],
      [4160, 4160],
      [-64, 4160],
    ],
    props: { kind: 'ocean' },
  };
  const roads: MvtFeature[] = [];
  for (let v = ROAD_SPACING / 2; v < 4096; v += ROAD_SPACING) {
    roads.push({
      type: 'line',
      coords: [
        [-64, v],
        [4160, v],
      ],
      props: { kind: 'primary' },
    });
    roads.push({
      type: 'line',
      coords: [
        [v, -64],
        [v, 4160],
      ],
      props: { kind: 'secondary' },
    });
  }
  return { water: [water], roads };
}

export function vectorArchive(): Buffer {
  const { water, roads } = vectorTileFeatures();
  const tiles = new Map<string, Uint8Array>();
  for (const [z, x, y] of tileKeys(VECTOR_MAX_ZOOM)) {
    tiles.set(
      `${z}/${x}/${y}`,
      encodeMvt([
        { name: 'water', features: water },
        { name: 'roads', features: roads },
      ]),
    );
  }
  return writePmtiles({
    tileType: 'mvt',
    compression: 'gzip',
    tiles,
    metadata: {
      name: 'RouteLens test streets',
      vector_layers: [
        { id: 'water', fields: { kind: 'String' }, minzoom: 0, maxzoom: VECTOR_MAX_ZOOM },
        { id: 'roads', fields: { kind: 'String' }, minzoom: 0, maxzoom: VECTOR_MAX_ZOOM },
      ],
    },
  });
}

export function rasterArchive(): Buffer {
  const png = solidPng(RASTER_COLOR);
  const tiles = new Map<string, Uint8Array>();
  for (const [z, x, y] of tileKeys(RASTER_MAX_ZOOM)) tiles.set(`${z}/${x}/${y}`, png);
  return writePmtiles({ tileType: 'png', compression: 'gzip', tiles, metadata: { name: 'RouteLens test raster' } });
}

/**
 * A gzip bomb: the vector archive's tiles with metadata whose gzip (about a
 * thousandth of its size) expands to `expandTo` bytes of valid JSON (a layer
 * list, then spaces), streamed so the test never holds the expanded text.
 */
export async function metadataBombArchive(expandTo = 1.5 * 1024 ** 3): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  const head = Buffer.from('{"name":"bomb","vector_layers":[{"id":"water"},{"id":"roads"}],"pad":"');
  const spaces = Buffer.alloc(16 * 1024 * 1024, 0x20);
  const write = (b: Buffer) =>
    new Promise<void>((resolve) => (gzip.write(b) ? resolve() : gzip.once('drain', resolve)));
  await write(head);
  for (let left = expandTo - head.length - 2; left > 0; left -= spaces.length)
    await write(left >= spaces.length ? spaces : spaces.subarray(0, left));
  gzip.end(Buffer.from('"}'));
  await done;
  const { water, roads } = vectorTileFeatures();
  const tile = encodeMvt([
    { name: 'water', features: water },
    { name: 'roads', features: roads },
  ]);
  const tiles = new Map<string, Uint8Array>();
  for (const [z, x, y] of tileKeys(2)) tiles.set(`${z}/${x}/${y}`, tile);
  return writePmtiles({ tileType: 'mvt', compression: 'gzip', tiles, metadata: {}, rawMetadata: Buffer.concat(out) });
}
