import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY,
  filterOf,
  outwardArea,
  paramsToQuery,
  queryToParams,
  type InboxQuery,
} from '../../renderer/src/features/inbox/inbox-query.ts';
import { hashToView, viewToHash } from '../../renderer/src/features/layout/navigation.ts';

/** The inbox's filters in the address: written compactly, read back the same, hostile text refused field by field. */
describe('inbox query in the URL fragment', () => {
  const full: InboxQuery = {
    carrierIds: ['demo-acme', 'c-2'],
    from: '2026-11-01',
    to: '2026-11-07',
    kinds: ['speeding', 'gap'],
    tiers: ['moderate', 'severe'],
    vehicleId: '3f0c2a9e-1d2b-4c5d-8e9f-0a1b2c3d4e5f',
    driver: { kind: 'driver', carrierId: 'demo-acme', driverId: 'drv-17' },
    minOverMph: 7.5,
    minMinutes: 15,
    day: '2026-11-03',
    place: 'Amarillo, TX & co',
    review: 'open',
    area: [-102.5, 34.25, -101, 36],
    sort: 'time',
    dir: 'ascending',
    group: 'vehicle',
    tab: 'scorecards',
    metric: 'overLimitShare',
  };

  it('round-trips every field through the fragment', () => {
    const hash = viewToHash({ page: 'inbox', query: full });
    expect(hash.startsWith('inbox?')).toBe(true);
    expect(hashToView(`#${hash}`)).toEqual({ page: 'inbox', query: full });
  });

  it("writes a map area rounded outward, so the events on a cluster's bounds stay in it", () => {
    const area: [number, number, number, number] = [-77.123456, 39.000049, -77.100001, 39.123449];
    const back = hashToView(`#${viewToHash({ page: 'inbox', query: { ...DEFAULT_QUERY, area } })}`);
    const [w, s, e, n] = (back as { query: InboxQuery }).query.area!;
    expect([w <= area[0], s <= area[1], e >= area[2], n >= area[3]]).toEqual([true, true, true, true]);
    expect(Math.max(area[0] - w, area[1] - s, e - area[2], n - area[3])).toBeLessThan(2e-4);
  });

  it('keeps an area already at 4 decimals where it is, however the float falls', () => {
    const area: [number, number, number, number] = [-112.7921, 40.6576, -111.3762, 41.1427];
    expect(outwardArea(area)).toEqual(area);
    expect(outwardArea(outwardArea([-112.79205, 40.65763, -111.37621, 41.14266]))).toEqual(area);
  });

  it('writes nothing for the defaults, and reads the bare page as the defaults', () => {
    expect(viewToHash({ page: 'inbox', query: DEFAULT_QUERY })).toBe('inbox');
    expect(hashToView('#inbox')).toEqual({ page: 'inbox', query: DEFAULT_QUERY });
  });

  it('no kind ticked survives the round trip (an empty list, not every kind)', () => {
    const q = { ...DEFAULT_QUERY, kinds: [] };
    expect(paramsToQuery(queryToParams(q)).kinds).toEqual([]);
  });

  it('tiers: every tier writes nothing, none ticked survives as an empty list, a few round-trip', () => {
    expect(queryToParams(DEFAULT_QUERY).has('tiers')).toBe(false);
    expect(paramsToQuery(queryToParams({ ...DEFAULT_QUERY, tiers: [] })).tiers).toEqual([]);
    const q: InboxQuery = { ...DEFAULT_QUERY, tiers: ['heavy', 'severe'], metric: 'severePer1000Mi' };
    expect(queryToParams(q).get('tiers')).toBe('heavy,severe');
    expect(hashToView(`#${viewToHash({ page: 'inbox', query: q })}`)).toEqual({ page: 'inbox', query: q });
  });

  it.each([
    ['a reversed range', 'from=2026-11-07&to=2026-11-01', { from: '', to: '' }],
    ['a range with one end', 'from=2026-11-07', { from: '', to: '' }],
    ['an impossible day', 'day=2026-02-30', { day: null }],
    ['unknown kinds', 'kinds=speeding,teleport', { kinds: ['speeding'] }],
    ['unknown tiers', 'tiers=severe,extreme', { tiers: ['severe'] }],
    ['tiers out of order', 'tiers=severe,light', { tiers: ['light', 'severe'] }],
    ['a vehicle id with a slash', 'vehicle=../../etc', { vehicleId: null }],
    ['a negative threshold', 'over=-5', { minOverMph: 0 }],
    ['a huge threshold', 'over=99999', { minOverMph: 0 }],
    ['a duration in exponent form', 'min=1e3', { minMinutes: 0 }],
    ['an unknown review state', 'review=approved', { review: 'any' }],
    ['an area out of order', 'area=10,10,5,5', { area: null }],
    ['an area off the globe', 'area=-200,0,0,10', { area: null }],
    ['an unknown sort', 'sort=random', { sort: 'priority' }],
    ['an unknown metric', 'metric=__proto__', { metric: 'speedingPer1000Mi' }],
  ])('%s falls back to its default', (_what, text, expected) => {
    expect(paramsToQuery(new URLSearchParams(text))).toEqual({ ...DEFAULT_QUERY, ...expected });
  });

  it('bounds what it keeps: a long place is cut to 100 characters, at most 50 carriers, no duplicates', () => {
    const p = new URLSearchParams();
    p.set('place', 'x'.repeat(5000));
    for (let i = 0; i < 80; i++) p.append('carrier', `c-${i % 60}`);
    const q = paramsToQuery(p);
    expect(q.place).toHaveLength(100);
    expect(q.carrierIds).toHaveLength(50);
    expect(new Set(q.carrierIds).size).toBe(50);
  });

  it('becomes the inbox filter the shared code applies', () => {
    expect(filterOf(full)).toEqual({
      kinds: ['speeding', 'gap'],
      tiers: ['moderate', 'severe'],
      vehicleIds: ['3f0c2a9e-1d2b-4c5d-8e9f-0a1b2c3d4e5f'],
      minOverLimitMph: 7.5,
      minDurationSeconds: 900,
      day: '2026-11-03',
      place: 'Amarillo, TX & co',
      review: 'open',
      area: [-102.5, 34.25, -101, 36],
      driver: { kind: 'driver', carrierId: 'demo-acme', driverId: 'drv-17' },
    });
  });

  it('reads a driver as unassigned or carrier/driver, and anything else as every driver', () => {
    const read = (text: string) => paramsToQuery(new URLSearchParams({ driver: text })).driver;
    expect(read('unassigned')).toEqual({ kind: 'unassigned' });
    expect(read('c-2/drv.9')).toEqual({ kind: 'driver', carrierId: 'c-2', driverId: 'drv.9' });
    for (const bad of ['', 'c-2', 'a/b/c', '/drv', 'c-2/', 'c 2/d', 'c/<script>', `c/${'x'.repeat(200)}`])
      expect(read(bad)).toEqual({ kind: 'all' });
  });
});
