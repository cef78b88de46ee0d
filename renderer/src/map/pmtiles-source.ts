import { addProtocol } from 'maplibre-gl';
import { FileSource, PMTiles, Protocol, TileType } from 'pmtiles';
import type { LayerSpec, SourceSpec } from './style-types.ts';
import { boundedDecompress, PMTILES_LIMITS, PmtilesLimitError, tooLarge } from './pmtiles-bounds.ts';

let protocol: Protocol | null = null;

/** MapLibre's pmtiles:// protocol, registered once: the user's archive and the built-in one are added to it. */
export function pmtilesProtocol(): Protocol {
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
  // Bounded decompression for this archive everywhere: here, and in MapLibre's tile loads through the protocol.
  const archive = new PMTiles(new FileSource(file), undefined, boundedDecompress());
  const header = await archive.getHeader();
  if (header.jsonMetadataLength > PMTILES_LIMITS.maxMetadataBytes) throw tooLarge();
  // Read for raster archives too: MapLibre's protocol reads it again for the TileJSON.
  // Unreadable metadata costs the generic styling only; metadata past the bounds refuses the file.
  const meta = (await archive.getMetadata().catch((err: unknown) => {
    if (err instanceof PmtilesLimitError) throw err;
    return {};
  })) as { vector_layers?: { id: string }[] };
  const url = `pmtiles://${file.name}`;
  const bounds: [number, number, number, number] = [header.minLon, header.minLat, header.maxLon, header.maxLat];
  if (header.tileType !== TileType.Mvt) {
    pmtilesProtocol().add(archive);
    return {
      source: { type: 'raster', url, tileSize: 256, bounds },
      // No fade-in, as the map has none for labels (MapView's fadeDuration 0): a tile is drawn as it is once in.
      layers: [{ id: 'pm-raster', type: 'raster', source: 'pmtiles', paint: { 'raster-fade-duration': 0 } }],
    };
  }
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
  pmtilesProtocol().add(archive);
  return { source: { type: 'vector', url, bounds, maxzoom: header.maxZoom }, layers };
}
