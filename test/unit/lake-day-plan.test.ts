import { describe, expect, it } from 'vitest';
import { planLocalDays, utcDaysToFetch } from '../../shared/lake/day-plan.ts';
import type { LakeDay } from '../../shared/lake/manifest.ts';

const ZONE = 'America/Chicago';
const plan = (days: string[], have: Record<string, { entry: LakeDay; fileOnDisk: boolean }> = {}) =>
  planLocalDays({ days, zone: ZONE, today: '2026-11-20', have: (d) => have[d] });

describe('planLocalDays', () => {
  it('fetches both UTC days a Chicago day spans; a day touching today is not complete', () => {
    const plans = plan(['2026-11-18', '2026-11-19']);
    expect(plans.map((p) => [p.day, p.fetch, p.completes, p.keepBeforeMs])).toEqual([
      ['2026-11-18', ['2026-11-18', '2026-11-19'], true, null],
      ['2026-11-19', ['2026-11-19', '2026-11-20'], false, null],
    ]);
    expect(plans[0]!.interval).toEqual({
      startMs: Date.parse('2026-11-18T06:00:00Z'),
      endMs: Date.parse('2026-11-19T06:00:00Z'),
    });
    expect(utcDaysToFetch(plans)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
  });

  it('skips a complete day whose file is there (or that had no readings), refetches one whose file is gone', () => {
    const complete = (records: number): LakeDay => ({ state: 'complete', records, outliers: 0, rejected: 0 });
    const plans = plan(['2026-11-16', '2026-11-17', '2026-11-18'], {
      '2026-11-16': { entry: complete(10), fileOnDisk: true },
      '2026-11-17': { entry: complete(0), fileOnDisk: false },
      '2026-11-18': { entry: complete(10), fileOnDisk: false },
    });
    expect(plans.map((p) => p.day)).toEqual(['2026-11-18']);
  });

  it('rebuilds a partial day from its asOf UTC day on, keeping the earlier rows of its file', () => {
    const partial: LakeDay = { state: 'partial', records: 5, outliers: 0, rejected: 0, asOf: '2026-11-20' };
    const [p] = plan(['2026-11-19'], { '2026-11-19': { entry: partial, fileOnDisk: true } });
    expect(p!.fetch).toEqual(['2026-11-20']);
    expect(p!.keepBeforeMs).toBe(Date.parse('2026-11-20T00:00:00Z'));
    // Its file lost: nothing to keep, so every UTC day is fetched again.
    const [lost] = plan(['2026-11-19'], { '2026-11-19': { entry: partial, fileOnDisk: false } });
    expect([lost!.fetch, lost!.keepBeforeMs]).toEqual([['2026-11-19', '2026-11-20'], null]);
  });
});
