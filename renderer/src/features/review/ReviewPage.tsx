// Over 300 lines: the review screen's layout and wiring; its state lives in the use-review-*.ts hooks.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import type { Stop } from '../../../../shared/analysis/types.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import type { FlatTrack } from '../../../../shared/playback/track.ts';
import type { DayRoute } from '../../../../shared/map/day-routes.ts';
import { useAppState } from '../../app/app-state.tsx';
import type { DownloadTarget, ReviewPlace } from '../layout/navigation.ts';
import { nextRate, stepTime } from '../../../../shared/playback/step.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { sharedAnalysisClient, type AnalysisClient } from './analysis-client.ts';
import { useReviewPreferences } from './use-review-preferences.ts';
import { AnalysisSettings } from './AnalysisSettings.tsx';
import { AuditBundleButton } from './AuditBundleButton.tsx';
import type { OutlierPoint } from './clean-selection.ts';
import { auditMeta } from '../../../../shared/export/gpx-audit-meta.ts';
import { ReviewCharts } from './ReviewCharts.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { NowPanel, PlaybackBar } from './PlaybackBar.tsx';
import { PlaybackStore } from './playback-store.ts';
import {
  analysisParamsOf,
  HOLD_MAP_MS,
  isTyping,
  shownLimitsOf,
  SLOW_LOAD_MS,
  useAfter,
  useWidth,
} from './review-page-helpers.ts';
import { TrailedReviewLists } from './TrailedReviewLists.tsx';
import { ReviewDriversProvider } from '../drivers/ReviewDrivers.tsx';
import { ReviewHosConflictsProvider } from '../drivers/ReviewHosConflicts.tsx';
import { ReviewMap } from './ReviewMap.tsx';
import { Selection, type SelectionValue } from './Selection.tsx';
import { TotalsStrip } from './TotalsStrip.tsx';
import { RejectedNote } from './RejectedNote.tsx';
import { useZoomFigures } from './use-zoom-figures.ts';
import { useReviewData, type EarlyRoute, type Loaded } from './use-review-data.ts';
import { RouteShown } from './route-shown.ts';
import { currentCarrier, selectionOf, useReviewSelection } from './use-review-selection.ts';
import { useVisitReset } from './use-visit-reset.ts';
import { localSelectionRange } from './use-local-days.ts';
import { EmptySelection } from './EmptySelection.tsx';
import { CoverageNote, useLocalCoverage } from './CoverageNote.tsx';
import { partialDaysText } from '../../../../shared/track/local-coverage.ts';
import { eventWindow, type EventSpan } from './event-focus.ts';
import { DayTable } from './DayTable.tsx';
import { ReviewBack } from './ReviewBack.tsx';
import { useDrillScroll } from './use-drill-scroll.ts';
import { exportBaseName } from '../../../../shared/export/file-name.ts';
import './review.css';

const rangeName = (vehicleId: string, from: string, to: string) => `${vehicleId}:${from}:${to}`;
const detailKey = (key: string, fromMs: number, toMs: number, width: number) => `${key}|${fromMs}|${toMs}|${width}`;
const sameSelection = (a: SelectionValue, b: SelectionValue) =>
  a.carrierId === b.carrierId && a.vehicleId === b.vehicleId && a.day === b.day && a.span === b.span;

/** What the map shows of a selection: the route at once, its stops once analysed (null until then). */
interface MapSelection {
  key: string;
  /** Without outliers. */
  chunks: DayChunk[];
  outliers: readonly OutlierPoint[];
  routes: readonly DayRoute[] | null;
  track: FlatTrack;
  spanMs: readonly [number, number];
  stops: readonly Stop[] | null;
  /** A sketch's bounds (no readings read yet: the camera fits these). */
  sketchBounds: EarlyRoute['sketchBounds'];
  startedAt: number;
}

function mapSelectionOf(x: Loaded | EarlyRoute): MapSelection {
  return {
    key: x.key,
    chunks: x.clean,
    outliers: x.outliers,
    routes: x.routes,
    track: x.track,
    spanMs: [x.track.t[0] ?? 0, x.track.t[x.track.length - 1] ?? 0],
    stops: 'analysis' in x ? x.analysis.stops : null,
    sketchBounds: 'sketchBounds' in x ? x.sketchBounds : undefined,
    startedAt: x.startedAt,
  };
}

/** What a place asks to open at: a moment (an event's start unless `seekTo` says otherwise) and the event, if any. */
function pendingOf(place: ReviewPlace | undefined): { seekTo: number; event: EventSpan | undefined } | null {
  const seekTo = place?.seekTo ?? place?.event?.startMs;
  return seekTo === undefined ? null : { seekTo, event: place?.event };
}

/** Trip review: pick a vehicle and days, see the route, replay it, read the charts and events, export. */
export function ReviewPage({
  carriers,
  info,
  place,
  visit = 0,
  active = true,
  onPlace,
  onOpenDownloads,
  onOpenReview,
}: {
  carriers: CarrierView[];
  info: AppInfo | null;
  place?: ReviewPlace | undefined;
  /** Counts arrivals in Trip review: a new one opens `place` afresh (as a new mount would) on the same page and map. */
  visit?: number;
  /** False while kept mounted behind another screen (App.tsx): playback paused, no keys, no map frames, no measuring. */
  active?: boolean;
  onPlace?: (place: ReviewPlace) => void;
  /** Days with nothing stored: their download, with this carrier, vehicle and days chosen. */
  onOpenDownloads?: (target: DownloadTarget) => void;
  /** Another place in Trip review as a navigation (a history entry): the per-day table's drill-down. */
  onOpenReview?: (place: ReviewPlace) => void;
}) {
  const { api } = useAppState();
  const [client, setClient] = useState<AnalysisClient | null>(null);
  const store = useMemo(() => new PlaybackStore(), []);
  const { sel, setSel, carrier, daysZone, vehicles, vehicle } = useReviewSelection(carriers, place);
  // A day opened from the per-day table keeps the range it came from, for its Back, until the user picks another selection.
  const [back, setBack] = useState(place?.back);
  const onSelection = useCallback(
    (next: typeof sel) => {
      setBack(undefined);
      setSel(next);
    },
    [setSel],
  );
  // The moment and event the place asked for (Compare's worst events, the inbox): opened once, when its days are loaded.
  const pending = useRef(pendingOf(place));
  const { zone, threshold, adjustable, onZone, onThreshold, onAdjustable } = useReviewPreferences();
  const [chartsRef, chartWidth] = useWidth<HTMLDivElement>(active);
  const rootRef = useRef<HTMLDivElement>(null);
  // Brushed time window, tagged with the selection it belongs to (a stale one must not steer the map).
  const [win, setWin] = useState<{ key: string; ms: [number, number] } | null>(null);
  const [detail, setDetail] = useState<SeriesResult | null>(null);
  /** What the loaded selection's overview series is, as detailKey: the detail of that window and width needs no worker trip. */
  const overviewDetail = useRef('');
  const chartWidthRef = useRef(chartWidth);
  chartWidthRef.current = chartWidth;
  /** Selection key the map last reported as drawn: a ref, as a state would render the whole page again for it. */
  const drawnKey = useRef('');
  // The opened event of a selection: shaded on the speed chart; `gen` counts openings (each remounts the brush).
  const [focus, setFocus] = useState<{ key: string; event: EventSpan; gen: number } | null>(null);
  // Opening an event zooms charts and map to it with context around it (eventWindow); Reset zoom returns to the whole selection.
  const focusOn = useCallback((key: string, spanMs: readonly [number, number], event: EventSpan) => {
    setWin({ key, ms: eventWindow(event, spanMs) });
    setFocus((f) => ({ key, event, gen: (f?.gen ?? 0) + 1 }));
  }, []);
  // A visit that brings the page back from another screen to another selection keeps the map paused until that
  // selection reaches it (or its load ends): shown again at once, it would first draw the last visit's selection,
  // a frame that costs hundreds of ms on a software-rendered GPU and shows nothing asked for. A slow load shows
  // the map live after HOLD_MAP_MS. A visit from the page itself (a day of the per-day table, Back) finds the map
  // live and the last selection on it already: nothing to hold.
  const [mapHeld, setMapHeld] = useState(false);
  const wasActive = useRef(active);
  useEffect(() => {
    wasActive.current = active;
  }, [active]);
  // While the next selection loads, the bars and charts keep the last one's place: a layout that jumped would resize the map's canvas twice (a full WebGL redraw each).
  // The visit it was loaded in goes with it (`viewVisit`).
  const [lastLoaded, setLastLoaded] = useState<{ data: Loaded; visit: number } | null>(null);
  // Everything a visit asked for or the user did on the last one goes; the map, the worker and kept loads stay.
  // The lists, charts, playback bar and day table remount when the visit's own selection is shown (their key,
  // `viewVisit`): their scroll, brush and sort reset. Not before: while the last selection stays on screen as
  // the next loads, a remount would redo the same charts and table, a commit ahead of the visit's load.
  useVisitReset(visit, () => {
    store.stop();
    const next = selectionOf(place, carriers);
    // Back from away to another selection than the last visit's: the last one's lists and charts are not shown
    // while it loads (never one truck's charts under another's selection), and the map waits for it.
    if (!wasActive.current && !sameSelection(next, sel)) {
      setLastLoaded(null);
      setMapHeld(true);
    }
    setSel(next);
    setBack(place?.back);
    pending.current = pendingOf(place);
    setWin(null);
    setFocus(null);
  });

  useEffect(() => {
    // The worker outlives the visit; what this visit asked of it is cancelled when it ends (useReviewData).
    setClient(sharedAnalysisClient());
    return () => store.stop();
  }, [store]);

  // Leaving for another screen pauses playback; its place in time stays for the return.
  useEffect(() => {
    if (!active && store.get().playing) store.pause();
  }, [active, store]);

  const params = useMemo(() => analysisParamsOf(threshold, adjustable), [threshold, adjustable]);
  const routeShown = useMemo(() => new RouteShown(), []);
  const load = useReviewData(client, sel, daysZone, params, chartWidth, routeShown, visit, active);
  const data = load.state === 'ready' ? load.data : null;
  const visitShown = load.state !== 'idle' && (load.state !== 'loading' || load.early !== undefined);
  if (mapHeld && visitShown) setMapHeld(false);
  const heldTooLong = useAfter(mapHeld, HOLD_MAP_MS);
  const windowMs = data && win?.key === data.key ? win.ms : null;
  // The map stays mounted across selections (a MapLibre map costs far more to create than to refill): it shows the last ready one.
  // Its route is drawn as soon as the readings are read (`early`), in parallel with the analysis; stops follow with the analysis.
  const early = load.state === 'loading' ? load.early : undefined;
  const [shown, setShown] = useState<MapSelection | null>(null);
  const mapNext = data ? mapSelectionOf(data) : early ? mapSelectionOf(early) : null;
  if (mapNext && (mapNext.key !== shown?.key || mapNext.track !== shown.track || mapNext.stops !== shown.stops))
    setShown(mapNext);
  if (data && data !== lastLoaded?.data) setLastLoaded({ data, visit });
  // Only while the next selection loads: a selection with nothing stored (or a failed one) never shows the last one's figures.
  const view = data ?? (load.state === 'loading' ? (lastLoaded?.data ?? null) : null);
  const viewVisit = data ? visit : (lastLoaded?.visit ?? visit);
  const shownLimits = shownLimitsOf(shown?.key ?? null, view);
  // Over a map already shown, "Loading…" only appears if loading is slow: for a quick one it would only flash (and cost two repaints of the map's area).
  const slowLoad = useAfter(load.state === 'loading' && shown !== null, SLOW_LOAD_MS);
  // Times in the display zone; its default 'home' is the carrier's home zone (whose days are shown).
  const fmt = useMemo(() => createZoneFormatter(zone, daysZone), [zone, daysZone]);
  const selRange = localSelectionRange(sel.day, sel.span);
  const coverage = useLocalCoverage(
    sel.carrierId,
    sel.vehicleId,
    selRange.from,
    selRange.to,
    daysZone,
    info?.today ?? '',
  );
  // Said by the coverage note and in a GPX's description: worked out once per coverage read (each is Intl formatting).
  const partialDays = useMemo(
    () => partialDaysText(coverage?.filter((c) => c.state === 'partial') ?? [], daysZone),
    [coverage, daysZone],
  );

  useEffect(() => {
    if (!data) return;
    // Read and analysed (before the map draws): the other half of the time-to-drawn figure.
    if (rootRef.current) rootRef.current.dataset['loadMs'] = (performance.now() - data.startedAt).toFixed(1);
    store.reset({ startMs: data.track.t[0]!, endMs: data.track.t[data.track.length - 1]! }, data.idleSkip);
    setWin({ key: data.key, ms: [data.overview.fromMs, data.overview.toMs] });
    setDetail(data.overview);
    overviewDetail.current = detailKey(data.key, data.overview.fromMs, data.overview.toMs, chartWidthRef.current);
    const want = pending.current;
    const span = [data.track.t[0]!, data.track.t[data.track.length - 1]!] as const;
    if (want && want.seekTo >= span[0] && want.seekTo <= span[1]) {
      pending.current = null;
      store.seek(want.seekTo);
      if (want.event) focusOn(data.key, span, want.event);
    }
    // A new visit opening the selection shown (kept) starts over too: its playback, window and asked event.
  }, [data, store, focusOn, visit]);

  const onEvent = useCallback(
    (e: EventSpan) => {
      if (!data) return;
      store.seek(e.startMs);
      focusOn(data.key, [data.track.t[0]!, data.track.t[data.track.length - 1]!], e);
    },
    [data, store, focusOn],
  );

  // The address follows the selection, so a reload or back/forward opens the same vehicle and days.
  useEffect(() => {
    if (sel.carrierId && sel.vehicleId && sel.day)
      onPlace?.({
        carrierId: sel.carrierId,
        vehicleId: sel.vehicleId,
        day: sel.day,
        span: sel.span,
        ...(back && { back }),
      });
  }, [sel.carrierId, sel.vehicleId, sel.day, sel.span, back, onPlace]);

  // Time from choosing to the selection's route first drawn on the map (from a long selection's stored overviews, before its readings are read).
  const shownStartedAt = shown?.startedAt ?? 0;
  /** The selection (its startedAt) whose route was first drawn: a route drawn before the road limits were ready is drawn again under the key naming them, and its figure stays the first draw's. */
  const routeDrawnOf = useRef(-1);
  const onRouteDrawn = useCallback(
    (key: string, sketch: boolean) => {
      const el = rootRef.current;
      if (!el || el.dataset['routeKey'] === key) return;
      if (routeDrawnOf.current !== shownStartedAt) {
        routeDrawnOf.current = shownStartedAt;
        el.dataset['routeMs'] = (performance.now() - shownStartedAt).toFixed(1);
        // What the first drawn route came from: the stored overviews alone, or the selection's readings.
        el.dataset['routeFrom'] = sketch ? 'overviews' : 'readings';
      }
      el.dataset['routeKey'] = key;
      routeShown.report(key);
    },
    [shownStartedAt, routeShown],
  );

  // Time from choosing to drawn map and charts: the map reports its first idle with the selection's layers; the charts' next frame is painted.
  const chartsIn = useRef<Loaded | null>(null);
  chartsIn.current = data && detail && windowMs ? data : null;
  const markRendered = useCallback(() => {
    const shownData = chartsIn.current;
    if (!shownData || drawnKey.current !== shownData.key) return;
    requestAnimationFrame(() => {
      const el = rootRef.current;
      // Another selection (or its charts' absence) since: not this one's frame.
      if (!el || chartsIn.current !== shownData || drawnKey.current !== shownData.key) return;
      el.dataset['renderMs'] = (performance.now() - shownData.startedAt).toFixed(1);
      el.dataset['renderedKey'] = shownData.key;
    });
  }, []);
  const onDrawn = useCallback(
    (key: string) => {
      drawnKey.current = key;
      markRendered();
    },
    [markRendered],
  );
  useEffect(markRendered, [data, detail, windowMs, markRendered]);

  // A brushed window, or a new chart width: fresh detail series from the worker (by the window's bounds, not the pair's identity).
  const [winFrom, winTo] = windowMs ?? [null, null];
  useEffect(() => {
    if (!data || !client || winFrom === null || winTo === null || chartWidth <= 0) return;
    // The whole selection at the width it was loaded with (at first, or zoom reset): the overview series is that detail.
    if (overviewDetail.current === detailKey(data.key, winFrom, winTo, chartWidth)) {
      setDetail(data.overview);
      return;
    }
    // A window brushed past (the brush moves on) is cancelled: the worker skips it if it has not begun it.
    const left = new AbortController();
    client.series(winFrom, winTo, chartWidth, data.params, left.signal).then(
      (s) => !left.signal.aborted && setDetail(s),
      () => undefined,
    );
    return () => left.abort();
  }, [client, data, winFrom, winTo, chartWidth]);

  useEffect(() => {
    if (!data || !active) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const s = store.get();
      if (e.key === ' ') store.toggle();
      else if (e.key === 'ArrowRight') store.seek(stepTime(data.track.t, s.timeMs, 1));
      else if (e.key === 'ArrowLeft') store.seek(stepTime(data.track.t, s.timeMs, -1));
      else if (e.key === '+' || e.key === '=') store.setRate(nextRate(s.rate, 1));
      else if (e.key === '-' || e.key === '_') store.setRate(nextRate(s.rate, -1));
      else if (e.key === 'f' || e.key === 'F') store.setFollow(!s.follow);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [data, store, active]);

  const drilled = useDrillScroll(rootRef, data ? rangeName(sel.vehicleId, data.from, data.to) : null);
  const onOpenDay = useCallback(
    (day: string) => {
      drilled(rangeName(sel.vehicleId, selRange.from, selRange.to));
      onOpenReview?.({
        carrierId: sel.carrierId,
        vehicleId: sel.vehicleId,
        day,
        span: 'day',
        back: { day: sel.day, span: sel.span },
      });
    },
    [onOpenReview, drilled, sel.carrierId, sel.vehicleId, sel.day, sel.span, selRange.from, selRange.to],
  );
  const onBack = useCallback(
    (to: NonNullable<ReviewPlace['back']>) =>
      onOpenReview?.({ carrierId: sel.carrierId, vehicleId: sel.vehicleId, ...to }),
    [onOpenReview, sel.carrierId, sel.vehicleId],
  );
  const onWindow = useCallback((a: number, b: number) => setWin((w) => (w ? { key: w.key, ms: [a, b] } : w)), []);
  const { days, zoomed } = useZoomFigures(view, windowMs);

  const baseName = view
    ? exportBaseName(vehicle?.vehicleNumber ?? view.chunks[0]?.vehicleNumber ?? 'vehicle', view.from, view.to)
    : '';
  const loadKey = load.state === 'ready' ? load.data.key : load.state === 'idle' ? '' : load.key;

  return (
    <div
      ref={rootRef}
      className="review-page"
      data-testid="review-page"
      data-state={load.state}
      data-key={loadKey}
      data-vehicle-id={sel.vehicleId}
    >
      {/* The first screen: what to review, its totals, and the map with its playback and lists filling the window. */}
      <div className="review-first">
        <Selection
          carriers={carriers}
          vehicles={vehicles}
          value={sel}
          daysZone={daysZone}
          onChange={onSelection}
          zone={zone}
          onZone={onZone}
          thresholdMph={threshold}
          onThreshold={onThreshold}
          maxPlausibleMph={params.maxPlausibleMph}
        >
          <AnalysisSettings value={adjustable} context={{ speedingThresholdMph: threshold }} onChange={onAdjustable} />
          {back && <ReviewBack back={back} onBack={onBack} />}
        </Selection>
        {view && (
          <div className="review-subbar">
            <TotalsStrip
              totals={view.totals}
              from={view.from}
              to={view.to}
              zone={view.zone}
              zoomed={zoomed}
              fmt={fmt}
            />
            <ExportMenu
              disabled={!data || !info}
              chunks={() => view.chunks}
              params={view.params}
              saveMode={info?.saveMode ?? 'download'}
              baseName={baseName}
              selection={{
                carrierId: sel.carrierId,
                vehicleId: sel.vehicleId,
                from: view.from,
                to: view.to,
                zone: view.zone,
              }}
              partialDays={partialDays}
              meta={async () =>
                auditMeta(await currentCarrier(api, sel.carrierId, carrier), view.chunks, view.from, view.to, view.zone)
              }
            />
            <AuditBundleButton
              info={info}
              disabled={!data}
              baseName={baseName}
              selection={
                data
                  ? {
                      carrierId: sel.carrierId,
                      vehicleId: sel.vehicleId,
                      from: data.from,
                      to: data.to,
                      zone: data.zone,
                      params: data.params,
                    }
                  : null
              }
            />
          </div>
        )}
        <div className="review-grid">
          <div className="review-main">
            <div className="review-map-wrap">
              {shown && (
                <ReviewMap
                  chunks={shown.chunks}
                  outliers={shown.outliers}
                  routes={shown.routes}
                  track={shown.track}
                  windowMs={data?.key === shown.key && windowMs ? windowMs : shown.spanMs}
                  thresholdMph={threshold}
                  gap={params}
                  longStopSeconds={params.longStopSeconds}
                  stops={shown.stops}
                  store={store}
                  sketchBounds={shown.sketchBounds}
                  limits={shownLimits}
                  selectionKey={shown.key}
                  vehicleLabel={`Vehicle ${shown.chunks[0]?.vehicleNumber ?? ''}`.trim()}
                  onDrawn={onDrawn}
                  onRouteDrawn={onRouteDrawn}
                  paused={!active || (mapHeld && !visitShown && !heldTooLong)}
                />
              )}
              {load.state !== 'ready' && (load.state !== 'loading' || !shown || slowLoad) && (
                <div
                  className={`review-placeholder${shown ? ' review-placeholder-over' : ''}${load.state === 'empty' ? ' review-placeholder-solid' : ''}`}
                  data-testid="review-placeholder"
                >
                  {load.state === 'loading' && <span role="status">Loading…</span>}
                  {load.state === 'empty' && (
                    <EmptySelection
                      vehicleNumber={vehicle?.vehicleNumber ?? 'this vehicle'}
                      {...localSelectionRange(sel.day, sel.span)}
                      today={info?.today ?? ''}
                      onDownload={() => {
                        const { from, to } = localSelectionRange(sel.day, sel.span);
                        onOpenDownloads?.({ carrierId: sel.carrierId, vehicleId: sel.vehicleId, from, to });
                      }}
                    />
                  )}
                  {load.state === 'failed' && (
                    <span role="alert" className="alert alert-error">
                      {load.message}
                    </span>
                  )}
                  {load.state === 'idle' && (
                    <span>
                      {vehicles && vehicles.length === 0
                        ? 'Nothing stored for this carrier yet. Download days on the Downloads screen.'
                        : 'Choose a vehicle.'}
                    </span>
                  )}
                </div>
              )}
            </div>
            {/* Its place is held before the first selection is ready: the map, made from the route read first, keeps its size. */}
            <div className="review-playback">
              {view && <PlaybackBar key={viewVisit} store={store} track={view.track} />}
            </div>
          </div>
          <aside className="review-side">
            {/* The selection's notes sit beside the map, not above it: the map's height never follows them. */}
            <div className="review-notes">
              {load.state !== 'empty' && (
                <CoverageNote
                  coverage={coverage}
                  partialText={partialDays}
                  onDownload={() =>
                    onOpenDownloads?.({ carrierId: sel.carrierId, vehicleId: sel.vehicleId, ...selRange })
                  }
                />
              )}
              {view && (
                <RejectedNote
                  carrierId={sel.carrierId}
                  vehicleId={sel.vehicleId}
                  from={view.from}
                  to={view.to}
                  zone={view.zone}
                />
              )}
            </div>
            {data && <NowPanel store={store} track={data.track} fmt={fmt} gap={params} thresholdMph={threshold} />}
            {data && (
              <ReviewDriversProvider carrierId={sel.carrierId} vehicleId={sel.vehicleId} zone={data.zone}>
                <ReviewHosConflictsProvider
                  carrierId={sel.carrierId}
                  vehicleId={sel.vehicleId}
                  vehicleNumber={vehicle?.vehicleNumber ?? data.chunks[0]?.vehicleNumber ?? ''}
                  zone={data.zone}
                  chunks={data.clean}
                >
                  <TrailedReviewLists
                    key={viewVisit}
                    subject={{
                      carrierId: sel.carrierId,
                      vehicleId: sel.vehicleId,
                      vehicleNumber: vehicle?.vehicleNumber ?? data.chunks[0]?.vehicleNumber ?? '',
                      zone: data.zone,
                      analysis: data.analysis,
                    }}
                    fmt={fmt}
                    store={store}
                    saveMode={info?.saveMode ?? 'download'}
                    baseName={baseName}
                    thresholdMph={params.speedingThresholdMph}
                    onEvent={onEvent}
                  />
                </ReviewHosConflictsProvider>
              </ReviewDriversProvider>
            )}
          </aside>
        </div>
      </div>
      <div ref={chartsRef} className="review-charts">
        {view && detail && chartWidth > 0 && (
          <ReviewCharts
            key={viewVisit}
            {...{ overview: view.overview, detail, selectionKey: view.key, fmt, store, days, windowMs, onWindow }}
            highlight={focus?.key === view.key ? focus.event : null}
            focusGen={focus?.gen ?? 0}
            width={chartWidth}
            thresholdMph={threshold}
          />
        )}
      </div>
      {/* The last selection's table while the next loads (as the bars above): the map keeps its height, so no canvas resize and refit. */}
      {view && view.from !== view.to && (
        <DayTable
          key={viewVisit}
          summaries={view.summaries}
          events={view.analysis.events}
          zone={view.zone}
          coverage={coverage}
          onOpenDay={onOpenDay}
        />
      )}
    </div>
  );
}
