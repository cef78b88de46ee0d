import type { FeatureCollection, Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { MAP_COLORS, routeMapSvg, type Basemap } from '../../shared/report/route-map-svg.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { handMadeAnalysis } from '../support/analysis-fixtures.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

/**
 * The map frame is 1000 × 600 with 7 % padding: the readings' extent is fitted into 860 × 516 around the
 * centre (500, 300). Along the equator Web Mercator is linear in longitude, so with readings from 0° to 1°
 * east a longitude L (degrees) lands at x = 70 + 860·L, and latitude 0 at y = 300.
 */
const T0 = Date.UTC(2026, 2, 14, 12);
const MIN = 60_000;

function chunk(points: { lng: number; lat?: number; min: number; speed?: number; status?: MotionStatus }[]): DayChunk {
  const crumbs: Breadcrumb[] = points.map((p, i) => ({
    id: `r${i}`,
    t: T0 + p.min * MIN,
    lat: p.lat ?? 0,
    lng: p.lng,
    speed: p.speed ?? 30,
    status: p.status ?? 'IN_MOTION',
    direction: 90,
    location: '',
    vehicleNumber: 'T-1',
    vin: 'VIN',
  }));
  return buildDayChunk('v1', '2026-03-14', crumbs);
}

/** No gap for two hours' silence: the gap threshold is raised above it. */
const NO_GAP = { gapSeconds: 10_000 };
/** Equator, 0° → 1° east: 0.0005° steps are 0.43 px, under the 0.8 px the lines are thinned to. */
const LINE = chunk([
  { lng: 0, min: 0 },
  { lng: 0.0005, min: 1 },
  { lng: 0.001, min: 2 },
  { lng: 1, min: 122 },
]);

const paths = (svg: string, color: string) =>
  [
    ...svg.matchAll(
      new RegExp(`<path d="([^"]*)" fill="none" stroke="${color}" stroke-width="([\\d.]+)"([^/]*)/>`, 'g'),
    ),
  ].map((m) => ({ d: m[1], width: Number(m[2]), rest: m[3]!.trim() }));

describe('route map: no readings', () => {
  it('says so on a water-coloured frame', () => {
    expect(routeMapSvg({ chunks: [], analysis: handMadeAnalysis() })).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" class="route-map" viewBox="0 0 1000 600" role="img" aria-label="Route map">' +
        '<rect width="1000" height="600" fill="#dbe8f2"/><text x="500" y="300" text-anchor="middle" font-size="24" fill="#555">No readings in this range</text></svg>',
    );
  });

  it('counts a chunk whose readings are all outliers as no readings', () => {
    const svg = routeMapSvg({ chunks: [chunk([{ lng: 0, min: 0, speed: 150 }])], analysis: handMadeAnalysis() });
    expect(svg).toContain('No readings in this range');
  });
});

describe('route map: the route line', () => {
  it('fits the readings to the frame and thins points closer than 0.8 px', () => {
    const svg = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP) });
    expect(paths(svg, MAP_COLORS.route)).toEqual([
      { d: 'M70 300L70.9 300L930 300', width: 2.6, rest: 'stroke-linejoin="round" stroke-linecap="round"' },
    ]);
    expect(paths(svg, MAP_COLORS.gap)).toEqual([]);
  });

  it('still ends a line on its true last point when that is close to the one before', () => {
    const c = chunk([
      { lng: 0, min: 0 },
      { lng: 1, min: 120 },
      { lng: 0.9995, min: 121 },
    ]);
    expect(paths(routeMapSvg({ chunks: [c], analysis: handMadeAnalysis(NO_GAP) }), MAP_COLORS.route)[0]!.d).toBe(
      'M70 300L930 300L929.6 300',
    );
  });

  it('fits a north-south route to the frame height', () => {
    const c = chunk([
      { lng: 0, lat: 0, min: 0 },
      { lng: 0, lat: 1, min: 120 },
    ]);
    const svg = routeMapSvg({ chunks: [c], analysis: handMadeAnalysis(NO_GAP) });
    expect(paths(svg, MAP_COLORS.route)[0]!.d).toBe('M500 558L500 42');
  });

  it('breaks the route at a gap and draws the gap dashed', () => {
    const c = chunk([
      { lng: 0, min: 0 },
      { lng: 1, min: 120 },
    ]);
    const svg = routeMapSvg({ chunks: [c], analysis: handMadeAnalysis() });
    expect(paths(svg, MAP_COLORS.gap)).toEqual([
      { d: 'M70 300L930 300', width: 2, rest: 'stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="6 5"' },
    ]);
    expect(paths(svg, MAP_COLORS.route)[0]!.d).toBe('M70 300M930 300');
  });

  it('marks the first reading with a circle and the last with a square', () => {
    const svg = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP) });
    expect(svg).toContain(`<circle cx="70" cy="300" r="7" fill="${MAP_COLORS.start}" stroke="#fff" stroke-width="2"/>`);
    expect(svg).toContain(
      `<rect x="924" y="294" width="12" height="12" fill="${MAP_COLORS.end}" stroke="#fff" stroke-width="2"/>`,
    );
  });

  it('centres a truck that never moved, in a frame at least 0.00025 radians across', () => {
    const c = chunk([
      { lng: 0, min: 0, speed: 0, status: 'STATIONARY' },
      { lng: 0, min: 10, speed: 0, status: 'STATIONARY' },
    ]);
    const svg = routeMapSvg({ chunks: [c], analysis: handMadeAnalysis() });
    expect(svg).toContain('<circle cx="500" cy="300" r="7"');
    expect(svg).toContain('<rect x="494" y="294" width="12" height="12"');
    // 516 px over 0.00025 rad: a fifth of the frame is about 0.38 mi, so the bar is 0.5 mi.
    expect(svg).toContain('>0.5 mi</text>');
  });
});

describe('route map: speeding and stops', () => {
  it('draws each speeding event over the readings from its start to its end', () => {
    const svg = routeMapSvg({
      chunks: [LINE],
      analysis: handMadeAnalysis(NO_GAP, [
        { kind: 'long-stop', startMs: T0, endMs: T0 + 122 * MIN },
        { kind: 'speeding', startMs: T0 + MIN, endMs: T0 + 2 * MIN },
        { kind: 'speeding', startMs: T0 + 122 * MIN, endMs: T0 + 122 * MIN },
      ]),
    });
    expect(paths(svg, MAP_COLORS.speeding)).toEqual([
      { d: 'M70.4 300L70.9 300M930 300', width: 4, rest: 'stroke-linejoin="round" stroke-linecap="round"' },
    ]);
  });

  it('draws no speeding line without speeding events', () => {
    const svg = routeMapSvg({
      chunks: [LINE],
      analysis: handMadeAnalysis(NO_GAP, [{ kind: 'gap', startMs: T0, endMs: T0 + MIN }]),
    });
    expect(paths(svg, MAP_COLORS.speeding)).toEqual([]);
  });

  it('draws stops as dots, larger and darker from the long-stop duration on', () => {
    const svg = routeMapSvg({
      chunks: [LINE],
      analysis: handMadeAnalysis(
        NO_GAP,
        [],
        [
          { lat: 0, lng: 0.5, durationSeconds: 7200 },
          { lat: 0, lng: 0.25, durationSeconds: 7199 },
        ],
      ),
    });
    expect(svg).toContain(
      `<circle cx="500" cy="300" r="6" fill="${MAP_COLORS.longStop}" stroke="#fff" stroke-width="1"/><circle cx="285" cy="300" r="3.5" fill="${MAP_COLORS.stop}" stroke="#fff" stroke-width="1"/>`,
    );
  });
});

describe('route map: the basemap', () => {
  const fc = (...geometries: (Geometry | null)[]): FeatureCollection =>
    ({
      type: 'FeatureCollection',
      features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
    }) as FeatureCollection;
  const line = (...lngs: number[]) => lngs.map((lng) => [lng, 0]);

  it('is land-coloured without a basemap, and water under a basemap’s land', () => {
    const plain = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP) });
    expect(plain).toContain(`<rect width="1000" height="600" fill="${MAP_COLORS.land}"/>`);
    expect(plain).not.toContain('fill-rule="evenodd"');
    const withLand = routeMapSvg({
      chunks: [LINE],
      analysis: handMadeAnalysis(NO_GAP),
      basemap: { land: fc({ type: 'Polygon', coordinates: [line(0.1, 0.2, 0.3)] }) },
    });
    expect(withLand).toContain(`<rect width="1000" height="600" fill="${MAP_COLORS.water}"/>`);
    expect(withLand).toContain(
      `<path d="M156 300L242 300L328 300" fill="${MAP_COLORS.land}" fill-rule="evenodd" stroke="none"/>`,
    );
  });

  it('draws every line and ring of every geometry kind, skipping empty features and points', () => {
    const land = fc(
      { type: 'Polygon', coordinates: [line(0.1, 0.2)] },
      { type: 'MultiPolygon', coordinates: [[line(0.4, 0.5)], [line(0.6, 0.7)]] },
      { type: 'GeometryCollection', geometries: [{ type: 'LineString', coordinates: line(0.8, 0.9) }] },
      null,
      { type: 'Point', coordinates: [0.5, 0] },
      { type: 'MultiPoint', coordinates: [[0.5, 0]] },
    );
    const svg = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP), basemap: { land } });
    expect(svg).toContain('<path d="M156 300L242 300M414 300L500 300M586 300L672 300M758 300L844 300" fill="#f4f1ea"');
  });

  it('strokes state lines dashed and country lines solid', () => {
    const basemap: Basemap = {
      states: fc({ type: 'LineString', coordinates: line(0.2, 0.8) }),
      countries: fc({ type: 'MultiLineString', coordinates: [line(0.1, 0.3), line(0.5, 0.6)] }),
    };
    const svg = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP), basemap });
    expect(paths(svg, MAP_COLORS.state)).toEqual([
      {
        d: 'M242 300L758 300',
        width: 1,
        rest: 'stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="4 3"',
      },
    ]);
    expect(paths(svg, MAP_COLORS.country)).toEqual([
      { d: 'M156 300L328 300M500 300L586 300', width: 1.4, rest: 'stroke-linejoin="round" stroke-linecap="round"' },
    ]);
    expect(svg).toContain(`<rect width="1000" height="600" fill="${MAP_COLORS.land}"/>`);
  });

  it('skips rings wholly more than 50 px outside the frame, on each side', () => {
    const states = fc(
      { type: 'LineString', coordinates: line(-0.2, -0.15) },
      { type: 'LineString', coordinates: line(-0.2, -0.13) },
      { type: 'LineString', coordinates: line(1.2, 1.3) },
      { type: 'LineString', coordinates: line(1.13, 1.3) },
      {
        type: 'LineString',
        coordinates: [
          [0.5, 0.5],
          [0.6, 0.6],
        ],
      },
      {
        type: 'LineString',
        coordinates: [
          [0.5, -0.5],
          [0.6, -0.6],
        ],
      },
    );
    const svg = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP), basemap: { states } });
    expect(paths(svg, MAP_COLORS.state)[0]!.d).toBe('M-102 300L-41.8 300M1041.8 300L1188 300');
  });
});

describe('route map: the scale bar', () => {
  it('shows a round number of miles near a fifth of the frame, at its length', () => {
    // 860 px per degree at the equator: 0.0803 mi per px, a fifth of the frame ≈ 16 mi → 20 mi, 248.9 px.
    const svg = routeMapSvg({ chunks: [LINE], analysis: handMadeAnalysis(NO_GAP) });
    expect(svg).toContain(
      '<g font-size="14" fill="#333"><rect x="14" y="556" width="330.9" height="34" fill="#fff" fill-opacity="0.8"/><path d="M20 572V578H268.9V572" fill="none" stroke="#333" stroke-width="2"/><text x="276.9" y="578">20 mi</text></g>',
    );
  });

  it('goes up to 1000 miles for a continent-wide route', () => {
    const c = chunk([
      { lng: 0, min: -720 },
      { lng: 50, min: 700 },
    ]);
    // 50° of the equator (3,454 mi) over 860 px: a fifth of the frame ≈ 803 mi → 1000 mi.
    const params = { gapSeconds: 100_000, maxPlausibleMph: 250 };
    expect(routeMapSvg({ chunks: [c], analysis: handMadeAnalysis(params) })).toContain('>1000 mi</text>');
  });
});
