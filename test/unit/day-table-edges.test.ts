/**
 * Edges of the per-day table (shared/analysis/day-table.ts): a day whose
 * summary has no readings gets no row, however the summaries are ordered.
 *
 * Summaries come from summarizeDay over chunks written reading by reading:
 * an empty chunk (0 points) and parked days of known length.
 */
import { describe, expect, it } from 'vitest';
import { dayTableRows } from '../../shared/analysis/day-table.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { dayOfMs } from '../../shared/util/day.ts';

/** A day parked from 08:00 UTC, one reading a minute for `minutes` minutes. */
function parkedDay(day: string, minutes: number) {
  const start = Date.parse(`${day}T08:00:00Z`);
  const points: Breadcrumb[] = Array.from({ length: minutes + (minutes > 0 ? 1 : 0) }, (_, k) => ({
    id: `${day}-${k}`,
    t: start + k * 60_000,
    lat: 35,
    lng: -97,
    speed: 0,
    status: 'STATIONARY',
    direction: 0,
    location: '',
    vehicleNumber: '1',
    vin: 'V',
  }));
  return summarizeDay(buildDayChunk('v', day, points));
}

describe('per-day table: days without readings', () => {
  it('gives no row to a day whose summary has no readings', () => {
    const summaries = [parkedDay('2026-04-02', 0), parkedDay('2026-04-01', 30), parkedDay('2026-04-03', 0)];
    expect(summaries.map((s) => s.points)).toEqual([0, 31, 0]);
    const rows = dayTableRows(summaries, [], dayOfMs);
    expect(rows).toEqual([
      {
        day: '2026-04-01',
        distanceMiles: 0,
        gapDistanceMiles: 0,
        movingSeconds: 0,
        maxSpeedMph: 0,
        speedingEvents: 0,
        longStops: 0,
        gaps: 0,
      },
    ]);
  });

  it('gives no rows at all when no day has readings', () => {
    expect(dayTableRows([parkedDay('2026-04-01', 0)], [], dayOfMs)).toEqual([]);
  });
});
