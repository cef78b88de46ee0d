import { describe, expect, it } from 'vitest';
import {
  localDayCoverage,
  localDaysCoverage,
  missingHoursText,
  partialDaysText,
  utcDayStates,
} from '../../shared/track/local-coverage.ts';

const CHICAGO = 'America/Chicago';
const TODAY = '2026-11-20';

describe('local-day coverage', () => {
  it('a Chicago day holding only its first UTC day is partial, missing 19:00–24:00 CDT', () => {
    const stored = utcDayStates([{ day: '2026-10-01', complete: true }]);
    const c = localDayCoverage('2026-10-01', CHICAGO, stored, TODAY);
    expect(c.state).toBe('partial');
    expect(c.missing).toEqual([
      { startMs: Date.parse('2026-10-02T00:00:00Z'), endMs: Date.parse('2026-10-02T05:00:00Z'), why: 'not-downloaded' },
    ]);
    expect(missingHoursText(c, CHICAGO)).toBe('19:00–24:00 CDT not downloaded (5 h)');
  });

  it('complete only when both UTC days are complete; nothing stored is missing', () => {
    const both = utcDayStates([
      { day: '2026-10-01', complete: true },
      { day: '2026-10-02', complete: true },
    ]);
    expect(localDayCoverage('2026-10-01', CHICAGO, both, TODAY)).toEqual({
      day: '2026-10-01',
      state: 'complete',
      missing: [],
    });
    expect(localDayCoverage('2026-10-03', CHICAGO, both, TODAY).state).toBe('missing');
    // A UTC zone's day is its one UTC day.
    expect(
      localDayCoverage('2026-10-01', 'UTC', utcDayStates([{ day: '2026-10-01', complete: true }]), TODAY).state,
    ).toBe('complete');
  });

  it('the first hours missing, in the fall-back day (25 h, CDT then CST)', () => {
    const stored = utcDayStates([{ day: '2026-11-02', complete: true }]);
    const c = localDayCoverage('2026-11-01', CHICAGO, stored, TODAY);
    expect(c.state).toBe('partial');
    expect(missingHoursText(c, CHICAGO)).toBe('00:00–18:00 CDT/CST not downloaded (19 h)');
  });

  it('today still growing: said as being recorded, and a range names only its partial days', () => {
    const stored = utcDayStates([
      { day: '2026-11-19', complete: true },
      { day: '2026-11-20', complete: false },
    ]);
    const days = localDaysCoverage('2026-11-18', '2026-11-19', CHICAGO, stored, TODAY);
    expect(days.map((d) => d.state)).toEqual(['partial', 'partial']);
    expect(partialDaysText(days, CHICAGO)).toBe(
      '2026-11-18: 00:00–18:00 CST not downloaded (18 h) · 2026-11-19: 18:00–24:00 CST still being recorded when downloaded (6 h)',
    );
  });
});
