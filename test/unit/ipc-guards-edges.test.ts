import { describe, expect, it } from 'vitest';
import { API_FUNCTIONS, IPC_CHANNELS, RouteLensError, unwrapReply } from '../../shared/ipc/contract.ts';
import { ARG_GUARDS, isChannel, isId, isKey, isNonEmptyText, isSeq, validArgs } from '../../shared/ipc/validate.ts';

describe('text and id guards', () => {
  it('takes text of 1..max characters with something besides spaces, and no control characters', () => {
    const upTo3 = isNonEmptyText(3);
    expect(upTo3('abc')).toBe(true);
    expect(upTo3(' a ')).toBe(true);
    expect(upTo3('abcd')).toBe(false);
    expect(upTo3('')).toBe(false);
    expect(upTo3('   ')).toBe(false);
    expect(upTo3('a\tb')).toBe(false);
    expect(upTo3(3)).toBe(false);
  });

  it('takes a key of up to 512 characters', () => {
    expect(isKey('k'.repeat(512))).toBe(true);
    expect(isKey('k'.repeat(513))).toBe(false);
  });

  it('takes ids that start with a letter or digit, of up to 128 characters', () => {
    for (const ok of ['a', '7', 'demo-prairie-line', 'A_b.c:d-9', 'x'.repeat(128)]) expect(isId(ok), ok).toBe(true);
    for (const bad of ['', '-a', '.a', '_a', 'a b', 'a/b', 'a\n', 'x'.repeat(129), 5, null]) {
      expect(isId(bad), String(bad)).toBe(false);
    }
  });

  it('takes a sequence number that is a safe non-negative integer', () => {
    expect(isSeq(0)).toBe(true);
    expect(isSeq(41)).toBe(true);
    expect(isSeq(-1)).toBe(false);
    expect(isSeq(1.5)).toBe(false);
    expect(isSeq(2 ** 53)).toBe(false);
    expect(isSeq('1')).toBe(false);
  });
});

describe('channel argument tuples', () => {
  it('knows exactly the contract channels, and nothing from Object.prototype', () => {
    for (const c of IPC_CHANNELS) expect(isChannel(c), c).toBe(true);
    for (const bad of ['toString', 'constructor', '__proto__', 'carriers:nope', '', 1]) {
      expect(isChannel(bad), String(bad)).toBe(false);
    }
    expect(IPC_CHANNELS).toEqual(Object.keys(API_FUNCTIONS));
  });

  it('takes the right number of arguments only', () => {
    expect(validArgs('carriers:list', [])).toBe(true);
    expect(validArgs('carriers:list', [undefined])).toBe(false);
    expect(validArgs('carriers:remove', ['c1'])).toBe(true);
    expect(validArgs('carriers:remove', [])).toBe(false);
    expect(validArgs('carriers:remove', ['c1', 'c2'])).toBe(false);
  });

  it('checks each argument of the two-argument channels', () => {
    expect(validArgs('fleet:vehicles', ['c1', true])).toBe(true);
    expect(validArgs('fleet:drivers', ['c1', false])).toBe(true);
    expect(validArgs('fleet:drivers', ['-c1', false])).toBe(false);
    expect(validArgs('keys:setCompanyKey', ['c1', 'ck'])).toBe(true);
    expect(validArgs('keys:setCompanyKey', ['c1', ' '])).toBe(false);
    expect(validArgs('keys:setProviderKey', ['pk', 'https://api.example.com'])).toBe(true);
    expect(validArgs('keys:setProviderKey', ['pk', null])).toBe(true);
    expect(validArgs('settings:setProviderBaseUrl', [null])).toBe(true);
    expect(validArgs('settings:setProviderBaseUrl', ['ftp://x'])).toBe(false);
    expect(validArgs('settings:setOnlineStyle', [null])).toBe(true);
    expect(validArgs('settings:setOnlineStyle', ['https://t.example/s.json'])).toBe(true);
    expect(validArgs('settings:setOnlineStyle', ['http://t.example/s.json'])).toBe(false);
    expect(validArgs('carriers:setHomeZone', ['c1', 'America/Chicago'])).toBe(true);
    expect(validArgs('carriers:setHomeZone', ['c1', 'Mars/Olympus'])).toBe(false);
    expect(validArgs('carriers:rename', ['c1', '  Prairie  '])).toBe(true);
    expect(validArgs('downloads:poll', ['s1', 0])).toBe(true);
    expect(validArgs('downloads:cancel', ['s1'])).toBe(true);
    expect(validArgs('exports:write', ['e1', ''])).toBe(true);
    expect(validArgs('exports:write', ['e1', 'x'.repeat(4 * 1024 * 1024)])).toBe(true);
    expect(validArgs('exports:write', ['e1', 'x'.repeat(4 * 1024 * 1024 + 1)])).toBe(false);
    expect(validArgs('exports:write', ['e1', 5])).toBe(false);
  });
});

describe('carriers:add', () => {
  const carrier = { label: 'Prairie Line', companyKey: 'ck-1', baseUrl: null };

  it('takes a new carrier with or without a known home zone', () => {
    expect(validArgs('carriers:add', [carrier])).toBe(true);
    expect(validArgs('carriers:testAndAdd', [{ ...carrier, baseUrl: 'https://api.example.com' }])).toBe(true);
    expect(validArgs('carriers:add', [{ ...carrier, homeZone: 'America/Chicago' }])).toBe(true);
  });

  it('refuses an unknown home zone, a missing field, a bad label, and a non-object', () => {
    expect(validArgs('carriers:add', [{ ...carrier, homeZone: 'Nowhere/Place' }])).toBe(false);
    expect(validArgs('carriers:add', [{ ...carrier, homeZone: 'local' }])).toBe(false);
    expect(validArgs('carriers:add', [{ label: 'A', companyKey: 'k' }])).toBe(false);
    expect(validArgs('carriers:add', [{ label: 'A', companyKey: 'k', baseURL: null }])).toBe(false);
    expect(validArgs('carriers:add', [{ ...carrier, label: '' }])).toBe(false);
    expect(validArgs('carriers:add', [{ ...carrier, label: 7 }])).toBe(false);
    expect(validArgs('carriers:add', [{ ...carrier, companyKey: 7 }])).toBe(false);
    expect(validArgs('carriers:add', [null])).toBe(false);
    expect(validArgs('carriers:add', [[carrier]])).toBe(false);
  });
});

describe('downloads:start', () => {
  const req = { carrierId: 'c1', vehicleId: 'v1', from: '2026-03-01', to: '2026-03-02', completeDays: ['2026-03-01'] };

  it('takes a range of one day or more and up to 400 complete days', () => {
    expect(validArgs('downloads:start', [req])).toBe(true);
    expect(validArgs('downloads:start', [{ ...req, to: '2026-03-01' }])).toBe(true);
    expect(validArgs('downloads:start', [{ ...req, completeDays: Array(400).fill('2026-03-01') }])).toBe(true);
  });

  it('refuses more than 400 complete days, a bad complete day, bad ids, and a missing field', () => {
    expect(validArgs('downloads:start', [{ ...req, completeDays: Array(401).fill('2026-03-01') }])).toBe(false);
    expect(validArgs('downloads:start', [{ ...req, completeDays: ['2026-3-1'] }])).toBe(false);
    expect(validArgs('downloads:start', [{ ...req, completeDays: ['2026-03-01', '2026-3-2'] }])).toBe(false);
    expect(validArgs('downloads:start', [{ ...req, completeDays: '2026-03-01' }])).toBe(false);
    expect(validArgs('downloads:start', [{ ...req, carrierId: '/c' }])).toBe(false);
    expect(validArgs('downloads:start', [{ ...req, vehicleId: '/v' }])).toBe(false);
    expect(validArgs('downloads:start', [{ ...req, to: 20260302 }])).toBe(false);
    const { completeDays: _omit, ...partial } = req;
    expect(validArgs('downloads:start', [partial])).toBe(false);
  });
});

describe('exports', () => {
  it('takes a file name of 1..200 characters without folders or control characters', () => {
    for (const ok of ['route.csv', 'x'.repeat(200), '...', 'a..b']) {
      expect(validArgs('exports:printToPdf', [ok]), ok).toBe(true);
    }
    for (const bad of ['', 'x'.repeat(201), 'a/b', 'a\\b', 'a\u0000b', 'a\u001fb', '.', '..', 5]) {
      expect(validArgs('exports:printToPdf', [bad]), String(bad)).toBe(false);
    }
  });

  it('takes only the csv, gpx and pdf formats', () => {
    for (const f of ['csv', 'gpx', 'pdf']) expect(validArgs('exports:begin', ['r.x', f]), f).toBe(true);
    for (const f of ['CSV', 'kml', '']) expect(validArgs('exports:begin', ['r.x', f]), f).toBe(false);
  });
});

describe('settings:setPreferences', () => {
  it('takes the display zone as local, UTC, or a zone-shaped name of up to 64 characters', () => {
    for (const z of [
      'local',
      'UTC',
      'America/Chicago',
      'Etc/GMT+5',
      'America/Argentina/Buenos_Aires',
      'a'.repeat(64),
    ]) {
      expect(validArgs('settings:setPreferences', [{ displayTimeZone: z }]), z).toBe(true);
    }
    for (const z of ['', 'a'.repeat(65), '1Europe', 'America/', 'America//Chicago', 'Europe/Paris ', 5]) {
      expect(validArgs('settings:setPreferences', [{ displayTimeZone: z }]), String(z)).toBe(false);
    }
  });

  it('takes the speeding limit from 10 to 120 mph', () => {
    expect(validArgs('settings:setPreferences', [{ speedingThresholdMph: 10 }])).toBe(true);
    expect(validArgs('settings:setPreferences', [{ speedingThresholdMph: 120 }])).toBe(true);
    expect(validArgs('settings:setPreferences', [{ speedingThresholdMph: 9.5 }])).toBe(false);
    expect(validArgs('settings:setPreferences', [{ speedingThresholdMph: 121 }])).toBe(false);
  });

  it('refuses an empty patch, an unknown key, and a non-object', () => {
    expect(validArgs('settings:setPreferences', [{}])).toBe(false);
    expect(validArgs('settings:setPreferences', [{ speedingThresholdMph: 60, theme: 'dark' }])).toBe(false);
    expect(validArgs('settings:setPreferences', [null])).toBe(false);
    expect(validArgs('settings:setPreferences', [[]])).toBe(false);
    expect(validArgs('settings:setPreferences', ['UTC'])).toBe(false);
  });
});

describe('unwrapReply', () => {
  it('returns the result of a good reply', () => {
    expect(unwrapReply({ ok: true, result: 42 })).toBe(42);
  });

  it('throws a RouteLensError carrying the failure kind and message', () => {
    let caught: unknown;
    try {
      unwrapReply({ ok: false, error: { kind: 'rate-limited', message: 'Slow down' } });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(RouteLensError);
    expect(caught).toMatchObject({ name: 'RouteLensError', kind: 'rate-limited', message: 'Slow down' });
  });
});

describe('every channel has a guard', () => {
  it('has one guard per contract channel', () => {
    expect(Object.keys(ARG_GUARDS).sort()).toEqual([...IPC_CHANNELS].sort());
  });
});
