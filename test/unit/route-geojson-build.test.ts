import { describe, expect, it } from 'vitest';
import {
  buildRouteGeoJSON,
  chunksBounds,
  routeGeoJSON,
  speedClass,
  type RouteOptions,
} from '../../shared/map/route-geojson.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import type { MotionStatus } from '../../shared/api/wire.ts';

const T0 = Date.UTC(2026, 2, 14, 12);
const MIN = 60_000;
const OPTS: RouteOptions = {
  speedingThresholdMph: 70,
  gapSeconds: 1200,
  minStopSeconds: 300,
  stopSpeedMph: 3,
  maxPlausibleMph: 110,
};

/** Readings a minute apart unless `t` is given; 0.01° of longitude at 40°N is about 0.53 mi (32 mph over a minute). */
function chunk(
  points: { lng: number; lat?: number; speed: number; t?: number; status?: MotionStatus }[],
  day = '2026-03-14',
): DayChunk {
  const crumbs: Breadcrumb[] = points.map((p, i) => ({
    id: `r${i}`,
    t: p.t ?? T0 + i * MIN,
    lat: p.lat ?? 40,
    lng: p.lng,
    speed: p.speed,
    status: p.status ?? 'IN_MOTION',
    direction: 90,
    location: '',
    vehicleNumber: 'T-1',
    vin: 'VIN',
  }));
  return buildDayChunk('v1', day, crumbs);
}

describe('speedClass', () => {
  it('is over above the limit, near within 5 mph under it, normal within 25, slow below', () => {
    expect(speedClass(70.1, 70)).toBe('over');
    expect(speedClass(70, 70)).toBe('near');
    expect(speedClass(65.1, 70)).toBe('near');
    expect(speedClass(65, 70)).toBe('normal');
    expect(speedClass(45.1, 70)).toBe('normal');
    expect(speedClass(45, 70)).toBe('slow');
    expect(speedClass(0, 70)).toBe('slow');
  });
});

describe('buildRouteGeoJSON', () => {
  it('joins consecutive segments of one class into one line, each segment classed by the reading it ends at', () => {
    const g = buildRouteGeoJSON(
      [
        chunk([
          { lng: -100, speed: 10 },
          { lng: -99.99, speed: 50 },
          { lng: -99.98, speed: 55 },
          { lng: -99.97, speed: 80 },
          { lng: -99.96, speed: 75 },
          { lng: -99.95, speed: 30 },
        ]),
      ],
      OPTS,
    );
    expect(g.route.features.map((f) => [f.properties.c, f.geometry.coordinates])).toEqual([
      [
        'normal',
        [
          [-100, 40],
          [-99.99, 40],
          [-99.98, 40],
        ],
      ],
      [
        'over',
        [
          [-99.98, 40],
          [-99.97, 40],
          [-99.96, 40],
        ],
      ],
      [
        'slow',
        [
          [-99.96, 40],
          [-99.95, 40],
        ],
      ],
    ]);
    expect(g.route.type).toBe('FeatureCollection');
    expect(g.route.features[0]).toMatchObject({ type: 'Feature', geometry: { type: 'LineString' } });
    expect(g.gaps.features).toEqual([]);
    expect(g.points).toBe(6);
  });

  it('gives the bounds as west, south, east, north of the readings with a position', () => {
    const g = buildRouteGeoJSON(
      [
        chunk([
          { lng: -100, lat: 40, speed: 30 },
          { lng: -99.99, lat: 40.01, speed: 30 },
          { lng: -100.01, lat: 39.99, speed: 30 },
        ]),
      ],
      OPTS,
    );
    expect(g.bounds).toEqual([-100.01, 39.99, -99.99, 40.01]);
  });

  it('skips readings without a finite position, counting only the others', () => {
    const c = chunk([
      { lng: -100, speed: 30 },
      { lng: -99.99, speed: 30 },
      { lng: -99.98, speed: 30 },
    ]);
    c.lat[1] = Number.NaN;
    const g = buildRouteGeoJSON([c], OPTS);
    expect(g.points).toBe(2);
    expect(g.route.features.map((f) => f.geometry.coordinates)).toEqual([
      [
        [-100, 40],
        [-99.98, 40],
      ],
    ]);
    const d = chunk([
      { lng: -100, speed: 30 },
      { lng: -99.99, speed: 30 },
    ]);
    d.lng[0] = Number.POSITIVE_INFINITY;
    expect(buildRouteGeoJSON([d], OPTS)).toMatchObject({ points: 1, bounds: [-99.99, 40, -99.99, 40] });
  });

  it('has no bounds and no lines without readings, and no line from one reading', () => {
    expect(buildRouteGeoJSON([], OPTS)).toEqual({
      route: { type: 'FeatureCollection', features: [] },
      gaps: { type: 'FeatureCollection', features: [] },
      bounds: null,
      points: 0,
    });
    const one = buildRouteGeoJSON([chunk([{ lng: -100, speed: 30 }])], OPTS);
    expect(one.route.features).toEqual([]);
    expect(one.points).toBe(1);
  });

  it('breaks the line at a gap and draws the gap from the last reading before it to the first after it', () => {
    const g = buildRouteGeoJSON(
      [
        chunk([
          { lng: -100, speed: 30 },
          { lng: -99.99, speed: 30 },
          // 30 minutes of silence, 0.1° (about 5 miles) further on: a gap.
          { lng: -99.89, speed: 30, t: T0 + 31 * MIN },
          { lng: -99.88, speed: 30, t: T0 + 32 * MIN },
        ]),
      ],
      OPTS,
    );
    expect(g.gaps.features).toEqual([
      {
        type: 'Feature',
        properties: { startMs: T0 + MIN, endMs: T0 + 31 * MIN },
        geometry: {
          type: 'LineString',
          coordinates: [
            [-99.99, 40],
            [-99.89, 40],
          ],
        },
      },
    ]);
    expect(g.route.features.map((f) => f.geometry.coordinates)).toEqual([
      [
        [-100, 40],
        [-99.99, 40],
      ],
      [
        [-99.89, 40],
        [-99.88, 40],
      ],
    ]);
  });

  it('treats an OFFLINE reading followed by a move as a gap, judged on the previous reading’s status', () => {
    const g = buildRouteGeoJSON(
      [
        chunk([
          { lng: -100, speed: 30 },
          { lng: -99.99, speed: 30, status: 'OFFLINE' },
          { lng: -99.98, speed: 30 },
          { lng: -99.97, speed: 30, status: 'OFFLINE' },
        ]),
      ],
      OPTS,
    );
    expect(g.gaps.features.map((f) => f.properties)).toEqual([{ startMs: T0 + MIN, endMs: T0 + 2 * MIN }]);
  });

  it('continues a line across chunks (days) in order', () => {
    const a = chunk([
      { lng: -100, speed: 30 },
      { lng: -99.99, speed: 30 },
    ]);
    const b = chunk([{ lng: -99.98, speed: 30, t: T0 + 2 * MIN }], '2026-03-14');
    const g = buildRouteGeoJSON([a, b], OPTS);
    expect(g.route.features.map((f) => f.geometry.coordinates)).toEqual([
      [
        [-100, 40],
        [-99.99, 40],
        [-99.98, 40],
      ],
    ]);
  });

  it('breaks the line where it crosses the antimeridian instead of drawing across the world', () => {
    const g = buildRouteGeoJSON(
      [
        chunk([
          { lng: 179.98, lat: 0, speed: 30 },
          { lng: 179.995, lat: 0, speed: 30 },
          { lng: -179.995, lat: 0, speed: 30 },
          { lng: -179.98, lat: 0, speed: 30 },
        ]),
      ],
      OPTS,
    );
    expect(g.route.features.map((f) => f.geometry.coordinates)).toEqual([
      [
        [179.98, 0],
        [179.995, 0],
      ],
      [
        [-179.995, 0],
        [-179.98, 0],
      ],
    ]);
    expect(g.gaps.features).toEqual([]);
  });
});

describe('routeGeoJSON (memoised)', () => {
  it('returns the same build for the same chunks and options, and a new one when an option changes', () => {
    const chunks = [
      chunk([
        { lng: -100, speed: 30 },
        { lng: -99.99, speed: 68 },
      ]),
    ];
    const a = routeGeoJSON(chunks, OPTS);
    expect(routeGeoJSON(chunks, { ...OPTS })).toBe(a);
    const b = routeGeoJSON(chunks, { ...OPTS, speedingThresholdMph: 65 });
    expect(b).not.toBe(a);
    expect(b.route.features[0]!.properties.c).toBe('over');
    expect(a.route.features[0]!.properties.c).toBe('near');
    for (const changed of [
      { gapSeconds: 600 },
      { minStopSeconds: 200 },
      { stopSpeedMph: 2 },
      { maxPlausibleMph: 100 },
    ]) {
      expect(routeGeoJSON(chunks, { ...OPTS, ...changed }), JSON.stringify(changed)).not.toBe(a);
    }
    expect(routeGeoJSON([...chunks], OPTS)).not.toBe(a);
  });

  it('keeps up to four builds per selection, then starts over', () => {
    const chunks = [
      chunk([
        { lng: -100, speed: 30 },
        { lng: -99.99, speed: 30 },
      ]),
    ];
    const builds = [60, 61, 62, 63].map((mph) => routeGeoJSON(chunks, { ...OPTS, speedingThresholdMph: mph }));
    expect(routeGeoJSON(chunks, { ...OPTS, speedingThresholdMph: 60 })).toBe(builds[0]);
    expect(routeGeoJSON(chunks, { ...OPTS, speedingThresholdMph: 63 })).toBe(builds[3]);
    routeGeoJSON(chunks, { ...OPTS, speedingThresholdMph: 64 });
    expect(routeGeoJSON(chunks, { ...OPTS, speedingThresholdMph: 60 })).not.toBe(builds[0]);
  });
});

describe('chunksBounds', () => {
  it('spans every reading of every chunk', () => {
    const a = chunk([
      { lng: -100, lat: 40, speed: 0 },
      { lng: -99, lat: 41, speed: 0 },
    ]);
    const b = chunk([{ lng: -101, lat: 39.5, speed: 0, t: T0 + 86_400_000 }], '2026-03-15');
    expect(chunksBounds([a, b])).toEqual([-101, 39.5, -99, 41]);
    expect(chunksBounds([b])).toEqual([-101, 39.5, -101, 39.5]);
  });

  it('is null without readings', () => {
    expect(chunksBounds([])).toBeNull();
    expect(chunksBounds([chunk([])])).toBeNull();
  });
});
