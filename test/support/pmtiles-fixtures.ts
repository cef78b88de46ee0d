/**
 * The archives the basemap tests use: a vector one (every tile under water
 * with a grid of roads, so any view shows the overlay) and a raster one
 * (solid-colour tiles), written at test time.
 */
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
