/**
 * Edges of the route overview (shared/map/overview.ts) on short tracks built
 * reading by reading: bounds of readings whose extremes sit mid-track, readings
 * without a position, a straight meridian (every interior reading lies exactly
 * on the chord, so each level keeps only the points no level may drop), class
 * and status changes at known readings, the antimeridian near the pole and the
 * stored-overview check. Expected values are known by construction.
 */
import { describe, expect, it } from 'vitest';
import {
  buildTrackOverview,
  isCurrentOverview,
  Link,
  OVERVIEW_RULE,
  OVERVIEW_ZOOMS,
  overviewRouteGeoJSON,
  routeOptionsKey,
} from '../../shared/map/overview.ts';
import type { RouteOptions } from '../../shared/map/route-geojson.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const OPTS: RouteOptions = { speedingThresholdMph: 70, ...DEFAULT_GAP_PARAMS };
const T0 = Date.UTC(2026, 4, 4, 6);

interface R {
  lat: number;
  lng: number;
  speed?: number;
  status?: Breadcrumb['status'];
  /** Minutes of silence before this reading (on top of the 30 s). */
  pause?: number;
}

/** One reading every 30 s from `start` (plus any pauses), in the given order. */
function chunkOf(rs: readonly R[], day = '2026-05-04', start = T0): DayChunk {
  let t = start - 30_000;
  const pts: Breadcrumb[] = rs.map((r, k) => ({
    id: `r-${String(k).padStart(4, '0')}`,
    t: (t += 30_000 + (r.pause ?? 0) * 60_000),
    lat: r.lat,
    lng: r.lng,
    speed: r.speed ?? 60,
    status: r.status ?? 'IN_MOTION',
    direction: 0,
    location: '',
    vehicleNumber: 'T1',
    vin: 'V',
  }));
  return buildDayChunk('veh-edges', day, pts);
}

/** n readings due north along lng -100, 0.005° apart (≈ 41 mph at 30 s): straight in Web Mercator. */
function meridian(n: number, f: (k: number) => Partial<R> = () => ({})): R[] {
  return Array.from({ length: n }, (_, k) => ({ lat: 40 + k * 0.005, lng: -100, ...f(k) }));
}

/** Indices (into the chunk) of the readings a level keeps, found by time. */
const keptIdx = (c: DayChunk, lvT: Float64Array) => Array.from(lvT, (t) => c.t.indexOf(t));

describe('route overview bounds and readings without a position', () => {
  it('bounds are the west, south, east and north extremes wherever they fall in the day', () => {
    const c = chunkOf([
      { lat: 40, lng: -100 },
      { lat: 40.01, lng: -100.02 },
      { lat: 39.98, lng: -99.99 },
      { lat: 40.03, lng: -99.97 },
      { lat: 40.02, lng: -100.01 },
    ]);
    const ov = buildTrackOverview(c, OPTS);
    expect(ov.bounds).toEqual([-100.02, 39.98, -99.97, 40.03]);
    expect(ov.points).toBe(5);
  });

  it('bounds of one reading are that reading; of readings falling west and south all day, the last one', () => {
    expect(buildTrackOverview(chunkOf([{ lat: 10, lng: 20 }]), OPTS).bounds).toEqual([20, 10, 20, 10]);
    const down = chunkOf([
      { lat: 40.03, lng: -99.97 },
      { lat: 40.02, lng: -99.98 },
      { lat: 40.01, lng: -99.99 },
    ]);
    expect(buildTrackOverview(down, OPTS).bounds).toEqual([-99.99, 40.01, -99.97, 40.03]);
  });

  it('a day without readings has no bounds, no points and empty levels', () => {
    const ov = buildTrackOverview(chunkOf([]), OPTS, OVERVIEW_ZOOMS, true);
    expect(ov.bounds).toBeNull();
    expect(ov.points).toBe(0);
    expect(ov.levels.map((l) => l.length)).toEqual([0, 0, 0, 0]);
  });

  it('readings missing their latitude or their longitude count nowhere: not in points, bounds or any level', () => {
    const c = chunkOf([
      { lat: 40, lng: -100 },
      { lat: NaN, lng: -120 },
      { lat: 40.01, lng: -100.01 },
      { lat: 60, lng: NaN },
      { lat: 40.02, lng: -100 },
    ]);
    const ov = buildTrackOverview(c, OPTS, [], true);
    expect(ov.points).toBe(3);
    expect(ov.bounds).toEqual([-100.01, 40, -100, 40.02]);
    expect(Array.from(ov.levels[0]!.lat)).toEqual([40, 40.01, 40.02]);
    expect(Array.from(ov.levels[0]!.link)).toEqual([Link.JOIN, Link.JOIN, Link.JOIN]);
  });
});

describe('route overview kept points on a straight meridian (only the points no level may drop)', () => {
  const allLevels = (c: DayChunk) => buildTrackOverview(c, OPTS, OVERVIEW_ZOOMS).levels;

  it('one class and one status: only the first and the last reading', () => {
    const c = chunkOf(meridian(10));
    for (const lv of allLevels(c)) expect(keptIdx(c, lv.t)).toEqual([0, 9]);
  });

  it('a class change keeps the reading where the new class run starts (the segment after it is of the new class)', () => {
    const c = chunkOf(meridian(10, (k) => ({ speed: k < 5 ? 60 : 80 })));
    for (const lv of allLevels(c)) {
      expect(keptIdx(c, lv.t)).toEqual([0, 4, 9]);
      expect(Array.from(lv.cls)).toEqual([1, 1, 3]);
    }
  });

  it('a class change late in the day and one early are both kept at their own reading', () => {
    const c = chunkOf(meridian(12, (k) => ({ speed: k === 1 ? 30 : k < 9 ? 60 : 68 })));
    // Segments ending at 1 are slow, 2..8 normal, 9..11 near: runs start at 0, 1 and 8.
    for (const lv of allLevels(c)) expect(keptIdx(c, lv.t)).toEqual([0, 1, 8, 11]);
  });

  it('a status change keeps the reading before it and the one after it', () => {
    const c = chunkOf(meridian(10, (k) => ({ speed: 30, status: k < 6 ? 'IN_MOTION' : 'STATIONARY' })));
    const full = buildTrackOverview(c, OPTS, [], true).levels[0]!;
    expect(Array.from(full.link).every((l) => l === Link.JOIN)).toBe(true);
    for (const lv of allLevels(c)) expect(keptIdx(c, lv.t)).toEqual([0, 5, 6, 9]);
  });

  it('a gap keeps the reading before it and the one after it', () => {
    // 30 min of silence before reading 6, 0.35 mi from reading 5: more than the gap time and the parked radius.
    const c = chunkOf(meridian(10, (k) => (k === 6 ? { pause: 30 } : {})));
    for (const lv of allLevels(c)) {
      expect(keptIdx(c, lv.t)).toEqual([0, 5, 6, 9]);
      expect(Array.from(lv.link)).toEqual([Link.JOIN, Link.JOIN, Link.GAP, Link.JOIN]);
    }
  });

  it('a level kept points are all the level draws: a simplified straight hour is one run, no gap', () => {
    // 200 readings, 100 minutes: the kept ends are far more than the gap time apart, yet joined by readings.
    const c = chunkOf(meridian(200, () => ({ speed: 60 })));
    const lv = buildTrackOverview(c, OPTS).levels[0]!;
    expect(lv.length).toBe(2);
    expect(Array.from(lv.link)).toEqual([Link.JOIN, Link.JOIN]);
    const g = overviewRouteGeoJSON([lv], OPTS);
    expect(g.gaps.features).toEqual([]);
    expect(g.route.features.map((f) => f.geometry.coordinates)).toEqual([
      [
        [-100, 40],
        [-100, c.lat[199]!],
      ],
    ]);
  });
});

describe('route overview levels built in any zoom order', () => {
  it('each level keeps what it keeps when built alone, even after a finer level', () => {
    // A meridian with sideways wiggles of 0.001° to 0.004°: a fine level keeps many points a coarse one drops.
    const c = chunkOf(meridian(300, (k) => ({ lng: -100 + 0.004 * Math.sin(k / 5) * Math.sin(k / 37) })));
    const [fine, coarse] = buildTrackOverview(c, OPTS, [14, 5]).levels;
    const alone = buildTrackOverview(c, OPTS, [5]).levels[0]!;
    expect(fine!.length).toBeGreaterThan(alone.length);
    expect(Array.from(coarse!.t)).toEqual(Array.from(alone.t));
  });
});

describe('route overview across the antimeridian near the pole', () => {
  // At 89.999° the two sides of the 180th meridian are 0.14 mi apart: never a gap by distance or time.
  it('a longitude jump over 180° is a break, exactly 180° is not', () => {
    const c = chunkOf([
      { lat: 89.999, lng: 179.99 },
      { lat: 89.999, lng: -179.99 },
      { lat: 89.999, lng: 0.01 },
      { lat: 89.999, lng: -179.99 },
    ]);
    const full = buildTrackOverview(c, OPTS, [], true).levels[0]!;
    expect(Array.from(full.link)).toEqual([Link.JOIN, Link.BREAK, Link.JOIN, Link.JOIN]);
  });

  it('between days, a jump over 180° breaks the line and exactly 180° joins it', () => {
    const lastOf = (lng: number) =>
      buildTrackOverview(
        chunkOf(
          [
            { lat: 89.999, lng: 0 },
            { lat: 89.999, lng },
          ],
          '2026-05-04',
          Date.UTC(2026, 4, 4, 23, 59),
        ),
        OPTS,
        [],
        true,
      ).levels[0]!;
    const next = (lng: number) =>
      buildTrackOverview(
        chunkOf(
          [
            { lat: 89.999, lng },
            { lat: 89.999, lng },
          ],
          '2026-05-05',
          Date.UTC(2026, 4, 5),
        ),
        OPTS,
        [],
        true,
      ).levels[0]!;
    // Day 1 ends at lng 0; day 2 starts 30 s later at lng 180 (exactly 180°): one line of three segments.
    const joined = overviewRouteGeoJSON([lastOf(0), next(180)], OPTS);
    expect(joined.route.features.map((f) => f.geometry.coordinates.length)).toEqual([4]);
    // Day 1 ends at lng -0.01, day 2 starts at 180 (180.01°): two lines, no gap line.
    const broken = overviewRouteGeoJSON([lastOf(-0.01), next(180)], OPTS);
    expect(broken.route.features.map((f) => f.geometry.coordinates.length)).toEqual([2, 2]);
    expect(broken.gaps.features).toEqual([]);
  });
});

describe('stored overview check', () => {
  const ov = buildTrackOverview(chunkOf(meridian(5)), OPTS);

  it('an overview of this rule, these options and every zoom level is current', () => {
    expect(isCurrentOverview(ov, OPTS)).toBe(true);
    expect(ov.rule).toBe(OVERVIEW_RULE);
    expect(ov.key).toBe('70/1200/' + `${OPTS.minStopSeconds}/${OPTS.stopSpeedMph}/${OPTS.maxPlausibleMph}`);
  });

  it('a missing overview, an older rule, other options or a missing level is not', () => {
    expect(isCurrentOverview(undefined, OPTS)).toBe(false);
    expect(isCurrentOverview({ ...ov, rule: OVERVIEW_RULE - 1 }, OPTS)).toBe(false);
    expect(isCurrentOverview(ov, { ...OPTS, speedingThresholdMph: 65 })).toBe(false);
    expect(isCurrentOverview({ ...ov, key: routeOptionsKey({ ...OPTS, gapSeconds: 60 }) }, OPTS)).toBe(false);
    expect(isCurrentOverview({ ...ov, levels: ov.levels.slice(1) }, OPTS)).toBe(false);
  });
});
