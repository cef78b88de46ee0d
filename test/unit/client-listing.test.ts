// Over 300 lines: one scripted server per rule of the listing (error descriptions, shifting lists, endless paging), side by side so each reads against its sentence.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EndlessPagingError, ErrorDescriptionError, ListChangedError } from '../../electron/node/api/errors.ts';
import { fakeClient, failure, json, startFakeServer, type FakeServer } from './client-fake-server.ts';

/**
 * The client's rules for an imperfect server (issue 30, problems 1, 5 and 6):
 * an error description is an error whatever the status; a page-paginated list
 * comes whole, each id once, or as an error; paging that would never end stops.
 */
const PROVIDER = 'pk_listing_0001';
const COMPANY = 'ck_listing_0002';
let srv: FakeServer;
let host: string;
beforeAll(async () => {
  srv = await startFakeServer();
  host = new URL(srv.baseUrl).host;
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.seen.length = 0;
});

const client = (retries = 0) => fakeClient(srv, PROVIDER, COMPANY, { maxRetries: retries });
const query = (url: string) => new URL(url, 'http://x').searchParams;
const pageOf = (url: string) => Number(query(url).get('page') ?? '1');

const driver = (id: string) => ({ driver_id: id, username: id, first_name: 'F', last_name: 'L', active: true });
const record = (id: string) => ({
  id,
  vehicle_number: '7',
  vin: 'V7',
  lat: '41.5',
  lng: '-93.6',
  status: 'IN_MOTION',
  speed: '55',
  timestamp: '2026-03-01T08:00:00Z',
  calc_location: '',
  direction: '90',
});

/** A drivers page: `ids` of it, and the totals the server claims. */
function driversPage(res: ServerResponse, page: number, ids: string[], totalPages: number, totalElements?: number) {
  json(res, 200, {
    description: 'success',
    page,
    size: ids.length,
    total_pages: totalPages,
    ...(totalElements === undefined ? {} : { total_elements: totalElements }),
    data: ids.map(driver),
  });
}

const FIVE = ['d1', 'd2', 'd3', 'd4', 'd5'];
const pages2 = (list: string[], page: number) => list.slice((page - 1) * 2, page * 2);

describe('a 200 whose description is not "success"', () => {
  it('is retried like a 5xx, then reported in one sentence quoting the server', async () => {
    srv.handle((_q, res) => json(res, 200, { description: 'Internal error: the query timed out', data: [] }));
    const e = await failure(client(2).drivers());
    expect(e).toBeInstanceOf(ErrorDescriptionError);
    expect(e.kind).toBe('server');
    expect(e.message).toBe(
      `${host} answered "Internal error: the query timed out" (HTTP 200) after 2 retries; try again later.`,
    );
    expect(srv.seen).toHaveLength(3);
  });

  it('with data: null says the same, not that data is not an array nor to check the API address', async () => {
    srv.handle((_q, res) =>
      json(res, 200, { description: 'Internal error: the query timed out', data: null, status_code: 500 }),
    );
    const e = await failure(client().vehicles());
    expect(e.message).toBe(
      `${host} answered "Internal error: the query timed out" (HTTP 200) after 0 retries; try again later.`,
    );
    expect(e.message).not.toMatch(/array|API address/);
  });

  it('with no data at all is still the server’s error', async () => {
    srv.handle((_q, res) => json(res, 200, { description: 'Gateway timeout' }));
    expect((await failure(client().companyInfo())).message).toBe(
      `${host} answered "Gateway timeout" (HTTP 200) after 0 retries; try again later.`,
    );
  });

  it('passes when a retry answers success', async () => {
    srv.handle((_q, res, n) =>
      n === 1
        ? json(res, 200, { description: 'Internal error: the query timed out', data: [] })
        : json(res, 200, { description: 'success', data: { company_name: 'Acme', dot_number: '1' } }),
    );
    expect(await client(1).companyInfo()).toEqual({ company_name: 'Acme', dot_number: '1' });
  });

  it.each([' Success ', 'SUCCESS', 'success\n'])('%j is success (trimmed, any case)', async (description) => {
    srv.handle((_q, res) => json(res, 200, { description, data: { company_name: 'Acme', dot_number: '1' } }));
    expect((await client().companyInfo()).company_name).toBe('Acme');
  });

  it('quotes the description without control or bidi characters, without a key, in at most 200 characters', async () => {
    const nasty = `Bad\u0000 key ${COMPANY}\u001b[31m for\u202e you\u2066\u0085!\nline two \u007f${'x'.repeat(400)}`;
    srv.handle((_q, res) => json(res, 200, { description: nasty, data: null }));
    const e = (await failure(client().companyInfo())) as ErrorDescriptionError;
    expect(e.description).toBe(`Bad key [redacted][31m for you ! line two ${'x'.repeat(200)}`.slice(0, 200));
    expect(e.message).toBe(`${host} answered "${e.description}" (HTTP 200) after 0 retries; try again later.`);
    // eslint-disable-next-line no-control-regex -- the test is that none is left
    expect(e.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(e.message).not.toContain(COMPANY);
  });

  it('a key split by a control character is joined back and still redacted', async () => {
    const split = `${COMPANY.slice(0, 5)}\u0007${COMPANY.slice(5)}`;
    srv.handle((_q, res) => json(res, 200, { description: `no such key ${split}`, data: null }));
    const e = await failure(client().companyInfo());
    expect(e.message).toContain('"no such key [redacted]"');
  });

  it('ends a history query in the middle, after the pages before it', async () => {
    srv.handle((req, res) => {
      const tok = query(req.url ?? '').get('next_page_token');
      if (tok === null) return json(res, 200, { description: 'success', data: [record('r1')], next_page_token: 't1' });
      json(res, 200, { description: 'Internal error: the query timed out', data: [] });
    });
    const got: string[] = [];
    const e = await failure(
      (async () => {
        for await (const p of client().locationHistoryPages({ vehicleId: 'v', from: '2026-03-01', to: '2026-03-02' }))
          got.push(...p.records.map((r) => r.id));
      })(),
    );
    expect(got).toEqual(['r1']);
    expect(e).toBeInstanceOf(ErrorDescriptionError);
  });
});

describe('page-paginated lists', () => {
  it('list each id once when pages overlap', async () => {
    // Each page starts with the previous page's last driver: 6 rows for 5 drivers.
    const served = [
      ['d1', 'd2'],
      ['d2', 'd3'],
      ['d4', 'd5'],
    ];
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      driversPage(res, page, served[page - 1] ?? [], 3, 5);
    });
    expect((await client().drivers()).records.map((d) => d.driver_id)).toEqual(FIVE);
  });

  it('stop at the total when pages past the end repeat page 1', async () => {
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      driversPage(res, page, page <= 3 ? pages2(FIVE, page) : pages2(FIVE, 1), 5, 5);
    });
    expect((await client().drivers()).records.map((d) => d.driver_id)).toEqual(FIVE);
    expect(srv.seen.map((s) => pageOf(s.url))).toEqual([1, 2, 3]);
  });

  it('start again from page 1 when the totals change between pages (a driver removed)', async () => {
    let list = [...FIVE];
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      // Between the first two requests d1 is removed: page 2 would skip d3.
      if (srv.seen.length === 2) list = list.slice(1);
      driversPage(res, page, pages2(list, page), Math.ceil(list.length / 2), list.length);
    });
    expect((await client().drivers()).records.map((d) => d.driver_id)).toEqual(['d2', 'd3', 'd4', 'd5']);
    expect(srv.seen.map((s) => pageOf(s.url))).toEqual([1, 2, 1, 2]);
  });

  it('start again when a driver moved between pages with the totals unchanged, so none is missing', async () => {
    let list = [...FIVE];
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      // Before page 2 of the first read, d5 moves to the front: page 2 repeats d2, d5 is never on a page read.
      if (srv.seen.length === 2) list = ['d5', ...list.slice(0, 4)];
      driversPage(res, page, pages2(list, page), 3, 5);
    });
    const got = (await client().drivers()).records.map((d) => d.driver_id);
    expect([...got].sort()).toEqual(FIVE);
    expect(srv.seen.map((s) => pageOf(s.url))).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('start again when a page repeats an earlier one, and fail in one sentence after three restarts', async () => {
    // No total_elements: only the repeat shows that page 3 is page 1 again.
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      driversPage(res, page, page === 3 ? ['d1', 'd2'] : pages2(FIVE, page), 5);
    });
    const e = await failure(client().drivers());
    expect(e).toBeInstanceOf(ListChangedError);
    expect(e.message).toBe(
      `The list of drivers from ${host} kept changing while RouteLens read it page by page (4 reads from page 1), so it could not be listed completely; try again in a minute.`,
    );
    expect(srv.seen).toHaveLength(12);
  });

  it('fail when the pages never add up to the total', async () => {
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      driversPage(
        res,
        page,
        [
          ['d1', 'd2'],
          ['d2', 'd3'],
          ['d3', 'd4'],
        ][page - 1] ?? [],
        3,
        5,
      );
    });
    expect(await failure(client().drivers())).toBeInstanceOf(ListChangedError);
    expect(srv.seen).toHaveLength(12);
  });

  it('never read more pages than the total needs, whatever total_pages says', async () => {
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      driversPage(res, page, page === 1 ? ['d1', 'd2'] : [], 1_000_000_000, 2);
    });
    expect((await client().drivers()).records).toHaveLength(2);
    expect(srv.seen).toHaveLength(1);
  });

  it('stop after 20 empty pages in a row, in one sentence', async () => {
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      driversPage(res, page, page === 1 ? ['d1', 'd2'] : [], 1_000_000_000, 1_000_000_000);
    });
    const e = await failure(client().drivers());
    expect(e).toBeInstanceOf(EndlessPagingError);
    expect(e.message).toBe(
      `${host} sent 20 empty pages of drivers in a row (up to page 21 of the 1,000,000,000 it reported); RouteLens stopped there, as the list would never end.`,
    );
    expect(srv.seen).toHaveLength(21);
  });

  it('drop a rejected record repeated on a later page', async () => {
    srv.handle((req, res) => {
      const page = pageOf(req.url ?? '');
      const bad = { ...driver('bad'), active: 'maybe' };
      json(res, 200, {
        description: 'success',
        page,
        total_pages: 2,
        total_elements: 3,
        data: page === 1 ? [driver('d1'), bad] : [bad, driver('d2')],
      });
    });
    const got = await client().drivers();
    expect(got.records.map((d) => d.driver_id)).toEqual(['d1', 'd2']);
    expect(got.rejected.map((r) => r.id)).toEqual(['bad']);
  });

  it('vehicles and both status lists follow the same rules', async () => {
    srv.handle((req, res) => {
      const u = new URL(req.url ?? '', 'http://x');
      const page = pageOf(req.url ?? '');
      const ids =
        [
          ['a', 'b'],
          ['b', 'c'],
        ][page - 1] ?? [];
      const data = ids.map((id) =>
        u.pathname === '/v2/vehicles'
          ? { vehicle_id: id, number: id, vin: id, active: true }
          : u.pathname === '/v2/latest-vehicle-status'
            ? {
                vehicle_id: id,
                number: id,
                odometer: '1',
                fuel_level: 50,
                speed: 0,
                lat: '1',
                lon: '2',
                status: 'STATIONARY',
                timestamp: '2026-03-01T00:00:00Z',
              }
            : {
                driver_id: id,
                username: id,
                break: 1,
                drive: 1,
                shift: 1,
                cycle: 1,
                current_status: 'DS_OFF',
              },
      );
      json(res, 200, { description: 'success', page, total_pages: 2, total_elements: 3, data });
    });
    const c = client();
    expect((await c.vehicles()).records.map((v) => v.vehicle_id)).toEqual(['a', 'b', 'c']);
    expect((await c.latestVehicleStatus()).records.map((v) => v.vehicle_id)).toEqual(['a', 'b', 'c']);
    expect((await c.latestDriverStatus()).records.map((v) => v.driver_id)).toEqual(['a', 'b', 'c']);
  });
});

describe('location history paging', () => {
  const readAll = async (limit?: number) => {
    const c = client();
    let pages = 0;
    let records = 0;
    const e = await failure(
      (async () => {
        for await (const p of c.locationHistoryPages({
          vehicleId: 'veh-9',
          from: '2026-03-01',
          to: '2026-03-07',
          ...(limit ? { limit } : {}),
        })) {
          pages++;
          records += p.records.length;
        }
      })(),
    );
    return { e, pages, records };
  };

  it('stops after 20 pages in a row without data, naming the vehicle and range', async () => {
    srv.handle((req, res) => {
      const tok = Number(query(req.url ?? '').get('next_page_token') ?? '0');
      json(res, 200, {
        description: 'success',
        data: tok < 2 ? [record(`r${tok}`)] : [],
        next_page_token: String(tok + 1),
      });
    });
    const { e, pages, records } = await readAll();
    expect(e).toBeInstanceOf(EndlessPagingError);
    expect(e.message).toBe(
      `${host} sent 20 pages in a row without data for vehicle "veh-9" from 2026-03-01 to 2026-03-07, each pointing to another page; RouteLens stopped there, so those days were not downloaded.`,
    );
    expect(pages).toBe(22);
    expect(records).toBe(2);
    expect(srv.seen).toHaveLength(22);
  });

  it('stops when the pages outnumber what their records need (a record a page, for ever)', async () => {
    srv.handle((req, res) => {
      const tok = Number(query(req.url ?? '').get('next_page_token') ?? '0');
      json(res, 200, { description: 'success', data: [record(`r${tok}`)], next_page_token: String(tok + 1) });
    });
    const { e, pages } = await readAll();
    // Limit 1000, floor 100 a page: 3 × ceil(23 / 100) + 20 = 23 pages at most.
    expect(e.message).toBe(
      `${host} sent 23 pages for vehicle "veh-9" from 2026-03-01 to 2026-03-07, more than its 23 records can need, and still pointed to another; RouteLens stopped there, so those days were not downloaded.`,
    );
    expect(pages).toBe(23);
  });

  it('reads a long query of a server that caps its pages below the limit asked', async () => {
    srv.handle((req, res) => {
      const tok = Number(query(req.url ?? '').get('next_page_token') ?? '0');
      const data = Array.from({ length: 100 }, (_, i) => record(`r${tok}-${i}`));
      json(res, 200, { description: 'success', data, ...(tok < 59 ? { next_page_token: String(tok + 1) } : {}) });
    });
    let pages = 0;
    for await (const _p of client().locationHistoryPages({ vehicleId: 'v', from: '2026-03-01', to: '2026-03-07' }))
      pages++;
    expect(pages).toBe(60);
  });
});
