import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { DayRoute } from '../../../../shared/map/day-routes.ts';
import {
  buildTrackOverview,
  isCurrentOverview,
  routeOptionsKey,
  type TrackOverview,
} from '../../../../shared/map/overview.ts';
import type { RouteOptions } from '../../../../shared/map/route-geojson.ts';
import { gapParamsOf } from '../../../../shared/track/gaps.ts';
import type { TrackColumns } from '../../../../shared/track/types.ts';
import { DAY_MS, dayStartMs } from '../../../../shared/util/day.ts';
import { lowerBound } from '../../../../shared/util/search.ts';
import type { OverviewRow } from '../../store/db.ts';
import { STORED_ROUTE_OPTIONS, storedOverviewOf } from '../../store/overview-rows.ts';
import { readOverviews } from '../../store/reads.ts';
import { writer } from '../../store/writer.ts';
import type { LocalRead } from './use-local-days.ts';

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
function columnsBetween(track: TrackColumns, lo: number, hi: number): TrackColumns {
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
 * local day). A UTC day wholly inside the selection takes its stored overview
 * when the options are the stored ones and it holds the same readings (its
 * count of clean readings matches; the stored one was cleaned per UTC day).
 * A day stored without a current overview (before schema version 3, or an
 * older rule) gets one built from its stored chunk and written back, once.
 * Anything else (the selection's edge days, other options) is built here from
 * the selection's own readings.
 */
export async function selectionDayRoutes(
  read: LocalRead,
  track: TrackColumns,
  opts: RouteOptions,
): Promise<DayRoute[]> {
  const days = read.stored.filter((d) => d.chunk.length > 0).sort((a, b) => (a.chunk.day < b.chunk.day ? -1 : 1));
  if (days.length === 0) return [];
  const storedKind = routeOptionsKey(opts) === routeOptionsKey(STORED_ROUTE_OPTIONS);
  const first = days[0]!.chunk;
  const rows = storedKind
    ? await readOverviews(first.vehicleId, first.day, days[days.length - 1]!.chunk.day)
    : new Map<string, OverviewRow>();
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
    let overview: TrackOverview | undefined;
    if (storedKind && start === dayStart && end === dayStart + DAY_MS) {
      let stored = rows.get(chunk.day)?.overview;
      if (!isCurrentOverview(stored, opts)) {
        stored = storedOverviewOf(chunk);
        backfill.push({ carrierId, vehicleId: chunk.vehicleId, day: chunk.day, overview: stored });
      }
      if (stored.points === hi - lo) overview = stored;
    }
    out.push({ overview: overview ?? buildTrackOverview(readings, opts), readings });
    lo = hi;
  }
  // Not awaited: the map draws meanwhile, and a failed write only means the day is built again next time.
  if (backfill.length > 0) writer.refreshOverviews(backfill).catch(() => undefined);
  return out;
}
