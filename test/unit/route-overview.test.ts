/**
 * The simplified route overview (shared/map/overview.ts) on generated days
 * whose truth is known by construction: drives along a wiggling road at
 * speeds chosen well inside one speed class each, stops (STATIONARY readings
 * in place), a silence long enough to be a gap and an OFFLINE reading. The
 * test knows from the construction where each class run starts and ends,
 * where the stops begin and end and where the gaps are; distances are
 * measured here in Web Mercator with its own formula (asinh form) and its own
 * point-to-segment distance.
 */
import { describe, expect, it } from 'vitest';
import {
  buildTrackOverview,
  levelForZoom,
  OVERVIEW_ZOOMS,
  overviewRouteGeoJSON,
  type OverviewLevel,
} from '../../shared/map/overview.ts';
import { dayRoutesGeoJSON, type DayRoute } from '../../shared/map/day-routes.ts';
import { buildRouteGeoJSON, type RouteOptions } from '../../shared/map/route-geojson.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const OPTS: RouteOptions = { speedingThresholdMph: 70, ...DEFAULT_GAP_PARAMS };
const SEC = 1000;
const MILES_PER_DEG_LAT = 69.09;

type Part =
  | { drive: number; mph: number; cls: string }
  | { stop: number }
  | { silence: number; jumpMi: number }
  | { offline: true };

interface Built {
  chunk: DayChunk;
  /** [first, last] reading index of each class run, with its class, in order. */
  runs: { from: number; to: number; cls: string }[];
  /** Indices where the motion status changes (the reading before and the one after). */
  statusEdges: number[];
  /** [startMs, endMs] of each gap. */
  gaps: [number, number][];
}

/**
 * Readings every 30 s from `start`: a drive heads north-east along a road
 * that wiggles sideways (amplitude 0.6 mi, period 12 mi), so some points
 * matter at every zoom and most do not at the coarse ones.
 */
function track(day: string, start: number, parts: readonly Part[], lat0 = 40, lng0 = -100): Built {
  const pts: Breadcrumb[] = [];
  const runs: Built['runs'] = [];
  const statusEdges: number[] = [];
  const gaps: Built['gaps'] = [];
  let t = start;
  let along = 0;
  let jump = 0;
  // Sideways (perpendicular to the heading) by w miles: the path stays within 5% of the speed driven, far from a jump.
  const at = (mi: number) => {
    const w = 0.6 * Math.sin((mi / 12) * 2 * Math.PI);
    return {
      lat: lat0 + (mi * 0.6 + w * 0.8) / MILES_PER_DEG_LAT,
      lng: lng0 + (mi * 0.8 - w * 0.6 + jump) / (MILES_PER_DEG_LAT * Math.cos((lat0 * Math.PI) / 180)),
    };
  };
  const push = (speed: number, status: Breadcrumb['status']) => {
    const k = pts.length;
    if (k > 0 && pts[k - 1]!.status !== status) statusEdges.push(k - 1, k);
    pts.push({
      id: `p-${String(k).padStart(5, '0')}`,
      t,
      ...at(along),
      speed,
      status,
      direction: 45,
      location: '',
      vehicleNumber: 'T1',
      vin: 'V',
    });
  };
  let lastWasJoin = false;
  for (const p of parts) {
    if ('drive' in p) {
      // A run includes the reading before its first segment (the previous run's end) when joined to it.
      const from = lastWasJoin ? pts.length - 1 : pts.length;
      for (let k = 0; k < p.drive; k++) {
        t += 30 * SEC;
        along += (p.mph * 30) / 3600;
        push(p.mph, 'IN_MOTION');
      }
      runs.push({ from, to: pts.length - 1, cls: p.cls });
      lastWasJoin = true;
    } else if ('stop' in p) {
      const from = pts.length - 1;
      for (let k = 0; k < p.stop; k++) {
        t += 30 * SEC;
        push(0, 'STATIONARY');
      }
      runs.push({ from, to: pts.length - 1, cls: 'slow' });
      lastWasJoin = true;
    } else if ('silence' in p) {
      const t0 = t;
      t += p.silence * 60 * SEC;
      jump += p.jumpMi;
      gaps.push([t0, t]);
      push(30, 'IN_MOTION');
      // The next run starts at the reading after the silence.
      lastWasJoin = true;
    } else {
      t += 30 * SEC;
      push(0, 'OFFLINE');
      runs.push({ from: pts.length - 2, to: pts.length - 1, cls: 'slow' });
      // The reading after an OFFLINE one more than the parked radius away is across a gap (shared/track/gaps.ts).
      lastWasJoin = true;
    }
  }
  return { chunk: buildDayChunk('veh-ov', day, pts), runs, statusEdges, gaps };
}

// Classes at a 70 mph threshold: slow <= 45, normal 45–65, near 65–70, over > 70.
const DAY_PARTS: Part[] = [
  { drive: 240, mph: 60, cls: 'normal' },
  { drive: 60, mph: 73, cls: 'over' },
  { drive: 40, mph: 67, cls: 'near' },
  { drive: 20, mph: 30, cls: 'slow' },
  { drive: 200, mph: 55, cls: 'normal' },
  { stop: 30 },
  { drive: 300, mph: 62, cls: 'normal' },
  { offline: true },
  { silence: 45, jumpMi: 20 },
  { drive: 200, mph: 58, cls: 'normal' },
  { drive: 30, mph: 80, cls: 'over' },
  { drive: 150, mph: 50, cls: 'normal' },
];

/** Web Mercator, world = 1 × 1, by the Gudermannian's inverse (asinh ∘ tan), not the code's log-tan form. */
const merc = (lat: number, lng: number): [number, number] => [
  (lng + 180) / 360,
  0.5 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / (2 * Math.PI),
];

function distToSegment(p: [number, number], a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(a[0] + u * dx - p[0], a[1] + u * dy - p[1]);
}

const keptTimes = (lv: OverviewLevel) => new Set(Array.from(lv.t));

describe('route overview', () => {
  const built = track('2026-05-04', Date.UTC(2026, 4, 4, 6), DAY_PARTS);
  const { chunk } = built;
  const ov = buildTrackOverview(chunk, OPTS, OVERVIEW_ZOOMS, true);

  it('keeps both ends of every class run, every status change and both ends of every gap, at every level', () => {
    for (const lv of ov.levels) {
      const kept = keptTimes(lv);
      for (const r of built.runs) {
        expect(kept.has(chunk.t[r.from]!), `run start ${r.from} at z${lv.zoom}`).toBe(true);
        expect(kept.has(chunk.t[r.to]!), `run end ${r.to} at z${lv.zoom}`).toBe(true);
      }
      for (const i of built.statusEdges) expect(kept.has(chunk.t[i]!), `status edge ${i} at z${lv.zoom}`).toBe(true);
      for (const [a, b] of built.gaps) expect(kept.has(a) && kept.has(b), `gap at z${lv.zoom}`).toBe(true);
    }
  });

  it('draws the constructed runs (classes, ends) and gaps exactly, at every level', () => {
    for (const lv of ov.levels) {
      const g = overviewRouteGeoJSON([lv], OPTS);
      expect(g.route.features.map((f) => f.properties.c)).toEqual(built.runs.map((r) => r.cls));
      g.route.features.forEach((f, k) => {
        const r = built.runs[k]!;
        const c = f.geometry.coordinates;
        expect(c[0]).toEqual([chunk.lng[r.from]!, chunk.lat[r.from]!]);
        expect(c[c.length - 1]).toEqual([chunk.lng[r.to]!, chunk.lat[r.to]!]);
      });
      expect(g.gaps.features.map((f) => [f.properties.startMs, f.properties.endMs])).toEqual(built.gaps);
    }
  });

  it('every reading lies within the level tolerance (half a pixel at its zoom) of the simplified line of its run', () => {
    for (const lv of ov.levels.filter((l) => Number.isFinite(l.zoom))) {
      const tol = 0.5 / (512 * 2 ** lv.zoom);
      const g = overviewRouteGeoJSON([lv], OPTS);
      let worst = 0;
      built.runs.forEach((r, k) => {
        const line = g.route.features[k]!.geometry.coordinates.map(([lng, lat]) => merc(lat!, lng!));
        for (let i = r.from; i <= r.to; i++) {
          const p = merc(chunk.lat[i]!, chunk.lng[i]!);
          let d = Infinity;
          for (let s = 1; s < line.length; s++) d = Math.min(d, distToSegment(p, line[s - 1]!, line[s]!));
          worst = Math.max(worst, d);
        }
      });
      expect(worst, `z${lv.zoom}`).toBeLessThanOrEqual(tol * (1 + 1e-9));
      // Not a tautology: the wiggles are far above the coarsest tolerance, so the line is not trivially a chord.
      expect(worst, `z${lv.zoom}`).toBeGreaterThan(tol / 10);
    }
  });

  it('drops most readings at the coarse levels, fewer at finer ones, none at full detail', () => {
    const [coarse, mid, fine, full] = ov.levels.map((l) => l.length);
    expect(full).toBe(chunk.length);
    expect(coarse!).toBeLessThan(chunk.length * 0.15);
    expect(coarse!).toBeLessThanOrEqual(mid!);
    expect(mid!).toBeLessThanOrEqual(fine!);
    expect(fine!).toBeLessThan(full!);
  });

  it('full detail draws exactly what the full line builder draws, across days, a midnight gap and an antimeridian crossing', () => {
    const d1 = track('2026-05-04', Date.UTC(2026, 4, 4, 20), DAY_PARTS.slice(0, 4));
    const d2 = track('2026-05-05', Date.UTC(2026, 4, 5, 0, 30), DAY_PARTS.slice(4));
    const east = track('2026-05-06', Date.UTC(2026, 4, 6, 3), [{ drive: 200, mph: 60, cls: 'normal' }], 60, 179.5);
    const days = [d1.chunk, d2.chunk, east.chunk];
    const full = overviewRouteGeoJSON(
      days.map((c) => buildTrackOverview(c, OPTS, [], true).levels[0]!),
      OPTS,
    );
    const ref = buildRouteGeoJSON(days, OPTS);
    expect(full.route).toEqual(ref.route);
    expect(full.gaps).toEqual(ref.gaps);
    // The silence from 22:00 to 00:30 across midnight is a gap between the days, decided from their real end readings.
    expect(full.gaps.features.some((f) => f.properties.endMs === d2.chunk.t[0])).toBe(true);
    // Simplified days draw the same gaps between them.
    const coarse = overviewRouteGeoJSON(
      days.map((c) => buildTrackOverview(c, OPTS).levels[0]!),
      OPTS,
    );
    expect(coarse.gaps).toEqual(ref.gaps);
    expect(coarse.route.features.map((f) => f.properties.c)).toEqual(ref.route.features.map((f) => f.properties.c));
  });

  it('picks the coarsest level exact at the map zoom, and none past the finest', () => {
    expect(levelForZoom(3)).toBe(0);
    expect(levelForZoom(OVERVIEW_ZOOMS[0]!)).toBe(0);
    expect(levelForZoom(OVERVIEW_ZOOMS[0]! + 0.1)).toBe(1);
    expect(levelForZoom(OVERVIEW_ZOOMS[OVERVIEW_ZOOMS.length - 1]! + 0.1)).toBeNull();
  });

  it('a zoomed-in view draws full detail of the listed days and the finest level of the others, joined as the full line', () => {
    const parts = [DAY_PARTS.slice(0, 3), DAY_PARTS.slice(3, 7), DAY_PARTS.slice(7)];
    // Each day from its own start (0.01° apart), so no reading of one day sits where one of another does.
    const chunks = parts.map((p, k) => track(`2026-05-0${k + 4}`, Date.UTC(2026, 4, 4 + k, 6), p, 40 + k / 100).chunk);
    const days: DayRoute[] = chunks.map((c) => ({ overview: buildTrackOverview(c, OPTS), readings: c }));
    const ref = buildRouteGeoJSON(chunks, OPTS);
    const all = dayRoutesGeoJSON(days, { detail: [[0, 2]] }, OPTS);
    expect(all.route).toEqual(ref.route);
    expect(all.gaps).toEqual(ref.gaps);
    // Day 1 in full, days 0 and 2 simplified: day 1's stretch of the line is exactly the full line's.
    const mixed = dayRoutesGeoJSON(days, { detail: [[1, 1]] }, OPTS);
    expect(mixed.gaps).toEqual(ref.gaps);
    expect(mixed.route.features.map((f) => f.properties.c)).toEqual(ref.route.features.map((f) => f.properties.c));
    const inDay1 = (f: { geometry: { coordinates: number[][] } }) =>
      f.geometry.coordinates.filter(([lng, lat]) => {
        const i = [...chunks[1]!.lng.keys()].find((k) => chunks[1]!.lng[k] === lng && chunks[1]!.lat[k] === lat);
        return i !== undefined;
      }).length;
    const fullCount = ref.route.features.reduce((n, f) => n + inDay1(f), 0);
    expect(mixed.route.features.reduce((n, f) => n + inDay1(f), 0)).toBe(fullCount);
    expect(fullCount).toBeGreaterThanOrEqual(chunks[1]!.length);
    // The other days are simplified: fewer vertices in all than the full line.
    const vertices = (g: typeof ref) => g.route.features.reduce((n, f) => n + f.geometry.coordinates.length, 0);
    expect(vertices(mixed)).toBeLessThan(vertices(ref));
  });

  it('days read again with the same overviews (a sketch, then with readings) get the very build already drawn; other overviews a new one', () => {
    const chunks = [DAY_PARTS.slice(0, 4), DAY_PARTS.slice(4)].map(
      (p, k) => track(`2026-05-0${k + 4}`, Date.UTC(2026, 4, 4 + k, 6), p, 40 + k / 100).chunk,
    );
    const overviews = chunks.map((c) => buildTrackOverview(c, OPTS));
    const sketch: DayRoute[] = overviews.map((overview) => ({ overview, readings: null }));
    const read: DayRoute[] = overviews.map((overview, k) => ({ overview, readings: chunks[k]! }));
    for (const level of [0, 2]) {
      const first = dayRoutesGeoJSON(sketch, { level }, OPTS);
      expect(dayRoutesGeoJSON(read, { level }, OPTS)).toBe(first);
    }
    const rebuilt: DayRoute[] = chunks.map((c) => ({ overview: buildTrackOverview(c, OPTS), readings: c }));
    const again = dayRoutesGeoJSON(rebuilt, { level: 0 }, OPTS);
    expect(again).not.toBe(dayRoutesGeoJSON(sketch, { level: 0 }, OPTS));
    expect(again).toEqual(dayRoutesGeoJSON(sketch, { level: 0 }, OPTS));
    // Other options: another build, even from the same overviews.
    expect(dayRoutesGeoJSON(read, { level: 0 }, { ...OPTS, speedingThresholdMph: 50 })).not.toBe(
      dayRoutesGeoJSON(read, { level: 0 }, OPTS),
    );
  });

  it('a day without its readings yet draws its finest level where full detail is asked, the full line once they are read', () => {
    const chunk = track('2026-05-04', Date.UTC(2026, 4, 4, 6), DAY_PARTS).chunk;
    const overview = buildTrackOverview(chunk, OPTS);
    const finest = overviewRouteGeoJSON([overview.levels[overview.levels.length - 1]!], OPTS);
    expect(dayRoutesGeoJSON([{ overview, readings: null }], { detail: [[0, 0]] }, OPTS).route).toEqual(finest.route);
    const detail = dayRoutesGeoJSON([{ overview, readings: chunk }], { detail: [[0, 0]] }, OPTS);
    expect(detail.route).toEqual(buildRouteGeoJSON([chunk], OPTS).route);
    expect(detail.route).not.toEqual(finest.route);
  });
});
