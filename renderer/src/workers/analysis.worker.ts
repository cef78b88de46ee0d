import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { dailySpeedBands } from '../../../shared/analysis/day-bands.ts';
import { downsampleStatusBands, m4, trackSeries } from '../../../shared/analysis/downsample.ts';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import type { AnalysisParams, Series, TrackAnalysis } from '../../../shared/analysis/types.ts';
import { gapParamsOf, type GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { cleanSelection } from '../features/review/clean-selection.ts';
import { readLocalDays } from '../features/review/use-local-days.ts';
import type { AnalysisProtocol, SeriesResult, StoredLoad } from './analysis-protocol.ts';
import { callSignal, serveWorker, stopIfCancelled } from './rpc.ts';
import { windowOf } from './series.ts';
import { limitsInWindow, selectionLimits, type SelectionLimits } from './limit-series.ts';
import { setWorkerRoads, workerRoadsFor } from './worker-roads.ts';

/**
 * Analysis and chart downsampling off the UI thread: six months is ~150,000
 * readings, and the charts get about one value group per pixel (M4 keeps each
 * column's first, min, max and last, so the drawn line is the full-resolution one).
 * Charts draw the kept readings (outliers apart, as marks) and break at gaps.
 */
let clean: DayChunk[] = [];
let outliers: Series = { t: new Float64Array(0), v: new Float64Array(0) };
/** The selection being read by loadStored: series and day bands wait for it. */
let loading: Promise<unknown> = Promise.resolve();
/** Speed of the kept readings with a NaN in every gap, for the gap rule it was built with. */
let speed: { key: string; series: Series } | null = null;
/** The road limits along the kept readings, judged once per selection; null without kept road limits. */
let limits: SelectionLimits | null = null;

const gapKey = (g: GapParams) => `${g.gapSeconds}/${g.minStopSeconds}/${g.stopSpeedMph}/${g.maxPlausibleMph}`;

function speedSeries(gap: GapParams): Series {
  const key = gapKey(gap);
  if (speed?.key !== key) speed = { key, series: trackSeries(clean, 'speed', gap) };
  return speed.series;
}

function series(fromMs: number, toMs: number, width: number, gap: GapParams): SeriesResult {
  const px = Math.max(1, Math.round(width));
  const all = speedSeries(gap);
  // One sample either side so the line reaches the chart's edges.
  const [lo, hi] = windowOf(all.t, fromMs, toMs);
  const a = Math.max(0, lo - 1);
  const b = Math.min(all.t.length, hi + 1);
  const line = m4(all.t.subarray(a, b), all.v.subarray(a, b), px, fromMs, toMs);
  const inWindow = clean.filter((c) => c.length > 0 && c.t[c.length - 1]! >= fromMs && c.t[0]! <= toMs);
  const bands = downsampleStatusBands(inWindow, px, { tStart: fromMs, tEnd: toMs, ...gap });
  const [oa, ob] = windowOf(outliers.t, fromMs, toMs);
  return {
    fromMs,
    toMs,
    speed: { t: Float64Array.from(line.t), v: Float64Array.from(line.v) },
    bands,
    outliers: { t: outliers.t.slice(oa, ob), v: outliers.v.slice(oa, ob) },
    limits: limits && limitsInWindow(limits, fromMs, toMs, px, gap.gapSeconds * 1000),
  };
}

function load(
  chunks: DayChunk[],
  params: Partial<AnalysisParams>,
  roads: RoadLimits | undefined,
  signal: AbortSignal,
): TrackAnalysis {
  const analysis = analyzeTrack(chunks, params, roads);
  // A selection left during its analysis keeps the previous one's readings: series of it are never asked.
  stopIfCancelled(signal);
  const sel = cleanSelection(chunks, analysis.params.maxPlausibleMph);
  clean = sel.clean;
  outliers = { t: Float64Array.from(sel.outliers, (o) => o.t), v: Float64Array.from(sel.outliers, (o) => o.speed) };
  speed = null;
  limits = selectionLimits(roads, clean);
  return analysis;
}

/**
 * The loaded selection's charts over all its kept readings (the page's first view of them). The day bands are
 * about 100 ms for six months (the zone's day bounds and a pass over every reading): off the UI thread.
 */
function withCharts(analysis: TrackAnalysis, zone: string, width: number): StoredLoad {
  const gap = gapParamsOf(analysis.params);
  const kept = clean.filter((c) => c.length > 0);
  const first = kept[0];
  const last = kept[kept.length - 1];
  const overview = first && last ? series(first.t[0]!, last.t[last.length - 1]!, width, gap) : null;
  return { analysis, overview, days: dailySpeedBands(clean, zone, gap) };
}

const handlers: AnalysisProtocol = {
  // Six months is ~180 days of columns: read here, in parallel with the page's own read of them, instead of
  // copied from the page after it (the copy cost as much as the read).
  setRoadLimits: setWorkerRoads,
  loadStored(carrierId, vehicleId, from, to, zone, params, roadsKey, chartWidth) {
    const signal = callSignal();
    // The limits asked for, taken now: a later setRoadLimits does not change a load already asked.
    const roads = workerRoadsFor(roadsKey);
    // After the previous selection's load: reads may finish out of order, the last one asked must win. A
    // previous load the page cancelled stops at its next check (a month's read at most), so this one waits little.
    const done = loading
      .then(() => readLocalDays(carrierId, vehicleId, from, to, zone, signal))
      .then((read) =>
        read.chunks.length === 0 ? null : withCharts(load(read.chunks, params, roads, signal), zone, chartWidth),
      );
    loading = done.catch(() => undefined);
    return done;
  },
  // A zoomed window's: they answer for the selection the last loadStored loads, once it has.
  series: async (fromMs, toMs, width, gap) => {
    const signal = callSignal();
    await loading;
    stopIfCancelled(signal);
    return series(fromMs, toMs, width, gap);
  },
};

serveWorker(handlers, {
  // The series' arrays are fresh per reply: hand them over instead of copying.
  // loadStored answers null for days with nothing stored; its series are moved as a series reply's are.
  transfer: (r) => {
    if (typeof r !== 'object' || r === null) return [];
    const result = 'overview' in r ? (r as StoredLoad).overview : 'speed' in r ? (r as SeriesResult) : null;
    if (!result) return [];
    const buffers = [result.speed.t, result.speed.v, result.outliers.t, result.outliers.v].map((a) => a.buffer);
    const l = result.limits;
    if (l)
      buffers.push(...[l.line.t, l.line.v, l.t, l.limitMph, l.overMph, l.shown, l.cls, l.road].map((a) => a.buffer));
    return buffers;
  },
});
