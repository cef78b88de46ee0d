/**
 * A loopback Fleet Telematics API v2 of one vehicle whose location records are known by construction
 * (one reading every `everyMinutes`, moving north at a constant speed), each sent through a `shape`
 * function that may null, drop or reformat its fields as an imperfect server would. The server pages
 * with tokens and applies `end_date` inclusively or exclusively, so a test can hold the CLI's file to
 * the exact records it should keep.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER, type WireLocationRecord } from '../../shared/api/wire.ts';
import { DAY_MS, dayStartMs, type UtcDay } from '../../shared/util/day.ts';

export const SHAPED_VEHICLE = {
  vehicle_id: '7a1f0c52-2b7e-4d43-9d0e-5c3a8e1f7001',
  number: 'T-701',
  vin: '1FUJGLDR5CLBP7011',
  active: true,
} as const;

export interface ShapedServerOptions {
  from: UtcDay;
  to: UtcDay;
  everyMinutes: number;
  /** How the server reads end_date (spec 4.8 leaves it unshown). */
  endDate: 'inclusive' | 'exclusive';
  /** The record as sent; return undefined to send it unchanged. `index` counts from 0 over the whole range. */
  shape?: (record: WireLocationRecord, index: number) => Record<string, unknown> | undefined;
  /** Records sent on the first page of every query whose start_date is `from`, whatever its range. */
  strays?: readonly Record<string, unknown>[];
  pageSize?: number;
}

export interface ShapedServer {
  baseUrl: string;
  env: Record<string, string>;
  /** The records as generated (before shape), in time order. */
  records: readonly WireLocationRecord[];
  requests: string[];
  close(): Promise<void>;
}

const PROVIDER_KEY = 'pk-shaped-test';
const COMPANY_KEY = 'ck-shaped-test';

function apiDayMs(value: string | null): number {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value ?? '');
  return m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : Number.NaN;
}

/** One reading every `everyMinutes` from `from` to the end of `to`, 50 mph due north (0.0120 degrees a reading at 60 min). */
export function generateRecords(from: UtcDay, to: UtcDay, everyMinutes: number): WireLocationRecord[] {
  const out: WireLocationRecord[] = [];
  const end = dayStartMs(to) + DAY_MS;
  for (let t = dayStartMs(from), i = 0; t < end; t += everyMinutes * 60_000, i++) {
    out.push({
      id: `rec-${String(i).padStart(6, '0')}`,
      vehicle_number: SHAPED_VEHICLE.number,
      vin: SHAPED_VEHICLE.vin,
      lat: (30 + i * 0.0001).toFixed(6),
      lng: '-97.500000',
      status: 'IN_MOTION',
      speed: String(40 + (i % 20)),
      timestamp: new Date(t).toISOString().replace('.000Z', 'Z'),
      calc_location: `Mile ${i}`,
      direction: String(i % 360),
    });
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startShapedServer(o: ShapedServerOptions): Promise<ShapedServer> {
  const records = generateRecords(o.from, o.to, o.everyMinutes);
  const sent = records.map((r, i) => o.shape?.({ ...r }, i) ?? r);
  const pageSize = o.pageSize ?? 1000;
  const requests: string[] = [];
  const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ description: 'success', data, ...extra });

  const history = (q: URLSearchParams): { description: string; data: unknown; next_page_token?: string } => {
    const start = apiDayMs(q.get('start_date'));
    const endDay = apiDayMs(q.get('end_date'));
    const end = o.endDate === 'inclusive' ? endDay + DAY_MS : endDay;
    const limit = Math.min(1000, Number(q.get('limit') ?? 100) || 100, pageSize);
    const inRange = records.flatMap((r, i) => {
      const t = Date.parse(r.timestamp);
      return t >= start && t < end ? [sent[i]] : [];
    });
    const all = start === dayStartMs(o.from) ? [...(o.strays ?? []), ...inRange] : inRange;
    const offset = Number(q.get('next_page_token') ?? 0);
    const page = all.slice(offset, offset + limit);
    const next = offset + limit < all.length ? { next_page_token: String(offset + limit) } : {};
    return { ...ok(page), ...next };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    if (req.headers[PROVIDER_KEY_HEADER.toLowerCase()] !== PROVIDER_KEY)
      return send(res, 401, { status_code: 401, description: 'invalid provider key', data: null });
    if (req.headers[COMPANY_KEY_HEADER.toLowerCase()] !== COMPANY_KEY)
      return send(res, 401, { status_code: 401, description: 'the company API key is not valid', data: null });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const p = url.pathname;
    if (p === '/v2/company-info')
      return send(res, 200, ok({ company_name: 'Shaped Test Carrier', dot_number: '7000001' }));
    if (p === '/v2/vehicles')
      return send(res, 200, ok([SHAPED_VEHICLE], { page: 1, size: 1, total_elements: 1, total_pages: 1 }));
    if (p === `/v2/vehicle/${SHAPED_VEHICLE.vehicle_id}`) return send(res, 200, ok(SHAPED_VEHICLE));
    if (p === `/v2/vehicle-location-history/${SHAPED_VEHICLE.vehicle_id}`)
      return send(res, 200, history(url.searchParams));
    return send(res, 404, { status_code: 404, description: 'not found', data: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    env: { ROUTELENS_BASE_URL: baseUrl, ROUTELENS_PROVIDER_KEY: PROVIDER_KEY, ROUTELENS_COMPANY_KEY: COMPANY_KEY },
    records,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
