/**
 * The analysis on real GPS recordings (../shared/realdata), downloaded the way
 * the app and the CLI download: the real API client and sync engine over HTTP
 * from a loopback server serving the traces with their days shifted into the
 * history window. Readings are named by their recorded time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/index.ts';
import { syncVehicleHistory } from '../../electron/node/sync/index.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { AnalysisParams, TrackAnalysis } from '../../shared/analysis/types.ts';
import { csvLines, parseCsv } from '../../shared/export/csv.ts';
import { gapRule, Interval, intervalBetween } from '../../shared/track/gaps.ts';
import { haversineMiles } from '../../shared/track/geo.ts';
import { summarizeDay, summaryParamsOf } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { loadTrace, shiftedMs, traceChunks, type RealTrace } from '../support/realdata.ts';
import { startRealdataServer, type RealdataServer } from '../support/realdata-server.ts';

const TODAY = dayOfMs(Date.now());
const YESTERDAY = addDays(TODAY, -1);
const METERS_PER_MILE = 1609.344;

let server: RealdataServer;
const dg100 = loadTrace('dg100-ontario', YESTERDAY);
const iblue = loadTrace('iblue747-leipzig', YESTERDAY);
const downloaded = new Map<string, DayChunk[]>();

async function download(trace: RealTrace): Promise<DayChunk[]> {
  const client = createApiClient({
    baseUrl: server.baseUrl,
    providerKey: server.providerKey,
    companyKey: server.companyKey,
  });
  const chunks: DayChunk[] = [];
  const result = await syncVehicleHistory({
    client,
    vehicleId: trace.vehicleId,
    from: trace.from,
    to: trace.to,
    today: TODAY,
    have: () => 'missing',
    onDay: ({ chunk }) => void chunks.push(chunk),
  });
  expect(result.rejected).toBe(0);
  return chunks.filter((c) => c.length > 0).sort((a, b) => (a.day < b.day ? -1 : 1));
}

beforeAll(async () => {
  server = await startRealdataServer([dg100, iblue]);
  for (const t of [dg100, iblue]) downloaded.set(t.name, await download(t));
});
afterAll(() => server.close());

const chunksOf = (t: RealTrace) => downloaded.get(t.name)!;

/** Readings over the limit inside a speeding event, counted on the downloaded chunks (outliers excluded). */
function readingsOver(
  chunks: readonly DayChunk[],
  startMs: number,
  endMs: number,
  limit: number,
  outlierTimes: ReadonlySet<number>,
): number {
  let n = 0;
  for (const c of chunks)
    for (let i = 0; i < c.length; i++)
      if (c.t[i]! >= startMs && c.t[i]! <= endMs && c.speed[i]! > limit && !outlierTimes.has(c.t[i]!)) n++;
  return n;
}

/** Times of the readings the breadcrumb CSV flags as outliers. */
function outlierTimes(chunks: readonly DayChunk[], params: AnalysisParams): Set<number> {
  const rows = parseCsv([...csvLines(chunks, { maxPlausibleMph: params.maxPlausibleMph })].join('')).slice(1);
  return new Set(rows.filter((r) => r[10] === 'true').map((r) => Date.parse(r[1]!)));
}

/** Moving time of the intervals that cross midnight: the day summaries leave them out by design, the analysis counts them. */
function midnightMovingSeconds(analysis: TrackAnalysis, chunks: readonly DayChunk[], params: AnalysisParams): number {
  const rule = gapRule(params);
  const outliers = outlierTimes(chunks, params);
  const kept = chunks.map((c) => [...c.t.keys()].filter((i) => !outliers.has(c.t[i]!)).map((i) => ({ c, i })));
  let s = 0;
  for (let k = 1; k < kept.length; k++) {
    const a = kept[k - 1]!.at(-1);
    const b = kept[k]![0];
    if (!a || !b) continue;
    const state = intervalBetween(
      rule,
      a.c.t[a.i]!,
      a.c.status[a.i]!,
      a.c.speed[a.i]!,
      a.c.lat[a.i]!,
      a.c.lng[a.i]!,
      b.c.t[b.i]!,
      b.c.lat[b.i]!,
      b.c.lng[b.i]!,
    );
    if (state === Interval.MOVING) s += (b.c.t[b.i]! - a.c.t[a.i]!) / 1000;
  }
  expect(analysis.params).toEqual(params);
  return s;
}

function expectHonestFigures(trace: RealTrace, params: AnalysisParams) {
  const chunks = chunksOf(trace);
  const a = analyzeTrack(chunks, params);
  const summaries = chunks.map((c) => summarizeDay(c, summaryParamsOf(params)));
  for (const trip of a.trips) {
    expect(trip.avgSpeedMph, `${trace.name} trip ${trip.id}`).toBeLessThanOrEqual(trip.maxSpeedMph);
    expect(trip.maxSpeedMph).toBeLessThanOrEqual(params.maxPlausibleMph);
    expect(trip.movingSeconds).toBeLessThanOrEqual(trip.durationSeconds);
  }
  for (const s of summaries) expect(s.maxSpeedMph).toBeLessThanOrEqual(params.maxPlausibleMph);
  const outliers = outlierTimes(chunks, params);
  for (const e of a.events) {
    if (e.kind !== 'speeding') continue;
    expect(e.peakSpeedMph).toBeLessThanOrEqual(params.maxPlausibleMph);
    expect(
      readingsOver(chunks, e.startMs, e.endMs, params.speedingThresholdMph, outliers),
      `${trace.name} event at ${new Date(e.startMs).toISOString()}`,
    ).toBeGreaterThanOrEqual(2);
    expect(e.durationSeconds).toBeGreaterThanOrEqual(params.speedingMinSeconds);
  }
  // One moving time: the day summaries' sum is the trips' plus the moving time outside trips (less the midnight hops the summaries leave out).
  const summaryMoving = summaries.reduce((x, s) => x + s.movingSeconds, 0);
  const tripsMoving = a.trips.reduce((x, t) => x + t.movingSeconds, 0);
  expect(summaryMoving + midnightMovingSeconds(a, chunks, params)).toBeCloseTo(
    tripsMoving + a.totals.movingSecondsOutsideTrips,
    6,
  );
  expect(a.totals.outliers).toBe(summaries.reduce((x, s) => x + s.outliers, 0));
  return { a, summaries };
}

describe('real traces through the API client and sync engine', () => {
  it('download every reading of both traces, unchanged', () => {
    for (const t of [dg100, iblue]) {
      const mine = chunksOf(t);
      expect(mine.reduce((n, c) => n + c.length, 0)).toBe(t.records.length);
      expect(mine.map((c) => [...c.id])).toEqual(traceChunks(t).map((c) => [...c.id]));
    }
  });

  it('dg100: the halts after 19:57:22, 21:40:22 and 23:05:23 on 2020-02-14 are stops that split the drive into separate trips', () => {
    const { a } = expectHonestFigures(dg100, { ...DEFAULT_ANALYSIS_PARAMS });
    const chunks = chunksOf(dg100);
    const halts = [
      // last reading (still IN_MOTION above the stop speed), next reading, metres apart
      ['2020-02-14T19:57:22Z', '2020-02-14T20:52:00Z', 15.6],
      ['2020-02-14T21:40:22Z', '2020-02-14T22:24:32Z', 6.6],
      ['2020-02-14T23:05:23Z', '2020-02-14T23:26:35Z', 9.5],
    ] as const;
    for (const [last, next, metres] of halts) {
      const from = shiftedMs(dg100, last);
      const to = shiftedMs(dg100, next);
      const c = chunks.find((x) => x.t.includes(from))!;
      const i = c.t.indexOf(from);
      expect(c.t[i + 1]).toBe(to);
      expect(c.status[i]).toBe(0);
      expect(c.speed[i]).toBeGreaterThan(DEFAULT_ANALYSIS_PARAMS.stopSpeedMph);
      expect(haversineMiles(c.lat[i]!, c.lng[i]!, c.lat[i + 1]!, c.lng[i + 1]!) * METERS_PER_MILE).toBeCloseTo(
        metres,
        0,
      );
      // A stop covering the whole silence, a trip ending where it begins and another starting after it; no gap there.
      expect(
        a.stops.some((s) => s.startMs <= from && s.endMs >= to),
        last,
      ).toBe(true);
      expect(
        a.trips.some((t) => t.endMs === from),
        `a trip ends at ${last}`,
      ).toBe(true);
      expect(
        a.trips.some((t) => t.startMs >= to && t.startMs - to < 3_600_000),
        `a trip starts after ${next}`,
      ).toBe(true);
      expect(a.events.some((e) => e.kind === 'gap' && e.startMs < to && e.endMs > from)).toBe(false);
      expect(a.trips.some((t) => t.startMs < from && t.endMs > to)).toBe(false);
    }
    // The 4.3-hour "trip" of 18:04 to 22:25 is now three trips and part of a fourth.
    const evening = a.trips.filter(
      (t) =>
        t.startMs >= shiftedMs(dg100, '2020-02-14T18:00:00Z') && t.endMs <= shiftedMs(dg100, '2020-02-15T01:00:00Z'),
    );
    expect(evening).toHaveLength(4);
  });

  it('dg100: the position jump at 17:40:48 on 2020-02-15 (135 m in one second) is the one outlier, flagged in the CSV and measured by nothing', () => {
    const params = { ...DEFAULT_ANALYSIS_PARAMS };
    const chunks = chunksOf(dg100);
    const jump = shiftedMs(dg100, '2020-02-15T17:40:48Z');
    expect([...outlierTimes(chunks, params)]).toEqual([jump]);
    const { a, summaries } = expectHonestFigures(dg100, params);
    expect(a.totals.outliers).toBe(1);
    expect(summaries.find((s) => s.day === dayOfMs(jump))!.outliers).toBe(1);
    // The reading before it, one second earlier, is 135 m away: a 302 mph hop that no figure contains.
    const c = chunks.find((x) => x.t.includes(jump))!;
    const i = c.t.indexOf(jump);
    expect(c.t[i]! - c.t[i - 1]!).toBe(1000);
    const hopMph = haversineMiles(c.lat[i - 1]!, c.lng[i - 1]!, c.lat[i]!, c.lng[i]!) * 3600;
    expect(hopMph).toBeGreaterThan(300);
    // Both neighbours of the outlier agree with each other, so no gap is left where it was.
    expect(a.events.filter((e) => e.kind === 'gap')).toEqual([]);
  });

  it('iblue747: the parked jitter (27 IN_MOTION readings up to 3.0 mph before 11:30) is no moving time, and the drive is one trip of 67 km', () => {
    const params = { ...DEFAULT_ANALYSIS_PARAMS };
    const [chunk] = chunksOf(iblue);
    const parkedUntil = shiftedMs(iblue, '2005-05-01T11:30:00Z');
    const jitter = [...chunk!.t.keys()].filter((i) => chunk!.t[i]! < parkedUntil && chunk!.status[i] === 0);
    expect(jitter).toHaveLength(27);
    expect(Math.max(...jitter.map((i) => chunk!.speed[i]!))).toBe(3);
    const { a, summaries } = expectHonestFigures(iblue, params);
    // The parked morning is one stop from the first reading; before, its jitter was 38 min of "moving".
    expect(a.stops[0]).toMatchObject({ startMs: shiftedMs(iblue, '2005-05-01T10:12:47Z') });
    expect(a.stops[0]!.endMs).toBeGreaterThanOrEqual(shiftedMs(iblue, '2005-05-01T11:29:18Z'));
    const rule = gapRule(params);
    let jitterMoving = 0;
    for (const i of jitter)
      if (
        intervalBetween(
          rule,
          chunk!.t[i]!,
          chunk!.status[i]!,
          chunk!.speed[i]!,
          chunk!.lat[i]!,
          chunk!.lng[i]!,
          chunk!.t[i + 1]!,
          chunk!.lat[i + 1]!,
          chunk!.lng[i + 1]!,
        ) === Interval.MOVING
      )
        jitterMoving++;
    expect(jitterMoving).toBe(0);
    expect(a.trips).toHaveLength(1);
    expect(a.trips[0]!.distanceMiles * METERS_PER_MILE).toBeGreaterThan(66_000);
    expect(a.trips[0]!.distanceMiles * METERS_PER_MILE).toBeLessThan(68_000);
    expect(summaries[0]!.movingSeconds).toBe(a.trips[0]!.movingSeconds + a.totals.movingSecondsOutsideTrips);
  });

  it.each([30, 45, 55])(
    'both traces at a %i mph limit: every speeding event has at least two readings over the limit, avg ≤ max for every trip, one moving time',
    (limit) => {
      let events = 0;
      for (const t of [dg100, iblue]) {
        const { a } = expectHonestFigures(t, { ...DEFAULT_ANALYSIS_PARAMS, speedingThresholdMph: limit });
        events += a.events.filter((e) => e.kind === 'speeding').length;
      }
      // The limits are low enough for the assertions to bite.
      expect(events).toBeGreaterThan(5);
    },
  );

  it('a plausible maximum of 80 mph makes the fastest dg100 readings (81.2 mph) outliers, and nothing measured exceeds it', () => {
    const params = { ...DEFAULT_ANALYSIS_PARAMS, maxPlausibleMph: 80 };
    const chunks = chunksOf(dg100);
    const over = chunks.reduce((n, c) => n + [...c.speed].filter((v) => v > 80).length, 0);
    expect(over).toBeGreaterThan(0);
    const { a } = expectHonestFigures(dg100, params);
    expect(a.totals.outliers).toBeGreaterThanOrEqual(over);
  });
});
