/**
 * Public contract of the API v2 simulator. The simulator serves the spec
 * (`../shared/spec/fleet-telematics-api-v2.md`) over loopback HTTP for the demo
 * mode, the tests and the benchmarks. Everything a test needs to know the
 * ground truth goes through `SimulatorTruth`, never through HTTP.
 */
import type {
  WireCompany,
  WireDriver,
  WireDriverStatus,
  WireLocationRecord,
  WireVehicle,
  WireVehicleStatus,
} from '../../../shared/api/wire.ts';
import type { UtcDay } from '../../../shared/util/day.ts';

export interface RateLimitOptions {
  /** Sustained requests per second allowed for one Provider Key. */
  ratePerSec: number;
  /** Bucket size (requests that may arrive at once). */
  burst: number;
}

/** Fault knobs: all off by default; every knob is deterministic. */
export interface FaultOptions {
  /** Every N-th request (counted per simulator) answers 429 with Retry-After. */
  status429Every?: number;
  /** Retry-After the injected 429 sends: seconds (number) or 'http-date'. Default 1 s. */
  retryAfter?: number | 'http-date';
  /** Every N-th request answers 503. */
  status503Every?: number;
  /** Every N-th request has its connection destroyed after part of the body was sent. */
  resetEvery?: number;
  /**
   * A location record whose id hashes to 0 modulo N is served corrupted (a bad
   * lat, lng, speed, status, timestamp or direction, chosen by its id), the same
   * way on every request, so `truth.corruptedIds` can name them.
   */
  malformedEvery?: number;
  /** Order of location history records. Default 'asc'. */
  order?: 'asc' | 'desc' | 'shuffled';
  /** The first record of each history page repeats the last record of the previous page. */
  duplicateAcrossPages?: boolean;
  /** How end_date is interpreted by location history. Default 'inclusive'. */
  endDate?: 'inclusive' | 'exclusive';
  /** Page-paginated lists serve at most this many items a page, whatever `limit` asks (a server's own cap). */
  pageSizeCap?: number;
  /**
   * Lists that change while a client pages through them: each of the next `times` requests for page 2 or
   * later of a page-paginated list first changes that endpoint's list, by moving its last item to the front
   * ('rotate': totals stay the same, as in a list ordered by last change) or removing its first item
   * ('shrink'); later requests see the changed list. Counted per endpoint; `setFaults` starts again.
   */
  listChanges?: { kind: 'rotate' | 'shrink'; times: number };
  /** Requests answer HTTP 200 with this error `description` (spec 2.1) instead of their data. */
  errorDescription?: ErrorDescriptionFault;
}

export interface ErrorDescriptionFault {
  description: string;
  /** Only this endpoint (its route name, e.g. '/v2/vehicles'); default every endpoint. */
  endpoint?: string;
  /** Location history: only requests for a later page (with a next_page_token). */
  laterPagesOnly?: boolean;
  /** Location history: only queries whose start_date is this day (YYYY-MM-DD) or later. */
  fromDay?: string;
  /** `data` of the answer: null (the spec's error shape, default) or an empty array; never a token. */
  data?: null | [];
}

export interface SimulatorOptions {
  /** Seed of the generated world. Same seed, same data. Default 2026. */
  seed?: number;
  /** Clock of the simulated world (epoch ms). Default Date.now. Tests pin it. */
  now?: () => number;
  /** Provider Key accepted. Default the demo key from `DEMO_PROVIDER_KEY`. */
  providerKey?: string;
  /** Token bucket per Provider Key; null or absent = unlimited. */
  rateLimit?: RateLimitOptions | null;
  /** Added latency per request, ms. */
  latencyMs?: number;
  faults?: FaultOptions;
}

export interface StartOptions extends SimulatorOptions {
  /** 0 (default) picks a free port. Always binds 127.0.0.1. */
  port?: number;
  /** Runs a response held back by the latency knob. Default setTimeout; tests pass their own to observe the delay without timing it. */
  schedule?: (respond: () => void, ms: number) => void;
}

export interface DemoCarrierInfo {
  /** Stable slug, e.g. "prairie-line". */
  id: string;
  name: string;
  dotNumber: string;
  /** The key as issued to the provider (one demo carrier's carries the legacy `system-` prefix). */
  companyKey: string;
  /** IANA zone of the home terminal (Amarillo TX, Charlotte NC, Indianapolis IN); not part of the API, it seeds the app's demo carriers. */
  homeZone: string;
  vehicleCount: number;
  driverCount: number;
}

export interface SimVehicle extends WireVehicle {
  /** The v1 identifier this vehicle had; accepted in path parameters. */
  legacyId: string;
}

export interface SimDriver extends WireDriver {
  legacyId: string;
}

export interface SimulatorStats {
  requests: number;
  byStatus: Record<number, number>;
  byPath: Record<string, number>;
}

export interface SimulatorTruth {
  carriers(): DemoCarrierInfo[];
  company(carrierId: string): WireCompany;
  vehicles(carrierId: string): SimVehicle[];
  drivers(carrierId: string): SimDriver[];
  driverStatuses(carrierId: string): WireDriverStatus[];
  vehicleStatuses(carrierId: string): WireVehicleStatus[];
  /** Clean breadcrumbs of `from`..`to` (UTC days, inclusive), ascending time, no faults applied. */
  history(carrierId: string, vehicleId: string, from: UtcDay, to: UtcDay): WireLocationRecord[];
  /** Ids among `history(...)` that `faults.malformedEvery` would serve corrupted. */
  corruptedIds(carrierId: string, vehicleId: string, from: UtcDay, to: UtcDay, malformedEvery: number): string[];
  /** First UTC day inside the 6-month window at the simulator's `now`. */
  windowStart(): UtcDay;
  today(): UtcDay;
}

export interface RunningSimulator {
  baseUrl: string;
  providerKey: string;
  carriers: DemoCarrierInfo[];
  truth: SimulatorTruth;
  stats(): SimulatorStats;
  resetStats(): void;
  /** Replaces the fault knobs for the following requests. */
  setFaults(faults: FaultOptions): void;
  setLatency(ms: number): void;
  setRateLimit(limit: RateLimitOptions | null): void;
  close(): Promise<void>;
}
