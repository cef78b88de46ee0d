import { windowZone, type ZoneFormatter } from '../../../../shared/time/zone.ts';
import { MIN_WINDOW_MS } from './ChartFrame.tsx';
import type { PlaybackStore } from './playback-store.ts';

/** `2026-06-02 14:05 CDT` in the display zone. */
export const windowEdge = (fmt: ZoneFormatter, ms: number) =>
  `${fmt.dateTime(ms).slice(0, 16)} ${fmt.abbreviation(ms)}`;

/**
 * The charts' time window in words, and buttons for what dragging does (the
 * keyboard's way to zoom): halve it around the playback time, double it, or
 * go back to the whole selection.
 */
export function ZoomBar(props: {
  fullMs: readonly [number, number];
  windowMs: readonly [number, number];
  fmt: ZoneFormatter;
  store: PlaybackStore;
  onZoom: (fromMs: number, toMs: number) => void;
}) {
  const [full0, full1] = props.fullMs;
  const [from, to] = props.windowMs;
  const zoomed = from > full0 || to < full1;
  // A window of `span` around `center`, kept inside the selection.
  const around = (center: number, span: number) => {
    const s = Math.min(full1 - full0, Math.max(MIN_WINDOW_MS, span));
    const a = Math.min(full1 - s, Math.max(full0, center - s / 2));
    props.onZoom(a, a + s);
  };
  const playback = props.store.get().timeMs;
  const center = playback >= from && playback <= to ? playback : (from + to) / 2;
  return (
    <div className="zoom-bar" data-testid="zoom-bar">
      <span className="zoom-window" data-testid="zoom-window" data-from={from} data-to={to} data-zoomed={zoomed}>
        {`Times in ${windowZone(props.fmt, from, to)} · `}
        {zoomed
          ? `Zoomed: ${windowEdge(props.fmt, from)} → ${windowEdge(props.fmt, to)}`
          : 'Whole selection · drag across a chart to zoom, click to seek'}
      </span>
      <button
        type="button"
        data-testid="zoom-in"
        disabled={to - from <= MIN_WINDOW_MS}
        onClick={() => around(center, (to - from) / 2)}
      >
        Zoom in
      </button>
      <button
        type="button"
        data-testid="zoom-out"
        disabled={!zoomed}
        onClick={() => around((from + to) / 2, (to - from) * 2)}
      >
        Zoom out
      </button>
      <button type="button" data-testid="zoom-reset" disabled={!zoomed} onClick={() => props.onZoom(full0, full1)}>
        Reset zoom
      </button>
    </div>
  );
}
