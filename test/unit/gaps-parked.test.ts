import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { trackSeries } from '../../shared/analysis/downsample.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { downsampleStatusBands } from '../../shared/analysis/status-bands.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import { gpxPieces, type GpxInput, type GpxTrack } from '../../shared/export/gpx.ts';
import { gapParamsOf, gapRule, isGapBetween, PARKED_RADIUS_METERS, type GapParams } from '../../shared/track/gaps.ts';
import { destinationPoint } from '../../shared/track/geo.ts';
import { isCurrentSummary, summarizeDay, summaryParamsOf } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { buildRouteGeoJSON } from '../../shared/map/route-geojson.ts';
import { sampleAt } from '../../shared/playback/interpolate.ts';
import { buildSkipMap } from '../../shared/playback/skip.ts';
import { flattenChunks } from '../../shared/playback/track.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const MORNING = Date.UTC(2026, 4, 1, 6, 0, 0);
const METERS_PER_MILE = 1609.344;
const DEFAULT_GAP: GapParams = gapParamsOf(DEFAULT_ANALYSIS_PARAMS);

const META: GpxInput['meta'] = {
  carrierName: 'Acme',
  dotNumber: '1',
  vehicleNumber: 'TRK-101',
  vin: '1FUJGLDR9CLBP8834',
  from: '2026-05-01',
  to: '2026-05-02',
  generatedAt: MORNING,
};

/** One GPX track over every chunk, so a <trkseg> break at midnight can only come from the gap rule. */
const oneTrack = (chunks: readonly DayChunk[]): GpxTrack[] => [
  { name: 'all', ranges: chunks.map((chunk) => ({ chunk, start: 0, end: chunk.length })) },
];

/** How every place that decides "gap" sees a track: each count should be the number of gaps. */
function gapsEverywhere(chunks: DayChunk[], gap: GapParams = DEFAULT_GAP) {
  const summaries = chunks.map((c) => summarizeDay(c, gap));
  const flat = flattenChunks(chunks);
  let inGapIntervals = 0;
  for (let i = 0; i + 1 < flat.length; i++)
    if (sampleAt(flat, (flat.t[i]! + flat.t[i + 1]!) / 2, gap)!.inGap) inGapIntervals++;
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

const allEqual = (n: number) => ({
  summaryGaps: n,
  events: n,
  offlineBands: n,
  gpxSegmentBreaks: n,
  seriesBreaks: n,
  mapGapLines: n,
  playbackInGap: n,
});

function track(plan: Leg[], startMs = MORNING): DayChunk[] {
  return toDayChunks('veh-1', generateTrack(plan, { startMs }));
}

const drive: Leg = { kind: 'drive', minutes: 30, mph: 55 };

describe('a silence that ends where it began is a stop, never a data gap', () => {
  it('hourly heartbeats of a truck parked ten hours: no gap anywhere, the time stationary', () => {
    const chunks = track([drive, { kind: 'stop', minutes: 600, everySeconds: 3600 }, drive]);
    expect(chunks).toHaveLength(1);
    const seen = gapsEverywhere(chunks);
    expect(seen).toMatchObject({ ...allEqual(0), summaryOfflineSeconds: 0 });
    const s = summarizeDay(chunks[0]!, DEFAULT_GAP);
    // The parked hours (stop plus its closing reading's interval) are stationary, not offline.
    expect(s.stationarySeconds).toBeGreaterThanOrEqual(600 * 60);
    const bandsOfStop = downsampleStatusBands(chunks, 100, {
      ...DEFAULT_GAP,
      tStart: MORNING + 31 * 60_000,
      tEnd: MORNING + 620 * 60_000,
    });
    expect(bandsOfStop.map((b) => b.status)).toEqual(['STATIONARY']);
    const xml = [...gpxPieces({ chunks, meta: META, ...DEFAULT_GAP })].join('');
    expect(xml.split('<trkseg>').length - 1).toBe(1);
  });

  it.each(['STATIONARY', 'IN_MOTION', 'OFFLINE'] as const)(
    'eleven silent hours after a %s reading, the truck found where it was: a stop (and a long stop), no gap anywhere',
    (status) => {
      const chunks = track([drive, { kind: 'silence', minutes: 660, status }, drive]);
      const seen = gapsEverywhere(chunks);
      expect(seen).toMatchObject({ ...allEqual(0), summaryOfflineSeconds: 0 });
      const { stops, events, trips } = analyzeTrack(chunks);
      const silenceStart = MORNING + 30 * 60_000;
      expect(stops.map((x) => [x.startMs, x.durationSeconds])).toEqual([[silenceStart, 660 * 60]]);
      expect(events.filter((e) => e.kind === 'long-stop').map((e) => e.startMs)).toEqual([silenceStart]);
      // The drive before and the drive after are two trips.
      expect(trips.map((t) => [t.startMs, t.endMs])).toEqual([
        [MORNING, silenceStart],
        [silenceStart + 660 * 60_000, silenceStart + 690 * 60_000],
      ]);
    },
  );

  it('a silent truck that reappears 5 km away is a gap once over the data gap', () => {
    const chunks = track([
      drive,
      { kind: 'silence', minutes: 45, movedMiles: 5000 / METERS_PER_MILE, heading: 180 },
      drive,
    ]);
    expect(gapsEverywhere(chunks)).toMatchObject(allEqual(1));
    // Under the data gap it stays a (sparse) interval, whatever the distance.
    const short = track([drive, { kind: 'silence', minutes: 15, movedMiles: 5000 / METERS_PER_MILE }, drive]);
    expect(gapsEverywhere(short)).toMatchObject(allEqual(0));
  });

  it('an OFFLINE reading starts a gap however short the silence when the truck moved, and none when it did not', () => {
    const chunks = track([drive, { kind: 'silence', minutes: 3, status: 'OFFLINE', movedMiles: 2 }, drive]);
    const seen = gapsEverywhere(chunks);
    expect(seen).toMatchObject(allEqual(1));
    expect(seen.summaryOfflineSeconds).toBe(180);
    expect(analyzeTrack(chunks).events.find((e) => e.kind === 'gap')).toMatchObject({ reason: 'offline' });
    expect(gapsEverywhere(track([drive, { kind: 'offline', minutes: 3 }, drive]))).toMatchObject({
      ...allEqual(0),
      summaryOfflineSeconds: 0,
    });
  });

  it('a position jump the next readings confirm is a gap everywhere, reason "jump"', () => {
    // Six seconds of silence and 5 miles on: 3,000 mph, then driving on from there.
    const chunks = track([drive, { kind: 'silence', minutes: 0.1, status: 'IN_MOTION', movedMiles: 5 }, drive]);
    expect(gapsEverywhere(chunks)).toMatchObject(allEqual(1));
    expect(analyzeTrack(chunks).events.find((e) => e.kind === 'gap')).toMatchObject({
      reason: 'jump',
      miles: expect.closeTo(5, 6),
    });
  });

  it.each([
    [PARKED_RADIUS_METERS - 1, 0],
    [PARKED_RADIUS_METERS + 1, 1],
  ])('reappearing %d m from the parked reading after an hour: %d gap', (meters, gaps) => {
    const chunks = track([
      drive,
      { kind: 'silence', minutes: 60, movedMiles: meters / METERS_PER_MILE, heading: 45 },
      drive,
    ]);
    expect(gapsEverywhere(chunks)).toMatchObject(allEqual(gaps));
  });

  it('the radius is great-circle and inclusive at any latitude', () => {
    const rule = gapRule(DEFAULT_GAP);
    const hour = 3_600_000;
    for (const lat of [0, 45, 70]) {
      for (const [meters, gap] of [
        [PARKED_RADIUS_METERS * 0.999, false],
        [PARKED_RADIUS_METERS * 1.001, true],
      ] as const) {
        const p = destinationPoint(lat, -100, 90, meters / METERS_PER_MILE);
        expect(isGapBetween(rule, 0, MotionCode.STATIONARY, lat, -100, hour, p.lat, p.lng), `${lat}° ${meters} m`).toBe(
          gap,
        );
      }
    }
  });

  it('across midnight: heartbeats through the night are no gap, a truck moved overnight is one', () => {
    const evening = Date.UTC(2026, 4, 1, 20, 30, 0);
    const parked = track([drive, { kind: 'stop', minutes: 600, everySeconds: 3600 }, drive], evening);
    expect(parked.map((c) => c.day)).toEqual(['2026-05-01', '2026-05-02']);
    expect(gapsEverywhere(parked)).toMatchObject(allEqual(0));

    // The stop's last evening reading is at 23:30 and the truck is next seen at 00:30, 5 km away.
    const moved = track(
      [
        drive,
        { kind: 'stop', minutes: 150, everySeconds: 3600 },
        { kind: 'silence', minutes: 60, movedMiles: 5000 / METERS_PER_MILE },
        drive,
      ],
      evening,
    );
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

describe('stored summaries of older rules', () => {
  it('a summary stored before the current rules, or with other parameters, is not current, so every reader recomputes it', () => {
    const [chunk] = track([drive, { kind: 'stop', minutes: 300, everySeconds: 3600 }, drive]);
    const current = summaryParamsOf(DEFAULT_ANALYSIS_PARAMS);
    const fresh = summarizeDay(chunk!);
    expect(isCurrentSummary(fresh, current)).toBe(true);
    // As the previous version stored it: no rule version, its params with the parked gap and without the new fields.
    const { rule: _r, ...withoutRule } = fresh;
    expect(isCurrentSummary(withoutRule, current)).toBe(false);
    const olderParams = { speedingThresholdMph: 70, speedingMinSeconds: 60, gapSeconds: 1200, parkedGapSeconds: 7200 };
    expect(isCurrentSummary({ params: olderParams as never, rule: fresh.rule }, current)).toBe(false);
    expect(isCurrentSummary(fresh, { ...current, maxPlausibleMph: 120 })).toBe(false);
  });
});
