import type { FeatureCollection, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { MAP_COLORS, routeMapSvg } from '../../shared/report/route-map-svg.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { handMadeAnalysis } from '../support/analysis-fixtures.ts';

/**
 * The printable route map's projection and frame away from the equator and the prime meridian, rings only
 * partly outside the frame, the scale bar at a high latitude and the SVG's own structure. Expected positions
 * come from Web Mercator written out here (y = ln tan(π/4 + φ/2)) and the frame's stated fit: the readings'
 * extent fills 860 × 516 px around the centre (500, 300) of a 1000 × 600 frame, whichever side binds.
 */
const RAD = Math.PI / 180;
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));
const r1 = (v: number) => Math.round(v * 10) / 10;
const T0 = Date.UTC(2026, 2, 14);

function chunk(points: [lng: number, lat: number][], minutesApart = 1) {
  return buildDayChunk(
    'v1',
    '2026-03-14',
    points.map(([lng, lat], k) => ({
      id: `r${k}`,
      t: T0 + k * minutesApart * 60_000,
      lat,
      lng,
      speed: 30,
      status: 'IN_MOTION' as const,
      direction: 0,
      location: '',
      vehicleNumber: 'T-1',
      vin: 'VIN',
    })),
  );
}

/** No gap within days, 250 mph plausible (40° of latitude in 11.5 h is kept): every interval is route. */
const analysis = (): TrackAnalysis => handMadeAnalysis({ gapSeconds: 1_000_000, maxPlausibleMph: 250 });

const routeD = (svg: string) =>
  new RegExp(`<path d="([^"]*)" fill="none" stroke="${MAP_COLORS.route}"`).exec(svg)?.[1] ?? '';

describe('route map: Web Mercator away from the equator', () => {
  it('places a reading at 20° N between 0° and 40° where Mercator puts it, whatever the order', () => {
    // North–south binds: 516 px over mercY(40) radians. 40° of latitude in 11.5 h is 240 mph, under 250.
    const scale = 516 / mercY(40);
    const y = (lat: number) => r1(300 - (mercY(lat) - mercY(40) / 2) * scale);
    const svg = routeMapSvg({
      chunks: [
        chunk(
          [
            [10, 0],
            [10, 40],
            [10, 20],
          ],
          690,
        ),
      ],
      analysis: analysis(),
    });
    expect(routeD(svg)).toBe(`M500 ${y(0)}L500 ${y(40)}L500 ${y(20)}`);
    expect([y(0), y(40)]).toEqual([558, 42]);
  });

  it('fits a route between 10° E and 11° E to the frame width (the span, not the sum, of the longitudes)', () => {
    const svg = routeMapSvg({
      chunks: [
        chunk(
          [
            [10, 0],
            [10.5, 0],
            [11, 0],
          ],
          60,
        ),
      ],
      analysis: analysis(),
    });
    expect(routeD(svg)).toBe('M70 300L500 300L930 300');
  });
});

describe('route map: the scale bar at 60° N', () => {
  it('measures miles at the frame’s middle latitude', () => {
    // One degree of longitude around 60° N: the east–west span binds (860 px per 1°·π/180 rad).
    const svg = routeMapSvg({
      chunks: [
        chunk(
          [
            [0, 60],
            [1, 60],
          ],
          60,
        ),
      ],
      analysis: analysis(),
    });
    const scale = 860 / RAD;
    const milesPerPx = (3958.7613 * Math.cos(60 * RAD)) / scale;
    // A fifth of the frame is 200 px ≈ 8.0 mi here, so the bar is 10 mi (20 mi at the equator).
    expect(r1(milesPerPx * 200)).toBe(8);
    const len = 10 / milesPerPx;
    expect(svg).toContain(`<path d="M20 572V578H${r1(20 + len)}V572"`);
    expect(svg).toContain('>10 mi</text>');
  });
});

describe('route map: basemap rings partly outside the frame', () => {
  const fc = (...rings: Position[][]): FeatureCollection => ({
    type: 'FeatureCollection',
    features: rings.map((coordinates) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates },
    })),
  });
  // The route runs along the equator from 0° to 1°: x = 70 + 860·lng, y = 300 − 860·mercY(lat)/RAD.
  const LINE = chunk(
    [
      [0, 0],
      [1, 0],
    ],
    60,
  );
  const stateD = (states: FeatureCollection) =>
    new RegExp(`<path d="([^"]*)" fill="none" stroke="${MAP_COLORS.state}"`).exec(
      routeMapSvg({ chunks: [LINE], analysis: analysis(), basemap: { states } }),
    )?.[1] ?? '';

  it('draws a ring that starts inside and ends far outside, on each side', () => {
    expect(
      stateD(
        fc([
          [0.5, 0],
          [-1, 0],
        ]),
      ),
    ).toBe('M500 300L-790 300');
    expect(
      stateD(
        fc([
          [0.5, 0],
          [2, 0],
        ]),
      ),
    ).toBe('M500 300L1790 300');
    expect(
      stateD(
        fc([
          [0.5, 0],
          [0.5, 1],
        ]),
      ),
    ).toBe(`M500 300L500 ${r1(300 - (860 * mercY(1)) / RAD)}`);
    expect(
      stateD(
        fc([
          [0.5, 0],
          [0.5, -1],
        ]),
      ),
    ).toBe(`M500 300L500 ${r1(300 + (860 * mercY(1)) / RAD)}`);
  });

  it('draws rings wholly inside the frame near its left and bottom edges', () => {
    // x 10…40 px (inside, within 50 px of the left edge); y 560…590 px (inside, within 50 px of the bottom).
    expect(
      stateD(
        fc([
          [(10 - 70) / 860, 0],
          [(40 - 70) / 860, 0],
        ]),
      ),
    ).toBe('M10 300L40 300');
    const lat = (y: number) => (2 * Math.atan(Math.exp(((300 - y) * RAD) / 860)) - Math.PI / 2) / RAD;
    expect(
      stateD(
        fc([
          [0.5, lat(560)],
          [0.6, lat(590)],
        ]),
      ),
    ).toBe('M500 560L586 590');
  });
});

describe('route map: the SVG itself', () => {
  it('clips the map to its frame, closes every group, and draws nothing for layers it has not', () => {
    const svg = routeMapSvg({
      chunks: [
        chunk(
          [
            [0, 0],
            [1, 0],
          ],
          60,
        ),
      ],
      analysis: analysis(),
    });
    expect(svg).toContain('<defs><clipPath id="map-frame"><rect width="1000" height="600"/></clipPath></defs>');
    // No basemap, no gap: the clipped group begins with the route's own path.
    expect(svg).toMatch(/<g clip-path="url\(#map-frame\)"><path d="M70 300L930 300" fill="none" stroke="#1d4f91"/);
    expect(svg.match(/<g[ >]/g)?.length).toBe(svg.match(/<\/g>/g)?.length);
    // The border last, its stroke wholly inside the viewBox (centred on the edge, its outer half was cut off).
    expect(svg).toMatch(
      /<rect x="1" y="1" width="998" height="598" fill="none" stroke="#999" stroke-width="2"\/><\/svg>$/,
    );
  });
});
