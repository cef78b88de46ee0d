import { describe, expect, it } from 'vitest';
import {
  parseCompany,
  parseDriver,
  parseDriverStatus,
  parseEnvelope,
  parseIsoUtc,
  parseLocationRecord,
  parseVehicle,
  parseVehicleStatus,
} from '../../shared/api/validate.ts';
import type { WireLocationRecord } from '../../shared/api/wire.ts';

const T0 = Date.UTC(2026, 2, 14, 9, 30, 15);

function record(over: Record<string, unknown> = {}): Record<string, unknown> {
  const base: WireLocationRecord = {
    id: '3f1c2b1e-9a0e-4c55-9d2a-6b8f4f1d2e01',
    vehicle_number: 'T-104',
    vin: '1FUJGLDR5CLBP8834',
    lat: '41.2565',
    lng: '-95.9345',
    status: 'IN_MOTION',
    speed: '61.5',
    timestamp: new Date(T0).toISOString(),
    calc_location: 'Omaha, NE',
    direction: '270',
  };
  return { ...base, ...over };
}

function reasonOf(raw: unknown): string {
  const r = parseLocationRecord(raw);
  if (r.ok) throw new Error('expected a rejection');
  return r.reason;
}

describe('parseLocationRecord', () => {
  it('turns a good record into a Breadcrumb with numbers and epoch ms', () => {
    const r = parseLocationRecord(record());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      t: T0,
      lat: 41.2565,
      lng: -95.9345,
      speed: 61.5,
      direction: 270,
      status: 'IN_MOTION',
    });
    expect(r.value.location).toBe('Omaha, NE');
    expect(r.value.vin).toBe('1FUJGLDR5CLBP8834');
  });

  it('normalises direction 360 to 0 and accepts numbers sent as numbers', () => {
    const r = parseLocationRecord(record({ direction: '360', lat: 10, speed: 0 }));
    expect(r.ok && r.value.direction).toBe(0);
    expect(r.ok && r.value.lat).toBe(10);
  });

  it('accepts an explicit offset and converts to UTC', () => {
    const r = parseLocationRecord(record({ timestamp: '2026-03-14T04:30:15-05:00' }));
    expect(r.ok && r.value.t).toBe(T0);
  });

  const NOT_ISO = /^timestamp is not an ISO 8601 date-time/;
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['lat not a number', { lat: 'abc' }, /^lat is not a number: "abc"$/],
    ['lat out of range', { lat: '91' }, /^lat 91 is outside -90\.\.90$/],
    ['lng out of range', { lng: '-180.5' }, /^lng -180\.5 is outside -180\.\.180$/],
    ['lng empty', { lng: '' }, /^lng is not a number: ""$/],
    ['timestamp garbage', { timestamp: 'yesterday' }, NOT_ISO],
    [
      'timestamp impossible date',
      { timestamp: '2026-02-30T10:00:00Z' },
      /^timestamp is not an ISO 8601 date-time.*"2026-02-30T10:00:00Z"$/,
    ],
    ['timestamp date alone', { timestamp: '2026-03-14' }, /^timestamp is not an ISO 8601 date-time.*"2026-03-14"$/],
    ['id empty', { id: '' }, /^id is empty$/],
    ['id missing', { id: undefined }, /^id is missing$/],
    ['lat missing', { lat: undefined }, /^lat is missing$/],
    ['timestamp not a string', { timestamp: 12 }, /^timestamp is not a string: 12$/],
  ];
  for (const [name, over, re] of cases) {
    it(`rejects ${name} with its own reason`, () => {
      expect(reasonOf(record(over))).toMatch(re);
    });
  }

  it('gives each malformed kind a different reason', () => {
    const reasons = cases.map(([, over]) => reasonOf(record(over)));
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  // Optional fields: the reading is kept, the field unknown (NaN, or null for the status), never zero.
  const unknowns: [
    string,
    Record<string, unknown>,
    Partial<Record<'speed' | 'direction' | 'status' | 'location', unknown>>,
  ][] = [
    ['a null speed', { speed: null }, { speed: NaN }],
    ['an absent speed', { speed: undefined }, { speed: NaN }],
    ['a negative speed', { speed: '-3' }, { speed: NaN }],
    ['a speed of NaN', { speed: 'NaN' }, { speed: NaN }],
    ['an overflowing speed', { speed: '1e400' }, { speed: NaN }],
    ['an absent direction', { direction: undefined }, { direction: NaN }],
    ['a direction of 400', { direction: '400' }, { direction: NaN }],
    ['a direction of -1', { direction: '-1' }, { direction: NaN }],
    ['a null status', { status: null }, { status: null }],
    ['a status the spec does not list', { status: 'FLYING' }, { status: null }],
    ['a null place', { calc_location: null }, { location: '' }],
  ];
  for (const [name, over, want] of unknowns) {
    it(`keeps a reading with ${name}, that field unknown and the rest as sent`, () => {
      const r = parseLocationRecord(record(over));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value).toMatchObject({ t: T0, lat: 41.2565, lng: -95.9345 });
      const full = { speed: 61.5, direction: 270, status: 'IN_MOTION', location: 'Omaha, NE', ...want };
      expect({
        speed: r.value.speed,
        direction: r.value.direction,
        status: r.value.status,
        location: r.value.location,
      }).toEqual(full);
    });
  }

  // Every form the spec's "UTC, ISO 8601" plausibly arrives in, each naming T0 (09:30:15 UTC).
  const forms: [string, number][] = [
    ['2026-03-14T09:30:15Z', T0],
    ['2026-03-14T09:30:15', T0],
    ['2026-03-14 09:30:15', T0],
    ['2026-03-14 09:30:15+00', T0],
    ['2026-03-14T09:30:15+0000', T0],
    ['2026-03-14T09:30:15+00:00', T0],
    ['2026-03-14T04:30:15-05', T0],
    ['2026-03-14T04:30:15-0500', T0],
    ['2026-03-14T15:00:15+05:30', T0],
    ['2026-03-14t09:30:15z', T0],
    ['2026-03-14T09:30:15.250Z', T0 + 250],
    ['2026-03-14 09:30:15.5', T0 + 500],
    ['2026-03-14T09:30Z', T0 - 15_000],
  ];
  for (const [text, t] of forms) {
    it(`reads the timestamp "${text}"`, () => {
      const r = parseLocationRecord(record({ timestamp: text }));
      expect(r.ok && r.value.t).toBe(t);
    });
  }

  it('reports the id and, when readable, the time of a rejected record', () => {
    const r = parseLocationRecord(record({ lat: 'x' }));
    expect(r).toMatchObject({ ok: false, id: '3f1c2b1e-9a0e-4c55-9d2a-6b8f4f1d2e01', t: T0 });
    const loose = parseLocationRecord(record({ timestamp: '2026-03-14 at noon' }));
    expect(loose.ok).toBe(false);
    if (!loose.ok) expect(new Date(loose.t ?? 0).toISOString().slice(0, 10)).toBe('2026-03-14');
    const none = parseLocationRecord(record({ timestamp: 'soon' }));
    expect(!none.ok && none.t).toBeUndefined();
  });

  it('rejects non-objects without throwing', () => {
    for (const raw of [null, 42, 'x', [record()]]) expect(parseLocationRecord(raw).ok).toBe(false);
  });
});

describe('parseIsoUtc', () => {
  it('agrees with Date.parse on well-formed UTC instants', () => {
    for (let i = 0; i < 200; i++) {
      const t = Date.UTC(2025, 0, 1) + Math.floor(Math.random() * 400 * 86_400_000);
      const iso = new Date(t).toISOString();
      expect(parseIsoUtc(iso)).toBe(t);
      expect(parseIsoUtc(iso.replace('.000Z', 'Z').replace(/\.\d{3}Z$/, 'Z'))).toBe(Math.floor(t / 1000) * 1000);
    }
  });
  it('gives Date.UTC for canonical times of every year it reads, leap days and month ends included', () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    const dates: [number, number, number][] = [
      [100, 1, 1],
      [1600, 2, 29],
      [1900, 2, 28],
      [1969, 12, 31],
      [1970, 1, 1],
      [2000, 2, 29],
      [2024, 2, 29],
      [2026, 3, 1],
      [2100, 2, 28],
      [9999, 12, 31],
    ];
    for (let i = 0; i < 300; i++) dates.push([100 + ((i * 337) % 9900), 1 + (i % 12), 1 + ((i * 7) % 28)]);
    for (const [y, mo, d] of dates) {
      const [h, mi, s, ms] = [(y + d) % 24, (y * 7) % 60, (d * 13) % 60, (y * 31) % 1000];
      const iso = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`;
      expect(parseIsoUtc(`${iso}Z`)).toBe(Date.UTC(y, mo - 1, d, h, mi, s));
      expect(parseIsoUtc(`${iso}.${pad(ms, 3)}Z`)).toBe(Date.UTC(y, mo - 1, d, h, mi, s, ms));
    }
  });

  it('handles +hhmm offsets', () => {
    expect(parseIsoUtc('2026-03-14T11:30:15+0200')).toBe(T0);
  });
});

describe('other wire types', () => {
  it('company needs both strings', () => {
    expect(parseCompany({ company_name: 'Prairie Line', dot_number: '123' }).ok).toBe(true);
    expect(parseCompany({ company_name: 'Prairie Line' })).toMatchObject({
      ok: false,
      reason: 'dot_number is missing',
    });
  });

  it('driver needs a boolean active', () => {
    const d = { driver_id: 'd1', username: 'u', first_name: 'A', last_name: 'B', active: true };
    expect(parseDriver(d).ok).toBe(true);
    expect(parseDriver({ ...d, active: 'yes' })).toMatchObject({
      ok: false,
      id: 'd1',
      reason: 'active is not a boolean: "yes"',
    });
  });

  it('driver status allows nulls for a driver without HOS activity (spec 2.4 rule 2)', () => {
    const nulls = {
      driver_id: 'd1',
      username: 'u',
      break: null,
      drive: null,
      shift: null,
      cycle: null,
      current_status: null,
    };
    expect(parseDriverStatus(nulls)).toMatchObject({ ok: true, value: nulls });
    const busy = { ...nulls, drive: 39_600_000, current_status: 'DS_D' };
    expect(parseDriverStatus(busy).ok).toBe(true);
    expect(parseDriverStatus({ ...busy, current_status: 'DRIVING' })).toMatchObject({ ok: false });
    expect(parseDriverStatus({ ...busy, drive: '11h' })).toMatchObject({
      ok: false,
      reason: 'drive is not a number or null: "11h"',
    });
  });

  it('vehicle and vehicle status', () => {
    const v = { vehicle_id: 'v1', number: '7', vin: 'VIN', active: false };
    expect(parseVehicle(v).ok).toBe(true);
    expect(parseVehicle({ ...v, vehicle_id: 3 }).ok).toBe(false);
    const s = {
      vehicle_id: 'v1',
      number: '7',
      odometer: '120345.6',
      fuel_level: 55,
      speed: 60,
      lat: '40.1',
      lon: '-100.2',
      status: 'STATIONARY',
      timestamp: '2026-03-14T09:30:15Z',
    };
    expect(parseVehicleStatus(s)).toMatchObject({ ok: true, value: s });
    expect(parseVehicleStatus({ ...s, fuel_level: 120 })).toMatchObject({
      ok: false,
      reason: 'fuel_level 120 is outside 0..100',
    });
    expect(parseVehicleStatus({ ...s, lon: 'east' })).toMatchObject({
      ok: false,
      reason: 'lon is not a number: "east"',
    });
    expect(parseVehicleStatus({ ...s, timestamp: '14/03/2026' }).ok).toBe(false);
  });

  it('envelope', () => {
    expect(parseEnvelope({ description: 'success', data: [], page: 1, total_pages: 3 })).toMatchObject({ ok: true });
    expect(parseEnvelope({ data: [] })).toMatchObject({ ok: false, reason: 'description is missing' });
    expect(parseEnvelope({ description: 'success' })).toMatchObject({ ok: false, reason: 'data is missing' });
    expect(parseEnvelope({ description: 'success', data: null, total_pages: 'many' }).ok).toBe(false);
    expect(parseEnvelope([1, 2]).ok).toBe(false);
  });
});
