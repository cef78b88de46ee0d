import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { inboxQueryKey, vehicleStamps } from '../../renderer/src/store/inbox-cache.ts';
import type { CoverageRow } from '../../renderer/src/store/types.ts';

const P = DEFAULT_ANALYSIS_PARAMS;
const key = (
  over: Partial<typeof P> = {},
  build = 'b1',
  zone = 'America/Chicago',
  from = '2026-11-01',
  to = '2026-11-07',
) => inboxQueryKey(build, zone, from, to, { ...P, ...over });

describe('the inbox cache’s query key', () => {
  it('is the same for equal parameters given in another order', () => {
    const reversed = Object.fromEntries(Object.entries(P).reverse()) as typeof P;
    expect(inboxQueryKey('b1', 'UTC', '2026-11-01', '2026-11-07', reversed)).toBe(
      inboxQueryKey('b1', 'UTC', '2026-11-01', '2026-11-07', P),
    );
  });

  it('differs when any parameter, the build, the zone or either end of the range differs', () => {
    const base = key();
    for (const name of Object.keys(P) as (keyof typeof P)[]) {
      expect(key({ [name]: P[name] + 1 }), name).not.toBe(base);
    }
    expect(key({}, 'b2')).not.toBe(base);
    expect(key({}, 'b1', 'America/New_York')).not.toBe(base);
    expect(key({}, 'b1', 'America/Chicago', '2026-11-02')).not.toBe(base);
    expect(key({}, 'b1', 'America/Chicago', '2026-11-01', '2026-11-08')).not.toBe(base);
  });
});

describe('a vehicle’s stamp of stored days', () => {
  const row = (vehicleId: string, day: string, fetchedAt: number, points: number): CoverageRow => ({
    carrierId: 'c1',
    vehicleId,
    day,
    state: 'complete',
    points,
    bytes: points * 40,
    fetchedAt,
  });

  it('lists each vehicle’s days in day order, whatever order the rows come in', () => {
    const stamps = vehicleStamps([
      row('v2', '2026-11-02', 7, 30),
      row('v1', '2026-11-03', 5, 10),
      row('v1', '2026-11-01', 6, 20),
    ]);
    expect(Object.fromEntries(stamps)).toEqual({
      v1: '2026-11-01:6:20 2026-11-03:5:10',
      v2: '2026-11-02:7:30',
    });
  });

  it('changes when a day is fetched again with the same points, grows, or is deleted — and only for that vehicle', () => {
    const rows = [row('v1', '2026-11-01', 1, 20), row('v1', '2026-11-02', 1, 20), row('v2', '2026-11-01', 1, 5)];
    const before = vehicleStamps(rows);
    const refetched = vehicleStamps([row('v1', '2026-11-01', 2, 20), ...rows.slice(1)]);
    const grown = vehicleStamps([rows[0]!, row('v1', '2026-11-02', 1, 21), rows[2]!]);
    const deleted = vehicleStamps(rows.slice(1));
    for (const after of [refetched, grown, deleted]) {
      expect(after.get('v1')).not.toBe(before.get('v1'));
      expect(after.get('v2')).toBe(before.get('v2'));
    }
  });
});
