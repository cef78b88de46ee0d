import { describe, expect, it } from 'vitest';
import { limitClassLookup, limitRouteGeoJSON } from '../../shared/map/limit-route.ts';
import { buildRouteGeoJSON, type RouteOptions } from '../../shared/map/route-geojson.ts';
import { LIMIT_CLASSES, type LimitClass } from '../../shared/roads/limit-along.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const T0 = Date.UTC(2026, 2, 14, 12);
const MIN = 60_000;
const OPTS: RouteOptions = {
  speedingThresholdMph: 70,
  gapSeconds: 1200,
  minStopSeconds: 300,
  stopSpeedMph: 3,
  maxPlausibleMph: 110,
};

/** Readings a minute apart (unless `t` is given) along 40°N at 50 mph. */
function chunk(points: { lng: number; t?: number }[], day = '2026-03-14'): DayChunk {
  const crumbs: Breadcrumb[] = points.map((p, i) => ({
    id: `r${i}`,
    t: p.t ?? T0 + i * MIN,
    lat: 40,
    lng: p.lng,
    speed: 50,
    status: 'IN_MOTION',
    direction: 90,
    location: '',
    vehicleNumber: 'T-1',
    vin: 'VIN',
  }));
  return buildDayChunk('v1', day, crumbs);
}

const along = (t: number[], cls: LimitClass[]) => ({
  t: Float64Array.from(t),
  cls: Uint8Array.from(cls, (c) => LIMIT_CLASSES.indexOf(c)),
});

describe('the route coloured by mph over the limit', () => {
  it('classes each segment by the reading it ends at, one line per run of a class', () => {
    const c = chunk([{ lng: -100 }, { lng: -99.99 }, { lng: -99.98 }, { lng: -99.97 }, { lng: -99.96 }]);
    const classes = along(
      Array.from({ length: 5 }, (_, i) => T0 + i * MIN),
      ['under', 'under', 'light', 'light', 'severe'],
    );
    const g = limitRouteGeoJSON([c], OPTS, classes);
    expect(g.route.features.map((f) => [f.properties.c, f.geometry.coordinates.map(([lng]) => lng)])).toEqual([
      ['under', [-100, -99.99]],
      ['light', [-99.99, -99.98, -99.97]],
      ['severe', [-99.97, -99.96]],
    ]);
  });

  it('keeps the route by speed’s lines, gaps and bounds: only the classes differ', () => {
    const c = chunk([
      { lng: -100 },
      { lng: -99.99 },
      { lng: -99.98, t: T0 + 60 * MIN },
      { lng: -99.97, t: T0 + 61 * MIN },
    ]);
    const classes = along([T0, T0 + MIN, T0 + 60 * MIN, T0 + 61 * MIN], ['under', 'under', 'under', 'under']);
    const byLimit = limitRouteGeoJSON([c], OPTS, classes);
    const bySpeed = buildRouteGeoJSON([c], OPTS);
    expect(byLimit.gaps).toEqual(bySpeed.gaps);
    expect(byLimit.bounds).toEqual(bySpeed.bounds);
    expect(byLimit.route.features.map((f) => f.geometry)).toEqual(bySpeed.route.features.map((f) => f.geometry));
    expect(byLimit.gaps.features).toHaveLength(1);
  });

  it('calls a reading the classes do not hold "unknown", never the class of a neighbour', () => {
    const c = chunk([{ lng: -100 }, { lng: -99.99 }, { lng: -99.98 }]);
    // The middle reading is missing from the classes.
    const classes = along([T0, T0 + 2 * MIN], ['heavy', 'heavy']);
    expect(limitRouteGeoJSON([c], OPTS, classes).route.features.map((f) => f.properties.c)).toEqual([
      'unknown',
      'heavy',
    ]);
  });

  it('looks up readings across days in time order, and again from the start', () => {
    const lookup = limitClassLookup(along([10, 20, 30], ['under', 'within', 'moderate']));
    expect([10, 15, 20, 30, 31].map(lookup)).toEqual(['under', 'unknown', 'within', 'moderate', 'unknown']);
    expect(lookup(10)).toBe('under');
  });

  it('is built once per classes, chunks and options', () => {
    const chunks = [chunk([{ lng: -100 }, { lng: -99.99 }])];
    const classes = along([T0, T0 + MIN], ['under', 'light']);
    expect(limitRouteGeoJSON(chunks, OPTS, classes)).toBe(limitRouteGeoJSON(chunks, OPTS, classes));
    expect(limitRouteGeoJSON(chunks, { ...OPTS, gapSeconds: 600 }, classes)).not.toBe(
      limitRouteGeoJSON(chunks, OPTS, classes),
    );
  });
});
