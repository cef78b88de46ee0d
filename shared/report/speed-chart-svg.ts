import { m4, trackSeries } from '../analysis/downsample.ts';
import type { TrackAnalysis } from '../analysis/types.ts';
import {
  createLocalIsoFormatter,
  daysFromTo,
  localDayStartMs,
  type Interval,
  type LocalDay,
} from '../time/local-day.ts';
import { withoutOutliers } from '../track/outliers.ts';
import type { DayChunk } from '../track/types.ts';

/**
 * The speed over the selection as a printable SVG chart: the kept readings'
 * speed (outliers left out) reduced with M4 to the chart's width (the same
 * pixels as every reading), broken at data gaps, the speed limit as a dashed
 * line, speeding events shaded. The time axis runs over the days asked, in
 * the home zone: hours for a day, dates for longer ranges.
 */
export const CHART_SIZE = Object.freeze({ width: 1000, height: 280 });
const M = { left: 52, right: 14, top: 12, bottom: 34 };

export interface SpeedChartInput {
  chunks: readonly DayChunk[];
  analysis: TrackAnalysis;
  /** The days asked, as a UTC interval, and their zone. */
  interval: Interval;
  from: LocalDay;
  to: LocalDay;
  zone: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Local-midnight ticks, thinned so labels do not collide, labelled "Nov 20"; for one day, every 3 hours "15:00". */
function timeTicks(input: SpeedChartInput): { ms: number; label: string }[] {
  const days = daysFromTo(input.from, input.to);
  if (days.length === 1) {
    const local = createLocalIsoFormatter(input.zone);
    const out: { ms: number; label: string }[] = [];
    // Every 3 h of elapsed time from local midnight (a 23 h or 25 h day shows its real clock labels).
    for (let ms = input.interval.startMs; ms <= input.interval.endMs; ms += 3 * 3_600_000)
      out.push({ ms, label: local(ms).slice(11, 16) });
    return out;
  }
  const stride = days.length <= 10 ? 1 : days.length <= 45 ? 7 : 0;
  const picked = stride > 0 ? days.filter((_, k) => k % stride === 0) : days.filter((d) => d.endsWith('-01'));
  return picked.map((d) => ({
    ms: localDayStartMs(d, input.zone),
    label: `${MONTHS[Number(d.slice(5, 7)) - 1]} ${Number(d.slice(8, 10))}`,
  }));
}

export function speedChartSvg(input: SpeedChartInput): string {
  const { analysis } = input;
  const limit = analysis.params.speedingThresholdMph;
  const clean = input.chunks.map((c) => withoutOutliers(c, analysis.params.maxPlausibleMph).chunk);
  const w = CHART_SIZE.width - M.left - M.right;
  const h = CHART_SIZE.height - M.top - M.bottom;
  const { startMs, endMs } = input.interval;
  const series = trackSeries(clean, 'speed', analysis.params);
  const reduced = series.t.length > 0 ? m4(series.t, series.v, w, startMs, endMs) : series;
  let top = limit + 10;
  for (const v of reduced.v) if (v > top) top = v;
  const yMax = Math.ceil(top / 10) * 10;
  const X = (ms: number) => M.left + ((ms - startMs) / Math.max(1, endMs - startMs)) * w;
  const Y = (mph: number) => M.top + h - (mph / yMax) * h;

  let d = '';
  let pen = false;
  for (let i = 0; i < reduced.t.length; i++) {
    const v = reduced.v[i]!;
    if (!Number.isFinite(v)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${r1(X(reduced.t[i]!))} ${r1(Y(v))}`;
    pen = true;
  }
  const shade = analysis.events
    .filter((e) => e.kind === 'speeding')
    .map(
      (e) =>
        `<rect x="${r1(X(e.startMs))}" y="${M.top}" width="${r1(Math.max(3, X(e.endMs) - X(e.startMs)))}" height="${h}" fill="#d62728" fill-opacity="0.28"/>`,
    )
    .join('');
  const yStep = yMax <= 60 ? 10 : 20;
  let yAxis = '';
  for (let v = 0; v <= yMax; v += yStep) {
    yAxis += `<line x1="${M.left}" x2="${M.left + w}" y1="${r1(Y(v))}" y2="${r1(Y(v))}" stroke="#e3e3e3"/><text x="${M.left - 6}" y="${r1(Y(v) + 4)}" text-anchor="end">${v}</text>`;
  }
  const xAxis = timeTicks(input)
    .map(
      (t) =>
        `<line x1="${r1(X(t.ms))}" x2="${r1(X(t.ms))}" y1="${M.top}" y2="${M.top + h + 4}" stroke="#e3e3e3"/><text x="${r1(X(t.ms))}" y="${M.top + h + 18}" text-anchor="middle">${t.label}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="speed-chart" viewBox="0 0 ${CHART_SIZE.width} ${CHART_SIZE.height}" role="img" aria-label="Speed chart" font-size="13" fill="#333">` +
    yAxis +
    xAxis +
    shade +
    (d ? `<path d="${d}" fill="none" stroke="#1d4f91" stroke-width="1.4" stroke-linejoin="round"/>` : '') +
    `<line x1="${M.left}" x2="${M.left + w}" y1="${r1(Y(limit))}" y2="${r1(Y(limit))}" stroke="#d62728" stroke-width="1.6" stroke-dasharray="8 5"/>` +
    `<text x="${M.left + w - 4}" y="${r1(Y(limit) - 5)}" text-anchor="end" fill="#d62728">limit ${limit} mph</text>` +
    `<text x="14" y="${M.top + h / 2}" transform="rotate(-90 14 ${M.top + h / 2})" text-anchor="middle">mph</text>` +
    `<rect x="${M.left}" y="${M.top}" width="${w}" height="${h}" fill="none" stroke="#999"/>` +
    `</svg>`
  );
}
