/**
 * A vehicle's inbox lines from its days' parts against the same lines from analyzeTrack over the range (what
 * the inbox listed before it kept day parts): the same events, field for field, and the same scorecard.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { dayPart } from '../../shared/analysis/day-parts.ts';
import { EVENT_KINDS } from '../../shared/analysis/event-kinds.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { inboxEvents } from '../../shared/inbox/events.ts';
import { scorecard } from '../../shared/inbox/scorecards.ts';
import { inboxVehicle } from '../../shared/inbox/vehicle.ts';
import { daysFromTo, localDayInterval } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { roadsAlong } from '../support/day-parts.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const P = { ...DEFAULT_ANALYSIS_PARAMS, longStopSeconds: 1800 };
const ZONE = 'America/Chicago';

describe('inboxVehicle', () => {
  it('lists what analyzeTrack over the range lists, and scores the vehicle the same', () => {
    const utc = toDayChunks('v7', generateRandomTrack(7, 10, { vehicleNumber: 'T-7' }));
    const local = localDayChunks(utc, ZONE);
    const days = daysFromTo(local[0]!.day, local.at(-1)!.day);
    const roads = roadsAlong(utc);
    const parts = local.map((c) => dayPart(localDayChunks(utc, ZONE, localDayInterval(c.day, ZONE))[0]!, P, roads));
    const v = { carrierId: 'c1', vehicleId: 'v7', zone: ZONE };
    const got = inboxVehicle(v, parts, P, days)!;

    const whole = { ...v, vehicleNumber: 'T-7', analysis: analyzeTrack(local, P, roads) };
    const expected = scorecard({ ...whole, daysWithData: local.length }, days);
    // The same events; a long stop reaching the range's first or last reading is marked "at least" (cut by the range).
    const [first, last] = [local[0]!.t[0]!, local.at(-1)!.t.at(-1)!];
    expect(got.events).toEqual(
      inboxEvents([whole]).map((e) =>
        e.kind === 'long-stop' && (e.startMs <= first || e.endMs >= last) ? { ...e, atLeast: true } : e,
      ),
    );
    expect(got.events.filter((e) => e.atLeast).length).toBeGreaterThan(0);
    expect(got.events.filter((e) => e.kind === 'long-stop' && !e.atLeast).length).toBeGreaterThan(0);
    // Every kind of the registry: a kind the track never produced would pass unnoticed.
    expect(new Set(got.events.map((e) => e.kind))).toEqual(new Set(EVENT_KINDS));
    const { miles, drivingHours, speedingPer1000Mi, overLimitShare, ...exact } = got.scorecard;
    const { miles: _m, drivingHours: _h, speedingPer1000Mi: _s, overLimitShare: _o, ...expectedExact } = expected;
    expect(exact).toEqual(expectedExact);
    expect(exact.speedingEvents).toBeGreaterThan(0);
    expect(miles).toBeCloseTo(expected.miles, 9);
    expect(drivingHours).toBeCloseTo(expected.drivingHours, 9);
    expect(speedingPer1000Mi!).toBeCloseTo(expected.speedingPer1000Mi!, 9);
    expect(overLimitShare!).toBeCloseTo(expected.overLimitShare!, 9);
  });

  it('a vehicle with no day of readings in the range has no lines', () => {
    expect(inboxVehicle({ carrierId: 'c1', vehicleId: 'v', zone: ZONE }, [], P, ['2026-11-01'])).toBeNull();
  });
});
