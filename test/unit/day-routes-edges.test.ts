/**
 * Edges of the day-route builds (shared/map/day-routes.ts) and of the line
 * collector and bounds they share (route-lines.ts, route-geojson.ts): the
 * full-detail level kept per day and options, view keys, builds of a
 * different number of days, bounds whose extremes sit mid-track, nothing to
 * draw, and a jump of exactly 180° near the pole. Tracks are built reading by
 * reading, so every expected value is known by construction.
 */
import { describe, expect, it } from 'vitest';
import { dayRoutesGeoJSON, fullLevel, routeViewKey, type DayRoute } from '../../shared/map/day-routes.ts';
import { buildTrackOverview, overviewRouteGeoJSON } from '../../shared/map/overview.ts';
import { buildRouteGeoJSON, chunksBounds, type RouteOptions } from '../../shared/map/route-geojson.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const OPTS: RouteOptions = { speedingThresholdMph: 70, ...DEFAULT_GAP_PARAMS };

/** Readings [lat, lng] every 30 s from `start`, all at 60 mph in motion. */
function chunkOf(pos: readonly (readonly [number, number])[], day: string, start: number): DayChunk {
  const pts: Breadcrumb[] = pos.map(([lat, lng], k) => ({
    id: `d-${k}`,
    t: start + k * 30_000,
    lat,
    lng,
    speed: 60,
    status: 'IN_MOTION',
    direction: 0,
    location: '',
    vehicleNumber: 'T1',
    vin: 'V',
  }));
  return buildDayChunk('veh-dr', day, pts);
}

/** Extremes in the middle of the day: west 2nd, south 3rd, east 4th, north 5th. */
const ZIGZAG: [number, number][] = [
  [40, -100],
  [40.01, -100.02],
  [39.98, -99.99],
  [40.005, -99.97],
  [40.03, -99.995],
  [40.02, -100.01],
];
const ZIGZAG_BOUNDS = [-100.02, 39.98, -99.97, 40.03];

const dayOf = (pos: readonly (readonly [number, number])[], k: number): DayRoute => {
  const c = chunkOf(pos, `2026-05-0${4 + k}`, Date.UTC(2026, 4, 4 + k, 6));
  return { overview: buildTrackOverview(c, OPTS), readings: c };
};

describe('full-detail level of a day', () => {
  it('is built once per day and options, then the same level is given again', () => {
    const day = dayOf(ZIGZAG, 0);
    const first = fullLevel(day, OPTS);
    expect(first.length).toBe(ZIGZAG.length);
    expect(fullLevel(day, OPTS)).toBe(first);
    const other = fullLevel(day, { ...OPTS, speedingThresholdMph: 50 });
    expect(other).not.toBe(first);
    expect(fullLevel(day, { ...OPTS, speedingThresholdMph: 50 })).toBe(other);
  });

  it('is the finest stored level while the readings are not read', () => {
    const day = dayOf(ZIGZAG, 0);
    const sketch: DayRoute = { overview: day.overview, readings: null };
    expect(fullLevel(sketch, OPTS)).toBe(day.overview.levels[day.overview.levels.length - 1]);
  });
});

describe('route view key', () => {
  it('names no view, a level, or the detail ranges', () => {
    expect(routeViewKey(null)).toBe('');
    expect(routeViewKey({ level: 2 })).toBe('level 2');
    expect(
      routeViewKey({
        detail: [
          [0, 2],
          [4, 4],
        ],
      }),
    ).toBe('detail 0-2,4-4');
  });
});

describe('day-route builds', () => {
  it('a build of one day is not given for that day and another', () => {
    const a = dayOf(ZIGZAG, 0);
    const b = dayOf(
      ZIGZAG.map(([lat, lng]) => [lat + 0.1, lng] as [number, number]),
      1,
    );
    const one = dayRoutesGeoJSON([a], { level: 0 }, OPTS);
    const two = dayRoutesGeoJSON([a, b], { level: 0 }, OPTS);
    expect(two).not.toBe(one);
    expect(two.points).toBe(a.overview.levels[0]!.length + b.overview.levels[0]!.length);
  });
});

describe('bounds of drawn lines and of readings', () => {
  it('are the extremes wherever they fall in the day, for the overview, the full line and the readings', () => {
    const c = chunkOf(ZIGZAG, '2026-05-04', Date.UTC(2026, 4, 4, 6));
    const full = buildTrackOverview(c, OPTS, [], true).levels[0]!;
    expect(overviewRouteGeoJSON([full], OPTS).bounds).toEqual(ZIGZAG_BOUNDS);
    expect(buildRouteGeoJSON([c], OPTS).bounds).toEqual(ZIGZAG_BOUNDS);
    expect(chunksBounds([c])).toEqual(ZIGZAG_BOUNDS);
  });

  it('nothing to draw gives no lines, no gaps and no bounds', () => {
    const g = overviewRouteGeoJSON([], OPTS);
    expect(g).toEqual({
      route: { type: 'FeatureCollection', features: [] },
      gaps: { type: 'FeatureCollection', features: [] },
      bounds: null,
      points: 0,
    });
  });
});

describe('full line across the meridian opposite near the pole', () => {
  // At 89.999° the points 180° apart in longitude are 0.14 mi apart: joined, not a jump.
  it('a longitude step of exactly 180° is a segment; over 180° breaks the line', () => {
    const c = chunkOf(
      [
        [89.999, 0],
        [89.999, 180],
        [89.999, 179],
        [89.999, -1.5],
        [89.999, 0],
      ],
      '2026-05-04',
      Date.UTC(2026, 4, 4, 6),
    );
    const g = buildRouteGeoJSON([c], OPTS);
    expect(g.route.features.map((f) => f.geometry.coordinates.length)).toEqual([3, 2]);
    expect(g.gaps.features).toEqual([]);
  });
});
