import { useCallback, useState } from 'react';
import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { OverviewBrush, SpeedChart, StatusChart } from './Charts.tsx';
import type { PlaybackStore } from './playback-store.ts';
import { ZoomBar } from './ZoomBar.tsx';
import './charts.css';

/**
 * The review's charts: the zoom bar, speed and status over the window, the
 * overview with its brush. A zoom from a chart drag or the zoom bar remounts
 * the brush at the new window (its handles follow); the brush's own changes do not.
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
}) {
  const { overview, detail, width, thresholdMph, fmt, store, days, windowMs, onWindow } = props;
  // The last zoom that was not the brush's own, and of which selection: the brush remounts there.
  const [zoom, setZoom] = useState<{ gen: number; key: string; ms: [number, number] | null }>({
    gen: 0,
    key: props.selectionKey,
    ms: null,
  });
  const selectionKey = props.selectionKey;
  const onZoom = useCallback(
    (a: number, b: number) => {
      onWindow(a, b);
      setZoom((z) => ({ gen: z.gen + 1, key: selectionKey, ms: [a, b] }));
    },
    [onWindow, selectionKey],
  );
  const chart = { series: detail, width, thresholdMph, fmt, store, days, onWindow: onZoom };
  return (
    <>
      {windowMs && (
        <ZoomBar
          fullMs={[overview.fromMs, overview.toMs]}
          windowMs={windowMs}
          fmt={fmt}
          store={store}
          onZoom={onZoom}
        />
      )}
      <SpeedChart {...chart} />
      <StatusChart {...chart} />
      <OverviewBrush
        key={`${selectionKey}#${zoom.gen}`}
        series={overview}
        width={width}
        fmt={fmt}
        initialWindow={zoom.key === selectionKey ? zoom.ms : null}
        onWindow={onWindow}
      />
    </>
  );
}
