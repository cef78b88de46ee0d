import type { FeatureCollection, LineString } from 'geojson';
import { gapRule, isGapBetween, type GapParams } from '../track/gaps.ts';
import type { DayChunk } from '../track/types.ts';
import type { LimitClass } from '../roads/limit-along.ts';
import { RouteLines } from './route-lines.ts';

/** 'unknown': the reading had no speed (moving by its positions, shared/track/gaps.ts); never drawn as slow. */
export type SpeedClass = 'slow' | 'normal' | 'near' | 'over' | 'unknown';

/** "Near" is the last 5 mph under the threshold; "slow" is well under it (town and yard speeds). */
export const NEAR_BAND_MPH = 5;
export const SLOW_BAND_MPH = 25;

export function speedClass(mph: number, thresholdMph: number): SpeedClass {
  if (Number.isNaN(mph)) return 'unknown';
  if (mph > thresholdMph) return 'over';
  if (mph > thresholdMph - NEAR_BAND_MPH) return 'near';
  if (mph > thresholdMph - SLOW_BAND_MPH) return 'normal';
  return 'slow';
}

/** A run's class: by speed against the fleet's threshold, or by mph over the road's limit (shared/map/limit-route.ts). */
export type RouteClass = SpeedClass | LimitClass;

export interface RouteProps {
  c: RouteClass;
}

export interface GapProps {
  startMs: number;
  endMs: number;
}

export interface RouteGeoJSON {
  /** One line per run of consecutive same-class segments; a gap ends a run. */
  route: FeatureCollection<LineString, RouteProps>;
  /** One dashed line per gap, from the last reading before it to the first after it. */
  gaps: FeatureCollection<LineString, GapProps>;
  /** [west, south, east, north], or null without points. */
  bounds: [number, number, number, number] | null;
  points: number;
}

/** A gap (shared/track/gaps.ts, the summary's and the analysis' rule) breaks the line and becomes a gap line. */
export interface RouteOptions extends GapParams {
  speedingThresholdMph: number;
}

/**
 * Builds the route's GeoJSON in one pass over the columns (no per-point
 * objects), so six months (~150k points) stays in the tens of milliseconds.
 * A segment takes the class of the reading it ends at: `classAt` of its chunk
 * and index, by default its speed against the threshold. The chunks are the
 * selection without its outliers (shared/track/outliers.ts).
 */
export function buildRouteGeoJSON(
  chunks: readonly DayChunk[],
  opts: RouteOptions,
  classAt: (chunk: DayChunk, i: number) => RouteClass = (chunk, i) =>
    speedClass(chunk.speed[i]!, opts.speedingThresholdMph),
): RouteGeoJSON {
  const lines = new RouteLines();
  const rule = gapRule(opts);
  let prevT = NaN,
    prevLng = NaN,
    prevLat = NaN,
    prevStatus = -1;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const t = chunk.t[i]!,
        lat = chunk.lat[i]!,
        lng = chunk.lng[i]!;
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      lines.point(lng, lat);
      if (!Number.isNaN(prevT)) {
        // Crossing the antimeridian: a straight segment would span the whole world.
        if (Math.abs(lng - prevLng) > 180) lines.breakLine();
        else if (isGapBetween(rule, prevT, prevStatus, prevLat, prevLng, t, lat, lng))
          lines.gap(prevT, t, prevLng, prevLat, lng, lat);
        else lines.segment(classAt(chunk, i), prevLng, prevLat, lng, lat);
      }
      prevT = t;
      prevLng = lng;
      prevLat = lat;
      prevStatus = chunk.status[i]!;
    }
  }
  return lines.result();
}

const cache = new WeakMap<readonly DayChunk[], Map<string, RouteGeoJSON>>();

/**
 * Memoised per chunks array (a selection) and options: RouteLayer, GapsLayer
 * and FitBounds share one build instead of each walking the points.
 */
export function routeGeoJSON(chunks: readonly DayChunk[], opts: RouteOptions): RouteGeoJSON {
  let byOpts = cache.get(chunks);
  if (!byOpts) cache.set(chunks, (byOpts = new Map()));
  const key = `${opts.speedingThresholdMph}/${opts.gapSeconds}/${opts.minStopSeconds}/${opts.stopSpeedMph}/${opts.maxPlausibleMph}`;
  let built = byOpts.get(key);
  if (!built) {
    built = buildRouteGeoJSON(chunks, opts);
    // Only a couple of thresholds are in play at a time; drop older builds.
    if (byOpts.size >= 4) byOpts.clear();
    byOpts.set(key, built);
  }
  return built;
}

/** Bounds only depend on positions, so they are shared by every option set. */
export function chunksBounds(chunks: readonly DayChunk[]): [number, number, number, number] | null {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const c of chunks) {
    for (let i = 0; i < c.length; i++) {
      const lat = c.lat[i]!,
        lng = c.lng[i]!;
      if (lng < w) w = lng;
      if (lng > e) e = lng;
      if (lat < s) s = lat;
      if (lat > n) n = lat;
    }
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}
