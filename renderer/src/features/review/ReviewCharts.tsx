import { useCallback, useState } from 'react';
import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
import { windowZone, type ZoneFormatter } from '../../../../shared/time/zone.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { SpeedChart, StatusChart } from './Charts.tsx';
import { OverviewBrush } from './OverviewBrush.tsx';
import type { EventSpan } from './event-focus.ts';
import type { PlaybackStore } from './playback-store.ts';
import { ZoomBar } from './ZoomBar.tsx';
import './charts.css';

/**
 * The review's charts: the zoom bar, speed and status over the window, the
 * overview with its brush. A zoom from a chart drag, the zoom bar or an opened
 * event remounts the brush at the new window (its handles follow); the brush's own changes do not.
 */
export function ReviewCharts(props: {
  overview: SeriesResult;
  detail: SeriesResult;
  selectionKey: string;
  width: number;
  thresholdMph: number;
  fmt: ZoneFormatter;
  store: PlaybackStore;
  days: readonly DayBand[] | null;
  windowMs: readonly [number, number] | null;
  onWindow: (fromMs: number, toMs: number) => void;
  /** The opened event, shaded on the speed chart. */
  highlight: EventSpan | null;
  /** Counts events opened: each one's window is a zoom from elsewhere for the brush. */
  focusGen: number;
}) {
  const { overview, detail, selectionKey, width, thresholdMph, fmt, store, days, windowMs, onWindow } = props;
  // Zooms that were not the brush's own (a chart drag, the zoom bar, an opened event): each remounts the brush at the window.
  const [gen, setGen] = useState(0);
  const onZoom = useCallback(
    (a: number, b: number) => {
      onWindow(a, b);
      setGen((g) => g + 1);
    },
    [onWindow],
  );
  const chart = { series: detail, width, thresholdMph, fmt, store, days, onWindow: onZoom };
  return (
    <>
      {/* Always there: before a selection's window is set (its first frame, or while the next one loads), the
          whole of it; a bar that came and went would move everything below it (the per-day table) each time. */}
      <ZoomBar
        fullMs={[overview.fromMs, overview.toMs]}
        windowMs={windowMs ?? [overview.fromMs, overview.toMs]}
        fmt={fmt}
        store={store}
        onZoom={onZoom}
      />
      <SpeedChart {...chart} highlight={props.highlight} />
      <StatusChart {...chart} />
      {/* The time axis's title: its ticks are in the display zone, said by its abbreviation. */}
      <div className="chart-time-axis" data-testid="chart-time-zone">
        Time ({windowZone(fmt, detail.fromMs, detail.toMs)})
      </div>
      <OverviewBrush
        key={`${selectionKey}#${gen}#${props.focusGen}`}
        series={overview}
        width={width}
        fmt={fmt}
        initialWindow={windowMs}
        onWindow={onWindow}
      />
    </>
  );
}
