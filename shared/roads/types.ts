/**
 * The road-limit contract between the index (built from an OpenStreetMap
 * extract, shared/roads/road-index.ts and electron/node/roads/) and the map
 * matching and speeding analysis (shared/roads/match.ts). Pure data: it runs
 * in Node (CLI, import) and in the renderer's workers alike.
 */

/**
 * Where a limit came from, strongest first: a zone the user drew or imported,
 * a posted limit tagged on the way, the legal default for the road class and
 * jurisdiction (a heavy goods vehicle's), or none (no limit applies or none is known).
 */
export type LimitSource = 'zone' | 'posted' | 'default' | 'none';

/** One road of the index: one OpenStreetMap way, limits for a heavy goods vehicle. */
export interface RoadWay {
  /** OpenStreetMap way id. */
  wayId: number;
  /** The way's `highway` value (motorway, trunk, primary, residential, ...). */
  highway: string;
  /** `name`, '' when untagged. */
  name: string;
  /** `ref` (e.g. "I 95"), '' when untagged. */
  ref: string;
  /** 1: one way along the node order; -1: against it; 0: both ways. */
  oneway: -1 | 0 | 1;
  /** Limit driving along the node order, mph; NaN when none is known or none applies (`source` says which). */
  forwardMph: number;
  /** Limit driving against the node order, mph; NaN as above. */
  backwardMph: number;
  /** Where both limits came from. */
  source: LimitSource;
  /** The limit as the tag or table gave it, for display ("55 mph", "80 km/h", "DE:motorway (HGV default)"). */
  limitText: string;
  /** `maxspeed:conditional` kept as tagged when it could not be evaluated, '' otherwise. */
  conditional: string;
}

/**
 * A built road index: ways, their segments (consecutive node pairs) and a
 * spatial lookup. Segment i belongs to way `segWay[i]` and runs from
 * (segCoords[4i], segCoords[4i+1]) to (segCoords[4i+2], segCoords[4i+3]),
 * as lat, lng in degrees, in the way's node order.
 */
export interface RoadIndex {
  readonly ways: readonly RoadWay[];
  readonly segWay: Uint32Array;
  readonly segCoords: Float64Array;
  /** Indices of the segments that may lie within `radiusM` metres of the point (a superset: callers measure exactly). */
  near(lat: number, lng: number, radiusM: number): number[];
}
