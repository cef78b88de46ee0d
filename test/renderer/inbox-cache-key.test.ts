import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { dayStamps, inboxQueryKey } from '../../renderer/src/store/inbox-cache.ts';
import { NO_ROADS_KEY, roadLimitsKey } from '../../renderer/src/workers/worker-roads.ts';
import type { CoverageRow } from '../../renderer/src/store/types.ts';
import { localDayInterval, utcDaysOverlapping } from '../../shared/time/local-day.ts';

const P = DEFAULT_ANALYSIS_PARAMS;
const key = (over: Partial<typeof P> = {}, build = 'b1', zone = 'America/Chicago', roads = NO_ROADS_KEY) =>
  inboxQueryKey(build, zone, { ...P, ...over }, roads);

describe('the inbox cache’s query key', () => {
  it('is the same for equal parameters given in another order', () => {
    const reversed = Object.fromEntries(Object.entries(P).reverse()) as typeof P;
    expect(inboxQueryKey('b1', 'UTC', reversed, NO_ROADS_KEY)).toBe(inboxQueryKey('b1', 'UTC', P, NO_ROADS_KEY));
  });

  it('differs when the road limits judged against differ, and is the same for equal ones', () => {
    const spec = { indexId: 'idx-1', zonesId: null, overLimit: { minSeconds: 60 } };
    const kept = roadLimitsKey(spec);
    expect(key({}, 'b1', 'UTC', kept)).toBe(key({}, 'b1', 'UTC', roadLimitsKey({ ...spec })));
    const others = [
      NO_ROADS_KEY,
      roadLimitsKey({ ...spec, indexId: 'idx-2' }),
      roadLimitsKey({ ...spec, zonesId: 'zones-1' }),
      roadLimitsKey({ ...spec, overLimit: { minSeconds: 90 } }),
    ];
    for (const other of others) expect(key({}, 'b1', 'UTC', other), other).not.toBe(key({}, 'b1', 'UTC', kept));
  });

  it('differs when any parameter, the build or the zone differs', () => {
    const base = key();
    for (const name of Object.keys(P) as (keyof typeof P)[]) {
      expect(key({ [name]: P[name] + 1 }), name).not.toBe(base);
    }
    expect(key({}, 'b2')).not.toBe(base);
    expect(key({}, 'b1', 'America/New_York')).not.toBe(base);
  });

  it('is short: every kept day’s row carries it', () => {
    expect(key().length).toBeLessThan(30);
  });
});

describe('a vehicle’s stamp of each local day', () => {
  const row = (vehicleId: string, day: string, fetchedAt: number, points: number): CoverageRow => ({
    carrierId: 'c1',
    vehicleId,
    day,
    state: 'complete',
    points,
    bytes: points * 40,
    fetchedAt,
  });
  const ZONE = 'America/Chicago';
  const LOCAL = ['2026-11-01', '2026-11-02', '2026-11-03'];
  const utcOf = new Map(LOCAL.map((d) => [d, utcDaysOverlapping(localDayInterval(d, ZONE))]));

  it('names the UTC days its local day touches, in day order, whatever order the rows come in', () => {
    // A Chicago day runs from 05:00 or 06:00 UTC to the same hour the next UTC day: it touches two UTC days.
    expect(utcOf.get('2026-11-02')).toEqual(['2026-11-02', '2026-11-03']);
    const stamps = dayStamps(
      [row('v2', '2026-11-02', 7, 30), row('v1', '2026-11-03', 5, 10), row('v1', '2026-11-02', 6, 20)],
      utcOf,
    );
    expect(Object.fromEntries(stamps.get('v1')!)).toEqual({
      '2026-11-01': '2026-11-02:6:20',
      '2026-11-02': '2026-11-02:6:20 2026-11-03:5:10',
      '2026-11-03': '2026-11-03:5:10',
    });
    expect(Object.fromEntries(stamps.get('v2')!)).toEqual({
      '2026-11-01': '2026-11-02:7:30',
      '2026-11-02': '2026-11-02:7:30',
    });
  });

  it('a UTC day fetched again, grown or deleted changes only the local days that touch it, of that vehicle', () => {
    const rows = [row('v1', '2026-11-02', 1, 20), row('v1', '2026-11-04', 1, 20), row('v2', '2026-11-02', 1, 5)];
    const before = dayStamps(rows, utcOf);
    const refetched = dayStamps([row('v1', '2026-11-02', 2, 20), ...rows.slice(1)], utcOf);
    const grown = dayStamps([row('v1', '2026-11-02', 1, 21), ...rows.slice(1)], utcOf);
    const deleted = dayStamps(rows.slice(1), utcOf);
    for (const after of [refetched, grown, deleted]) {
      expect(after.get('v1')?.get('2026-11-01')).not.toBe(before.get('v1')!.get('2026-11-01'));
      expect(after.get('v1')?.get('2026-11-02')).not.toBe(before.get('v1')!.get('2026-11-02'));
      expect(after.get('v1')!.get('2026-11-03')).toBe(before.get('v1')!.get('2026-11-03'));
      expect(after.get('v2')).toEqual(before.get('v2'));
    }
    expect(deleted.get('v1')!.has('2026-11-01')).toBe(false);
  });
});
