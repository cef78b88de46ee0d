import { useCallback, useState } from 'react';
import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { OverviewBrush, SpeedChart, StatusChart } from './Charts.tsx';
import type { PlaybackStore } from './playback-store.ts';
import { ZoomBar } from './ZoomBar.tsx';

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
  const [zoomGen, setZoomGen] = useState(0);
  const onZoom = useCallback(
    (a: number, b: number) => {
      onWindow(a, b);
      setZoomGen((g) => g + 1);
    },
    [onWindow],
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
        series={overview}
        width={width}
        fmt={fmt}
        resetKey={`${props.selectionKey}#${zoomGen}`}
        windowMs={windowMs}
        onWindow={onWindow}
      />
    </>
  );
}
