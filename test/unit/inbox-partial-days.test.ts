import { describe, expect, it } from 'vitest';
import { partialDaysLines, partialVehicleDays, storedDaysKey } from '../../shared/inbox/partial-days.ts';

const CHICAGO = 'America/Chicago';
const TODAY = '2026-11-20';

describe('home-zone days held only in part', () => {
  it('says which hours of a Chicago day are missing when only its first UTC day is downloaded', () => {
    const rows = [{ vehicleId: 'v1', day: '2026-10-01', complete: true }];
    const list = partialVehicleDays(rows, CHICAGO, { from: '2026-09-30', to: '2026-10-02' }, TODAY);
    // 09-30 needs UTC 09-30 (absent) and 10-01: partial too; 10-02 needs 10-02 and 10-03, neither: missing, not listed.
    expect(list).toEqual([
      { vehicleId: 'v1', day: '2026-09-30', missing: '00:00–19:00 CDT not downloaded (19 h)' },
      { vehicleId: 'v1', day: '2026-10-01', missing: '19:00–24:00 CDT not downloaded (5 h)' },
    ]);
  });

  it('lists nothing for a day whose UTC days are all complete, and says a growing day is still being recorded', () => {
    const rows = ['2026-11-18', '2026-11-19'].map((day) => ({ vehicleId: 'v1', day, complete: true }));
    expect(partialVehicleDays(rows, 'UTC', { from: '2026-11-18', to: '2026-11-19' }, TODAY)).toEqual([]);
    const growing = [...rows, { vehicleId: 'v1', day: TODAY, complete: false }];
    // Chicago's 11-19 reaches 06:00 UTC into today's UTC day, which is still growing.
    const list = partialVehicleDays(growing, CHICAGO, { from: '2026-11-19', to: '2026-11-19' }, TODAY);
    expect(list).toEqual([
      { vehicleId: 'v1', day: '2026-11-19', missing: '18:00–24:00 CST still being recorded when downloaded (6 h)' },
    ]);
    const today = partialVehicleDays(growing, CHICAGO, { from: TODAY, to: TODAY }, TODAY);
    expect(today).toHaveLength(1);
    expect(today[0]!.missing).toContain('still being recorded when downloaded');
  });

  it('groups the vehicles of one day and stretch on one line, naming the first few', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const rows = ids.map((vehicleId) => ({ vehicleId, day: '2026-10-01', complete: true }));
    const list = partialVehicleDays(rows, CHICAGO, { from: '2026-10-01', to: '2026-10-01' }, TODAY);
    expect(partialDaysLines(list, (id) => `T-${id}`)).toEqual([
      '2026-10-01: 19:00–24:00 CDT not downloaded (5 h) — T-a, T-b, T-c, T-d and 2 more',
    ]);
  });

  it('gives each truck of a fleet what it alone gives, trucks holding the same days or not, rows in any order', () => {
    const range = { from: '2026-09-29', to: '2026-10-03' };
    const held: Record<string, [string, boolean][]> = {
      a: [
        ['2026-09-30', true],
        ['2026-10-01', true],
      ],
      b: [
        ['2026-10-01', true],
        ['2026-09-30', true],
      ],
      c: [
        ['2026-09-30', true],
        ['2026-10-01', false],
      ],
      d: [['2026-10-02', true]],
      e: [
        ['2026-09-30', true],
        ['2026-10-01', true],
      ],
    };
    const rowsOf = (vehicleId: string) => held[vehicleId]!.map(([day, complete]) => ({ vehicleId, day, complete }));
    const interleaved = ['e', 'c', 'a', 'd', 'b'].flatMap(rowsOf).reverse();
    const alone = ['a', 'b', 'c', 'd', 'e'].flatMap((v) => partialVehicleDays(rowsOf(v), CHICAGO, range, TODAY));
    expect(partialVehicleDays(interleaved, CHICAGO, range, TODAY)).toEqual(alone);
    // c's 10-01 still growing differs from a's complete one: its own hours, not a's.
    expect(alone.filter((p) => p.vehicleId === 'c')).not.toEqual(
      alone.filter((p) => p.vehicleId === 'a').map((p) => ({ ...p, vehicleId: 'c' })),
    );
  });

  it('keys stored days by day and state, not by order', () => {
    const key = (entries: [string, 'complete' | 'partial'][]) => storedDaysKey(new Map(entries));
    expect(
      key([
        ['2026-10-01', 'complete'],
        ['2026-10-02', 'partial'],
      ]),
    ).toBe(
      key([
        ['2026-10-02', 'partial'],
        ['2026-10-01', 'complete'],
      ]),
    );
    expect(key([['2026-10-01', 'complete']])).not.toBe(key([['2026-10-01', 'partial']]));
    expect(key([['2026-10-01', 'complete']])).not.toBe(key([['2026-10-02', 'complete']]));
  });
});
