// Over 300 lines: every record parser's edge cases side by side, as validate.ts keeps the parsers.
import { describe, expect, it } from 'vitest';
import {
  parseCompany,
  parseDriver,
  parseDriverStatus,
  parseEnvelope,
  parseLocationRecord,
  parseVehicle,
  parseVehicleStatus,
  snippetOf,
} from '../../shared/api/validate.ts';

const T0 = Date.UTC(2026, 2, 14, 9, 30, 15);

function record(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'r1',
    vehicle_number: 'T-104',
    vin: 'VIN1',
    lat: '41.25',
    lng: '-95.5',
    status: 'IN_MOTION',
    speed: '61.5',
    timestamp: '2026-03-14T09:30:15Z',
    calc_location: 'Omaha, NE',
    direction: '270',
    ...over,
  };
}

function parsed(over: Record<string, unknown>): Record<string, unknown> {
  const r = parseLocationRecord(record(over));
  if (!r.ok) throw new Error(`expected a breadcrumb, got: ${r.reason}`);
  return r.value as unknown as Record<string, unknown>;
}

function rejected(raw: unknown): { reason: string; id?: string; t?: number } {
  const r = parseLocationRecord(raw);
  if (r.ok) throw new Error('expected a rejection');
  return r;
}

describe('snippetOf', () => {
  it('gives the JSON of a record, whole up to 240 characters', () => {
    expect(snippetOf({ a: 1 })).toBe('{"a":1}');
    const exact = 'x'.repeat(238); // plus the two quotes: 240
    expect(snippetOf(exact)).toBe(`"${exact}"`);
  });

  it('cuts longer JSON to its first 240 characters and an ellipsis', () => {
    const long = 'y'.repeat(239); // 241 with the quotes
    expect(snippetOf(long)).toBe(`"${'y'.repeat(239)}…`);
  });

  it('falls back to String() for undefined and for what JSON cannot encode', () => {
    expect(snippetOf(undefined)).toBe('undefined');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(snippetOf(loop)).toBe('[object Object]');
    expect(snippetOf(10n)).toBe('10');
  });
});

describe('parseLocationRecord: values shown in reasons', () => {
  it('names what a non-object is', () => {
    expect(rejected(undefined).reason).toBe('location record is not an object: undefined');
    expect(rejected(null).reason).toBe('location record is not an object: null');
    expect(rejected([1]).reason).toBe('location record is not an object: [1]');
    expect(rejected('x').reason).toBe('location record is not an object: "x"');
  });

  it('shows a bad value whole up to 60 characters and cuts a longer one with an ellipsis', () => {
    const sixty = 'a'.repeat(58); // 60 with the quotes
    expect(rejected(record({ lat: sixty })).reason).toBe(`lat is not a number: "${sixty}"`);
    const longer = 'b'.repeat(59); // 61 with the quotes
    expect(rejected(record({ lat: longer })).reason).toBe(`lat is not a number: "${'b'.repeat(59)}…`);
  });

  it('says "not a finite number" for infinities and NaN sent as numbers or as overflowing strings', () => {
    expect(rejected(record({ lat: Number.NaN })).reason).toBe('lat is not a finite number: null');
    expect(rejected(record({ lng: Number.POSITIVE_INFINITY })).reason).toBe('lng is not a finite number: null');
    expect(rejected(record({ lat: '1e999' })).reason).toBe('lat is not a finite number: "1e999"');
  });

  it('says what a non-string or blank id is', () => {
    expect(rejected(record({ id: 7 })).reason).toBe('id is not a string: 7');
    expect(rejected(record({ id: '   ' })).reason).toBe('id is empty');
  });
});

describe('parseLocationRecord: numbers as strings', () => {
  it('reads signs, leading and trailing decimal points, and surrounding spaces', () => {
    expect(parsed({ lat: '-12.5' }).lat).toBe(-12.5);
    expect(parsed({ lat: '+12.5' }).lat).toBe(12.5);
    expect(parsed({ lat: '.5' }).lat).toBe(0.5);
    expect(parsed({ lat: '-.5' }).lat).toBe(-0.5);
    expect(parsed({ lat: '5.' }).lat).toBe(5);
    expect(parsed({ lat: ' 12.25 ' }).lat).toBe(12.25);
    expect(parsed({ lat: '0.000001' }).lat).toBe(0.000001);
  });

  it('reads exponents and mantissas longer than 15 digits like Number()', () => {
    expect(parsed({ lat: '1.5e1' }).lat).toBe(15);
    expect(parsed({ lat: '-2E-1' }).lat).toBe(-0.2);
    expect(parsed({ speed: '12.25e1' }).speed).toBe(122.5);
    expect(parsed({ lat: '15e-1' }).lat).toBe(1.5);
    expect(parsed({ lat: '.25e1' }).lat).toBe(2.5);
    expect(parsed({ speed: '2.5e10' }).speed).toBe(25_000_000_000);
    expect(parsed({ speed: '1234567890123456' }).speed).toBe(1234567890123456);
    // The nearest doubles, as Number() rounds them (digit by digit arithmetic would land one step off).
    expect(parsed({ speed: '123456789012345678' }).speed).toBe(123456789012345680);
    // Read like Number(), then kept at the stored precision of a position (1e-7°, validate.ts atPrecision).
    expect(parsed({ lat: '12.34567890123456789' }).lat).toBe(12.3456789);
  });

  it('rejects signs without digits, two points, inner spaces, hex and trailing letters', () => {
    for (const bad of ['-', '+', '.', '1.2.3', '1 2', '0x10', '12a', 'a12', '--1', '1e', '', '1.2a', '1.a']) {
      expect(rejected(record({ lat: bad })).reason, bad).toBe(`lat is not a number: ${JSON.stringify(bad)}`);
    }
  });

  it('rejects a value that is neither a string nor a number', () => {
    expect(rejected(record({ lat: true })).reason).toBe('lat is not a number: true');
    expect(rejected(record({ lat: null })).reason).toBe('lat is not a number: null');
  });
});

describe('parseLocationRecord: ranges', () => {
  it('takes the range ends and rejects just past them', () => {
    expect(parsed({ lat: '-90', lng: '180' })).toMatchObject({ lat: -90, lng: 180 });
    expect(parsed({ lat: '90', lng: '-180' })).toMatchObject({ lat: 90, lng: -180 });
    expect(rejected(record({ lat: '-90.5' })).reason).toBe('lat -90.5 is outside -90..90');
    expect(rejected(record({ lng: '180.5' })).reason).toBe('lng 180.5 is outside -180..180');
    expect(parsed({ direction: '0' }).direction).toBe(0);
    expect(parsed({ direction: '359.5' }).direction).toBe(359.5);
    expect(parsed({ speed: '0' }).speed).toBe(0);
  });
});

describe('parseLocationRecord: the optional text fields', () => {
  it('keeps all fields of a good record', () => {
    expect(parsed({})).toEqual({
      id: 'r1',
      t: T0,
      lat: 41.25,
      lng: -95.5,
      speed: 61.5,
      status: 'IN_MOTION',
      direction: 270,
      location: 'Omaha, NE',
      vehicleNumber: 'T-104',
      vin: 'VIN1',
    });
  });

  it('reads a missing or non-string place, vehicle number or VIN as empty', () => {
    const r = parsed({ calc_location: 5, vehicle_number: null, vin: undefined });
    expect(r).toMatchObject({ location: '', vehicleNumber: '', vin: '' });
  });
});

describe('parseLocationRecord: what a rejection carries', () => {
  it('carries no id when the id is empty or not a string', () => {
    expect('id' in rejected(record({ id: '', lat: 'x' }))).toBe(false);
    expect('id' in rejected(record({ id: 12 }))).toBe(false);
    expect(rejected(record({ lat: 'x' })).id).toBe('r1');
  });

  it('dates a rejection by a leading calendar date when the timestamp is malformed', () => {
    expect(rejected(record({ timestamp: '  2026-03-14 late', lat: 'x' })).t).toBe(Date.UTC(2026, 2, 14));
    expect(rejected(record({ timestamp: '2026-12-31?', lat: 'x' })).t).toBe(Date.UTC(2026, 11, 31));
    expect(rejected(record({ timestamp: '2026-01-01', lat: 'x' })).t).toBe(Date.UTC(2026, 0, 1));
  });

  it('does not date a rejection by an impossible or missing date', () => {
    for (const ts of ['2026-02-30 x', '2026-13-01 x', '2026-00-10 x', '2026-04-31', 'x 2026-03-14', 12, undefined]) {
      expect('t' in rejected(record({ timestamp: ts, lat: 'x' })), String(ts)).toBe(false);
    }
    expect('t' in rejected(42)).toBe(false);
  });

  it('lets an error that is not a validation failure through', () => {
    const raw = record();
    Object.defineProperty(raw, 'lat', {
      get() {
        throw new TypeError('getter broke');
      },
    });
    expect(() => parseLocationRecord(raw)).toThrow('getter broke');
  });
});

describe('parseDriver and parseVehicle', () => {
  const d = { driver_id: 'd1', username: '', first_name: 'A', last_name: 'B', active: false };

  it('keeps every field, and an empty username is allowed', () => {
    expect(parseDriver(d)).toEqual({ ok: true, value: d });
  });

  it('rejects an empty driver id without carrying it', () => {
    expect(parseDriver({ ...d, driver_id: '' })).toEqual({ ok: false, reason: 'driver_id is empty' });
    expect(parseDriver({ ...d, last_name: 3 })).toEqual({
      ok: false,
      reason: 'last_name is not a string: 3',
      id: 'd1',
    });
    expect(parseDriver(null)).toEqual({ ok: false, reason: 'driver is not an object: null' });
    expect(parseCompany(7)).toEqual({ ok: false, reason: 'company is not an object: 7' });
    expect(parseCompany({ company_name: 'A', dot_number: '1' })).toEqual({
      ok: true,
      value: { company_name: 'A', dot_number: '1' },
    });
  });

  it('keeps every vehicle field and names the vehicle in a rejection', () => {
    const v = { vehicle_id: 'v1', number: '7', vin: '', active: true };
    expect(parseVehicle(v)).toEqual({ ok: true, value: v });
    expect(parseVehicle({ ...v, active: 1 })).toEqual({ ok: false, reason: 'active is not a boolean: 1', id: 'v1' });
    expect(parseVehicle({ ...v, vehicle_id: '' })).toEqual({ ok: false, reason: 'vehicle_id is empty' });
    expect(parseVehicle(1)).toEqual({ ok: false, reason: 'vehicle is not an object: 1' });
  });
});

describe('parseDriverStatus', () => {
  const s = { driver_id: 'd1', username: 'u', break: 0, drive: 1, shift: 2, cycle: 3, current_status: 'DS_OFF' };

  it('reads absent clocks and an absent status as null, and keeps zero', () => {
    expect(parseDriverStatus({ driver_id: 'd1', username: 'u' })).toEqual({
      ok: true,
      value: {
        driver_id: 'd1',
        username: 'u',
        break: null,
        drive: null,
        shift: null,
        cycle: null,
        current_status: null,
      },
    });
    expect(parseDriverStatus({ ...s, shift: undefined })).toMatchObject({ ok: true, value: { shift: null } });
    expect(parseDriverStatus(s)).toEqual({ ok: true, value: s });
  });

  it('rejects negative, infinite and NaN clocks, and a non-string status', () => {
    expect(parseDriverStatus({ ...s, break: -1 })).toEqual({ ok: false, reason: 'break is negative', id: 'd1' });
    expect(parseDriverStatus({ ...s, cycle: Number.POSITIVE_INFINITY })).toMatchObject({
      reason: 'cycle is not a number or null: null',
    });
    expect(parseDriverStatus({ ...s, shift: Number.NaN })).toMatchObject({
      reason: 'shift is not a number or null: null',
    });
    expect(parseDriverStatus({ ...s, current_status: 4 })).toMatchObject({
      reason: 'current_status 4 is not one of DS_D, DS_ON, DS_SB, DS_OFF, DR_IND_PC, DR_IND_YM',
    });
    expect(parseDriverStatus({ ...s, driver_id: '' })).toEqual({ ok: false, reason: 'driver_id is empty' });
    expect(parseDriverStatus(undefined)).toEqual({ ok: false, reason: 'driver status is not an object: undefined' });
  });
});

describe('parseVehicleStatus', () => {
  const s = {
    vehicle_id: 'v1',
    number: '7',
    odometer: '120345.6',
    fuel_level: '0',
    speed: '0',
    lat: '-90',
    lon: '180',
    status: 'OFFLINE',
    timestamp: '2026-03-14T09:30:15Z',
  };

  it('takes the range ends and keeps the wire strings', () => {
    expect(parseVehicleStatus(s)).toEqual({ ok: true, value: { ...s, fuel_level: 0, speed: 0 } });
    expect(parseVehicleStatus({ ...s, fuel_level: 100, lat: '90', lon: '-180' })).toMatchObject({
      ok: true,
      value: { fuel_level: 100, lat: '90', lon: '-180' },
    });
  });

  it('rejects each bad field with its own reason and the vehicle id', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ odometer: 'far' }, 'odometer is not a number: "far"'],
      [{ odometer: 5 }, 'odometer is not a string: 5'],
      [{ fuel_level: -1 }, 'fuel_level -1 is outside 0..100'],
      [{ speed: -0.5 }, 'speed is negative'],
      [{ lat: '90.5' }, 'lat 90.5 is outside -90..90'],
      [{ lat: 40 }, 'lat is not a string: 40'],
      [{ lon: '-181' }, 'lon -181 is outside -180..180'],
      [{ lon: 1 }, 'lon is not a string: 1'],
      [{ status: 'PARKED' }, 'status "PARKED" is not one of IN_MOTION, STATIONARY, OFFLINE'],
      [
        { timestamp: '2026-03-14' },
        'timestamp is not an ISO 8601 date-time (YYYY-MM-DD, T or a space, hh:mm[:ss[.fff]], then Z, ±hh[:mm] or nothing): "2026-03-14"',
      ],
      [{ number: undefined }, 'number is missing'],
    ];
    expect(parseVehicleStatus({ ...s, vehicle_id: ' ' })).toEqual({
      ok: false,
      reason: 'vehicle_id is empty',
      id: ' ',
    });
    for (const [over, reason] of cases) {
      expect(parseVehicleStatus({ ...s, ...over }), reason).toEqual({ ok: false, reason, id: 'v1' });
    }
    expect(parseVehicleStatus([])).toEqual({ ok: false, reason: 'vehicle status is not an object: []' });
  });
});

describe('parseEnvelope', () => {
  it('keeps the paging numbers, zero included, and skips null ones', () => {
    expect(
      parseEnvelope({
        description: 'ok',
        data: { x: 1 },
        page: 0,
        size: 100,
        total_elements: 7,
        total_pages: 1,
        status_code: 200,
        next_page_token: 'tok',
      }),
    ).toEqual({
      ok: true,
      value: {
        description: 'ok',
        data: { x: 1 },
        page: 0,
        size: 100,
        total_elements: 7,
        total_pages: 1,
        status_code: 200,
        next_page_token: 'tok',
      },
    });
    expect(parseEnvelope({ description: '', data: null, page: null, next_page_token: null })).toEqual({
      ok: true,
      value: { description: '', data: null },
    });
  });

  it('drops an empty next page token (the last page)', () => {
    expect(parseEnvelope({ description: 'ok', data: [], next_page_token: '' })).toEqual({
      ok: true,
      value: { description: 'ok', data: [] },
    });
  });

  it('rejects negative, fractional and non-numeric paging values, naming the field', () => {
    expect(parseEnvelope({ description: 'ok', data: [], size: -1 })).toEqual({
      ok: false,
      reason: 'size is not a non-negative integer: -1',
    });
    expect(parseEnvelope({ description: 'ok', data: [], total_elements: 1.5 })).toEqual({
      ok: false,
      reason: 'total_elements is not a non-negative integer: 1.5',
    });
    expect(parseEnvelope({ description: 'ok', data: [], status_code: '500' })).toEqual({
      ok: false,
      reason: 'status_code is not a non-negative integer: "500"',
    });
    expect(parseEnvelope({ description: 'ok', data: [], next_page_token: 9 })).toEqual({
      ok: false,
      reason: 'next_page_token is not a string: 9',
    });
    expect(parseEnvelope({ description: 4, data: [] })).toEqual({
      ok: false,
      reason: 'description is not a string: 4',
    });
    expect(parseEnvelope('nope')).toEqual({ ok: false, reason: 'response is not an object: "nope"' });
  });

  it('accepts data that is present but undefined-free falsy (0, false, empty string)', () => {
    for (const data of [0, false, '']) {
      expect(parseEnvelope({ description: 'ok', data })).toEqual({ ok: true, value: { description: 'ok', data } });
    }
  });
});
