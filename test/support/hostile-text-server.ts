/**
 * A loopback Fleet Telematics API v2 of one carrier whose every text field is
 * the caller's `text` (terminal control sequences, bidi overrides, or 64 KB of
 * it): company name and DOT number, vehicle number and VIN, driver names, and
 * each reading's vehicle number, VIN and place. Readings are the shaped
 * server's (one every `everyMinutes`), so exports have rows to write.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER } from '../../shared/api/wire.ts';
import { DAY_MS, type UtcDay } from '../../shared/util/day.ts';
import { generateRecords } from './shaped-history-server.ts';

export const HOSTILE_VEHICLE_ID = '7a1f0c52-2b7e-4d43-9d0e-5c3a8e1f7032';
const PROVIDER_KEY = 'pk-hostile-text';
const COMPANY_KEY = 'ck-hostile-text';

/** What a hostile API sends in text fields: bidi, clear screen, a green "verified", a C1 CSI, DEL, a title, an OSC 8 link (the first within 64 characters, the unit number's bound). */
export const TERMINAL_ATTACK =
  '\u202e\u001b[2J\u001b[H\u001b[32mverified\u001b[0m\u001b[8m\u009b31m\u007f\u2066x\u2069\u200f' +
  '\u001b]0;owned\u0007\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\';

export interface HostileTextServer {
  baseUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

function apiDayMs(value: string | null): number {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value ?? '');
  return m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : Number.NaN;
}

function send(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startHostileTextServer(o: {
  text: string;
  from: UtcDay;
  to: UtcDay;
  everyMinutes?: number;
}): Promise<HostileTextServer> {
  const t = o.text;
  const vehicle = { vehicle_id: HOSTILE_VEHICLE_ID, number: t, vin: t, active: true };
  const records = generateRecords(o.from, o.to, o.everyMinutes ?? 60).map((r) => ({
    ...r,
    vehicle_number: t,
    vin: t,
    calc_location: t,
  }));
  const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ description: 'success', data, ...extra });
  const list = (data: unknown[]) =>
    ok(data, { page: 1, size: data.length, total_elements: data.length, total_pages: 1 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (
      req.headers[PROVIDER_KEY_HEADER.toLowerCase()] !== PROVIDER_KEY ||
      req.headers[COMPANY_KEY_HEADER.toLowerCase()] !== COMPANY_KEY
    )
      // As the spec's 401 (section 7): the app's key test reads a Company Key refused this way as "provider key good".
      return send(
        res,
        {
          status_code: 401,
          description:
            req.headers[PROVIDER_KEY_HEADER.toLowerCase()] === PROVIDER_KEY
              ? 'the company API key is not valid'
              : 'invalid provider key',
          data: null,
        },
        401,
      );
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const p = url.pathname;
    if (p === '/v2/company-info') return send(res, ok({ company_name: t, dot_number: t }));
    if (p === '/v2/vehicles') return send(res, list([vehicle]));
    if (p === `/v2/vehicle/${HOSTILE_VEHICLE_ID}`) return send(res, ok(vehicle));
    if (p === '/v2/drivers')
      return send(res, list([{ driver_id: 'd-1', username: t, first_name: t, last_name: t, active: true }]));
    if (p === '/v2/latest-driver-status')
      return send(
        res,
        list([
          { driver_id: 'd-1', username: t, break: 1800, drive: 3600, shift: 7200, cycle: 36000, current_status: 'D' },
        ]),
      );
    if (p === `/v2/vehicle-location-history/${HOSTILE_VEHICLE_ID}`) {
      const start = apiDayMs(url.searchParams.get('start_date'));
      const end = apiDayMs(url.searchParams.get('end_date')) + DAY_MS; // end_date inclusive
      return send(res, ok(records.filter((r) => Date.parse(r.timestamp) >= start && Date.parse(r.timestamp) < end)));
    }
    if (p === '/v2/latest-vehicle-status') {
      const last = records[records.length - 1]!;
      const status = { vehicle_id: HOSTILE_VEHICLE_ID, number: t, odometer: '1000', fuel_level: 50, speed: 0 };
      return send(
        res,
        list([{ ...status, lat: last.lat, lon: last.lng, status: 'STATIONARY', timestamp: last.timestamp }]),
      );
    }
    return send(res, { status_code: 404, description: 'not found', data: null }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    env: { ROUTELENS_BASE_URL: baseUrl, ROUTELENS_PROVIDER_KEY: PROVIDER_KEY, ROUTELENS_COMPANY_KEY: COMPANY_KEY },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
