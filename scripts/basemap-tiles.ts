/**
 * Cuts the basemap's layers into Mapbox vector tiles at build time, with the tiler MapLibre itself runs on a
 * GeoJSON source (geojson-vt, its options), so the map reads ready tiles from one source instead of fetching,
 * parsing, indexing and cutting five GeoJSON files in every window, tile by tile and source by source.
 */
import type { FeatureCollection } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import vtpbf from 'vt-pbf';
import type { ArchiveTile } from '../shared/map/pmtiles-write.ts';

/** Tiles are cut down to this zoom; MapLibre draws deeper zooms from them (a unit is 19 m here, 8 px at zoom 15). */
export const TILE_MAX_ZOOM = 8;
const EXTENT = 4096;
/** MapLibre's GeoJSON simplification for 512 px tiles (0.375 px), in tile units. */
const TOLERANCE = 0.375 * (EXTENT / 512);
/**
 * 32 px around each tile, in tile units: wider than any line or label's reach across a tile edge (MapLibre
 * places labels across tiles itself). MapLibre's GeoJSON default of 128 px made the archive 60 % larger.
 */
const BUFFER = 32 * (EXTENT / 512);

export interface TileLayer {
  collection: FeatureCollection;
  /** The properties the style reads; the rest stay out of the tiles. */
  keep: readonly string[];
  /** The lowest zoom a feature is drawn at (a place's class), so lower tiles leave it out; none = every zoom. */
  minZoom?: (properties: Record<string, unknown>) => number;
}

function pick(tags: Record<string, unknown> | null, keep: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keep) if (tags && tags[k] !== undefined) out[k] = tags[k];
  return out;
}

/** Every tile from zoom 0 to TILE_MAX_ZOOM that holds a feature, as encoded vector tiles (layers named as given). */
export function cutTiles(layers: Record<string, TileLayer>, maxZoom = TILE_MAX_ZOOM): ArchiveTile[] {
  const options = {
    maxZoom,
    indexMaxZoom: maxZoom,
    indexMaxPoints: 0,
    tolerance: TOLERANCE,
    extent: EXTENT,
    buffer: BUFFER,
  };
  const indexes = Object.entries(layers).map(([name, layer]) => ({
    name,
    layer,
    index: new GeoJSONVT(layer.collection, options),
  }));
  const coords = new Map<string, { z: number; x: number; y: number }>();
  for (const { index } of indexes) for (const c of index.tileCoords) coords.set(`${c.z}/${c.x}/${c.y}`, c);
  const tiles: ArchiveTile[] = [];
  for (const { z, x, y } of coords.values()) {
    const out: Record<string, LegacyTile> = {};
    for (const { name, layer, index } of indexes) {
      const features = (index.getTile(z, x, y)?.features ?? [])
        .filter((f) => z >= maxZoom || !layer.minZoom || layer.minZoom(f.tags ?? {}) <= z)
        .map((f) => ({ ...f, tags: pick(f.tags, layer.keep) }));
      if (features.length > 0) out[name] = { features };
    }
    if (Object.keys(out).length > 0)
      tiles.push({ z, x, y, data: vtpbf.fromGeojsonVt(out, { version: 2, extent: EXTENT }) });
  }
  return tiles;
}
