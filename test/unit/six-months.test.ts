import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs } from '../../shared/util/day.ts';
import { dayCount, localSpan, sixMonthsBefore } from '../../shared/time/local-day.ts';
import { historyWindow } from '../../shared/util/history-window.ts';

describe('sixMonthsBefore: the one "6 months" rule (calendar months, as the API\'s history window)', () => {
  it.each([
    ['2026-11-20', '2026-05-20'],
    ['2026-08-31', '2026-02-28'],
    ['2028-08-31', '2028-02-29'],
    ['2026-03-31', '2025-09-30'],
    ['2026-01-15', '2025-07-15'],
    ['2026-06-30', '2025-12-30'],
  ])('%s → %s', (last, first) => {
    expect(sixMonthsBefore(last)).toBe(first);
  });

  it('the Review\'s "6 months" span is the API\'s window, and 181 to 185 days long (not a fixed count), every day of two years', () => {
    const lengths = new Set<number>();
    for (let day = '2026-01-01'; day <= '2027-12-31'; day = addDays(day, 1)) {
      const span = localSpan('6m', day);
      expect(span).toEqual({ from: historyWindow(dayStartMs(day) + 43_200_000).start, to: day });
      lengths.add(dayCount(span.from, span.to));
    }
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(181);
    expect(Math.max(...lengths)).toBe(185);
    expect(lengths.size).toBeGreaterThan(1);
  });

  it('fixed spans keep their day counts', () => {
    expect(dayCount(localSpan('day', '2026-11-20').from, '2026-11-20')).toBe(1);
    expect(dayCount(localSpan('week', '2026-11-20').from, '2026-11-20')).toBe(7);
    expect(dayCount(localSpan('month', '2026-11-20').from, '2026-11-20')).toBe(30);
  });
});
