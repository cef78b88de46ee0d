import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { trackSeries } from '../../shared/analysis/downsample.ts';
import { DEFAULT_ANALYSIS_PARAMS, resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { downsampleStatusBands } from '../../shared/analysis/status-bands.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import { gpxPieces, type GpxInput, type GpxTrack } from '../../shared/export/gpx.ts';
import { gapRule, isGapBetween, PARKED_RADIUS_METERS, type GapParams } from '../../shared/track/gaps.ts';
import { destinationPoint } from '../../shared/track/geo.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { buildRouteGeoJSON } from '../../renderer/src/map/route-geojson.ts';
import { sampleAt } from '../../renderer/src/playback/interpolate.ts';
import { buildSkipMap } from '../../renderer/src/playback/skip.ts';
import { flattenChunks } from '../../renderer/src/playback/track.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const MORNING = Date.UTC(2026, 4, 1, 6, 0, 0);
const METERS_PER_MILE = 1609.344;
const DEFAULT_GAP: GapParams = { gapSeconds: DEFAULT_ANALYSIS_PARAMS.gapSeconds, parkedGapSeconds: DEFAULT_ANALYSIS_PARAMS.parkedGapSeconds };

const META: GpxInput['meta'] = { carrierName: 'Acme', dotNumber: '1', vehicleNumber: 'TRK-101', vin: '1FUJGLDR9CLBP8834', from: '2026-05-01', to: '2026-05-02', generatedAt: MORNING };

/** One GPX track over every chunk, so a <trkseg> break at midnight can only come from the gap rule. */
const oneTrack = (chunks: readonly DayChunk[]): GpxTrack[] => [{ name: 'all', ranges: chunks.map((chunk) => ({ chunk, start: 0, end: chunk.length })) }];

/** How every place that decides "gap" sees a track: each count should be the number of gaps. */
function gapsEverywhere(chunks: DayChunk[], gap: GapParams = DEFAULT_GAP) {
  const summaries = chunks.map((c) => summarizeDay(c, gap));
  const flat = flattenChunks(chunks);
  let inGapIntervals = 0;
  for (let i = 0; i + 1 < flat.length; i++) if (sampleAt(flat, (flat.t[i]! + flat.t[i + 1]!) / 2, gap)!.inGap) inGapIntervals++;
  const xml = [...gpxPieces({ chunks, meta: META, ...gap, tracks: oneTrack })].join('');
  const bands = downsampleStatusBands(chunks, 4000, gap);
  return {
    summaryGaps: summaries.reduce((n, s) => n + s.gaps, 0),
    summaryOfflineSeconds: summaries.reduce((n, s) => n + s.offlineSeconds, 0),
    events: analyzeTrack(chunks, gap).events.filter((e) => e.kind === 'gap').length,
    offlineBands: bands.filter((b) => b.status === 'OFFLINE').length,
    gpxSegmentBreaks: xml.split('<trkseg>').length - 2,
    seriesBreaks: trackSeries(chunks, 'speed', gap).v.filter(Number.isNaN).length,
    mapGapLines: buildRouteGeoJSON(chunks, { speedingThresholdMph: 70, ...gap }).gaps.features.length,
    playbackInGap: inGapIntervals,
  };
}

const allEqual = (n: number) => ({ summaryGaps: n, events: n, offlineBands: n, gpxSegmentBreaks: n, seriesBreaks: n, mapGapLines: n, playbackInGap: n });

function track(plan: Leg[], startMs = MORNING): DayChunk[] {
  return toDayChunks('veh-1', generateTrack(plan, { startMs }));
}

const drive: Leg = { kind: 'drive', minutes: 30, mph: 55 };

describe('parked silence is not a data gap', () => {
  it('hourly heartbeats of a truck parked ten hours: no gap anywhere, the time stationary', () => {
    const chunks = track([drive, { kind: 'stop', minutes: 600, everySeconds: 3600 }, drive]);
    expect(chunks).toHaveLength(1);
    const seen = gapsEverywhere(chunks);
    expect(seen).toMatchObject({ ...allEqual(0), summaryOfflineSeconds: 0 });
    const s = summarizeDay(chunks[0]!, DEFAULT_GAP);
    // The parked hours (stop plus its closing reading's interval) are stationary, not offline.
    expect(s.stationarySeconds).toBeGreaterThanOrEqual(600 * 60);
    const bandsOfStop = downsampleStatusBands(chunks, 100, { ...DEFAULT_GAP, tStart: MORNING + 31 * 60_000, tEnd: MORNING + 620 * 60_000 });
    expect(bandsOfStop.map((b) => b.status)).toEqual(['STATIONARY']);
    const xml = [...gpxPieces({ chunks, meta: META, ...DEFAULT_GAP })].join('');
    expect(xml.split('<trkseg>').length - 1).toBe(1);
  });

  it('the old threshold alone would have called every heartbeat interval a gap (the rule is what changed)', () => {
    const chunks = track([drive, { kind: 'stop', minutes: 600, everySeconds: 3600 }, drive]);
    const strict = gapsEverywhere(chunks, { gapSeconds: DEFAULT_GAP.gapSeconds, parkedGapSeconds: DEFAULT_GAP.gapSeconds });
    // Ten back-to-back gap intervals: one merged OFFLINE band on the chart.
    expect(strict).toMatchObject({ ...allEqual(10), offlineBands: 1 });
  });

  it('parked silence longer than the parked limit is a gap everywhere', () => {
    const minutes = DEFAULT_GAP.parkedGapSeconds / 60 + 30;
    const chunks = track([drive, { kind: 'silence', minutes }, drive]);
    const seen = gapsEverywhere(chunks);
    expect(seen).toMatchObject(allEqual(1));
    expect(seen.summaryOfflineSeconds).toBe(minutes * 60);
    const event = analyzeTrack(chunks).events.find((e) => e.kind === 'gap');
    expect(event).toMatchObject({ reason: 'silence', durationSeconds: minutes * 60 });
  });

  it('a silent truck that reappears 5 km away is a gap once over the data gap, well short of the parked limit', () => {
    const chunks = track([drive, { kind: 'silence', minutes: 45, movedMiles: 5000 / METERS_PER_MILE, heading: 180 }, drive]);
    expect(gapsEverywhere(chunks)).toMatchObject(allEqual(1));
    // Under the data gap it stays a (sparse) interval, whatever the distance.
    const short = track([drive, { kind: 'silence', minutes: 15, movedMiles: 5000 / METERS_PER_MILE }, drive]);
    expect(gapsEverywhere(short)).toMatchObject(allEqual(0));
  });

  it('silence after a moving reading keeps the data gap rule, parked or not', () => {
    const chunks = track([drive, { kind: 'silence', minutes: 45, status: 'IN_MOTION' }, drive]);
    expect(gapsEverywhere(chunks)).toMatchObject(allEqual(1));
  });

  it('an OFFLINE reading starts a gap however short the silence and wherever the truck is next', () => {
    const chunks = track([drive, { kind: 'offline', minutes: 3 }, drive]);
    const seen = gapsEverywhere(chunks);
    expect(seen).toMatchObject(allEqual(1));
    expect(seen.summaryOfflineSeconds).toBe(180);
    expect(analyzeTrack(chunks).events.find((e) => e.kind === 'gap')).toMatchObject({ reason: 'offline' });
  });

  it.each([
    [PARKED_RADIUS_METERS - 1, 0],
    [PARKED_RADIUS_METERS + 1, 1],
  ])('reappearing %d m from the parked reading after an hour: %d gap', (meters, gaps) => {
    const chunks = track([drive, { kind: 'silence', minutes: 60, movedMiles: meters / METERS_PER_MILE, heading: 45 }, drive]);
    expect(gapsEverywhere(chunks)).toMatchObject(allEqual(gaps));
  });

  it('the radius is great-circle and inclusive at any latitude', () => {
    const rule = gapRule(DEFAULT_GAP);
    const hour = 3_600_000;
    for (const lat of [0, 45, 70]) {
      for (const [meters, gap] of [[PARKED_RADIUS_METERS * 0.999, false], [PARKED_RADIUS_METERS * 1.001, true]] as const) {
        const p = destinationPoint(lat, -100, 90, meters / METERS_PER_MILE);
        expect(isGapBetween(rule, 0, MotionCode.STATIONARY, lat, -100, hour, p.lat, p.lng), `${lat}° ${meters} m`).toBe(gap);
      }
    }
  });

  it('across midnight: heartbeats through the night are no gap, a truck moved overnight is one', () => {
    const evening = Date.UTC(2026, 4, 1, 20, 30, 0);
    const parked = track([drive, { kind: 'stop', minutes: 600, everySeconds: 3600 }, drive], evening);
    expect(parked.map((c) => c.day)).toEqual(['2026-05-01', '2026-05-02']);
    expect(gapsEverywhere(parked)).toMatchObject(allEqual(0));

    // The stop's last evening reading is at 23:30 and the truck is next seen at 00:30, 5 km away.
    const moved = track([drive, { kind: 'stop', minutes: 150, everySeconds: 3600 }, { kind: 'silence', minutes: 60, movedMiles: 5000 / METERS_PER_MILE }, drive], evening);
    expect(moved.map((c) => c.day)).toEqual(['2026-05-01', '2026-05-02']);
    const seen = gapsEverywhere(moved);
    // Per-day summaries leave the midnight interval out by design; every track-wide view sees the gap.
    expect(seen).toMatchObject({ ...allEqual(1), summaryGaps: 0 });
    const event = analyzeTrack(moved).events.find((e) => e.kind === 'gap')!;
    expect(new Date(event.startMs).toISOString()).toBe('2026-05-01T23:30:00.000Z');
    expect(new Date(event.endMs).toISOString()).toBe('2026-05-02T00:30:00.000Z');
  });

  it('playback skips the parked night as idle time without calling it a gap', () => {
    const chunks = track([drive, { kind: 'stop', minutes: 600, everySeconds: 3600 }, drive]);
    const flat = flattenChunks(chunks);
    const skip = buildSkipMap(flat, { gap: DEFAULT_GAP });
    expect(skip.starts.length).toBe(1);
    expect(skip.ends[0]! - skip.starts[0]!).toBeGreaterThanOrEqual(600 * 60_000);
  });
});

describe('parkedGapSeconds', () => {
  it('defaults to two hours and is validated against the data gap', () => {
    expect(resolveAnalysisParams().parkedGapSeconds).toBe(2 * 3600);
    expect(() => resolveAnalysisParams({ parkedGapSeconds: 0 })).toThrow(/parkedGapSeconds must be greater than 0/);
    expect(() => resolveAnalysisParams({ gapSeconds: 3600, parkedGapSeconds: 3599 })).toThrow(/must not be below gapSeconds/);
    expect(resolveAnalysisParams({ gapSeconds: 3600, parkedGapSeconds: 3600 }).parkedGapSeconds).toBe(3600);
  });

  it('a stored summary computed before the parameter existed compares different, so screens recompute it', async () => {
    const { sameSummaryParams, summaryParamsOf } = await import('../../shared/compare/params.ts');
    const [chunk] = track([drive, { kind: 'stop', minutes: 300, everySeconds: 3600 }, drive]);
    const current = summaryParamsOf(DEFAULT_ANALYSIS_PARAMS);
    const { parkedGapSeconds: _p, ...older } = summarizeDay(chunk!, current).params;
    expect(sameSummaryParams(older as typeof current, current)).toBe(false);
    expect(sameSummaryParams(summarizeDay(chunk!).params, current)).toBe(true);
  });
});
