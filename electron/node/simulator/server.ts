// Over 300 lines: one handler per endpoint of the API spec, each with its paging and error rules, side by side.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corrupt, isCorrupted } from './corrupt.ts';
import { nextPage, TokenCodec, TokenError, type PageCursor } from './history-pager.ts';
import { BadParam, createListFaults, errorDescriptionAnswer, type ListFaults } from './list-faults.ts';
import { RateLimiter } from './rate-limit.ts';
import { vehicleStatus } from './statuses.ts';
import { historyWindow } from './window.ts';
import { createSimulatorWorld, type SimulatorWorld } from './world.ts';
import { idOfJson, parseRecord } from './vehicle-days.ts';
import type { Carrier } from './fleet.ts';
import { API_LIMITS, COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER, type Envelope } from '../../../shared/api/wire.ts';
import { addDays, daysBetween, fromApiDate, toApiDate } from '../../../shared/util/day.ts';
import type { FaultOptions, RunningSimulator, SimulatorStats, StartOptions } from './types.ts';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  body: Envelope<unknown>;
  /** Pre-serialised JSON of `data`, spliced in place of `body.data`. */
  rawData?: string;
  headers?: Record<string, string>;
}

const ok = (data: unknown, extra: Partial<Envelope<unknown>> = {}): Reply => ({
  status: 200,
  body: { description: 'success', data, ...extra },
});
const fail = (status: number, description: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { description, data: null, status_code: status },
  ...(headers ? { headers } : {}),
});

function parsePositiveInt(raw: string | null, name: string, dflt: number, max: number): number {
  if (raw === null) return dflt;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new HttpError(400, `${name} must be a positive integer`);
  const n = Number(raw);
  if (n > max) throw new HttpError(400, `${name} must not exceed ${max}`);
  return n;
}

type Route = {
  name: string;
  match: (path: string) => string[] | null;
  handle: (c: Carrier, q: URLSearchParams, params: string[]) => Reply;
};

export async function startSimulator(opts: StartOptions = {}): Promise<RunningSimulator> {
  const world = createSimulatorWorld(opts);
  let faults: FaultOptions = { ...(opts.faults ?? {}) };
  let latencyMs = opts.latencyMs ?? 0;
  const schedule = opts.schedule ?? ((respond: () => void, ms: number) => void setTimeout(respond, ms));
  const limiter = new RateLimiter(opts.rateLimit ?? null);
  const tokens = new TokenCodec(`routelens-sim-${world.seed}-${world.providerKey.length}`);
  let counter = 0;
  let stats: SimulatorStats = { requests: 0, byStatus: {}, byPath: {} };

  const lists = createListFaults(() => faults);
  const routes = buildRoutes(world, () => faults, tokens, lists);

  const handle = (req: IncomingMessage, n: number): { reply: Reply; path: string } => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routes.find((r) => r.match(url.pathname));
    const path = route?.name ?? url.pathname;
    if (req.method !== 'GET')
      return { reply: fail(405, `Method ${req.method ?? ''} is not allowed; the API is read-only (GET)`), path };
    if (faults.status503Every && n % faults.status503Every === 0)
      return { reply: fail(503, 'Service temporarily unavailable'), path };
    if (faults.status429Every && n % faults.status429Every === 0) {
      const ra = faults.retryAfter ?? 1;
      const header = ra === 'http-date' ? new Date(Date.now() + 1000).toUTCString() : String(ra);
      return { reply: fail(429, 'Too many requests', { 'Retry-After': header }), path };
    }
    // HTTP header names are case-insensitive; node lower-cases them.
    const provider = req.headers[PROVIDER_KEY_HEADER.toLowerCase()];
    const company = req.headers[COMPANY_KEY_HEADER.toLowerCase()];
    if (typeof provider !== 'string' || provider === '')
      return { reply: fail(401, 'The provider API key is missing'), path };
    if (provider !== world.providerKey) return { reply: fail(401, 'The provider API key is not valid'), path };
    if (typeof company !== 'string' || company === '')
      return { reply: fail(401, 'The company API key is missing'), path };
    const carrier = world.carrierByKey(company);
    if (!carrier) return { reply: fail(401, 'The company API key is not valid'), path };
    const wait = limiter.take(provider);
    if (wait !== null)
      return {
        reply: fail(429, 'Rate limit exceeded for this provider API key', { 'Retry-After': String(wait) }),
        path,
      };
    if (!route) return { reply: fail(404, `No endpoint at ${url.pathname}`), path };
    const params = route.match(url.pathname) ?? [];
    const described = errorDescriptionAnswer(faults, route.name, url.searchParams);
    if (described) return { reply: { status: 200, body: described }, path };
    try {
      return { reply: route.handle(carrier, url.searchParams, params), path };
    } catch (e) {
      if (e instanceof HttpError) return { reply: fail(e.status, e.message), path };
      if (e instanceof TokenError || e instanceof BadParam) return { reply: fail(400, e.message), path };
      return { reply: fail(500, 'Internal simulator error'), path };
    }
  };

  const server = createServer((req, res: ServerResponse) => {
    const n = ++counter;
    const respond = () => {
      const { reply, path } = handle(req, n);
      stats.requests++;
      stats.byStatus[reply.status] = (stats.byStatus[reply.status] ?? 0) + 1;
      stats.byPath[path] = (stats.byPath[path] ?? 0) + 1;
      const body = Buffer.from(serialise(reply));
      res.writeHead(reply.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(body.length),
        ...reply.headers,
      });
      if (faults.resetEvery && n % faults.resetEvery === 0) {
        // Half a body, then the connection dies: the client sees a truncated response.
        res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
        return;
      }
      res.end(body);
    };
    req.resume();
    if (latencyMs > 0) schedule(respond, latencyMs);
    else respond();
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    providerKey: world.providerKey,
    carriers: world.truth.carriers(),
    truth: world.truth,
    stats: () => structuredClone(stats),
    resetStats: () => {
      stats = { requests: 0, byStatus: {}, byPath: {} };
    },
    setFaults: (f) => {
      faults = { ...f };
      lists.reset();
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setRateLimit: (l) => limiter.set(l),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function serialise(reply: Reply): string {
  if (reply.rawData === undefined) return JSON.stringify(reply.body);
  const { description, data: _data, ...rest } = reply.body;
  const tail = JSON.stringify(rest);
  return `{"description":${JSON.stringify(description)},"data":${reply.rawData}${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}

function exact(p: string) {
  return (path: string) => (path === p ? [] : null);
}

function withId(prefix: string) {
  return (path: string) => {
    if (!path.startsWith(prefix)) return null;
    const id = decodeURIComponent(path.slice(prefix.length));
    return id && !id.includes('/') ? [id] : null;
  };
}

function parseDay(q: URLSearchParams, name: string) {
  const raw = q.get(name);
  if (raw === null || raw === '') throw new HttpError(400, `${name} is required (MM-DD-YYYY)`);
  const day = fromApiDate(raw);
  if (!day) throw new HttpError(400, `${name} must be a date in MM-DD-YYYY format`);
  return day;
}

function buildRoutes(
  world: SimulatorWorld,
  faults: () => FaultOptions,
  tokens: TokenCodec,
  lists: ListFaults,
): Route[] {
  const paged = <T>(endpoint: string, items: T[], q: URLSearchParams, maxLimit: number, map?: (x: T) => unknown) => {
    const p = lists.page(endpoint, items, q, maxLimit);
    return ok(map ? p.data.map(map) : p.data, p.envelope);
  };
  const strip = <T extends { legacyId: string }>(x: T): Omit<T, 'legacyId'> => {
    const { legacyId: _legacy, ...rest } = x;
    return rest;
  };
  return [
    {
      name: '/v2/company-info',
      match: exact('/v2/company-info'),
      handle: (c) => ok({ company_name: c.info.name, dot_number: c.info.dotNumber }),
    },
    {
      name: '/v2/drivers',
      match: exact('/v2/drivers'),
      handle: (c, q) => paged('/v2/drivers', c.drivers.map(strip), q, API_LIMITS.maxLimit),
    },
    {
      name: '/v2/driver/{driver_id}',
      match: withId('/v2/driver/'),
      handle: (c, _q, [id]) => {
        const d = world.driver(c, id ?? '');
        if (!d) throw new HttpError(404, 'Driver not found');
        return ok(strip(d));
      },
    },
    {
      name: '/v2/latest-driver-status',
      match: exact('/v2/latest-driver-status'),
      handle: (c, q) => {
        const filter = q.get('driver_id');
        const list =
          filter === null ? c.drivers : c.drivers.filter((d) => d.driver_id === filter || d.legacyId === filter);
        const now = world.now();
        return paged('/v2/latest-driver-status', list, q, API_LIMITS.maxLimit, (d) => world.driverStatusAt(c, d, now));
      },
    },
    {
      name: '/v2/vehicles',
      match: exact('/v2/vehicles'),
      handle: (c, q) => {
        const status = q.get('status');
        if (status !== null && status !== 'active' && status !== 'inactive')
          throw new HttpError(400, 'status must be "active" or "inactive"');
        const list = status === null ? c.vehicles : c.vehicles.filter((v) => v.active === (status === 'active'));
        return paged('/v2/vehicles', list.map(strip), q, API_LIMITS.maxLimit);
      },
    },
    {
      name: '/v2/vehicle/{vehicle_id}',
      match: withId('/v2/vehicle/'),
      handle: (c, _q, [id]) => {
        const v = world.vehicle(c, id ?? '');
        if (!v) throw new HttpError(404, 'Vehicle not found');
        return ok(strip(v));
      },
    },
    {
      name: '/v2/latest-vehicle-status',
      match: exact('/v2/latest-vehicle-status'),
      handle: (c, q) => {
        const filter = q.get('vehicle_id');
        const list =
          filter === null ? c.vehicles : c.vehicles.filter((v) => v.vehicle_id === filter || v.legacyId === filter);
        const now = world.now();
        return paged('/v2/latest-vehicle-status', list, q, API_LIMITS.maxLimitLatestVehicleStatus, (v) =>
          vehicleStatus(world.vehicleRef(c, v), now),
        );
      },
    },
    {
      name: '/v2/vehicle-location-history/{vehicle_id}',
      match: withId('/v2/vehicle-location-history/'),
      handle: (c, q, [id]) => {
        const v = world.vehicle(c, id ?? '');
        if (!v) throw new HttpError(404, 'Vehicle not found');
        const start = parseDay(q, 'start_date');
        const end = parseDay(q, 'end_date');
        if (start > end) throw new HttpError(400, 'start_date must not be after end_date');
        const limit = parsePositiveInt(q.get('limit'), 'limit', API_LIMITS.defaultLimit, API_LIMITS.maxLimit);
        const w = historyWindow(world.now());
        if (start < w.start || end > w.end) {
          throw new HttpError(
            400,
            `Location history is available only from ${toApiDate(w.start)} to ${toApiDate(w.end)} (the last 6 months)`,
          );
        }
        const f = faults();
        const token = q.get('next_page_token');
        const cursor: PageCursor = token ? tokens.decode(token, v.vehicle_id, start, end) : { d: 0, i: 0, o: 0 };
        const lastDay = f.endDate === 'exclusive' ? addDays(end, -1) : end;
        const days = lastDay < start ? [] : daysBetween(start, lastDay);
        const ref = world.vehicleRef(c, v);
        const page = nextPage({
          ref,
          days,
          dayRecords: (d) => world.dayRecords(ref, d),
          order: f.order ?? 'asc',
          limit,
          cursor,
          duplicate: f.duplicateAcrossPages ?? false,
          seed: world.seed,
        });
        const every = f.malformedEvery ?? 0;
        const data =
          every > 0
            ? page.records.map((r) => (isCorrupted(idOfJson(r), every) ? JSON.stringify(corrupt(parseRecord(r))) : r))
            : page.records;
        const extra: Partial<Envelope<unknown>> = { size: data.length };
        if (page.next) extra.next_page_token = tokens.encode({ v: v.vehicle_id, s: start, e: end, ...page.next });
        return { ...ok(null, extra), rawData: `[${data.join(',')}]` };
      },
    },
  ];
}
