import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { DayRoute } from '../../../../shared/map/day-routes.ts';
import { buildTrackOverview, isCurrentOverview, routeOptionsKey } from '../../../../shared/map/overview.ts';
import type { RouteOptions } from '../../../../shared/map/route-geojson.ts';
import { gapParamsOf } from '../../../../shared/track/gaps.ts';
import type { TrackColumns } from '../../../../shared/track/types.ts';
import { byDay, DAY_MS, dayStartMs } from '../../../../shared/util/day.ts';
import { lowerBound } from '../../../../shared/util/search.ts';
import type { OverviewRow } from '../../store/db.ts';
import { STORED_ROUTE_OPTIONS, storedOverviewOf } from '../../store/overview-rows.ts';
import { readOverviews } from '../../store/reads.ts';
import { writer } from '../../store/writer.ts';
import type { LocalRead } from './use-local-days.ts';
import type { RouteSketch } from './route-sketch.ts';

/**
 * From this many readings on, the map draws the route from the days'
 * overviews (shared/map/overview.ts) and full detail only for the visible days
 * when zoomed in: about three weeks of a dense truck. Below it, the full line
 * costs MapLibre little and is drawn as it is.
 */
export const OVERVIEW_MIN_POINTS = 20_000;

export function routeOptionsOf(p: AnalysisParams): RouteOptions {
  return { speedingThresholdMph: p.speedingThresholdMph, ...gapParamsOf(p) };
}

/** Readings lo <= i < hi of `track`, as views (no copy). */
export function columnsBetween(track: TrackColumns, lo: number, hi: number): TrackColumns {
  return {
    length: hi - lo,
    t: track.t.subarray(lo, hi),
    lat: track.lat.subarray(lo, hi),
    lng: track.lng.subarray(lo, hi),
    speed: track.speed.subarray(lo, hi),
    direction: track.direction.subarray(lo, hi),
    status: track.status.subarray(lo, hi),
  };
}

/**
 * The selection's route, one piece per stored UTC day it overlaps, in time
 * order. `track` is the selection's clean readings (outliers set apart per
 * local day). A day takes an overview already at hand when it holds the same
 * readings (its count of clean readings in the selection matches: the stored
 * one was cleaned per UTC day): the stored one for a day wholly inside the
 * selection with the stored options, or the sketch's (route-sketch.ts) piece
 * of an edge day. A day stored without a current overview (before schema
 * version 5, or an older rule) gets one built from its stored chunk and
 * written back, once. Anything else is built here from the selection's own
 * readings.
 */
export async function selectionDayRoutes(
  read: LocalRead,
  track: TrackColumns,
  opts: RouteOptions,
  sketch: RouteSketch | null = null,
): Promise<DayRoute[]> {
  const days = read.stored.filter((d) => d.chunk.length > 0).sort((a, b) => byDay(a.chunk, b.chunk));
  if (days.length === 0) return [];
  const storedKind = routeOptionsKey(opts) === routeOptionsKey(STORED_ROUTE_OPTIONS);
  const first = days[0]!;
  const rows = !storedKind
    ? new Map<string, OverviewRow>()
    : (sketch?.rows ??
      (await readOverviews(first.carrierId, first.chunk.vehicleId, first.chunk.day, days[days.length - 1]!.chunk.day)));
  const out: DayRoute[] = [];
  const backfill: OverviewRow[] = [];
  let lo = 0;
  for (const { carrierId, chunk } of days) {
    const dayStart = dayStartMs(chunk.day);
    const start = Math.max(dayStart, read.interval.startMs);
    const end = Math.min(dayStart + DAY_MS, read.interval.endMs);
    lo = lowerBound(track.t, start, lo, track.length);
    const hi = lowerBound(track.t, end, lo, track.length);
    if (hi <= lo) continue;
    const readings = columnsBetween(track, lo, hi);
    let known = storedKind ? sketch?.edges.get(chunk.day) : undefined;
    if (storedKind && start === dayStart && end === dayStart + DAY_MS) {
      known = rows.get(chunk.day)?.overview;
      if (!isCurrentOverview(known, opts)) {
        known = storedOverviewOf(chunk);
        backfill.push({ carrierId, vehicleId: chunk.vehicleId, day: chunk.day, overview: known });
      }
    }
    const overview = known?.points === hi - lo ? known : buildTrackOverview(readings, opts);
    out.push({ overview, readings });
    lo = hi;
  }
  // Not awaited: the map draws meanwhile, and a failed write only means the day is built again next time.
  if (backfill.length > 0) writer.refreshOverviews(backfill).catch(() => undefined);
  return out;
}
