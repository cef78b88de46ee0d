import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { dayTableRows } from '../../shared/analysis/day-table.ts';
import { rangeTotals } from '../../shared/analysis/range-totals.ts';
import type { SafetyEvent } from '../../shared/analysis/types.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { dayOfMs } from '../../shared/util/day.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

/**
 * Three days with data (2026-04-03 has none), each planned so its figures are known by construction
 * (a minute at 60 mph is a mile; one reading a minute, each interval attributed to the reading before it).
 */
const DAYS: { start: number; plan: Leg[] }[] = [
  {
    // 60 mi + 40 mi at 80 (one speeding run, 29 min first to last), then a 150-min stop: a long stop.
    start: Date.UTC(2026, 3, 1, 8),
    plan: [
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'drive', minutes: 30, mph: 80 },
      { kind: 'stop', minutes: 150 },
    ],
  },
  {
    // 100 mi, then OFFLINE for an hour while the truck moves 50 mi (one gap), 60 mi, a short stop.
    start: Date.UTC(2026, 3, 2, 8),
    plan: [
      { kind: 'drive', minutes: 120, mph: 50 },
      { kind: 'silence', minutes: 60, status: 'OFFLINE', movedMiles: 50 },
      { kind: 'drive', minutes: 60, mph: 60 },
      { kind: 'stop', minutes: 30 },
    ],
  },
  {
    // Two speeding runs at 75 apart by a 20-min stop: 75 mi in an hour.
    start: Date.UTC(2026, 3, 4, 8),
    plan: [
      { kind: 'drive', minutes: 30, mph: 75 },
      { kind: 'stop', minutes: 20 },
      { kind: 'drive', minutes: 30, mph: 75 },
      { kind: 'stop', minutes: 10 },
    ],
  },
];

function build() {
  // Each day starts again from the same place: the overnight interval is a jump (a gap) between days,
  // which per-day figures leave out (it belongs to neither day) and which is no stop.
  const points = DAYS.flatMap((d, k) => generateTrack(d.plan, { startMs: d.start, seed: k + 1 }));
  const chunks = toDayChunks('v1', points);
  return { chunks, summaries: chunks.map((c) => summarizeDay(c)), analysis: analyzeTrack(chunks) };
}

describe('per-day table rows', () => {
  it('has one row per day with readings, with the figures of its plan', () => {
    const { summaries, analysis } = build();
    const rows = dayTableRows(summaries, analysis.events, dayOfMs);
    expect(rows.map((r) => r.day)).toEqual(['2026-04-01', '2026-04-02', '2026-04-04']);
    const [a, b, c] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];

    expect(a.distanceMiles).toBeCloseTo(100, 6);
    expect(a.movingSeconds).toBe(90 * 60);
    expect(a.maxSpeedMph).toBe(80);
    expect([a.speedingEvents, a.longStops, a.gaps]).toEqual([1, 1, 0]);

    expect(b.distanceMiles).toBeCloseTo(160, 6);
    expect(b.gapDistanceMiles).toBeCloseTo(50, 6);
    expect(b.movingSeconds).toBe(180 * 60);
    expect(b.maxSpeedMph).toBe(60);
    expect([b.speedingEvents, b.longStops, b.gaps]).toEqual([0, 0, 1]);

    expect(c.distanceMiles).toBeCloseTo(75, 6);
    expect(c.movingSeconds).toBe(60 * 60);
    expect(c.maxSpeedMph).toBe(75);
    expect([c.speedingEvents, c.longStops, c.gaps]).toEqual([2, 0, 0]);
  });

  it('adds up to the totals strip (the same summaries), whatever order the summaries come in', () => {
    const { summaries, analysis } = build();
    const rows = dayTableRows([...summaries].reverse(), analysis.events, dayOfMs);
    expect(rows.map((r) => r.day)).toEqual(['2026-04-01', '2026-04-02', '2026-04-04']);
    const totals = rangeTotals(summaries);
    const sum = (f: (r: (typeof rows)[0]) => number) => rows.reduce((s, r) => s + f(r), 0);
    expect(sum((r) => r.distanceMiles)).toBeCloseTo(totals.distanceMiles, 9);
    expect(sum((r) => r.movingSeconds)).toBe(totals.movingSeconds);
    expect(sum((r) => r.speedingEvents)).toBe(totals.speedingEvents);
    expect(Math.max(...rows.map((r) => r.maxSpeedMph))).toBe(totals.maxSpeedMph);
  });

  it('counts a long stop on the day it starts, in the days function given (the home zone)', () => {
    const { summaries } = build();
    const at = (iso: string): SafetyEvent => ({
      kind: 'long-stop',
      vehicleId: 'v1',
      startMs: Date.parse(iso),
      endMs: Date.parse(iso) + 3 * 3_600_000,
      durationSeconds: 3 * 3600,
      lat: 0,
      lng: 0,
      place: '',
      at: { chunk: 0, point: 0 },
    });
    const events = [at('2026-04-02T03:00:00Z'), at('2026-04-02T23:00:00Z'), at('2026-04-04T12:00:00Z')];
    // UTC days: two on 04-02, one on 04-04.
    expect(dayTableRows(summaries, events, dayOfMs).map((r) => r.longStops)).toEqual([0, 2, 1]);
    // Days six hours behind UTC: 03:00Z is still 04-01.
    const behind = (ms: number) => dayOfMs(ms - 6 * 3_600_000);
    expect(dayTableRows(summaries, events, behind).map((r) => r.longStops)).toEqual([1, 1, 1]);
  });
});
