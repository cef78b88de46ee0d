/**
 * Readings whose record lacked speed, direction or status are kept as unknown (NaN, NaN,
 * MotionCode.UNKNOWN) and the analysis never counts them as zero (docs/analysis.md, "Unknown
 * values"). Tracks are generated with their truth known by construction (test/support/tracks.ts):
 * a 60-minute drive at 60 mph is 60 miles and 3,600 s of moving time whatever the records left out.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { dailySpeedBands } from '../../shared/analysis/day-bands.ts';
import { isPackedDayPart, packDayPart, unpackDayPart } from '../../shared/analysis/day-part-pack.ts';
import { dayPart } from '../../shared/analysis/day-parts.ts';
import { downsampleStatusBands, lttb, m4, trackSeries } from '../../shared/analysis/downsample.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import { buildTrackOverview, overviewRouteGeoJSON } from '../../shared/map/overview.ts';
import { buildRouteGeoJSON, speedClass } from '../../shared/map/route-geojson.ts';
import { headingBetween, sampleAt } from '../../shared/playback/interpolate.ts';
import { buildSkipMap } from '../../shared/playback/skip.ts';
import { buildDayChunk, chunkPoints } from '../../shared/track/day-chunk.ts';
import {
  DEFAULT_GAP_PARAMS,
  gapRule,
  Interval,
  intervalBetween,
  readingMotion,
  ReadingMotion,
} from '../../shared/track/gaps.ts';
import { speedingEvents, summarizeDay } from '../../shared/track/summary.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { expectJoinedEqualsWhole } from '../support/day-parts.ts';
import { generateTrack, type Leg } from '../support/tracks.ts';

const T0 = Date.UTC(2026, 4, 4, 8);
const DAY = '2026-05-04';
const P = resolveAnalysisParams({});
const ROUTE = { ...DEFAULT_GAP_PARAMS, speedingThresholdMph: P.speedingThresholdMph };

/** Parked 30 min, a drive, parked 30 min (STATIONARY readings every 5 min, then a closing reading). */
const plan = (drive: Leg[]): Leg[] => [{ kind: 'stop', minutes: 30 }, ...drive, { kind: 'stop', minutes: 30 }];

/** The drive's readings (IN_MOTION by construction) with what `blank` leaves out of their records. */
function track(drive: Leg[], blank: (p: Breadcrumb, k: number) => Partial<Breadcrumb>): DayChunk {
  let k = 0;
  const points = generateTrack(plan(drive), { startMs: T0 }).map((p) =>
    p.status === 'IN_MOTION' ? { ...p, ...blank(p, k++) } : p,
  );
  return buildDayChunk('v1', DAY, points);
}

const nothingKnown = () => ({ speed: NaN, direction: NaN, status: null });

describe('the interval rule with unknown speed or status', () => {
  const rule = gapRule();
  // 1 mile due east at 40° N in 60 s: an implied 60 mph; 1e-5° in 60 s: under a mph.
  const east = 1 / (69.0934 * Math.cos((40 * Math.PI) / 180));
  const at = (status: number, speed: number, dLng: number) =>
    intervalBetween(rule, 0, status, speed, 40, -100, 60_000, 40, -100 + dLng);

  it('an unknown speed with a status that allows motion moves exactly when the positions say so', () => {
    for (const status of [MotionCode.IN_MOTION, MotionCode.UNKNOWN]) {
      expect(at(status, NaN, east)).toBe(Interval.MOVING);
      expect(at(status, NaN, 1e-5)).toBe(Interval.STOPPED);
      expect(at(status, NaN, 0)).toBe(Interval.STOPPED);
    }
  });

  it('an unknown status with a known speed moves iff the speed is above the stop speed; STATIONARY and OFFLINE never move', () => {
    expect(at(MotionCode.UNKNOWN, 55, east)).toBe(Interval.MOVING);
    expect(at(MotionCode.UNKNOWN, P.stopSpeedMph, east)).toBe(Interval.STOPPED);
    expect(at(MotionCode.UNKNOWN, P.stopSpeedMph + 0.1, 0)).toBe(Interval.MOVING);
    for (const speed of [NaN, 55]) {
      expect(at(MotionCode.STATIONARY, speed, east)).toBe(Interval.STOPPED);
      expect(at(MotionCode.OFFLINE, speed, 1e-5)).toBe(Interval.STOPPED);
      // OFFLINE across more than 250 m is a gap, with or without a speed (the rule as before).
      expect(at(MotionCode.OFFLINE, speed, east)).toBe(Interval.GAP);
    }
    expect(readingMotion(MotionCode.UNKNOWN, NaN, 3)).toBe(ReadingMotion.UNDECIDED);
    expect(readingMotion(7, 55, 3)).toBe(ReadingMotion.STOPPED);
  });

  it('an unknown status is never OFFLINE: 25 silent minutes across 20 miles is a silence gap, not an offline one', () => {
    const far = intervalBetween(rule, 0, MotionCode.UNKNOWN, NaN, 40, -100, 25 * 60_000, 40, -100 + 20 * east);
    expect(far).toBe(Interval.GAP);
    // 10 minutes and 10 miles: OFFLINE would be a gap; unknown moves at its implied 60 mph.
    const near = intervalBetween(rule, 0, MotionCode.UNKNOWN, NaN, 40, -100, 10 * 60_000, 40, -100 + 10 * east);
    expect(near).toBe(Interval.MOVING);
    const offline = intervalBetween(rule, 0, MotionCode.OFFLINE, NaN, 40, -100, 10 * 60_000, 40, -100 + 10 * east);
    expect(offline).toBe(Interval.GAP);
  });
});

describe('a truck driving with no speed, direction or status in its records', () => {
  const drive: Leg[] = [{ kind: 'drive', minutes: 60, mph: 60 }];
  const known = track(drive, () => ({}));
  const blind = track(drive, nothingKnown);

  it('keeps its distance and moving time: the same as with every field known', () => {
    const s = summarizeDay(blind);
    expect(s.movingSeconds).toBe(3600);
    expect(s.distanceMiles).toBeCloseTo(60, 4);
    expect(s.offlineSeconds).toBe(0);
    expect(s.distanceMiles).toBeCloseTo(summarizeDay(known).distanceMiles, 9);
    const a = analyzeTrack([blind], P);
    expect(a.trips).toHaveLength(1);
    expect(a.trips[0]!.movingSeconds).toBe(3600);
    expect(a.trips[0]!.distanceMiles).toBeCloseTo(60, 4);
    expect(a.trips[0]!.avgSpeedMph).toBeCloseTo(60, 3);
    expect(a.totals.movingSeconds).toBe(3600);
  });

  it('has no speeding from unknowns; max speed is the highest known one, NaN (unknown) when none is known', () => {
    const fast = track([{ kind: 'drive', minutes: 60, mph: 90 }], nothingKnown);
    expect(speedingEvents(fast)).toEqual([]);
    expect(summarizeDay(fast).speedingEvents).toBe(0);
    // The parked readings' 0 mph is the one known speed of the day, and of the trip (it ends at a parked reading).
    expect(summarizeDay(fast).maxSpeedMph).toBe(0);
    const a = analyzeTrack([fast], P);
    expect(a.events.filter((e) => e.kind === 'speeding')).toEqual([]);
    expect(a.trips[0]!.maxSpeedMph).toBe(0);
    expect(a.trips[0]!.distanceMiles).toBeCloseTo(90, 4);
    // No speed anywhere: the trip's max is unknown, the day's 0 ("none known", so days still combine by max).
    const none = buildDayChunk(
      'v1',
      DAY,
      [...chunkPoints(fast)].map((p) => ({ ...p, speed: NaN })),
    );
    expect(analyzeTrack([none], P).trips[0]!.maxSpeedMph).toBeNaN();
    expect(analyzeTrack([none], P).trips[0]!.movingSeconds).toBe(3600);
    expect(summarizeDay(none).maxSpeedMph).toBe(0);
  });

  it('shows as moving in the status bands, never as offline or stopped for being unknown', () => {
    const bands = downsampleStatusBands([blind], 120);
    const driving = bands.filter((b) => b.startMs < T0 + 90 * 60_000 && b.endMs > T0 + 30 * 60_000);
    expect(driving.map((b) => b.status)).toEqual(['IN_MOTION']);
    expect(bands.map((b) => b.status)).toEqual(['STATIONARY', 'IN_MOTION', 'STATIONARY']);
  });

  it('is drawn in the "unknown" speed class, never "slow", on the full route and the overviews', () => {
    expect(speedClass(NaN, 70)).toBe('unknown');
    const route = buildRouteGeoJSON([blind], ROUTE);
    const classes = route.route.features.map((f) => f.properties.c);
    // Parked (0 mph: slow), the drive (no speed: unknown), parked again.
    expect(classes).toEqual(['slow', 'unknown', 'slow']);
    const overview = buildTrackOverview(blind, ROUTE);
    for (const level of overview.levels) {
      const drawn = overviewRouteGeoJSON([level], ROUTE).route.features.map((f) => f.properties.c);
      expect(new Set(drawn)).toEqual(new Set(classes));
    }
  });

  it('plays back with its speed, heading and status unknown, and is not skipped as idle', () => {
    const mid = T0 + 60 * 60_000 + 30_000;
    const s = sampleAt(blind, mid, {});
    expect(s!.speed).toBeNaN();
    expect(s!.heading).toBeNaN();
    expect(s!.status).toBe(MotionCode.UNKNOWN);
    expect(s!.inGap).toBe(false);
    // Between a reading with a heading and one without, the known heading holds; none known stays unknown.
    expect([headingBetween(NaN, 90, 0.5), headingBetween(270, NaN, 0.5), headingBetween(NaN, NaN, 0.5)]).toEqual([
      90,
      270,
      NaN,
    ]);
    const skip = buildSkipMap(blind, { gap: {} });
    for (let k = 0; k < skip.starts.length; k++)
      expect(skip.ends[k]! <= T0 + 30 * 60_000 || skip.starts[k]! >= T0 + 90 * 60_000).toBe(true);
  });

  it('is one more day for the inbox: its packed part keeps the unknown code and speed, and joins as analyzeTrack', () => {
    const part = dayPart(blind, P);
    expect(part.first!.status).toBe(MotionCode.STATIONARY);
    const edgeDay = buildDayChunk('v1', DAY, [
      { ...generateTrack([{ kind: 'drive', minutes: 2, mph: 50 }], { startMs: T0 })[0]!, speed: NaN, status: null },
      ...generateTrack([{ kind: 'stop', minutes: 10 }], { startMs: T0 + 60_000 }),
    ]);
    const edges = dayPart(edgeDay, P);
    expect(edges.first!.status).toBe(MotionCode.UNKNOWN);
    const packed = packDayPart(edges);
    expect(isPackedDayPart(packed)).toBe(true);
    const back = unpackDayPart('v1', packed);
    expect(back.first!.status).toBe(MotionCode.UNKNOWN);
    expect(back.first!.speed).toBeNaN();
    expect(back).toEqual(edges);
  });
});

describe('a drive whose known speeds are lower than its unknown stretch', () => {
  // 30 min at 50 mph with speeds, then 30 min at 90 mph with none: 25 + 45 = 70 miles.
  const mixed = track([{ kind: 'drive', minutes: 60, mph: 50 }], () => ({}));
  const points = generateTrack(
    plan([
      { kind: 'drive', minutes: 30, mph: 50 },
      { kind: 'drive', minutes: 30, mph: 90 },
    ]),
    { startMs: T0 },
  ).map((p) => (p.speed === 90 ? { ...p, speed: NaN, direction: NaN } : p));
  const chunk = buildDayChunk('v1', DAY, points);

  it('counts the whole distance and moving time; max speed is the highest known, and nothing is speeding', () => {
    expect(mixed.length).toBeGreaterThan(60);
    const s = summarizeDay(chunk);
    expect(s.movingSeconds).toBe(3600);
    expect(s.distanceMiles).toBeCloseTo(70, 4);
    expect(s.maxSpeedMph).toBe(50);
    expect(s.speedingEvents).toBe(0);
    const a = analyzeTrack([chunk], P);
    expect(a.trips.map((t) => [t.maxSpeedMph, Math.round(t.distanceMiles * 1000) / 1000])).toEqual([[50, 70]]);
    expect(a.events.filter((e) => e.kind === 'speeding')).toEqual([]);
  });

  it('a speeding run is only what known readings show: an unknown reading ends it', () => {
    const over = generateTrack(plan([{ kind: 'drive', minutes: 10, mph: 80 }]), { startMs: T0 }).map((p, k) =>
      p.status === 'IN_MOTION' && k === 10 ? { ...p, speed: NaN } : p,
    );
    const runs = speedingEvents(buildDayChunk('v1', DAY, over));
    // Readings 6..9 (4 min) before the unknown one, 11..15 (4 min) after it.
    expect(runs.map((r) => [r.readings, r.seconds, r.maxMph])).toEqual([
      [4, 180, 80],
      [5, 240, 80],
    ]);
  });

  it('day bands: min and mean over the known speeds only (never NaN, never pulled to 0), max the summary’s', () => {
    const [band] = dailySpeedBands([chunk], 'UTC', DEFAULT_GAP_PARAMS);
    expect(band!.minMph).toBe(50);
    expect(band!.avgMph).toBeCloseTo(50, 9);
    expect(band!.maxMph).toBe(50);
    expect(band!.movingSeconds).toBe(3600);
  });

  it('chart downsampling leaves the unknown stretch undrawn: every value is a known speed or a break', () => {
    const series = trackSeries([chunk]);
    const known = new Set([0, 50]);
    for (const reduced of [lttb(series.t, series.v, 20), m4(series.t, series.v, 10)]) {
      const values = [...reduced.v];
      expect(values.some(Number.isNaN)).toBe(true);
      expect(values.filter((v) => !Number.isNaN(v)).every((v) => known.has(v))).toBe(true);
    }
  });

  it('joined day parts equal analyzeTrack over a range with unknowns across midnight', () => {
    const night = generateTrack(
      [
        { kind: 'drive', minutes: 90, mph: 55 },
        { kind: 'stop', minutes: 30 },
      ],
      { startMs: Date.UTC(2026, 4, 4, 23, 15) },
    ).map((p, k) => (k % 3 === 0 ? { ...p, speed: NaN, status: null } : p));
    const days = ['2026-05-04', '2026-05-05'].map((d) => buildDayChunk('v1', d, night));
    const { whole } = expectJoinedEqualsWhole(days, 'UTC', P);
    expect(whole.totals.movingSeconds).toBe(90 * 60);
  });
});
