/**
 * A loopback server of the Fleet Telematics API v2 endpoints a download needs
 * (company info, vehicles with their latest status, vehicle, location history
 * with token paging, an empty driver roster; both key headers, 401
 * otherwise), serving the real traces of ./realdata.ts: one carrier whose
 * vehicles are the traces. The simulator generates its own
 * trucks; this serves what real loggers recorded, through the same HTTP the
 * client and the sync engine use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER, type WireLocationRecord } from '../../shared/api/wire.ts';
import type { RealTrace } from './realdata.ts';

export interface RealdataServer {
  baseUrl: string;
  providerKey: string;
  companyKey: string;
  company: { company_name: string; dot_number: string };
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

const PROVIDER_KEY = 'pk-realdata-test';
const COMPANY_KEY = 'ck-realdata-test';
const COMPANY = { company_name: 'Real Traces Test Carrier', dot_number: '3141592' };

/** MM-DD-YYYY (spec 4.8) → epoch ms of that UTC day's start, or NaN. */
function apiDay(value: string | null): number {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value ?? '');
  return m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : Number.NaN;
}

export async function startRealdataServer(traces: readonly RealTrace[]): Promise<RealdataServer> {
  const vehicles = traces.map((t) => ({ vehicle_id: t.vehicleId, number: t.vehicleNumber, vin: t.vin, active: true }));
  const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({ description: 'success', data, ...extra });
  const history = (trace: RealTrace, q: URLSearchParams) => {
    const from = apiDay(q.get('start_date'));
    const to = apiDay(q.get('end_date'));
    if (Number.isNaN(from) || Number.isNaN(to))
      return {
        status: 400,
        body: { description: 'start_date and end_date must be MM-DD-YYYY', data: null, status_code: 400 },
      };
    const limit = Math.min(1000, Math.max(1, Number(q.get('limit') ?? 100) || 100));
    const offset = Number(q.get('next_page_token') ?? 0) || 0;
    // end_date inclusive: the whole last day.
    const inRange: WireLocationRecord[] = trace.records.filter((r) => {
      const t = Date.parse(r.timestamp);
      return t >= from && t < to + 86_400_000;
    });
    const page = inRange.slice(offset, offset + limit);
    const next = offset + limit < inRange.length ? { next_page_token: String(offset + limit) } : {};
    return { status: 200, body: envelope(page, { size: page.length, ...next }) };
  };
  const paged = (data: unknown[]) =>
    envelope(data, { page: 1, size: data.length, total_elements: data.length, total_pages: 1 });
  /** Each vehicle's last reading as its latest status. */
  const statuses = traces.map((t) => {
    const last = t.records[t.records.length - 1]!;
    return {
      vehicle_id: t.vehicleId,
      number: t.vehicleNumber,
      odometer: '0',
      fuel_level: 0,
      speed: Math.round(Number(last.speed)),
      lat: last.lat,
      lon: last.lng,
      status: last.status,
      timestamp: last.timestamp,
    };
  });
  const route = (pathname: string, q: URLSearchParams): { status: number; body: unknown } => {
    if (pathname === '/v2/company-info') return { status: 200, body: envelope(COMPANY) };
    if (pathname === '/v2/latest-vehicle-status') return { status: 200, body: paged(statuses) };
    if (pathname === '/v2/drivers' || pathname === '/v2/latest-driver-status') return { status: 200, body: paged([]) };
    if (pathname === '/v2/vehicles') return { status: 200, body: paged(vehicles) };
    const one = /^\/v2\/vehicle\/([^/]+)$/.exec(pathname);
    const vehicle = one && vehicles.find((v) => v.vehicle_id === decodeURIComponent(one[1]!));
    if (vehicle) return { status: 200, body: envelope(vehicle) };
    const hist = /^\/v2\/vehicle-location-history\/([^/]+)$/.exec(pathname);
    const trace = hist && traces.find((t) => t.vehicleId === decodeURIComponent(hist[1]!));
    if (trace) return history(trace, q);
    return { status: 404, body: { description: `No resource at ${pathname}`, data: null, status_code: 404 } };
  };
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const provider = req.headers[PROVIDER_KEY_HEADER.toLowerCase()];
    const company = req.headers[COMPANY_KEY_HEADER.toLowerCase()];
    const reply =
      provider !== PROVIDER_KEY
        ? { status: 401, body: { description: 'The provider API key is not valid', data: null, status_code: 401 } }
        : company !== COMPANY_KEY
          ? { status: 401, body: { description: 'The company API key is not valid', data: null, status_code: 401 } }
          : route(url.pathname, url.searchParams);
    const body = Buffer.from(JSON.stringify(reply.body));
    res.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
    });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    providerKey: PROVIDER_KEY,
    companyKey: COMPANY_KEY,
    company: COMPANY,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
