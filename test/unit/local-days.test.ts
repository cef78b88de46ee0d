import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { tripIds } from '../../shared/export/trip-id.ts';
import { localRangeInterval } from '../../shared/time/local-day.ts';
import { localDayChunks, localDaySummaries, sliceChunk } from '../../shared/track/local-days.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const Z = (iso: string) => Date.parse(iso);

/** One STATIONARY reading at the top of every UTC hour from `fromIso` for `hours` hours. */
function hourly(fromIso: string, hours: number): Breadcrumb[] {
  return Array.from({ length: hours }, (_, k) => ({
    id: `r${k}`,
    t: Z(fromIso) + k * 3_600_000,
    lat: 41.88,
    lng: -87.63,
    speed: 0,
    status: 'STATIONARY' as const,
    direction: 0,
    location: 'Chicago, IL',
    vehicleNumber: 'T-101',
    vin: 'VIN',
  }));
}

describe('regrouping UTC chunks into local days', () => {
  it('Chicago 2026-03-08 holds 23 hourly readings and 2026-11-01 holds 25, each read from two UTC chunks', () => {
    for (const [day, hours, first, last] of [
      ['2026-03-08', 23, '2026-03-08T06:00:00Z', '2026-03-09T04:00:00Z'],
      ['2026-11-01', 25, '2026-11-01T05:00:00Z', '2026-11-02T05:00:00Z'],
    ] as const) {
      const utc = toDayChunks('v', hourly(`${day}T00:00:00Z`, 72));
      const local = localDayChunks(utc, 'America/Chicago').find((c) => c.day === day)!;
      expect(local.length, day).toBe(hours);
      expect(local.t[0]).toBe(Z(first));
      expect(local.t[local.length - 1]).toBe(Z(last));
      expect(new Set([...local.t].map((t) => new Date(t).toISOString().slice(0, 10))).size).toBe(2);
    }
  });

  it('Kolkata 2026-11-20 starts at 18:30Z on the 19th: the evening of the UTC day before belongs to it', () => {
    const utc = toDayChunks(
      'v',
      hourly('2026-11-19T00:00:00Z', 48).map((p) => ({ ...p, t: p.t + 30 * 60_000 })),
    );
    const days = localDayChunks(utc, 'Asia/Kolkata');
    expect(days.map((c) => c.day)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    const the20th = days[1]!;
    expect(the20th.length).toBe(24);
    expect(new Date(the20th.t[0]!).toISOString()).toBe('2026-11-19T18:30:00.000Z');
    expect(new Date(the20th.t[23]!).toISOString()).toBe('2026-11-20T17:30:00.000Z');
  });

  it('limited to a selection, readings outside its local days are left out; every reading kept once, in order', () => {
    const utc = toDayChunks('v', hourly('2026-11-19T00:00:00Z', 96));
    const interval = localRangeInterval('2026-11-20', '2026-11-21', 'America/Chicago');
    const days = localDayChunks(utc, 'America/Chicago', interval);
    expect(days.map((c) => c.day)).toEqual(['2026-11-20', '2026-11-21']);
    const all = days.flatMap((c) => [...c.t]);
    expect(all).toHaveLength(48);
    expect(all[0]).toBe(Z('2026-11-20T06:00:00Z'));
    expect(all.at(-1)).toBe(Z('2026-11-22T05:00:00Z'));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(days[0]!.id.slice(0, 2)).toEqual(['r30', 'r31']);
  });

  it('in UTC the chunks come back as they are (UTC exports stay byte for byte)', () => {
    const utc = toDayChunks('v', hourly('2026-11-19T00:00:00Z', 48));
    const same = localDayChunks(utc, 'UTC');
    expect(same).toHaveLength(2);
    expect(same[0]).toBe(utc[0]);
    expect(same[1]).toBe(utc[1]);
    expect(sliceChunk(utc[0]!, { startMs: 0, endMs: Infinity })).toBe(utc[0]);
  });
});

describe('a trip crossing local midnight', () => {
  // Chicago, 2026-11-20 22:00 CST (04:00Z on the 21st): parked 60 min, drives 60 mph from 23:00 to 01:00, parks 60 min.
  const points = generateTrack(
    [
      { kind: 'stop', minutes: 60 },
      { kind: 'drive', minutes: 120, mph: 60, heading: 90 },
      { kind: 'stop', minutes: 60 },
    ],
    { startMs: Z('2026-11-21T04:00:00Z'), vehicleNumber: 'T-101' },
  );
  const utc = toDayChunks('v', points);
  const zone = 'America/Chicago';

  it('is one trip, 120 miles, of the day it started (the 20th), in a selection of both days', () => {
    expect(utc).toHaveLength(1); // all of it is on one UTC day
    const local = localDayChunks(utc, zone, localRangeInterval('2026-11-20', '2026-11-21', zone));
    expect(local.map((c) => c.day)).toEqual(['2026-11-20', '2026-11-21']);
    const { trips } = analyzeTrack(local);
    expect(trips).toHaveLength(1);
    expect(trips[0]!.startMs).toBe(Z('2026-11-21T05:00:00Z'));
    expect(trips[0]!.distanceMiles).toBeCloseTo(120, 6);
    expect(tripIds(trips, 'T-101', zone)).toEqual(['T-101-2026-11-20-1']);
  });

  it('a one-day selection of the 21st holds only its own readings: the trip from midnight, 60 miles, dated the 21st', () => {
    const local = localDayChunks(utc, zone, localRangeInterval('2026-11-21', '2026-11-21', zone));
    const { trips } = analyzeTrack(local);
    expect(trips).toHaveLength(1);
    expect(trips[0]!.startMs).toBe(Z('2026-11-21T06:00:00Z'));
    expect(trips[0]!.distanceMiles).toBeCloseTo(60, 6);
    expect(tripIds(trips, 'T-101', zone)).toEqual(['T-101-2026-11-21-1']);
  });

  it('per-local-day totals: the minute across midnight belongs to neither day (59 + 60 of 120 miles)', () => {
    const [the20th, the21st] = localDaySummaries(utc, zone);
    expect(the20th!.day).toBe('2026-11-20');
    expect(the20th!.distanceMiles).toBeCloseTo(59, 6);
    expect(the20th!.movingSeconds).toBe(59 * 60);
    expect(the21st!.day).toBe('2026-11-21');
    expect(the21st!.distanceMiles).toBeCloseTo(60, 6);
    expect(the21st!.movingSeconds).toBe(60 * 60);
  });
});
