import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useThrottledPlayback, type PlaybackStore } from './playback-store.ts';

/** Plot-area geometry shared by the charts and the overlays (fixed, so overlays need no chart re-render). */
export const CHART_MARGIN = { top: 6, right: 12, bottom: 0, left: 0 };
export const Y_AXIS_WIDTH = 44;
/** Set on every XAxis so overlays know where the plot's bottom is. */
export const X_AXIS_HEIGHT = 24;

/** Below this many pixels between press and release, a press is a click (seek), not a drag (zoom). */
export const DRAG_MIN_PX = 4;
/** A narrower window than this says nothing a chart can show (60-s readings). */
export const MIN_WINDOW_MS = 2 * 60_000;

const plotLeft = () => CHART_MARGIN.left + Y_AXIS_WIDTH;
const plotRight = (width: number) => width - CHART_MARGIN.right;

export function plotX(width: number, fromMs: number, toMs: number, ms: number): number {
  const left = plotLeft();
  return left + ((ms - fromMs) / Math.max(1, toMs - fromMs)) * (plotRight(width) - left);
}

export function timeAtX(width: number, fromMs: number, toMs: number, x: number): number {
  const left = plotLeft();
  const right = plotRight(width);
  const f = Math.min(1, Math.max(0, (x - left) / Math.max(1, right - left)));
  return fromMs + f * (toMs - fromMs);
}

/** The playback cursor over a chart: a positioned line, moved without re-rendering the chart, 10 times a second while playing. */
function Cursor({ store, width, fromMs, toMs }: { store: PlaybackStore; width: number; fromMs: number; toMs: number }) {
  const t = useThrottledPlayback(store, (s) => s.timeMs);
  if (t < fromMs || t > toMs) return null;
  return <div className="chart-cursor" style={{ transform: `translateX(${plotX(width, fromMs, toMs, t)}px)` }} />;
}

/**
 * A chart frame: press, drag across the plot and release to zoom the charts to
 * that time window (the band being dragged is shown); a press released within
 * DRAG_MIN_PX is a click and seeks playback to the time under the pointer.
 * The pointer is captured, so a release outside the chart still ends the drag.
 */
export function ChartFrame(props: {
  testId: string;
  store: PlaybackStore;
  width: number;
  height: number;
  fromMs: number;
  toMs: number;
  label: string;
  mode?: 'detail' | 'daily';
  onWindow?: ((fromMs: number, toMs: number) => void) | undefined;
  /** What to say of the moment under the pointer (null: nothing), shown beside it while not dragging. */
  hoverText?: ((ms: number) => string | null) | undefined;
  children: ReactNode;
}) {
  const { width, fromMs, toMs, store, onWindow, hoverText } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x0: number; x1: number } | null>(null);
  const [hoverX, setHoverX] = useState<number | null>(null);
  const xOf = (e: PointerEvent) => e.clientX - (ref.current?.getBoundingClientRect().left ?? 0);
  const clampX = (x: number) => Math.min(plotRight(width), Math.max(plotLeft(), x));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const x = xOf(e);
    setDrag({ x0: x, x1: x });
  };
  const onPointerMove = (e: PointerEvent) => {
    if (drag) setDrag({ x0: drag.x0, x1: xOf(e) });
    else if (hoverText) setHoverX(xOf(e));
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!drag) return;
    const x1 = xOf(e);
    setDrag(null);
    const at = (x: number) => timeAtX(width, fromMs, toMs, x);
    if (!onWindow || Math.abs(x1 - drag.x0) < DRAG_MIN_PX) return store.seek(at(x1));
    const a = at(Math.min(drag.x0, x1));
    const b = at(Math.max(drag.x0, x1));
    if (b - a >= MIN_WINDOW_MS) onWindow(a, b);
  };
  const dragging = drag && Math.abs(drag.x1 - drag.x0) >= DRAG_MIN_PX;
  const hovered =
    hoverText && hoverX !== null && !drag && hoverX >= plotLeft() && hoverX <= plotRight(width)
      ? hoverText(timeAtX(width, fromMs, toMs, hoverX))
      : null;
  const left = drag ? clampX(Math.min(drag.x0, drag.x1)) : 0;
  const right = drag ? clampX(Math.max(drag.x0, drag.x1)) : 0;
  return (
    <div
      ref={ref}
      className="chart-frame"
      data-testid={props.testId}
      data-from={fromMs}
      data-to={toMs}
      data-mode={props.mode ?? 'detail'}
      style={{ height: props.height }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onPointerLeave={() => setHoverX(null)}
      title={onWindow ? 'Drag across to zoom to a time window; click to seek' : 'Click to seek'}
    >
      {props.label && <span className="chart-label">{props.label}</span>}
      {props.children}
      <Cursor store={store} width={width} fromMs={fromMs} toMs={toMs} />
      {hovered && hoverX !== null && (
        <div
          className="chart-hover"
          data-testid="chart-hover"
          role="tooltip"
          style={{ left: Math.min(hoverX + 10, Math.max(0, width - 220)), top: CHART_MARGIN.top }}
        >
          {hovered}
        </div>
      )}
      {dragging && (
        <div className="chart-drag" data-testid="chart-drag-selection" style={{ left, width: right - left }} />
      )}
    </div>
  );
}
