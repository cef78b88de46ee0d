import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AttributionControl, Map as MapLibreMap, NavigationControl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import { loadBasemapChoice, type BasemapChoice } from './basemap-choice.ts';
import { resolveBasemap, type ResolvedBasemap } from './basemap-style.ts';
import { MapContext } from './map-context.ts';
import { holdFramesForOverlays } from './hold-frames.ts';
import { countMap } from './map-counters.ts';
import { usePausedMap } from './use-paused-map.ts';
import { ANCHORS } from './theme.ts';
import { configureMapWorker } from './worker-url.ts';

export interface MapViewProps {
  /** The basemap to show; defaults to the user's saved choice (basemap-choice.ts). Changing it rebuilds the map. */
  basemap?: BasemapChoice;
  /** Initial camera before any FitBounds (the continental US by default), fitted with `initialFit`'s options. */
  initialBounds?: readonly [number, number, number, number];
  /**
   * Padding and maximum zoom of the initial fit: a map opened for a selection whose bounds are known starts
   * where FitBounds would put it, so its first frames and tiles are of the selection, not of the whole country.
   */
  initialFit?: { padding: number; maxZoom: number };
  /** Called once the style and first frame are drawn, with the map and what basemap is shown. */
  onReady?: (map: MapLibreMap, basemap: ResolvedBasemap) => void;
  /** Keeps the drawn frame readable (canvas.toDataURL) for tests and snapshots; costs some speed. */
  preserveDrawingBuffer?: boolean;
  /** The screen holding the map is kept but not shown: no frames are drawn; on showing again it is resized and drawn once. */
  paused?: boolean;
  className?: string;
  children?: ReactNode;
}

const US: [number, number, number, number] = [-125, 24, -66, 50];

/**
 * A MapLibre map on the offline basemap. Children (RouteLayer, StopsLayer, …)
 * get the map through MapContext once its style has loaded. The element
 * carries data-map-ready="true" after the first complete render, so tests
 * wait on state, never on time.
 */
export function MapView({
  basemap,
  initialBounds = US,
  initialFit,
  onReady,
  preserveDrawingBuffer = false,
  paused = false,
  className,
  children,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [built, setBuilt] = useState<{ map: MapLibreMap; choiceKey: string } | null>(null);
  const [resolved, setResolved] = useState<ResolvedBasemap | null>(null);
  const [ready, setReady] = useState(false);
  const [runtimeNote, setRuntimeNote] = useState<string | null>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const choiceKey = JSON.stringify(basemap ?? null);
  // A map built for another basemap is about to be replaced: children must not see it in the render where the choice changed (a layer would report the old map as drawn).
  const map = built?.choiceKey === choiceKey ? built.map : null;
  const boundsRef = useRef(initialBounds);
  const fitRef = useRef(initialFit);

  useEffect(() => {
    let cancelled = false;
    let created: MapLibreMap | null = null;
    setReady(false);
    setBuilt(null);
    setRuntimeNote(null);
    configureMapWorker();
    const choice = (JSON.parse(choiceKey) as BasemapChoice | null) ?? loadBasemapChoice();
    void resolveBasemap(choice).then((r) => {
      if (cancelled || !container.current) return;
      setResolved(r);
      const m = new MapLibreMap({
        container: container.current,
        style: r.style,
        bounds: [...boundsRef.current],
        ...(fitRef.current ? { fitBoundsOptions: fitRef.current } : {}),
        attributionControl: false,
        canvasContextAttributes: { preserveDrawingBuffer },
        maxZoom: 18,
        // Labels appear at once instead of fading in over 300 ms of extra frames: a new selection is readable sooner, and on a software-rendered GPU each frame is costly.
        fadeDuration: 0,
      });
      created = m;
      countMap(m);
      holdFramesForOverlays(m);
      m.addControl(new AttributionControl({ compact: false }), 'bottom-right');
      m.addControl(new NavigationControl({ showCompass: true }), 'top-right');
      m.on('error', (ev) => {
        const sourceId = (ev as { sourceId?: unknown }).sourceId;
        // A tile or source of an optional basemap failing must not take the map down: say so and carry on.
        if (typeof sourceId === 'string' && !sourceId.startsWith('rl-'))
          setRuntimeNote('Part of the basemap failed to load; the route is unaffected.');
      });
      // The style, not the map: MapLibre's 'load' waits for every basemap tile of the first view to be drawn
      // (a second and ten frames on a software-rendered GPU), and the overlays would wait behind them.
      m.once('style.load', () => {
        if (cancelled) return;
        for (const id of [ANCHORS.gaps, ANCHORS.route, ANCHORS.stops]) {
          m.addLayer({ id, type: 'background', layout: { visibility: 'none' } });
        }
        setBuilt({ map: m, choiceKey });
      });
    });
    return () => {
      cancelled = true;
      created?.remove();
    };
  }, [choiceKey, preserveDrawingBuffer]);

  // Children add their layers in their own effects, which React runs before
  // this one: the next idle therefore includes them.
  useEffect(() => {
    if (!map || !resolved) return;
    let live = true;
    map.once('idle', () => {
      if (!live) return;
      setReady(true);
      onReadyRef.current?.(map, resolved);
    });
    return () => {
      live = false;
    };
  }, [map, resolved]);

  usePausedMap(map, paused);

  const notes = [...(resolved?.notes ?? []), ...(runtimeNote ? [runtimeNote] : [])];
  return (
    <div
      className={`rl-map ${className ?? ''}`}
      data-testid="map"
      data-map-ready={ready ? 'true' : 'false'}
      data-basemap={resolved?.active ?? ''}
      data-paused={paused ? 'true' : undefined}
    >
      <div ref={container} className="rl-map-canvas" />
      {notes.length > 0 && (
        <div className="rl-map-note" role="status" data-testid="map-basemap-note">
          {notes.map((n) => (
            <div key={n}>{n}</div>
          ))}
        </div>
      )}
      <MapContext.Provider value={map}>{children}</MapContext.Provider>
    </div>
  );
}
