import type { TrackColumns } from '../track/types.ts';
import {
  buildTrackOverview,
  overviewRouteGeoJSON,
  routeOptionsKey,
  type OverviewLevel,
  type TrackOverview,
} from './overview.ts';
import type { RouteGeoJSON, RouteOptions } from './route-geojson.ts';

/**
 * A day of a long selection: its overview and its readings (for full detail when zoomed in). Readings
 * are null while only the stored overview is read (route-sketch.ts): the finest level stands in.
 */
export interface DayRoute {
  overview: TrackOverview;
  readings: TrackColumns | null;
}

const finestLevel = (day: DayRoute): OverviewLevel => day.overview.levels[day.overview.levels.length - 1]!;

const fullCache = new WeakMap<DayRoute, Map<string, OverviewLevel>>();

/** Every reading of the day as a level (built on first use per options, then kept with the day). */
export function fullLevel(day: DayRoute, opts: RouteOptions): OverviewLevel {
  if (!day.readings) return finestLevel(day);
  let byOpts = fullCache.get(day);
  if (!byOpts) fullCache.set(day, (byOpts = new Map()));
  const key = routeOptionsKey(opts);
  let lv = byOpts.get(key);
  if (!lv) {
    lv = buildTrackOverview(day.readings, opts, [], true).levels[0]!;
    byOpts.clear();
    byOpts.set(key, lv);
  }
  return lv;
}

/**
 * What to draw: an overview level of every day, or full detail of the days
 * listed in `detail` (ranges of day indices, inclusive) and the finest level
 * of the others (each level keeps a day's real first and last reading, so the
 * days still join as the full line does).
 */
export type RouteView = { level: number } | { detail: readonly (readonly [number, number])[] };

export function routeViewKey(v: RouteView | null): string {
  return !v ? '' : 'level' in v ? `level ${v.level}` : `detail ${v.detail.map(([a, b]) => `${a}-${b}`).join(',')}`;
}

/** The level drawn of each day in `view`. */
function piecesOf(days: readonly DayRoute[], view: RouteView, opts: RouteOptions): OverviewLevel[] {
  if ('level' in view) return days.map((d) => d.overview.levels[view.level]!);
  const pieces = days.map(finestLevel);
  for (const [a, b] of view.detail) for (let k = a; k <= b; k++) pieces[k] = fullLevel(days[k]!, opts);
  return pieces;
}

/**
 * Recent builds, found by the very level objects they were built from: a selection's days read again
 * (the sketch from stored overviews, then the same overviews with their readings) get the GeoJSON
 * already drawn, so the map's source is not set again and nothing is redrawn.
 */
const recent: { optsKey: string; pieces: readonly OverviewLevel[]; built: RouteGeoJSON }[] = [];
/** A handful of views are in play at a time (a few zooms, a window or two, RouteLayer's and GapsLayer's). */
const KEPT_BUILDS = 6;

const samePieces = (a: readonly OverviewLevel[], b: readonly OverviewLevel[]) =>
  a.length === b.length && a.every((p, k) => p === b[k]);

/** The route and gaps of `days` in `view` (RouteLayer and GapsLayer share a build). */
export function dayRoutesGeoJSON(days: readonly DayRoute[], view: RouteView, opts: RouteOptions): RouteGeoJSON {
  const optsKey = routeOptionsKey(opts);
  const pieces = piecesOf(days, view, opts);
  const at = recent.findIndex((r) => r.optsKey === optsKey && samePieces(r.pieces, pieces));
  const hit = at >= 0 ? recent.splice(at, 1)[0]! : { optsKey, pieces, built: overviewRouteGeoJSON(pieces, opts) };
  recent.unshift(hit);
  recent.length = Math.min(recent.length, KEPT_BUILDS);
  return hit.built;
}
