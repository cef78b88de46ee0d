import { gapRule, isGapBetween, type GapRule } from '../track/gaps.ts';
import type { TrackColumns } from '../track/types.ts';
import { mercatorX, mercatorY, simplifyBetween, toleranceAtZoom } from './simplify.ts';
import { speedClass, type RouteGeoJSON, type RouteOptions, type SpeedClass } from './route-geojson.ts';
import { RouteLines } from './route-lines.ts';

/**
 * A day's route simplified for drawing long ranges (issue 16): Douglas–Peucker
 * in Web Mercator at a few tolerances, each half a screen pixel at one zoom.
 * Every point where the drawn line changes meaning is kept exactly: both ends
 * of every speed-class run, every motion-status change (stops start and end
 * there), both ends of every gap and antimeridian break, the day's first and
 * last reading. Only points strictly inside a run of one class and one status
 * are dropped, and each dropped point lies within the tolerance of the kept
 * segment that replaces it. `overviewRouteGeoJSON` draws the same runs and
 * gaps as `buildRouteGeoJSON` from these points.
 */

/** Bump when the kept points would differ: stored overviews of an older rule are rebuilt on read. */
export const OVERVIEW_RULE = 1;

/** A level per zoom: tolerance is half a pixel at that zoom (simplify.ts). */
export const OVERVIEW_ZOOMS: readonly number[] = [5, 8, 11];

/** How a kept point is reached from the previous kept one. */
export const Link = { JOIN: 0, GAP: 1, BREAK: 2 } as const;
/** Stored as indices: append only ('unknown' came last, so an older overview's indices keep their meaning). */
const CLASSES: readonly SpeedClass[] = ['slow', 'normal', 'near', 'over', 'unknown'];

/** Kept points of one level, as columns; `cls` and `link` describe the segment ending at each point. */
export interface OverviewLevel {
  /** The level's zoom (Infinity: every reading kept). */
  zoom: number;
  length: number;
  t: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  status: Uint8Array;
  /** Index into CLASSES of the point's speed class. */
  cls: Uint8Array;
  /** Link from the previous kept point of the same day (unused for the first). */
  link: Uint8Array;
}

export interface TrackOverview {
  rule: number;
  /** `routeOptionsKey` of the options it was built with (classes and gaps depend on them). */
  key: string;
  /** [west, south, east, north] of every finite reading, or null. */
  bounds: [number, number, number, number] | null;
  /** Finite readings of the day (what the full line would draw). */
  points: number;
  levels: OverviewLevel[];
}

export function routeOptionsKey(o: RouteOptions): string {
  return `${o.speedingThresholdMph}/${o.gapSeconds}/${o.minStopSeconds}/${o.stopSpeedMph}/${o.maxPlausibleMph}`;
}

/** The finite readings with each one's class and link from the previous finite one (the full line's rules). */
interface Prepared {
  idx: Int32Array;
  x: Float64Array;
  y: Float64Array;
  cls: Uint8Array;
  link: Uint8Array;
  bounds: TrackOverview['bounds'];
}

function prepare(cols: TrackColumns, opts: RouteOptions, rule: GapRule): Prepared {
  const idx: number[] = [];
  for (let i = 0; i < cols.length; i++) if (Number.isFinite(cols.lat[i]!) && Number.isFinite(cols.lng[i]!)) idx.push(i);
  const n = idx.length;
  const p: Prepared = {
    idx: Int32Array.from(idx),
    x: new Float64Array(n),
    y: new Float64Array(n),
    cls: new Uint8Array(n),
    link: new Uint8Array(n),
    bounds: null,
  };
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    nn = -Infinity;
  for (let j = 0; j < n; j++) {
    const i = idx[j]!;
    const lat = cols.lat[i]!,
      lng = cols.lng[i]!;
    p.x[j] = mercatorX(lng);
    p.y[j] = mercatorY(lat);
    p.cls[j] = CLASSES.indexOf(speedClass(cols.speed[i]!, opts.speedingThresholdMph));
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > nn) nn = lat;
    if (j === 0) continue;
    const k = idx[j - 1]!;
    if (Math.abs(lng - cols.lng[k]!) > 180) p.link[j] = Link.BREAK;
    else if (isGapBetween(rule, cols.t[k]!, cols.status[k]!, cols.lat[k]!, cols.lng[k]!, cols.t[i]!, lat, lng))
      p.link[j] = Link.GAP;
  }
  if (n > 0) p.bounds = [w, s, e, nn];
  return p;
}

/** Points no level may drop: run ends (class, gap, break), status changes, the first and last. */
function anchors(p: Prepared, status: Uint8Array): Uint8Array {
  const n = p.idx.length;
  const keep = new Uint8Array(n);
  for (let j = 0; j < n; j++) {
    const here = p.link[j] !== Link.JOIN || j === 0;
    const next = j + 1 < n && (p.link[j + 1] !== Link.JOIN || p.cls[j + 1] !== p.cls[j]);
    const statusEdge =
      (j > 0 && status[p.idx[j]!] !== status[p.idx[j - 1]!]) ||
      (j + 1 < n && status[p.idx[j]!] !== status[p.idx[j + 1]!]);
    if (here || next || statusEdge || j === n - 1) keep[j] = 1;
  }
  return keep;
}

function levelOf(cols: TrackColumns, p: Prepared, keep: Uint8Array, zoom: number): OverviewLevel {
  let m = 0;
  for (let j = 0; j < keep.length; j++) m += keep[j]!;
  const out: OverviewLevel = {
    zoom,
    length: m,
    t: new Float64Array(m),
    lat: new Float64Array(m),
    lng: new Float64Array(m),
    status: new Uint8Array(m),
    cls: new Uint8Array(m),
    link: new Uint8Array(m),
  };
  let k = 0;
  let pendingGap = 0;
  for (let j = 0; j < keep.length; j++) {
    // Only JOIN links are ever dropped (anchors keep both ends of a gap or break); remember the strongest anyway.
    pendingGap = Math.max(pendingGap, p.link[j]!);
    if (!keep[j]) continue;
    const i = p.idx[j]!;
    out.t[k] = cols.t[i]!;
    out.lat[k] = cols.lat[i]!;
    out.lng[k] = cols.lng[i]!;
    out.status[k] = cols.status[i]!;
    out.cls[k] = p.cls[j]!;
    out.link[k] = pendingGap;
    pendingGap = 0;
    k++;
  }
  return out;
}

/**
 * The overview of one day's readings (time-ordered; outliers already set
 * apart, as the map draws them). `zooms` empty with `full` gives one level
 * holding every finite reading: the same builder then draws full detail.
 */
export function buildTrackOverview(
  cols: TrackColumns,
  opts: RouteOptions,
  zooms: readonly number[] = OVERVIEW_ZOOMS,
  full = false,
): TrackOverview {
  const p = prepare(cols, opts, gapRule(opts));
  const base = anchors(p, cols.status);
  const levels: OverviewLevel[] = [];
  for (const zoom of zooms) {
    const keep = base.slice();
    const tol = toleranceAtZoom(zoom);
    let a = -1;
    for (let j = 0; j < keep.length; j++) {
      if (!keep[j]) continue;
      if (a >= 0 && j - a > 1) simplifyBetween(p.x, p.y, a, j, tol * tol, keep);
      a = j;
    }
    levels.push(levelOf(cols, p, keep, zoom));
  }
  if (full) levels.push(levelOf(cols, p, new Uint8Array(p.idx.length).fill(1), Infinity));
  return { rule: OVERVIEW_RULE, key: routeOptionsKey(opts), bounds: p.bounds, points: p.idx.length, levels };
}

/** Whether a stored overview was built by this rule with these options. */
export function isCurrentOverview(o: TrackOverview | undefined, opts: RouteOptions): o is TrackOverview {
  return (
    !!o && o.rule === OVERVIEW_RULE && o.key === routeOptionsKey(opts) && o.levels.length === OVERVIEW_ZOOMS.length
  );
}

/** The level to draw at `zoom`: the coarsest one that is still exact to half a pixel there, or null past the finest. */
export function levelForZoom(zoom: number): number | null {
  const k = OVERVIEW_ZOOMS.findIndex((z) => z >= zoom);
  return k < 0 ? null : k;
}

/**
 * The route and gap lines of consecutive days' levels (time order), by the
 * same rules as buildRouteGeoJSON: a run of one class is one line, a gap ends
 * it and becomes a gap line. Between days the link is decided from the real
 * last and first readings, which every level keeps.
 */
export function overviewRouteGeoJSON(pieces: readonly OverviewLevel[], opts: RouteOptions): RouteGeoJSON {
  // Bounds of the kept points: every extreme reading is within the tolerance of them.
  const lines = new RouteLines();
  const rule = gapRule(opts);
  let has = false;
  let prevT = 0,
    prevLat = 0,
    prevLng = 0,
    prevStatus = 0;
  for (const lv of pieces) {
    for (let k = 0; k < lv.length; k++) {
      const t = lv.t[k]!,
        lat = lv.lat[k]!,
        lng = lv.lng[k]!;
      lines.point(lng, lat);
      if (has) {
        const link = k === 0 ? linkBetweenDays(rule, prevT, prevStatus, prevLat, prevLng, t, lat, lng) : lv.link[k]!;
        if (link === Link.BREAK) lines.breakLine();
        else if (link === Link.GAP) lines.gap(prevT, t, prevLng, prevLat, lng, lat);
        else lines.segment(CLASSES[lv.cls[k]!]!, prevLng, prevLat, lng, lat);
      }
      has = true;
      prevT = t;
      prevLat = lat;
      prevLng = lng;
      prevStatus = lv.status[k]!;
    }
  }
  return lines.result();
}

/** The link from a day's last kept point to the next day's first: the full line's rules, on real readings. */
function linkBetweenDays(
  rule: GapRule,
  prevT: number,
  prevStatus: number,
  prevLat: number,
  prevLng: number,
  t: number,
  lat: number,
  lng: number,
): number {
  if (Math.abs(lng - prevLng) > 180) return Link.BREAK;
  return isGapBetween(rule, prevT, prevStatus, prevLat, prevLng, t, lat, lng) ? Link.GAP : Link.JOIN;
}
