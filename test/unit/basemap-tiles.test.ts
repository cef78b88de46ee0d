import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, TileType, type Header } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureCollection, Point } from 'geojson';
import { ARCHIVE_FILE, LAYERS, PLACE_CLASSES, basemapData, buildBasemap } from '../../scripts/build-basemap.ts';
import { TILE_MAX_ZOOM } from '../../scripts/basemap-tiles.ts';
import { BytesSource } from '../../shared/map/pmtiles-bytes.ts';

let dir = '';
let archive: PMTiles;
let header: Header;
let places: FeatureCollection<Point>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'routelens-tiles-'));
  buildBasemap(dir);
  const file = readFileSync(path.join(dir, ARCHIVE_FILE));
  // The built archive read back with the PMTiles reader the renderer uses, from memory.
  archive = new PMTiles(
    new BytesSource('test', file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer),
  );
  header = await archive.getHeader();
  places = basemapData().places as FeatureCollection<Point>;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXTENT = 4096;
/** Where a longitude/latitude falls at zoom z, in tiles (Web Mercator), fractions kept. */
function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [((lng + 180) / 360) * n, ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n];
}

const decoded = new Map<string, VectorTile | null>();
async function tile(z: number, x: number, y: number): Promise<VectorTile | null> {
  const key = `${z}/${x}/${y}`;
  if (!decoded.has(key)) {
    const got = await archive.getZxy(z, x, y);
    decoded.set(key, got ? new VectorTile(new PbfReader(new Uint8Array(got.data))) : null);
  }
  return decoded.get(key)!;
}

async function layerAt(name: string, lng: number, lat: number, z: number) {
  const [fx, fy] = tileAt(lng, lat, z);
  const t = await tile(z, Math.floor(fx), Math.floor(fy));
  const at = { x: (fx - Math.floor(fx)) * EXTENT, y: (fy - Math.floor(fy)) * EXTENT };
  return { layer: t?.layers[name], at };
}

function features(layer: VectorTileLayer | undefined) {
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i));
}

/** Even-odd over every ring of every polygon in the layer: is the point on land? */
function inside(layer: VectorTileLayer | undefined, p: { x: number; y: number }): boolean {
  let odd = false;
  for (const f of features(layer))
    for (const ring of f.loadGeometry())
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [a, b] = [ring[i]!, ring[j]!];
        if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
      }
  return odd;
}

describe('the built-in basemap archive (scripts/basemap-tiles.ts, scripts/pmtiles-write.ts)', () => {
  it('is a PMTiles archive of vector tiles from zoom 0 to its max, naming its five layers', async () => {
    expect(header.tileType).toBe(TileType.Mvt);
    expect([header.minZoom, header.maxZoom]).toEqual([0, TILE_MAX_ZOOM]);
    expect(header.numTileContents).toBeLessThan(header.numAddressedTiles);
    const meta = (await archive.getMetadata()) as { vector_layers: { id: string }[] };
    expect(meta.vector_layers.map((l) => l.id)).toEqual([...LAYERS]);
  });

  it('keeps every place at the deepest zoom, named, ranked and classed, within a tile unit of where it is', async () => {
    for (const p of places.features) {
      const [lng, lat] = p.geometry.coordinates as [number, number];
      const { layer, at } = await layerAt('places', lng, lat, TILE_MAX_ZOOM);
      const r = p.properties?.['r'] as number;
      const found = features(layer).find((f) => f.properties['r'] === r);
      expect(found, `${p.properties?.['name']} (rank ${r})`).toBeDefined();
      expect(found!.properties).toEqual({ name: p.properties?.['name'], r, c: p.properties?.['c'] });
      const point = found!.loadGeometry()[0]![0]!;
      expect(Math.abs(point.x - at.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(point.y - at.y)).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it('leaves a place out of the tiles below the zoom its class is drawn from, and keeps it from there', async () => {
    const minzoom = new Map<number, number>(PLACE_CLASSES.map((k) => [k.c, k.minzoom]));
    for (const p of places.features) {
      const [lng, lat] = p.geometry.coordinates as [number, number];
      const from = minzoom.get(p.properties?.['c'] as number)!;
      for (let z = 0; z < TILE_MAX_ZOOM; z++) {
        const { layer } = await layerAt('places', lng, lat, z);
        const there = features(layer).some((f) => f.properties['r'] === p.properties?.['r']);
        expect(there, `${p.properties?.['name']} at zoom ${z} (drawn from ${from})`).toBe(z >= from);
      }
    }
  }, 60_000);

  it('draws land where land is and sea where it is not, at every zoom', async () => {
    const land = [
      ['Kansas', -98.5, 38.5],
      ['Madrid', -3.7, 40.4],
      ['Lake Eyre basin', 137.5, -28.5],
    ] as const;
    const sea = [
      ['mid Pacific', -140, 0],
      ['mid Atlantic', -35, 30],
      ['Gulf of Mexico', -90, 25],
    ] as const;
    for (let z = 0; z <= TILE_MAX_ZOOM; z++) {
      for (const [name, lng, lat] of land) {
        const { layer, at } = await layerAt('land', lng, lat, z);
        expect(inside(layer, at), `${name} at zoom ${z}`).toBe(true);
      }
      for (const [name, lng, lat] of sea) {
        const { layer, at } = await layerAt('land', lng, lat, z);
        expect(inside(layer, at), `${name} at zoom ${z}`).toBe(false);
      }
    }
  });

  it('draws state lines where states meet and county lines inside them', async () => {
    const border = await layerAt('states', -94.62, 38.5, TILE_MAX_ZOOM); // Kansas and Missouri
    expect(features(border.layer).length).toBeGreaterThan(0);
    const middle = await layerAt('states', -98.9, 38.5, TILE_MAX_ZOOM); // the middle of Kansas
    expect(middle.layer).toBeUndefined();
    expect(features((await layerAt('counties', -98.9, 38.5, TILE_MAX_ZOOM)).layer).length).toBeGreaterThan(0);
    expect(features((await layerAt('countries', -3.7, 40.4, TILE_MAX_ZOOM)).layer)).toEqual([]);
    expect(features((await layerAt('countries', -1.8, 43.3, TILE_MAX_ZOOM)).layer).length).toBeGreaterThan(0);
  });
});
