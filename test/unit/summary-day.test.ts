import { describe, expect, it } from 'vitest';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { combineSummaries, DEFAULT_SUMMARY_PARAMS, speedingEvents, summarizeDay } from '../../shared/track/summary.ts';
import type { DaySummary } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const START = Date.UTC(2026, 4, 1, 8, 0, 0);

function oneDay(plan: Leg[], startMs = START): DayChunk {
  const chunks = toDayChunks('veh-1', generateTrack(plan, { startMs, seed: 7 }));
  expect(chunks).toHaveLength(1);
  return chunks[0]!;
}

function expectTimeAddsUp(s: DaySummary): void {
  expect(s.movingSeconds + s.stationarySeconds + s.offlineSeconds).toBeCloseTo(
    ((s.lastMs ?? 0) - (s.firstMs ?? 0)) / 1000,
    6,
  );
}

describe('summarizeDay on tracks with known figures', () => {
  it.each([0, 37, 90, 211])('2 h at a constant 60 mph on heading %i is 120 miles of moving time', (heading) => {
    const s = summarizeDay(oneDay([{ kind: 'drive', minutes: 120, mph: 60, heading }]));
    expect(s.points).toBe(121);
    expect(s.distanceMiles).toBeCloseTo(120, 6);
    expect(s.gapDistanceMiles).toBe(0);
    expect(s.movingSeconds).toBe(7200);
    expect(s.stationarySeconds).toBe(0);
    expect(s.offlineSeconds).toBe(0);
    expect(s.maxSpeedMph).toBe(60);
    expect(s.speedingSeconds).toBe(0);
    expect(s.speedingEvents).toBe(0);
    expect(s.firstMs).toBe(START);
    expect(s.lastMs).toBe(START + 7200_000);
    expect(s.params).toEqual(DEFAULT_SUMMARY_PARAMS);
  });

  it('counts sustained speeding: two or more readings over the limit, timed from the first to the last; exactly the threshold is not speeding', () => {
    const chunk = oneDay([
      { kind: 'drive', minutes: 30, mph: 70 },
      { kind: 'drive', minutes: 10, mph: 75 },
      { kind: 'drive', minutes: 30, mph: 60 },
      { kind: 'drive', minutes: 3, mph: 80 },
      { kind: 'drive', minutes: 2, mph: 72 },
      { kind: 'drive', minutes: 20, mph: 60 },
      { kind: 'drive', minutes: 1, mph: 90 },
      { kind: 'stop', minutes: 30 },
    ]);
    // Readings every minute: 10 at 75 mph span 9 min, 3 + 2 over the limit span 4 min, the one at 90 mph is alone.
    const s = summarizeDay(chunk, { speedingMinSeconds: 120 });
    expect(s.speedingSeconds).toBe(540 + 240);
    expect(s.speedingEvents).toBe(2);
    expect(s.maxSpeedMph).toBe(90);
    expect(s.movingSeconds).toBe(96 * 60);
    expect(s.stationarySeconds).toBe(30 * 60);
    const runs = speedingEvents(chunk, { speedingMinSeconds: 120 });
    expect(runs.map((r) => r.seconds)).toEqual([540, 240]);
    expect(runs.map((r) => r.readings)).toEqual([10, 5]);
    expect(runs[0]!.startMs).toBe(START + 30 * 60_000);
    expect(runs[0]!.endMs).toBe(START + 39 * 60_000);
    expect(runs[1]!.maxMph).toBe(80);
    // A single reading over the limit is never an event, however long the interval after it.
    expect(summarizeDay(chunk).speedingEvents).toBe(2);
    expect(summarizeDay(chunk, { speedingMinSeconds: 0 }).speedingEvents).toBe(2);
    expectTimeAddsUp(s);
  });

  it('a silence longer than gapSeconds across which the truck moved is a gap; one that ends where it began is a stop, whatever the last status', () => {
    const s = summarizeDay(
      oneDay([
        { kind: 'drive', minutes: 60, mph: 60 },
        { kind: 'silence', minutes: 30, status: 'IN_MOTION', movedMiles: 20 },
        { kind: 'drive', minutes: 60, mph: 60 },
        { kind: 'silence', minutes: 40, status: 'IN_MOTION' },
        { kind: 'drive', minutes: 60, mph: 60 },
        { kind: 'silence', minutes: 15 },
        { kind: 'drive', minutes: 10, mph: 30 },
      ]),
    );
    expect(s.gaps).toBe(1);
    expect(s.offlineSeconds).toBe(1800);
    expect(s.gapSeconds).toBe(1800);
    expect(s.gapDistanceMiles).toBeCloseTo(20, 6);
    expect(s.stationarySeconds).toBe(40 * 60 + 15 * 60);
    expect(s.movingSeconds).toBe(190 * 60);
    expect(s.distanceMiles).toBeCloseTo(185, 6);
    expectTimeAddsUp(s);
  });

  it('the interval exactly at gapSeconds is not a gap, one second more is', () => {
    const at = summarizeDay(oneDay([{ kind: 'drive', minutes: 20, mph: 30, stepSeconds: 1200 }]));
    expect(at.gaps).toBe(0);
    const over = summarizeDay(oneDay([{ kind: 'drive', minutes: 1201 / 60, mph: 30, stepSeconds: 1201 }]));
    expect(over.gaps).toBe(1);
    expect(over.gapSeconds).toBe(1201);
    expect(
      summarizeDay(oneDay([{ kind: 'drive', minutes: 1201 / 60, mph: 30, stepSeconds: 1201 }]), { gapSeconds: 1201 })
        .gaps,
    ).toBe(0);
  });

  it('distance across a gap is the straight line, reported apart as gapDistanceMiles; distance covers the moving time only', () => {
    const s = summarizeDay(
      oneDay([
        { kind: 'drive', minutes: 30, mph: 60 },
        { kind: 'drive', minutes: 30, mph: 60, stepSeconds: 1800 },
        { kind: 'drive', minutes: 30, mph: 60 },
      ]),
    );
    expect(s.distanceMiles).toBeCloseTo(60, 6);
    expect(s.gapDistanceMiles).toBeCloseTo(30, 6);
    expect(s.movingSeconds).toBe(3600);
    expect(s.offlineSeconds).toBe(1800);
  });

  it('an interval starting at an OFFLINE reading is a gap whatever its length when the truck moved, and ends a speeding run', () => {
    const chunk = oneDay([
      { kind: 'drive', minutes: 10, mph: 80 },
      { kind: 'silence', minutes: 2, status: 'OFFLINE', movedMiles: 2 },
      { kind: 'drive', minutes: 10, mph: 80 },
    ]);
    const s = summarizeDay(chunk);
    expect(s.gaps).toBe(1);
    expect(s.offlineSeconds).toBe(120);
    expect(s.gapDistanceMiles).toBeCloseTo(2, 6);
    // Readings 0-9 and 11-20 at 80 mph, each run 9 minutes from its first to its last reading.
    expect(s.speedingEvents).toBe(2);
    expect(s.speedingSeconds).toBe(1080);
    expectTimeAddsUp(s);
  });

  it('an OFFLINE spell that ends where it began is stop time, not a gap', () => {
    const s = summarizeDay(
      oneDay([
        { kind: 'drive', minutes: 10, mph: 50 },
        { kind: 'offline', minutes: 45 },
        { kind: 'drive', minutes: 10, mph: 50 },
      ]),
    );
    expect(s.gaps).toBe(0);
    expect(s.offlineSeconds).toBe(0);
    expect(s.stationarySeconds).toBe(45 * 60);
    expect(s.movingSeconds).toBe(20 * 60);
    expectTimeAddsUp(s);
  });

  it('a long gap between speeding stretches splits them into two events', () => {
    const s = summarizeDay(
      oneDay([
        { kind: 'drive', minutes: 10, mph: 80 },
        { kind: 'drive', minutes: 30, mph: 80, stepSeconds: 1800 },
        { kind: 'drive', minutes: 10, mph: 80 },
      ]),
    );
    // The gap ends the first run at the reading before it: 11 readings over 10 minutes, then 10 over 9.
    expect(s.speedingEvents).toBe(2);
    expect(s.speedingSeconds).toBe(600 + 540);
  });

  it('an OFFLINE last reading has no interval to attribute', () => {
    const points = generateTrack(
      [
        { kind: 'drive', minutes: 10, mph: 50 },
        { kind: 'offline', minutes: 5 },
      ],
      { startMs: START },
    );
    const chunk = toDayChunks('veh-1', points.slice(0, -1))[0]!;
    expect(chunk.status[chunk.length - 1]).toBe(2);
    const s = summarizeDay(chunk);
    expect(s.gaps).toBe(0);
    expect(s.offlineSeconds).toBe(0);
    expect(s.movingSeconds).toBe(600);
  });

  it('empty and single-point days', () => {
    const empty = summarizeDay(buildDayChunk('veh-1', '2026-05-01', []));
    expect(empty).toMatchObject({
      points: 0,
      firstMs: null,
      lastMs: null,
      distanceMiles: 0,
      movingSeconds: 0,
      maxSpeedMph: 0,
      gaps: 0,
      speedingEvents: 0,
    });
    const firstOnly = generateTrack([{ kind: 'drive', minutes: 1, mph: 90 }], { startMs: START }).slice(0, 1);
    const single = summarizeDay(toDayChunks('veh-1', firstOnly)[0]!);
    expect(single).toMatchObject({
      points: 1,
      firstMs: START,
      lastMs: START,
      distanceMiles: 0,
      movingSeconds: 0,
      maxSpeedMph: 90,
      speedingSeconds: 0,
      speedingEvents: 0,
    });
  });
});

describe('combineSummaries', () => {
  it('a drive across midnight: per-day figures leave out the interval that crosses midnight', () => {
    const points = generateTrack([{ kind: 'drive', minutes: 120, mph: 60 }], { startMs: Date.UTC(2026, 4, 1, 23, 0) });
    const days = toDayChunks('veh-1', points).map((c) => summarizeDay(c));
    expect(days.map((d) => d.day)).toEqual(['2026-05-01', '2026-05-02']);
    const r = combineSummaries(days);
    expect(r.points).toBe(121);
    expect(r.distanceMiles).toBeCloseTo(119, 6);
    expect(r.movingSeconds).toBe(119 * 60);
    expect(r.fromDay).toBe('2026-05-01');
    expect(r.toDay).toBe('2026-05-02');
    expect(r.firstMs).toBe(points[0]!.t);
    expect(r.lastMs).toBe(points.at(-1)!.t);
  });

  it('sums, takes the max of max, and reports mixed parameters as null', () => {
    const days = toDayChunks('veh-1', generateRandomTrack(11, 5)).map((c) => summarizeDay(c));
    const r = combineSummaries([...days].reverse());
    const sum = (f: (d: DaySummary) => number) => days.reduce((a, d) => a + f(d), 0);
    expect(r.days).toBe(days.length);
    expect(r.points).toBe(sum((d) => d.points));
    expect(r.speedingEvents).toBe(sum((d) => d.speedingEvents));
    expect(r.gaps).toBe(sum((d) => d.gaps));
    expect(r.distanceMiles).toBeCloseTo(
      sum((d) => d.distanceMiles),
      9,
    );
    expect(r.maxSpeedMph).toBe(Math.max(...days.map((d) => d.maxSpeedMph)));
    expect(r.vehicleIds).toEqual(['veh-1']);
    expect(r.params).toEqual(DEFAULT_SUMMARY_PARAMS);
    const mixed = combineSummaries([
      days[0]!,
      { ...days[1]!, params: { ...DEFAULT_SUMMARY_PARAMS, speedingThresholdMph: 65 } },
    ]);
    expect(mixed.params).toBeNull();
    expect(combineSummaries([])).toMatchObject({ days: 0, points: 0, firstMs: null, fromDay: null, params: null });
  });
});
