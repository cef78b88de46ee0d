import { addProtocol } from 'maplibre-gl';
import { FileSource, PMTiles, Protocol, TileType } from 'pmtiles';
import type { LayerSpec, SourceSpec } from './style-types.ts';

let protocol: Protocol | null = null;

function pmtilesProtocol(): Protocol {
  if (!protocol) {
    protocol = new Protocol({ metadata: true });
    addProtocol('pmtiles', protocol.tile);
  }
  return protocol;
}

export interface PmtilesOverlay {
  source: SourceSpec;
  /** Drawn over the built-in land, under its borders and labels. */
  layers: LayerSpec[];
}

const WATER = /water|ocean|lake|river/i;
const ROAD = /road|transport|street|highway/i;
const BUILDING = /building/i;
const SKIP = /label|poi|place|name|boundar|housenumber|mountain_peak|aeroway/i;

/**
 * Opens a local .pmtiles archive and styles it generically from its own
 * metadata (any vector schema: Protomaps, OpenMapTiles, …), in the built-in
 * map's muted colours; raster archives are drawn as they are.
 */
export async function openPmtilesOverlay(file: File): Promise<PmtilesOverlay> {
  const archive = new PMTiles(new FileSource(file));
  const header = await archive.getHeader();
  pmtilesProtocol().add(archive);
  const url = `pmtiles://${file.name}`;
  const bounds: [number, number, number, number] = [header.minLon, header.minLat, header.maxLon, header.maxLat];
  if (header.tileType !== TileType.Mvt) {
    return {
      source: { type: 'raster', url, tileSize: 256, bounds },
      layers: [{ id: 'pm-raster', type: 'raster', source: 'pmtiles' }],
    };
  }
  const meta = (await archive.getMetadata().catch(() => ({}))) as { vector_layers?: { id: string }[] };
  const layers: LayerSpec[] = [];
  for (const { id } of meta.vector_layers ?? []) {
    if (SKIP.test(id)) continue;
    if (WATER.test(id)) {
      layers.push({
        id: `pm-${id}-fill`,
        type: 'fill',
        source: 'pmtiles',
        'source-layer': id,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#c9dbe6' },
      });
      layers.push({
        id: `pm-${id}-line`,
        type: 'line',
        source: 'pmtiles',
        'source-layer': id,
        filter: ['==', ['geometry-type'], 'LineString'],
        paint: { 'line-color': '#b5cddd', 'line-width': 1 },
      });
    } else if (ROAD.test(id)) {
      layers.push({
        id: `pm-${id}-casing`,
        type: 'line',
        source: 'pmtiles',
        'source-layer': id,
        filter: ['==', ['geometry-type'], 'LineString'],
        paint: { 'line-color': '#d4cfd6', 'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 8, 1, 16, 9] },
      });
      layers.push({
        id: `pm-${id}`,
        type: 'line',
        source: 'pmtiles',
        'source-layer': id,
        filter: ['==', ['geometry-type'], 'LineString'],
        paint: {
          'line-color': '#ffffff',
          'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 8, 0.5, 16, 7],
        },
      });
    } else if (BUILDING.test(id)) {
      layers.push({
        id: `pm-${id}`,
        type: 'fill',
        source: 'pmtiles',
        'source-layer': id,
        minzoom: 13,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#e2ddd6' },
      });
    } else {
      layers.push({
        id: `pm-${id}`,
        type: 'fill',
        source: 'pmtiles',
        'source-layer': id,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#e9e6df', 'fill-opacity': 0.6 },
      });
    }
  }
  return { source: { type: 'vector', url, bounds, maxzoom: header.maxZoom }, layers };
}
