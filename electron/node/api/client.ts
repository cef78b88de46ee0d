/**
 * Typed client of the Fleet Telematics Data API v2: one method per endpoint
 * (spec 4.1–4.8). Every record is validated; a malformed one is returned as a
 * Rejection next to the good ones, never passed on as data. Lists come whole
 * or as an error (paging.ts).
 */
import {
  API_LIMITS,
  API_PATHS,
  type Envelope,
  type VehicleStatusFilter,
  type WireCompany,
  type WireDriver,
  type WireDriverStatus,
  type WireVehicle,
  type WireVehicleStatus,
} from '../../../shared/api/wire.ts';
import {
  parseCompany,
  parseDriver,
  parseDriverStatus,
  parseLocationRecord,
  parseVehicle,
  parseVehicleStatus,
  snippetOf,
  type Parsed,
  type Rejection,
} from '../../../shared/api/validate.ts';
import type { Breadcrumb } from '../../../shared/track/types.ts';
import { toApiDate, type UtcDay } from '../../../shared/util/day.ts';
import type { BackoffOptions } from './backoff.ts';
import { InvalidResponseError } from './errors.ts';
import { createHttp, HTTP_DEFAULTS, type ApiEvent, type CallOptions } from './http.ts';
import { getProviderLimiter, providerKeyFingerprint, type RateLimiter } from './rate-limiter.ts';
import { collectListing, createHistoryGuard, type ListedPage, type Records } from './paging.ts';
import { redact } from './redact.ts';

export type { Records } from './paging.ts';

export interface ApiClientOptions {
  baseUrl: string;
  providerKey: string;
  companyKey: string;
  /** Default: the shared limiter of this Provider Key. */
  limiter?: RateLimiter;
  /** One attempt, sending to last body byte. Default 60 s. */
  timeoutMs?: number;
  /** No answer at all from the server for this long ends the call ("not answering"). Default 30 s. */
  firstByteTimeoutMs?: number;
  /** The whole call, retries and waits included. Default 5 min. */
  deadlineMs?: number;
  /** Largest response body read. Default 32 MB. */
  maxBodyBytes?: number;
  maxRetries?: number;
  maxRetryAfterMs?: number;
  fetchImpl?: typeof fetch;
  onEvent?: (e: ApiEvent) => void;
  backoff?: Partial<BackoffOptions>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface Page<T> extends Records<T> {
  page: number;
  totalPages: number;
  totalElements: number | undefined;
}

export interface HistoryPage extends Records<Breadcrumb> {
  /** 1-based position of the page in this query. */
  index: number;
  nextPageToken: string | undefined;
}

export interface PageOptions {
  limit?: number;
  signal?: AbortSignal;
}

export interface LocationHistoryQuery {
  vehicleId: string;
  /** Sent as start_date. */
  from: UtcDay;
  /** Sent as end_date, exactly as given (the sync engine decides about inclusivity). */
  to: UtcDay;
  limit?: number;
  signal?: AbortSignal;
  /** Per-call listener, in addition to the client's. */
  onEvent?: (e: ApiEvent) => void;
}

export interface ApiClient {
  readonly host: string;
  companyInfo(opts?: { signal?: AbortSignal }): Promise<WireCompany>;
  listDrivers(opts: { limit?: number; page?: number; signal?: AbortSignal }): Promise<Page<WireDriver>>;
  /** Every driver, each once (paging.ts). */
  drivers(opts?: PageOptions): Promise<Records<WireDriver>>;
  driver(id: string, opts?: { signal?: AbortSignal }): Promise<WireDriver>;
  latestDriverStatus(opts?: PageOptions & { driverId?: string }): Promise<Records<WireDriverStatus>>;
  vehicles(opts?: PageOptions & { status?: VehicleStatusFilter }): Promise<Records<WireVehicle>>;
  vehicle(id: string, opts?: { signal?: AbortSignal }): Promise<WireVehicle>;
  latestVehicleStatus(opts?: PageOptions & { vehicleId?: string }): Promise<Records<WireVehicleStatus>>;
  locationHistoryPages(q: LocationHistoryQuery): AsyncGenerator<HistoryPage>;
}

type Parser<T> = (raw: unknown) => Parsed<T>;

/**
 * Consecutive readings mostly carry the same vehicle number, VIN and place:
 * a record whose text equals the previous record's takes that string, so a
 * download holds one copy of a repeated text instead of one per reading (the
 * parsed copies die young, which costs the garbage collector nothing, where
 * every kept copy is copied by it).
 */
function shareRepeatedText(records: Breadcrumb[]): void {
  for (let i = 1; i < records.length; i++) {
    const prev = records[i - 1]!;
    const r = records[i]!;
    if (r.vehicleNumber === prev.vehicleNumber) r.vehicleNumber = prev.vehicleNumber;
    if (r.vin === prev.vin) r.vin = prev.vin;
    if (r.location === prev.location) r.location = prev.location;
  }
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const http = createHttp({
    baseUrl: opts.baseUrl,
    providerKey: opts.providerKey,
    companyKey: opts.companyKey,
    limiter: opts.limiter ?? getProviderLimiter(providerKeyFingerprint(opts.providerKey)),
    timeoutMs: opts.timeoutMs ?? HTTP_DEFAULTS.timeoutMs,
    firstByteTimeoutMs: opts.firstByteTimeoutMs ?? HTTP_DEFAULTS.firstByteTimeoutMs,
    deadlineMs: opts.deadlineMs ?? HTTP_DEFAULTS.deadlineMs,
    maxBodyBytes: opts.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes,
    maxRetries: opts.maxRetries ?? HTTP_DEFAULTS.maxRetries,
    maxRetryAfterMs: opts.maxRetryAfterMs ?? HTTP_DEFAULTS.maxRetryAfterMs,
    fetchImpl: opts.fetchImpl ?? fetch,
    backoff: { ...HTTP_DEFAULTS.backoff, ...opts.backoff },
    sleep: opts.sleep ?? HTTP_DEFAULTS.sleep,
    now: opts.now ?? (() => performance.now()),
    onEvent: opts.onEvent,
  });
  const { host, secrets } = http;

  function validateAll<T>(data: unknown, parse: Parser<T>, path: string, call: CallOptions): Records<T> {
    if (!Array.isArray(data)) throw new InvalidResponseError(host, `data of ${path} is not an array`);
    const records: T[] = [];
    const rejected: Rejection[] = [];
    let cut = 0;
    for (const raw of data) {
      const r = parse(raw);
      if (r.ok) {
        records.push(r.value);
        if (r.cut !== undefined) cut += r.cut;
        continue;
      }
      const rej: Rejection = { reason: redact(r.reason, secrets), snippet: redact(snippetOf(raw), secrets) };
      if (r.id !== undefined) rej.id = r.id;
      if (r.t !== undefined) rej.t = r.t;
      rejected.push(rej);
    }
    if (rejected.length > 0) {
      const e: ApiEvent = { type: 'rejected', path, count: rejected.length };
      opts.onEvent?.(e);
      call.onEvent?.(e);
    }
    if (cut > 0) {
      const e: ApiEvent = { type: 'cut', path, count: cut };
      opts.onEvent?.(e);
      call.onEvent?.(e);
    }
    return { records, rejected };
  }

  function one<T>(env: Envelope<unknown>, parse: Parser<T>, what: string): T {
    const r = parse(env.data);
    if (!r.ok) throw new InvalidResponseError(host, `${what}: ${redact(r.reason, secrets)}`);
    return r.value;
  }

  async function fetchPage<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    page: number,
    parse: Parser<T>,
    call: CallOptions,
  ): Promise<Page<T>> {
    const env = await http.get(path, { ...query, page }, call);
    const got = validateAll(env.data, parse, path, call);
    return { ...got, page: env.page ?? page, totalPages: env.total_pages ?? page, totalElements: env.total_elements };
  }

  /** A whole page-paginated list (spec 4.9), each id once, or an error. */
  function list<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    parse: Parser<T>,
    call: CallOptions,
    what: string,
    idOf: (r: T) => string,
  ): Promise<Records<T>> {
    const read = async (page: number): Promise<ListedPage<T>> => {
      const env = await http.get(path, { ...query, page }, call);
      return {
        ...validateAll(env.data, parse, path, call),
        totalPages: env.total_pages,
        totalElements: env.total_elements,
      };
    };
    return collectListing({ host, what, idOf, read });
  }

  const limitOf = (limit: number | undefined, max: number = API_LIMITS.maxLimit): number | undefined =>
    limit === undefined ? undefined : Math.max(1, Math.min(max, Math.floor(limit)));

  const client: ApiClient = {
    host,
    async companyInfo(o = {}) {
      return one(await http.get(API_PATHS.companyInfo, {}, { signal: o.signal }), parseCompany, 'company info');
    },
    listDrivers(o) {
      return fetchPage(API_PATHS.drivers, { limit: limitOf(o.limit) }, o.page ?? 1, parseDriver, { signal: o.signal });
    },
    drivers(o = {}) {
      const query = { limit: limitOf(o.limit) };
      return list(API_PATHS.drivers, query, parseDriver, { signal: o.signal }, 'drivers', (d) => d.driver_id);
    },
    async driver(id, o = {}) {
      const env = await http.get(API_PATHS.driver(id), {}, { signal: o.signal, what: `driver "${id}"` });
      return one(env, parseDriver, 'driver');
    },
    latestDriverStatus(o = {}) {
      return list(
        API_PATHS.latestDriverStatus,
        { driver_id: o.driverId, limit: limitOf(o.limit) },
        parseDriverStatus,
        { signal: o.signal, what: `driver "${o.driverId ?? ''}"` },
        'driver statuses',
        (s) => s.driver_id,
      );
    },
    vehicles(o = {}) {
      const query = { status: o.status, limit: limitOf(o.limit) };
      return list(API_PATHS.vehicles, query, parseVehicle, { signal: o.signal }, 'vehicles', (v) => v.vehicle_id);
    },
    async vehicle(id, o = {}) {
      const env = await http.get(API_PATHS.vehicle(id), {}, { signal: o.signal, what: `vehicle "${id}"` });
      return one(env, parseVehicle, 'vehicle');
    },
    latestVehicleStatus(o = {}) {
      return list(
        API_PATHS.latestVehicleStatus,
        { vehicle_id: o.vehicleId, limit: limitOf(o.limit, API_LIMITS.maxLimitLatestVehicleStatus) },
        parseVehicleStatus,
        { signal: o.signal, what: `vehicle "${o.vehicleId ?? ''}"` },
        'vehicle statuses',
        (s) => s.vehicle_id,
      );
    },
    async *locationHistoryPages(q) {
      const path = API_PATHS.vehicleLocationHistory(q.vehicleId);
      const call: CallOptions = { signal: q.signal, onEvent: q.onEvent, what: `vehicle "${q.vehicleId}"` };
      const limit = limitOf(q.limit ?? API_LIMITS.maxLimit) ?? API_LIMITS.maxLimit;
      const base = { start_date: toApiDate(q.from), end_date: toApiDate(q.to), limit };
      const bound = createHistoryGuard(host, q, limit);
      const seen = new Set<string>();
      let token: string | undefined;
      for (let index = 1; ; index++) {
        const env = await http.get(path, { ...base, next_page_token: token }, call);
        const got = validateAll(env.data, parseLocationRecord, path, call);
        shareRepeatedText(got.records);
        const next = env.next_page_token;
        yield { ...got, index, nextPageToken: next };
        if (next === undefined) return;
        bound(got.records.length + got.rejected.length);
        // A server that hands out the same token twice would page forever.
        if (seen.has(next)) throw new InvalidResponseError(host, 'the same next_page_token came back twice');
        seen.add(next);
        token = next;
      }
    },
  };
  return client;
}
