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
  /** mph */
  speed: number;
  status: MotionStatus;
  /** degrees in [0, 360) */
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
  /** mph */
  speed: Float64Array;
  /** degrees in [0, 360) */
  direction: Float64Array;
  /** `MotionCode` values (shared/domain/status.ts) */
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
  /** Vehicle number and VIN as the records carried them (first record wins). */
  vehicleNumber: string;
  vin: string;
  id: string[];
  location: string[];
}
