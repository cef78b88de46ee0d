import { useEffect, useRef, useState } from 'react';
import { beginForegroundWork } from '../../app/foreground-work.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../../../shared/analysis/params.ts';
import { rangeTotals, type RangeTotals } from '../../../../shared/analysis/range-totals.ts';
import type { AnalysisParams, TrackAnalysis } from '../../../../shared/analysis/types.ts';
import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
import type { DaySummary } from '../../../../shared/track/summary.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { buildSkipMap, type SkipMap } from '../../../../shared/playback/skip.ts';
import { flattenChunks, type FlatTrack } from '../../../../shared/playback/track.ts';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import type { AnalysisClient } from './analysis-client.ts';
import { cleanSelection, type OutlierPoint } from './clean-selection.ts';
import type { SelectionValue } from './Selection.tsx';
import { localSelectionRange, readLocalDays } from './use-local-days.ts';
import { mayHaveSketch, sketchDayRoutes, type RouteSketch } from './route-sketch.ts';
import type { RouteShown } from './route-shown.ts';
import { localRangeInterval } from '../../../../shared/time/local-day.ts';
import type { DayRoute } from '../../../../shared/map/day-routes.ts';
import { OVERVIEW_MIN_POINTS, routeOptionsOf, selectionDayRoutes } from './route-overviews.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { isCancelled, stopIfCancelled } from '../../workers/rpc.ts';
import { KeptLoads, nextRoadsGate, type KeptGate } from './load-order.ts';
import { useVisitReset } from './use-visit-reset.ts';
import { useStoredStamp } from './use-stored-stamp.ts';
import { daySummaries } from './review-day-summaries.ts';

export interface Loaded {
  key: string;
  /** Local days of `zone` (the carrier's home zone), inclusive. */
  from: string;
  to: string;
  zone: string;
  /** Time-ordered local days of `zone` (outliers included): what the exports write. */
  chunks: DayChunk[];
  /** The same days without their outliers; one array object per selection (the map layers memoise on it). */
  clean: DayChunk[];
  outliers: OutlierPoint[];
  /** The clean days flattened: playback, the map's camera and the charts. */
  track: FlatTrack;
  /** A long selection's route by day, with overviews (route-overviews.ts); null: the map draws `clean` in full. */
  routes: DayRoute[] | null;
  /** The object the analysis worker was given; exports of this selection use it too. */
  params: AnalysisParams;
  analysis: TrackAnalysis;
  /** The local days' summaries `totals` adds up (the per-day table's rows). */
  summaries: DaySummary[];
  totals: RangeTotals;
  overview: SeriesResult;
  /** Per-day speed bands and time split (the charts draw them beyond a week). */
  days: DayBand[];
  idleSkip: SkipMap;
  /** performance.now() when this selection was chosen (for the time-to-drawn figure). */
  startedAt: number;
}

/**
 * A selection before its analysis, enough for the map to start drawing the route: its readings, or
 * before them a long selection's stored overviews alone (route-sketch.ts: no readings, `sketchBounds`).
 */
export interface EarlyRoute {
  key: string;
  clean: DayChunk[];
  outliers: OutlierPoint[];
  track: FlatTrack;
  routes: DayRoute[] | null;
  /** The sketch's bounds while no readings are read (the camera's fit); undefined once they are. */
  sketchBounds?: RouteSketch['bounds'];
  startedAt: number;
}

const NO_READINGS = flattenChunks([]);

/** The longest a sketched selection's raw read waits for the sketch to be drawn (route-shown.ts). */
const SKETCH_DRAW_WAIT_MS = 1000;

function sketchEarly(key: string, sketch: RouteSketch, startedAt: number): EarlyRoute {
  const { routes, bounds } = sketch;
  return { key, clean: [], outliers: [], track: NO_READINGS, routes, sketchBounds: bounds, startedAt };
}

export type LoadState =
  | { state: 'idle' }
  | { state: 'loading'; key: string; early?: EarlyRoute }
  | { state: 'empty'; key: string }
  | { state: 'failed'; key: string; message: string }
  | { state: 'ready'; data: Loaded };

/** Loaded selections kept for Back, across visits (each holds its readings: six months is tens of MB). */
const kept = new KeptLoads<{ data: Loaded; stamp: string }>(3);

/** From this many readings on, the route is drawn while the worker analyses (a few days of one truck). */
export const EARLY_ROUTE_MIN_POINTS = 2000;

/** Every parameter's value, in a fixed order: part of a selection's key, so a change reanalyses. */
export function paramsKey(p: AnalysisParams): string {
  return (Object.keys(DEFAULT_ANALYSIS_PARAMS) as (keyof AnalysisParams)[]).map((k) => p[k]).join(',');
}

/**
 * Reads the stored UTC days the selection's local days overlap (IndexedDB, main thread: reads do not
 * block) and sets their outliers apart, while the analysis worker reads the same days itself and analyses
 * them. A long selection's stored overviews are read first and published as `early` (a sketch) as soon as
 * they are in, so the map draws its route while the worker still reads; this thread's own raw read starts
 * once the map has drawn it (route-shown.ts). The readings follow as `early` too (playback, full detail),
 * then the worker gives the overview series at chart width and the selection is ready.
 */
export function useReviewData(
  client: AnalysisClient | null,
  sel: SelectionValue,
  zone: string,
  params: AnalysisParams,
  chartWidth: number,
  routeShown?: RouteShown,
  visit = 0,
  active = true,
): LoadState {
  const [state, setState] = useState<LoadState>({ state: 'idle' });
  const firstOfVisit = useRef(true);
  // A new visit (the page stays mounted) starts as a fresh mount would: nothing of the last visit's load is
  // reported as this one's, and its first load may show a kept selection again.
  useVisitReset(visit, () => {
    firstOfVisit.current = true;
    setState({ state: 'loading', key: '' });
  });
  const seq = useRef(0);
  const { from, to } = localSelectionRange(sel.day, sel.span);
  // The zone leads the key: the same dates of another zone are other readings. The carrier follows: another
  // carrier's vehicle of the same id is another vehicle. The road limits judged against (their key) end it:
  // a new import loads again.
  const roads = useWorkerRoads();
  // The load starts before the road limits are ready (a cold start reads and decodes them meanwhile): only
  // its analysis waits for them. Other ready limits (a new import, another rule) are a new gate: a new load.
  const gateRef = useRef<KeptGate | null>(null);
  const gate = (gateRef.current = nextRoadsGate(gateRef.current, roads));
  const base = `${zone} ${sel.vehicleId}:${from}:${to}:${paramsKey(params)}:${sel.carrierId}`;
  const keyWith = (roadsKey: string) => `${base}:${roadsKey}`;
  // Days of the selection written or deleted meanwhile (a download, Storage) load it again: never stale figures.
  const stamp = useStoredStamp(sel.carrierId, sel.vehicleId, from, to);
  useEffect(() => {
    // Kept behind another screen, the page loads nothing: leaving mid-load cancels it, and days written meanwhile
    // (a download) are read when the page is shown again, not in the background.
    if (!active || !client || !sel.vehicleId || !from || !zone || chartWidth <= 0) return;
    const my = ++seq.current;
    const startedAt = performance.now();
    // Leaving the selection (another one, or the page) aborts it: this thread's reads and the worker's stop.
    const abort = new AbortController();
    const signal = abort.signal;
    const current = () => seq.current === my;
    // Background work waits while this runs (and ends with it, however it ends).
    const endForeground = beginForegroundWork();
    signal.addEventListener('abort', endForeground);
    // The stamp of the days this load reads, read before them (use-stored-stamp.ts) unless the live one is in.
    const known = stamp.known();
    const stampP = known !== undefined ? Promise.resolve(known) : stamp.read();
    stampP.then(
      (s) => current() && stamp.watch(s, current),
      () => undefined,
    );
    // A visit opening a selection shown a moment ago (Back, a day of the per-day table and Back again), nothing
    // stored changed since (the stamp): shown again as it was. Only a visit's first: a span chosen on the page
    // is read again, so its figures stay those of a load.
    const again = firstOfVisit.current && gate.settled ? kept.get(keyWith(gate.settled.key)) : undefined;
    firstOfVisit.current = false;
    if (again && again.stamp === known) {
      endForeground();
      setState({ state: 'ready', data: { ...again.data, startedAt } });
      return () => abort.abort();
    }
    // Until the road limits are ready, the loading and early states carry the key without them; once they are,
    // the key the load will end with (the map then draws the route once under one key).
    const earlyKey = () => keyWith(gate.settled?.key ?? '');
    // A kept selection whose stamp is still being read shows nothing new until it is known (a visit's first
    // state is already loading): shown again, or loaded.
    if (!again) setState({ state: 'loading', key: earlyKey() });
    (async (): Promise<LoadState> => {
      if (again) {
        const storedNow = await stampP;
        stopIfCancelled(signal);
        if (storedNow === again.stamp) return { state: 'ready', data: { ...again.data, startedAt } };
        setState({ state: 'loading', key: earlyKey() });
      }
      // First the small stored overviews, so a long selection's route is drawn before its raw days are read.
      // A sketch that fails to read only means the route waits for the readings. A short selection has none:
      // its raw read starts at once, before this effect's own render (the last selection's lists leaving).
      const interval = localRangeInterval(from, to, zone);
      const routeOpts = routeOptionsOf(params);
      const sketchP = mayHaveSketch(interval, routeOpts)
        ? sketchDayRoutes(sel.carrierId, sel.vehicleId, interval, routeOpts, signal).catch(() => null)
        : null;
      const earlyReadP = sketchP ? null : readLocalDays(sel.carrierId, sel.vehicleId, from, to, zone, signal);
      earlyReadP?.catch(() => undefined);
      // The worker reads and analyses the same days while this thread reads them for the map and playback; it
      // starts once the road limits are ready (they judge the analysis), while this thread's reads go on.
      const analysisP = gate.ready.then(async (r) => ({
        key: keyWith(r.key),
        loaded: await client.loadStored(
          sel.carrierId,
          sel.vehicleId,
          from,
          to,
          zone,
          params,
          r.spec,
          chartWidth,
          signal,
        ),
      }));
      analysisP.catch(() => undefined);
      const sketch = sketchP && (await sketchP);
      stopIfCancelled(signal);
      if (sketch && current()) {
        const k = earlyKey();
        setState({ state: 'loading', key: k, early: sketchEarly(k, sketch, startedAt) });
        await routeShown?.until(k, SKETCH_DRAW_WAIT_MS);
      }
      const read = await (earlyReadP ?? readLocalDays(sel.carrierId, sel.vehicleId, from, to, zone, signal));
      const chunks = read.chunks;
      if (chunks.length === 0) return { state: 'empty', key: earlyKey() };
      const { clean, outliers } = cleanSelection(chunks, params.maxPlausibleMph);
      const track = flattenChunks(clean);
      if (track.length === 0)
        throw new Error(
          `Every one of the ${outliers.length} readings of these days is an outlier (above ${params.maxPlausibleMph} mph or a position jump); nothing to analyse.`,
        );
      const routes =
        track.length >= OVERVIEW_MIN_POINTS ? await selectionDayRoutes(read, track, routeOpts, sketch) : null;
      stopIfCancelled(signal);
      // Only a long selection gains from it when the analysis is near: for a day it is done within a frame, and
      // an extra map update would cost a redraw. Waiting for the road limits, any selection draws its route first.
      if ((track.length >= EARLY_ROUTE_MIN_POINTS || !gate.settled) && current()) {
        const k = earlyKey();
        setState({ state: 'loading', key: k, early: { key: k, clean, outliers, track, routes, startedAt } });
      }
      const judged = await analysisP;
      const loaded = judged.loaded;
      if (!loaded) throw new Error('The days were deleted while they were being read.');
      if (!loaded.overview) throw new Error('The days were written again while they were being read.');
      const idleSkip = buildSkipMap(track, { gap: params });
      const summaries = daySummaries(read, params);
      const totals = rangeTotals(summaries);
      const data: Loaded = {
        ...{ key: judged.key, from, to, zone, chunks, clean, outliers, track, routes, params },
        ...{ analysis: loaded.analysis, summaries, totals, overview: loaded.overview, days: loaded.days },
        ...{ idleSkip, startedAt },
      };
      kept.set(judged.key, { data, stamp: await stampP });
      return { state: 'ready', data };
    })()
      .then(
        (next) => {
          if (current()) setState(next);
        },
        (err: unknown) => {
          if (current() && !isCancelled(err)) setState({ state: 'failed', key: earlyKey(), message: errorText(err) });
        },
      )
      .finally(endForeground);
    return () => abort.abort();
    // Chart width changes re-request only series (below), not the whole load.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `base` stands for the vehicle, days and params, `gate` for the road limits; the width only matters once it is known (> 0)
  }, [client, base, gate, chartWidth > 0, stamp.reloads, visit, active]);
  return state;
}
