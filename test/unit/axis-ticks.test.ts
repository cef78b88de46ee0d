import { describe, expect, it } from 'vitest';
import { timeTicks } from '../../shared/time/axis-ticks.ts';

/** The zone's wall clock at `ms`, read from Intl (the reference, not the code under test). */
function wall(ms: number, zone: string): { date: string; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: +parts.hour!,
    minute: +parts.minute!,
    second: +parts.second!,
  };
}

const H = 3_600_000;
const D = 24 * H;

describe('time axis ticks on the zone clock', () => {
  it('a week in Chicago: one tick per local midnight, each a different date, none outside', () => {
    // 2026-11-13 14:00 UTC (08:00 CST) to 2026-11-20 14:00 UTC.
    const from = Date.UTC(2026, 10, 13, 14);
    const to = from + 7 * D;
    const { unit, ticks } = timeTicks(from, to, 'America/Chicago', 900);
    expect(unit).toBe('day');
    expect(ticks).toHaveLength(7);
    const dates = ticks.map((t) => wall(t, 'America/Chicago'));
    for (const d of dates) expect([d.hour, d.minute, d.second]).toEqual([0, 0, 0]);
    expect(dates.map((d) => d.date)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    for (const t of ticks) expect(t >= from && t <= to).toBe(true);
  });

  it('across the fall-back day (25 h) the midnights stay midnights', () => {
    const from = Date.UTC(2026, 10, 0, 12); // 2026-10-31 12:00 UTC
    const to = Date.UTC(2026, 10, 4, 12);
    const { ticks } = timeTicks(from, to, 'America/Chicago', 800);
    expect(ticks.map((t) => wall(t, 'America/Chicago').hour)).toEqual([0, 0, 0, 0]);
    // 2026-11-01 is 25 hours long in Chicago.
    expect(ticks[1]! - ticks[0]!).toBe(25 * H);
  });

  it('a narrow chart ticks every few days instead of crowding', () => {
    const from = Date.UTC(2026, 5, 1);
    const to = from + 180 * D;
    const { ticks } = timeTicks(from, to, 'UTC', 600, 60);
    const gaps = ticks.slice(1).map((t, i) => (t - ticks[i]!) / D);
    // 600 px over 180 days is 3.3 px a day: 28-day steps keep ticks ≥ 60 px apart.
    expect(new Set(gaps)).toEqual(new Set([28]));
    expect((28 * 600) / 180).toBeGreaterThanOrEqual(60);
  });

  it('within a day in Kolkata (UTC+5:30): whole local hours, the step growing with a narrow chart', () => {
    const from = Date.UTC(2026, 10, 19, 0, 10);
    const to = from + 24 * H;
    const wide = timeTicks(from, to, 'Asia/Kolkata', 1440, 60);
    expect(wide.unit).toBe('hour');
    for (const t of wide.ticks)
      expect([wall(t, 'Asia/Kolkata').minute, wall(t, 'Asia/Kolkata').second]).toEqual([0, 0]);
    // 60 px an hour: every hour, 24 ticks (the first whole hour after 05:40 local is 06:00).
    expect(wide.ticks).toHaveLength(24);
    expect(wall(wide.ticks[0]!, 'Asia/Kolkata').hour).toBe(6);
    const narrow = timeTicks(from, to, 'Asia/Kolkata', 300, 60);
    expect(narrow.ticks.map((t) => wall(t, 'Asia/Kolkata').hour)).toEqual([6, 12, 18, 0]);
  });

  it('an empty or backwards window has no ticks', () => {
    expect(timeTicks(10, 10, 'UTC', 500).ticks).toEqual([]);
    expect(timeTicks(10, 5, 'UTC', 500).ticks).toEqual([]);
    expect(timeTicks(0, D, 'UTC', 0).ticks).toEqual([]);
  });
});
