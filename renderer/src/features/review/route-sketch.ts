import type { DayRoute } from '../../../../shared/map/day-routes.ts';
import {
  buildTrackOverview,
  isCurrentOverview,
  routeOptionsKey,
  type TrackOverview,
} from '../../../../shared/map/overview.ts';
import type { RouteOptions } from '../../../../shared/map/route-geojson.ts';
import { utcDaysOverlapping, type Interval } from '../../../../shared/time/local-day.ts';
import { withoutOutliers } from '../../../../shared/track/outliers.ts';
import { byDay, DAY_MS, dayStartMs, type UtcDay } from '../../../../shared/util/day.ts';
import { lowerBound } from '../../../../shared/util/search.ts';
import type { OverviewRow } from '../../store/db.ts';
import { STORED_ROUTE_OPTIONS } from '../../store/overview-rows.ts';
import { coverageOf, readDay, readOverviews } from '../../store/reads.ts';
import { columnsBetween, OVERVIEW_MIN_POINTS } from './route-overviews.ts';
import { stopIfCancelled } from '../../workers/rpc.ts';

type Bounds = [number, number, number, number];

/** Selections overlapping at most this many UTC days (a local day overlaps two) get no sketch. */
const SHORT_UTC_DAYS = 2;

/**
 * A long selection's route from its stored overviews alone, drawn while the
 * raw days are still being read (every reading, every column). Days wholly
 * inside the selection take their stored overview; the edge days of a local
 * selection (part of a UTC day) are read raw, as the UTC day is stored
 * (outliers of the day set apart), and built for the part inside. Days of
 * readings only carry no detail here (`readings` null): selectionDayRoutes
 * gives them once the raw days are read, reusing these overviews where the
 * readings agree, so the map draws the same build again (day-routes.ts).
 */
export interface RouteSketch {
  /** The stored overview rows read, by UTC day (selectionDayRoutes reuses them). */
  rows: Map<UtcDay, OverviewRow>;
  /** The edge days' pieces, by UTC day. */
  edges: Map<UtcDay, TrackOverview>;
  routes: DayRoute[];
  bounds: Bounds | null;
}

function unionBounds(pieces: readonly TrackOverview[]): Bounds | null {
  let out: Bounds | null = null;
  for (const { bounds: b } of pieces) {
    if (!b) continue;
    out = out
      ? [Math.min(out[0], b[0]), Math.min(out[1], b[1]), Math.max(out[2], b[2]), Math.max(out[3], b[3])]
      : [...b];
  }
  return out;
}

/** The part of a stored UTC day inside `interval`, without the day's outliers, as an overview. */
async function edgeOverview(
  carrierId: string,
  vehicleId: string,
  day: UtcDay,
  interval: Interval,
  opts: RouteOptions,
): Promise<TrackOverview | null> {
  const stored = await readDay(carrierId, vehicleId, day);
  if (!stored) return null;
  const clean = withoutOutliers(stored.chunk, opts.maxPlausibleMph).chunk;
  const lo = lowerBound(clean.t, interval.startMs, 0, clean.length);
  const hi = lowerBound(clean.t, interval.endMs, lo, clean.length);
  return buildTrackOverview(columnsBetween(clean, lo, hi), opts);
}

/**
 * Whether a selection may have a sketch, known without reading: a day or two is never long (its full line
 * is drawn once read), and other route options than the stored ones have no stored overviews.
 */
export function mayHaveSketch(interval: Interval, opts: RouteOptions): boolean {
  return (
    utcDaysOverlapping(interval).length > SHORT_UTC_DAYS &&
    routeOptionsKey(opts) === routeOptionsKey(STORED_ROUTE_OPTIONS)
  );
}

/**
 * The sketch of a selection, or null when there is none to draw early: other
 * route options than the stored ones, a stored day without a current overview
 * (the raw read builds and stores it), or fewer readings than a long selection.
 */
export async function sketchDayRoutes(
  carrierId: string,
  vehicleId: string,
  interval: Interval,
  opts: RouteOptions,
  /** Aborted when the selection is left: nothing is built from the reads (a CancelledError). */
  signal?: AbortSignal,
): Promise<RouteSketch | null> {
  if (!mayHaveSketch(interval, opts)) return null;
  const utcDays = utcDaysOverlapping(interval);
  const [from, to] = [utcDays[0]!, utcDays[utcDays.length - 1]!];
  const inside = (day: UtcDay) => dayStartMs(day) >= interval.startMs && dayStartMs(day) + DAY_MS <= interval.endMs;
  // The edge days (at most the first and the last) are read together with the rest, not after them: the raw read is queued meanwhile.
  const edgeDays = [from, to].filter((d) => !inside(d));
  const [coverage, rows, edgeList] = await Promise.all([
    coverageOf(carrierId, vehicleId, from, to),
    readOverviews(carrierId, vehicleId, from, to),
    Promise.all(edgeDays.map((d) => edgeOverview(carrierId, vehicleId, d, interval, opts))),
  ]);
  stopIfCancelled(signal);
  const days = coverage.filter((c) => c.points > 0).sort(byDay);
  if (days.reduce((n, c) => n + c.points, 0) < OVERVIEW_MIN_POINTS) return null;
  // A day stored without a current overview: the raw read builds and stores it, and this selection waits for it.
  if (days.some((c) => inside(c.day) && !isCurrentOverview(rows.get(c.day)?.overview, opts))) return null;
  const edges = new Map<UtcDay, TrackOverview>();
  edgeList.forEach((o, k) => o && edges.set(edgeDays[k]!, o));
  const pieces = days
    .map((c) => (inside(c.day) ? rows.get(c.day)?.overview : edges.get(c.day)))
    .filter((o): o is TrackOverview => o !== undefined && o.points > 0);
  return {
    rows,
    edges,
    routes: pieces.map((overview) => ({ overview, readings: null })),
    bounds: unionBounds(pieces),
  };
}
