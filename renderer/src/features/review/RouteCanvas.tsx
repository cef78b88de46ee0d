import { useEffect, useRef, useState } from 'react';
import type { Stop } from '../../../../shared/analysis/types.ts';
import { isGapInterval } from '../../../../shared/track/gaps.ts';
import { sampleAt } from '../../playback/interpolate.ts';
import type { FlatTrack } from '../../playback/track.ts';
import { windowOf } from '../../workers/series.ts';
import { formatDuration } from '../../time/zone.ts';
import type { PlaybackStore } from './playback-store.ts';
import { fitCamera, mercX, mercY, type Camera } from './projection.ts';
import { GAP_COLOR, SPEED_CLASSES, speedClass, STOP_COLOR } from './route-style.ts';

export interface ProjectedTrack extends FlatTrack {
  mx: Float64Array;
  my: Float64Array;
}

export function projectTrack(track: FlatTrack): ProjectedTrack {
  const mx = new Float64Array(track.length);
  const my = new Float64Array(track.length);
  for (let i = 0; i < track.length; i++) {
    mx[i] = mercX(track.lng[i]!);
    my[i] = mercY(track.lat[i]!);
  }
  return { ...track, mx, my };
}

interface Props {
  track: ProjectedTrack;
  windowMs: [number, number];
  thresholdMph: number;
  gapMs: number;
  stops: readonly Stop[];
  store: PlaybackStore;
  /** Changes whenever a new selection is drawn; the map reports ready for it. */
  selectionKey: string;
}

/** Cache canvases are this many viewports wide, so following the vehicle rarely redraws the route. */
const CACHE = 3;

interface Cache {
  canvas: HTMLCanvasElement;
  cam: Camera;
  w: number;
  h: number;
}

function drawRoute(ctx: CanvasRenderingContext2D, p: Props, cam: Camera, w: number, h: number, dpr: number) {
  const { track, thresholdMph, gapMs } = p;
  const [lo, hi] = windowOf(track.t, p.windowMs[0], p.windowMs[1]);
  const sx = (i: number) => (track.mx[i]! - cam.cx) * cam.scale + w / 2;
  const sy = (i: number) => (track.my[i]! - cam.cy) * cam.scale + h / 2;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // One path per speed class (and one for gaps): a handful of strokes instead of one per segment.
  const paths = SPEED_CLASSES.map(() => new Path2D());
  const gaps = new Path2D();
  let px = NaN;
  let py = NaN;
  let pk = -1;
  for (let i = lo; i + 1 < hi; i++) {
    const x1 = sx(i + 1);
    const y1 = sy(i + 1);
    if (isGapInterval(track.t[i + 1]! - track.t[i]!, track.status[i]!, gapMs)) {
      gaps.moveTo(sx(i), sy(i));
      gaps.lineTo(x1, y1);
      pk = -1;
      continue;
    }
    const k = speedClass(track.speed[i]!, thresholdMph);
    const x0 = sx(i);
    const y0 = sy(i);
    const off = (x0 < -50 && x1 < -50) || (y0 < -50 && y1 < -50) || (x0 > w + 50 && x1 > w + 50) || (y0 > h + 50 && y1 > h + 50);
    if (off) {
      pk = -1;
      continue;
    }
    // Sub-pixel steps of the same class add nothing visible: skip them (a six-month route at fleet zoom).
    if (k === pk && Math.abs(x1 - px) < 0.75 && Math.abs(y1 - py) < 0.75 && i + 2 < hi) continue;
    const path = paths[k]!;
    if (k !== pk) path.moveTo(pk === -1 ? x0 : px, pk === -1 ? y0 : py);
    path.lineTo(x1, y1);
    px = x1;
    py = y1;
    pk = k;
  }
  ctx.setLineDash([5, 5]);
  ctx.strokeStyle = GAP_COLOR;
  ctx.lineWidth = 1.5;
  ctx.stroke(gaps);
  ctx.setLineDash([]);
  SPEED_CLASSES.forEach((c, k) => {
    ctx.strokeStyle = c.color;
    ctx.lineWidth = c.width;
    ctx.stroke(paths[k]!);
  });
  const shown = p.stops.filter((s) => s.endMs >= p.windowMs[0] && s.startMs <= p.windowMs[1]);
  ctx.font = '11px system-ui, sans-serif';
  for (const s of shown) {
    const x = (mercX(s.lng) - cam.cx) * cam.scale + w / 2;
    const y = (mercY(s.lat) - cam.cy) * cam.scale + h / 2;
    if (x < -20 || y < -20 || x > w + 20 || y > h + 20) continue;
    ctx.beginPath();
    ctx.arc(x, y, 5, 0, Math.PI * 2);
    ctx.fillStyle = STOP_COLOR;
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    if (shown.length <= 60) {
      const label = formatDuration(s.durationSeconds);
      ctx.lineWidth = 3;
      ctx.strokeText(label, x + 8, y + 4);
      ctx.fillStyle = '#2a1d57';
      ctx.fillText(label, x + 8, y + 4);
    }
  }
}

function drawMarker(ctx: CanvasRenderingContext2D, x: number, y: number, heading: number, inGap: boolean, w: number, h: number, dpr: number) {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.translate(x, y);
  ctx.rotate((heading * Math.PI) / 180);
  ctx.beginPath();
  ctx.moveTo(0, -11);
  ctx.lineTo(7.5, 8);
  ctx.lineTo(0, 4);
  ctx.lineTo(-7.5, 8);
  ctx.closePath();
  ctx.fillStyle = inGap ? '#8a94a3' : '#111827';
  ctx.fill();
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.stroke();
}

/**
 * The route on a canvas: Web Mercator, coloured by speed class, gaps dashed,
 * stops as dots with their duration, and the heading-rotated vehicle marker
 * on its own layer so playback redraws only the marker.
 */
export function RouteCanvas(props: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const routeRef = useRef<HTMLCanvasElement>(null);
  const markerRef = useRef<HTMLCanvasElement>(null);
  const cam = useRef<Camera>({ cx: 0.5, cy: 0.5, scale: 256 });
  const cache = useRef<Cache | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [readyKey, setReadyKey] = useState('');
  const dpr = Math.min(2, window.devicePixelRatio || 1);

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    setSize({ w: el.clientWidth, h: el.clientHeight });
    return () => ro.disconnect();
  }, []);

  const render = () => {
    const { w, h } = size;
    const out = routeRef.current;
    if (!out || w === 0 || h === 0) return;
    let c = cache.current;
    const cm = cam.current;
    const fits =
      c &&
      c.cam.scale === cm.scale &&
      c.w === w &&
      c.h === h &&
      Math.abs((cm.cx - c.cam.cx) * cm.scale) <= w * ((CACHE - 1) / 2) &&
      Math.abs((cm.cy - c.cam.cy) * cm.scale) <= h * ((CACHE - 1) / 2);
    if (!fits || !c) {
      const canvas = c?.canvas ?? document.createElement('canvas');
      canvas.width = w * CACHE * dpr;
      canvas.height = h * CACHE * dpr;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      drawRoute(ctx, propsRef.current, { ...cm }, w * CACHE, h * CACHE, dpr);
      c = { canvas, cam: { ...cm }, w, h };
      cache.current = c;
    }
    const ctx = out.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, out.width, out.height);
    const dx = (c.cam.cx - cm.cx) * cm.scale - w * ((CACHE - 1) / 2);
    const dy = (c.cam.cy - cm.cy) * cm.scale - h * ((CACHE - 1) / 2);
    ctx.drawImage(c.canvas, Math.round(dx * dpr), Math.round(dy * dpr));
  };

  const renderMarker = () => {
    const p = propsRef.current;
    const out = markerRef.current;
    const ctx = out?.getContext('2d');
    const s = sampleAt(p.track, p.store.get().timeMs, p.gapMs);
    if (!ctx || !s) return;
    const { w, h } = size;
    const cm = cam.current;
    const x = (mercX(s.lng) - cm.cx) * cm.scale + w / 2;
    const y = (mercY(s.lat) - cm.cy) * cm.scale + h / 2;
    drawMarker(ctx, x, y, s.heading, s.inGap, w, h, dpr);
  };

  const fit = () => {
    const { track, windowMs } = propsRef.current;
    const [lo, hi] = windowOf(track.t, windowMs[0], windowMs[1]);
    if (hi <= lo) return;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = lo; i < hi; i++) {
      const x = track.mx[i]!, y = track.my[i]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    cam.current = fitCamera(minX, minY, maxX, maxY, size.w, size.h);
  };

  // A new selection or time window: fit the camera, redraw, report ready.
  useEffect(() => {
    if (size.w === 0) return;
    cache.current = null;
    fit();
    render();
    renderMarker();
    setReadyKey(props.selectionKey);
  }, [props.track, props.windowMs[0], props.windowMs[1], props.thresholdMph, props.stops, size.w, size.h]);

  // Playback: move the marker, and the camera when following.
  useEffect(
    () =>
      props.store.subscribe(() => {
        const p = propsRef.current;
        if (p.store.get().follow) {
          const s = sampleAt(p.track, p.store.get().timeMs, p.gapMs);
          if (s) {
            cam.current = { ...cam.current, cx: mercX(s.lng), cy: mercY(s.lat) };
            render();
          }
        }
        renderMarker();
      }),
    [props.store, size.w, size.h],
  );

  // Wheel zoom about the pointer, drag to pan (which ends follow: the user took the camera).
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const c = cam.current;
      const ux = c.cx + (e.clientX - r.left - size.w / 2) / c.scale;
      const uy = c.cy + (e.clientY - r.top - size.h / 2) / c.scale;
      const scale = Math.min(2 ** 24, Math.max(128, c.scale * Math.exp(-e.deltaY * 0.0015)));
      cam.current = { scale, cx: ux - (e.clientX - r.left - size.w / 2) / scale, cy: uy - (e.clientY - r.top - size.h / 2) / scale };
      render();
      renderMarker();
    };
    let drag: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      drag = { x: e.clientX, y: e.clientY };
      el.setPointerCapture(e.pointerId);
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) return;
      const c = cam.current;
      cam.current = { ...c, cx: c.cx - (e.clientX - drag.x) / c.scale, cy: c.cy - (e.clientY - drag.y) / c.scale };
      drag = { x: e.clientX, y: e.clientY };
      if (propsRef.current.store.get().follow) propsRef.current.store.setFollow(false);
      render();
      renderMarker();
    };
    const onUp = () => (drag = null);
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
    };
  }, [size.w, size.h]);

  const canvasStyle = { width: size.w, height: size.h };
  return (
    <div ref={wrap} className="review-map" data-testid="review-map" data-map-ready={readyKey === props.selectionKey && size.w > 0 ? 'true' : 'false'} data-selection={readyKey}>
      <canvas ref={routeRef} width={size.w * dpr} height={size.h * dpr} style={canvasStyle} aria-label="Route map" role="img" />
      <canvas ref={markerRef} width={size.w * dpr} height={size.h * dpr} style={canvasStyle} aria-hidden="true" />
      <div className="review-legend" aria-label="Legend">
        {SPEED_CLASSES.map((c) => (
          <span key={c.key}>
            <i style={{ background: c.color }} /> {c.label}
          </span>
        ))}
        <span>
          <i className="legend-gap" /> Gap
        </span>
        <span>
          <i className="legend-stop" /> Stop
        </span>
      </div>
    </div>
  );
}
