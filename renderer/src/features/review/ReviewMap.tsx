import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Stop } from '../../../../shared/analysis/types.ts';
import type { GapParams } from '../../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import type { DayRoute } from '../../../../shared/map/day-routes.ts';
import {
  BasemapPicker,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  FitBounds,
  fitBox,
  GapsLayer,
  loadBasemapChoice,
  MapView,
  OutliersLayer,
  RouteHover,
  RouteLayer,
  StopsLayer,
  useMap,
  type BasemapChoice,
} from '../../map/index.ts';
import type { FlatTrack } from '../../../../shared/playback/track.ts';
import type { OutlierPoint } from './clean-selection.ts';
import { readingsBounds } from './event-focus.ts';
import { PlaybackVehicle } from './PlaybackVehicle.tsx';
import type { PlaybackStore } from './playback-store.ts';
import type { LimitsInWindow } from '../../workers/analysis-protocol.ts';
import { limitHoverAt } from './limit-hover.ts';
import { RouteColourLegend, RouteColouringToggle, type RouteColouring } from './RouteColouring.tsx';
import { DrawnReporter } from './DrawnReporter.tsx';

interface Props {
  /** The selection without its outliers, one array object per selection: the route layers memoise on its identity. */
  chunks: readonly DayChunk[];
  outliers: readonly OutlierPoint[];
  /** A long selection by day with overviews (route-overviews.ts), or null: the route is drawn from `chunks` in full. */
  routes: readonly DayRoute[] | null;
  track: FlatTrack;
  windowMs: readonly [number, number];
  thresholdMph: number;
  gap: GapParams;
  /** Stops at least this long get the long-stop look. */
  longStopSeconds: number;
  /** Null while the selection is still being analysed: the route is drawn already, the stops follow. */
  stops: readonly Stop[] | null;
  store: PlaybackStore;
  /** Changes whenever a new selection is shown; reported back through onDrawn once the map has drawn it. */
  selectionKey: string;
  vehicleLabel: string;
  onDrawn: (selectionKey: string) => void;
  /** The route of a selection drawn (stops or not): the first report per selection counts; `sketch` when no readings were read yet. */
  onRouteDrawn?: (selectionKey: string, sketch: boolean) => void;
  /** A sketch's route bounds (route-sketch.ts): the camera's fit while `track` is still empty. */
  sketchBounds?: readonly [number, number, number, number] | null | undefined;
  /** The road limits along the whole selection (its overview series'), null without kept road limits. */
  limits?: LimitsInWindow | null | undefined;
  /** Trip review is kept but another screen shows: the map draws nothing until shown again (MapView's `paused`). */
  paused?: boolean;
}

const NO_STOPS: readonly Stop[] = [];
const INITIAL_FIT = { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM };

/**
 * `localStorage['routelens.routeDetail'] = 'full'` draws every selection's
 * full line, never the overview: for comparing the two (test/e2e/review-overview.spec.ts).
 */
function fullLineForced(): boolean {
  try {
    return localStorage.getItem('routelens.routeDetail') === 'full';
  } catch {
    return false;
  }
}

/** The route layers a hover reads: both colourings' lines. */
const HOVER_LAYERS = ['rl-route', 'rl-route-limit'];
/** A hovered point names the reading nearest it when one is this close in time (a reading a minute, and some). */
const HOVER_WITHIN_MS = 5 * 60_000;

/**
 * The camera's bounds on the map's element as `data-bounds="w,s,e,n"` (6 decimals), after each move and
 * idle: tests read what is in view without reaching into MapLibre.
 */
function BoundsReporter() {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const el = map.getContainer();
    const report = () => {
      const b = map.getBounds();
      el.dataset['bounds'] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((x) => x.toFixed(6)).join(',');
    };
    report();
    map.on('moveend', report);
    map.on('idle', report);
    return () => {
      map.off('moveend', report);
      map.off('idle', report);
    };
  }, [map]);
  return null;
}

/**
 * The route of the selection on the MapLibre map: speed-coloured line, gaps,
 * stops (click to seek), outliers (rings off the line), the replayed vehicle,
 * camera fitted to the brushed window (or an opened event's). `data-map-ready` is "true" once the current
 * selection is drawn; the map's element carries `data-bounds` (what is in view).
 */
export function ReviewMap(p: Props) {
  const [basemap, setBasemap] = useState<BasemapChoice>(() => loadBasemapChoice());
  const [picking, setPicking] = useState(false);
  const [refit, setRefit] = useState(0);
  const [drawnKey, setDrawnKey] = useState('');
  const [fullLine] = useState(fullLineForced);
  // With road limits kept, a selection drawn from its readings is judged against the road by default (what the
  // issue asks of the review). One drawn from the stored day overviews (months) opens by speed, the colouring
  // those overviews hold: colouring it by limit draws every reading. The toggle chooses either, and is kept.
  const [chosen, setChosen] = useState<RouteColouring | null>(null);
  const limits = p.limits ?? null;
  const colouring: RouteColouring = limits ? (chosen ?? (p.routes ? 'speed' : 'limit')) : 'speed';
  const limitTextAt = useCallback((t: number) => (limits ? limitHoverAt(limits, t, HOVER_WITHIN_MS) : null), [limits]);
  const routes = fullLine ? null : p.routes;
  const [winFrom, winTo] = p.windowMs;
  const { store, onDrawn, onRouteDrawn, sketchBounds } = p;
  const bounds = useMemo(
    () => (p.track.length === 0 ? (sketchBounds ?? null) : readingsBounds(p.track, winFrom, winTo)),
    [p.track, winFrom, winTo, sketchBounds],
  );
  const onStopClick = useCallback((s: Stop) => store.seek(s.startMs), [store]);
  const complete = p.stops !== null;
  // A JSON array: a selection key may hold any character (the road limits' key has '|'), and is read back whole.
  const drawKey = JSON.stringify([
    p.selectionKey,
    complete ? 'complete' : 'route',
    p.thresholdMph,
    colouring,
    basemap,
    bounds?.join(',') ?? '',
  ]);
  // Read when the draw is reported, not a dependency: new readings must not re-arm the reporter.
  const sketched = useRef(false);
  sketched.current = p.track.length === 0;
  const reported = useCallback(
    (key: string) => {
      setDrawnKey(key);
      // Drawn means the whole selection, stops included, not only its route.
      const [selection = '', part] = JSON.parse(key) as [string, string];
      onRouteDrawn?.(selection, sketched.current);
      if (part === 'complete') onDrawn(selection);
    },
    [onDrawn, onRouteDrawn],
  );
  const ready = complete && drawnKey === drawKey;
  return (
    <div
      className="review-map"
      data-testid="review-map"
      data-map-ready={ready ? 'true' : 'false'}
      data-selection={ready ? p.selectionKey : ''}
    >
      <MapView
        basemap={basemap}
        paused={p.paused ?? false}
        // The map is made for the first selection shown: it opens on it, not on the whole country first.
        initialBounds={bounds ? fitBox(bounds) : undefined}
        initialFit={INITIAL_FIT}
      >
        <GapsLayer chunks={p.chunks} gap={p.gap} speedingThresholdMph={p.thresholdMph} days={routes} />
        <RouteLayer
          chunks={p.chunks}
          speedingThresholdMph={p.thresholdMph}
          gap={p.gap}
          days={routes}
          fit={bounds}
          limits={colouring === 'limit' ? limits : null}
        />
        {limits && <RouteHover layers={HOVER_LAYERS} track={p.track} textAt={limitTextAt} />}
        <StopsLayer stops={p.stops ?? NO_STOPS} longStopSeconds={p.longStopSeconds} onStopClick={onStopClick} />
        <OutliersLayer points={p.outliers} />
        <FitBounds bounds={bounds} again={refit} />
        <PlaybackVehicle store={store} track={p.track} gap={p.gap} label={p.vehicleLabel} />
        <DrawnReporter drawKey={drawKey} onDrawn={reported} />
        <BoundsReporter />
      </MapView>
      <div className="review-legend" aria-label="Legend">
        <RouteColourLegend colouring={colouring} tiers={limits?.tiers ?? []} />
        <span>
          <i className="legend-gap" /> Gap
        </span>
        <span>
          <i className="legend-stop" /> Stop
        </span>
        {p.outliers.length > 0 && (
          <span data-testid="legend-outliers">
            <i className="legend-outlier" /> Outlier ({p.outliers.length})
          </span>
        )}
      </div>
      <div className="review-basemap">
        <button
          type="button"
          className="btn btn-small"
          data-testid="review-basemap-toggle"
          aria-expanded={picking}
          onClick={() => setPicking((x) => !x)}
        >
          Basemap
        </button>
        {limits && <RouteColouringToggle value={colouring} onChange={setChosen} />}
        <button
          type="button"
          className="btn btn-small"
          data-testid="review-fit-route"
          title="Show the whole route (or the zoomed window) again; ends Follow"
          onClick={() => {
            store.setFollow(false);
            setRefit((n) => n + 1);
          }}
        >
          Fit route
        </button>
        {picking && (
          <BasemapPicker
            value={basemap}
            onChange={(c) => {
              setBasemap(c);
              setPicking(false);
            }}
          />
        )}
      </div>
    </div>
  );
}
