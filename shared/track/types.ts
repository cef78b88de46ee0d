import type { MotionStatus } from '../api/wire.ts';
import type { UtcDay } from '../util/day.ts';

/**
 * One validated breadcrumb (spec 2.7 after parsing). Times are epoch
 * milliseconds UTC; numbers are numbers.
 */
export interface Breadcrumb {
  id: string;
  t: number;
  lat: number;
  lng: number;
  /** mph; NaN when the record gave none (an OFFLINE reading may not): unknown, never zero. */
  speed: number;
  /** null when the record gave none or one the spec does not list: unknown. */
  status: MotionStatus | null;
  /** degrees in [0, 360); NaN when the record gave none: unknown. */
  direction: number;
  location: string;
  vehicleNumber: string;
  vin: string;
}

/**
 * A track's readings as parallel columns, index i of each being reading i:
 * the one shape shared by a day chunk, a flattened selection (playback,
 * analysis) and the playback sampler.
 */
export interface TrackColumns {
  length: number;
  /** epoch ms UTC */
  t: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** mph; NaN = unknown (the record had none) */
  speed: Float64Array;
  /** degrees in [0, 360); NaN = unknown */
  direction: Float64Array;
  /** `MotionCode` values (shared/domain/status.ts); MotionCode.UNKNOWN where the record had none */
  status: Uint8Array;
}

/**
 * The columnar storage unit: one vehicle, one UTC day, points in ascending time
 * with unique ids. Typed arrays (Float64 everywhere a wire number lands, so a value round-trips
 * exactly to CSV/GPX) keep six months of one truck in ~10 MB and
 * structured-clone cheaply to workers and IndexedDB.
 */
export interface DayChunk extends TrackColumns {
  vehicleId: string;
  day: UtcDay;
  /**
   * The vehicle's number and VIN: the roster's where the sync knew them, else the ones most readings
   * of the day carried. A reading that carried others (or none, with no roster to fill them) has its
   * own in `identityAt`.
   */
  vehicleNumber: string;
  vin: string;
  /** Only when some reading's identity differs from the chunk's: each reading's own number and VIN. */
  identityAt?: ReadingIdentities;
  id: string[];
  location: string[];
}

/** Per-reading vehicle numbers and VINs, parallel to a chunk's columns. */
export interface ReadingIdentities {
  vehicleNumber: string[];
  vin: string[];
}
