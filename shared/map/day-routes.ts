import type { TrackColumns } from '../track/types.ts';
import {
  buildTrackOverview,
  overviewRouteGeoJSON,
  routeOptionsKey,
  type OverviewLevel,
  type TrackOverview,
} from './overview.ts';
import type { RouteGeoJSON, RouteOptions } from './route-geojson.ts';

/** A day of a long selection: its overview and its readings (for full detail when zoomed in). */
export interface DayRoute {
  overview: TrackOverview;
  readings: TrackColumns;
}

const fullCache = new WeakMap<DayRoute, Map<string, OverviewLevel>>();

/** Every reading of the day as a level (built on first use per options, then kept with the day). */
export function fullLevel(day: DayRoute, opts: RouteOptions): OverviewLevel {
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

const viewCache = new WeakMap<readonly DayRoute[], Map<string, RouteGeoJSON>>();

/** The route and gaps of `days` in `view`, memoised per days array (RouteLayer and GapsLayer share a build). */
export function dayRoutesGeoJSON(days: readonly DayRoute[], view: RouteView, opts: RouteOptions): RouteGeoJSON {
  let byKey = viewCache.get(days);
  if (!byKey) viewCache.set(days, (byKey = new Map()));
  const key = `${routeOptionsKey(opts)}|${routeViewKey(view)}`;
  let built = byKey.get(key);
  if (!built) {
    let pieces: OverviewLevel[];
    if ('level' in view) pieces = days.map((d) => d.overview.levels[view.level]!);
    else {
      pieces = days.map((d) => d.overview.levels[d.overview.levels.length - 1]!);
      for (const [a, b] of view.detail) for (let k = a; k <= b; k++) pieces[k] = fullLevel(days[k]!, opts);
    }
    built = overviewRouteGeoJSON(pieces, opts);
    // A handful of views are in play at a time (a few zooms, a window or two).
    if (byKey.size >= 6) byKey.clear();
    byKey.set(key, built);
  }
  return built;
}
