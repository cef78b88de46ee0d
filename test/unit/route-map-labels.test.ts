import { describe, expect, it } from 'vitest';
import { BORDER, MAP_SIZE, routeMapSvg } from '../../shared/report/route-map-svg.ts';
import { labelBox, MAX_PLACE_CHARS, placeLabels, placeName } from '../../shared/report/route-map-labels.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { handMadeAnalysis } from '../support/analysis-fixtures.ts';

const T0 = Date.UTC(2026, 2, 14);
function chunk(points: [lng: number, lat: number, place: string][]) {
  return buildDayChunk(
    'v1',
    '2026-03-14',
    points.map(([lng, lat, location], k) => ({
      id: `r${k}`,
      t: T0 + k * 60_000,
      lat,
      lng,
      speed: 30,
      status: 'IN_MOTION' as const,
      direction: 0,
      location,
      vehicleNumber: 'T-1',
      vin: 'VIN',
    })),
  );
}

describe('route map frame border', () => {
  it('lies wholly inside the viewBox, stroke included, on all four sides', () => {
    const svg = routeMapSvg({
      chunks: [
        chunk([
          [-97, 41, 'a'],
          [-96.9, 41, 'b'],
        ]),
      ],
      analysis: handMadeAnalysis({ gapSeconds: 1_000_000, maxPlausibleMph: 250 }),
    });
    const m =
      /<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none" stroke="#999" stroke-width="([\d.]+)"\/><\/svg>$/.exec(
        svg,
      )!;
    const [x, y, w, h, sw] = m.slice(1).map(Number) as [number, number, number, number, number];
    expect(sw).toBe(BORDER.width);
    expect(x - sw / 2).toBeGreaterThanOrEqual(0);
    expect(y - sw / 2).toBeGreaterThanOrEqual(0);
    expect(x + w + sw / 2).toBeLessThanOrEqual(MAP_SIZE.width);
    expect(y + h + sw / 2).toBeLessThanOrEqual(MAP_SIZE.height);
  });
});

describe('route map place names', () => {
  it('labels the start and end with their places, escaped', () => {
    const svg = routeMapSvg({
      chunks: [
        chunk([
          [-97, 41, '3 mi W of Lincoln, NE'],
          [-96.99, 41.001, 'in <Omaha> & "co"'],
        ]),
      ],
      analysis: handMadeAnalysis({ gapSeconds: 1_000_000, maxPlausibleMph: 250 }),
    });
    const labels = [...svg.matchAll(/<text class="place"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels).toEqual(['3 mi W of Lincoln, NE', 'in &lt;Omaha&gt; &amp; &quot;co&quot;']);
  });

  it('one label for a round trip; none for readings without a place', () => {
    const frame = MAP_SIZE;
    expect(
      placeLabels({ name: 'Yard', x: 100, y: 100 }, { name: 'Yard', x: 110, y: 100 }, frame).match(/<text/g),
    ).toHaveLength(1);
    expect(placeLabels({ name: '', x: 100, y: 100 }, { name: ' ', x: 500, y: 100 }, frame)).toBe('');
  });

  it('a name is one bounded line', () => {
    expect(placeName('  in\nAmarillo,\u0007  TX ')).toBe('in Amarillo, TX');
    const long = placeName('x'.repeat(200));
    expect([...long]).toHaveLength(MAX_PLACE_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('a label stays inside the frame wherever its marker is', () => {
    for (const [mx, my] of [
      [990, 300],
      [5, 5],
      [500, 595],
      [995, 595],
    ] as const) {
      const b = labelBox(MAX_PLACE_CHARS, mx, my, MAP_SIZE);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(MAP_SIZE.width);
      expect(b.y).toBeLessThanOrEqual(MAP_SIZE.height);
      expect(b.y).toBeGreaterThan(0);
    }
  });
});
