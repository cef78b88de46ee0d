import { describe, expect, it } from 'vitest';
import type { AnalysisParams, SafetyEvent } from '../../shared/analysis/types.ts';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { speedChartSvg } from '../../shared/report/speed-chart-svg.ts';
import { localRangeInterval } from '../../shared/time/local-day.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { handMadeAnalysis } from '../support/analysis-fixtures.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

/**
 * The chart frame: 1000 × 280 with margins left 52, right 14, top 12, bottom 34, so the plot is 934 px wide
 * and 234 px high; X(ms) = 52 + 934·(ms − start)/(end − start), Y(mph) = 246 − 234·mph/yMax.
 */
const NOON = Date.UTC(2026, 2, 14, 12);
const MIN = 60_000;

function chunk(points: { min: number; speed: number; lng?: number; status?: MotionStatus }[]): DayChunk {
  const crumbs: Breadcrumb[] = points.map((p, i) => ({
    id: `r${i}`,
    t: NOON + p.min * MIN,
    lat: 40,
    lng: p.lng ?? -100 + i * 0.02,
    speed: p.speed,
    status: p.status ?? 'IN_MOTION',
    direction: 90,
    location: '',
    vehicleNumber: 'T-1',
    vin: 'VIN',
  }));
  return buildDayChunk('v1', '2026-03-14', crumbs);
}

function chart(opts: {
  chunks?: DayChunk[];
  params?: Partial<AnalysisParams>;
  events?: Partial<SafetyEvent>[];
  from?: string;
  to?: string;
  zone?: string;
}): string {
  const from = opts.from ?? '2026-03-14';
  const to = opts.to ?? from;
  const zone = opts.zone ?? 'UTC';
  return speedChartSvg({
    chunks: opts.chunks ?? [],
    analysis: handMadeAnalysis(opts.params, opts.events),
    interval: localRangeInterval(from, to, zone),
    from,
    to,
    zone,
  });
}

const pathD = (svg: string) => /<path d="([^"]*)"/.exec(svg)?.[1] ?? null;
const yLabels = (svg: string) => [...svg.matchAll(/text-anchor="end">(\d+)<\/text>/g)].map((m) => Number(m[1]));
const xLabels = (svg: string) => [...svg.matchAll(/text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
const xTickPositions = (svg: string) =>
  [...svg.matchAll(/<text x="([\d.]+)" y="264" text-anchor="middle">/g)].map((m) => Number(m[1]));

describe('speed chart: the speed line', () => {
  it('plots each kept reading at its time and speed, joined into one line', () => {
    // 12:00 is X 519; 3 min later is 934·180000/86400000 ≈ 1.95 px further. yMax 80 (limit 70 + 10).
    const svg = chart({
      chunks: [
        chunk([
          { min: 0, speed: 30 },
          { min: 3, speed: 75 },
          { min: 6, speed: 60 },
          { min: 9, speed: 0 },
        ]),
      ],
    });
    expect(pathD(svg)).toBe('M519 158.3L520.9 26.6L522.9 70.5L524.8 246');
  });

  it('starts a new line after a data gap', () => {
    // 51 minutes later and about 10 miles away: a gap (default 20 min).
    const svg = chart({
      chunks: [
        chunk([
          { min: 0, speed: 30 },
          { min: 3, speed: 30 },
          { min: 60, speed: 30, lng: -99.8 },
        ]),
      ],
    });
    expect(pathD(svg)).toBe('M519 158.3L520.9 158.3M557.9 158.3');
  });

  it('draws no line without readings', () => {
    expect(pathD(chart({}))).toBeNull();
    expect(chart({})).toContain('<line x1="52" x2="986" y1="41.3" y2="41.3" stroke="#d62728"');
  });

  it('leaves outliers out of the line and of the scale', () => {
    const svg = chart({
      chunks: [
        chunk([
          { min: 0, speed: 30 },
          { min: 3, speed: 150 },
          { min: 6, speed: 30 },
        ]),
      ],
    });
    expect(pathD(svg)).toBe('M519 158.3L522.9 158.3');
    expect(yLabels(svg)).toEqual([0, 20, 40, 60, 80]);
  });
});

describe('speed chart: the speed scale', () => {
  it('reaches the limit plus 10 mph, or the top speed, rounded up to 10', () => {
    expect(yLabels(chart({ chunks: [chunk([{ min: 0, speed: 30 }])] }))).toEqual([0, 20, 40, 60, 80]);
    expect(yLabels(chart({ chunks: [chunk([{ min: 0, speed: 80 }])] }))).toEqual([0, 20, 40, 60, 80]);
    expect(yLabels(chart({ chunks: [chunk([{ min: 0, speed: 80.5 }])] }))).toEqual([0, 20, 40, 60, 80]);
    expect(yLabels(chart({ chunks: [chunk([{ min: 0, speed: 95 }])] }))).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('steps by 10 mph up to a 60 mph scale and by 20 above it', () => {
    expect(yLabels(chart({ params: { speedingThresholdMph: 50 } }))).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(yLabels(chart({ params: { speedingThresholdMph: 55 } }))).toEqual([0, 20, 40, 60]);
    expect(yLabels(chart({ params: { speedingThresholdMph: 40 } }))).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('places each grid line at its speed: 0 at the bottom (y 246), the scale top at the top (y 12)', () => {
    const svg = chart({ params: { speedingThresholdMph: 70 } });
    expect(svg).toContain(
      '<line x1="52" x2="986" y1="246" y2="246" stroke="#e3e3e3"/><text x="46" y="250" text-anchor="end">0</text>',
    );
    expect(svg).toContain(
      '<line x1="52" x2="986" y1="12" y2="12" stroke="#e3e3e3"/><text x="46" y="16" text-anchor="end">80</text>',
    );
    expect(svg).toContain(
      '<line x1="52" x2="986" y1="187.5" y2="187.5" stroke="#e3e3e3"/><text x="46" y="191.5" text-anchor="end">20</text>',
    );
  });

  it('draws the limit as a dashed line labelled with its value', () => {
    const svg = chart({ params: { speedingThresholdMph: 70 } });
    expect(svg).toContain(
      '<line x1="52" x2="986" y1="41.3" y2="41.3" stroke="#d62728" stroke-width="1.6" stroke-dasharray="8 5"/>',
    );
    expect(svg).toContain('<text x="982" y="36.3" text-anchor="end" fill="#d62728">limit 70 mph</text>');
  });
});

describe('speed chart: speeding shading', () => {
  const shades = (svg: string) =>
    [
      ...svg.matchAll(/<rect x="([\d.]+)" y="12" width="([\d.]+)" height="234" fill="#d62728" fill-opacity="0.28"\/>/g),
    ].map((m) => [Number(m[1]), Number(m[2])]);

  it('shades each speeding event over its time, at least 3 px wide', () => {
    const svg = chart({
      events: [
        { kind: 'speeding', startMs: NOON, endMs: NOON + 2 * 3_600_000 },
        { kind: 'speeding', startMs: NOON + 3 * MIN, endMs: NOON + 3 * MIN },
      ],
    });
    // Two hours are 934/12 ≈ 77.8 px.
    expect(shades(svg)).toEqual([
      [519, 77.8],
      [520.9, 3],
    ]);
  });

  it('shades no other kind of event', () => {
    const svg = chart({
      events: [
        { kind: 'long-stop', startMs: NOON, endMs: NOON + 3_600_000 },
        { kind: 'gap', startMs: NOON, endMs: NOON + 3_600_000 },
      ],
    });
    expect(shades(svg)).toEqual([]);
  });
});

describe('speed chart: the time axis', () => {
  it('labels one day every 3 hours of elapsed time, midnight to midnight', () => {
    const svg = chart({});
    expect(xLabels(svg)).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '00:00',
      'mph',
    ]);
    expect(xTickPositions(svg)).toEqual([52, 168.8, 285.5, 402.3, 519, 635.8, 752.5, 869.3, 986]);
  });

  it('shows the real clock on a 23-hour day (spring forward in Chicago)', () => {
    const svg = chart({ from: '2026-03-08', zone: 'America/Chicago' });
    expect(xLabels(svg).slice(0, -1)).toEqual(['00:00', '04:00', '07:00', '10:00', '13:00', '16:00', '19:00', '22:00']);
  });

  it('labels every day of a range of up to 10 days, by month and day', () => {
    const svg = chart({ from: '2026-12-28', to: '2027-01-06' });
    expect(xLabels(svg).slice(0, -1)).toEqual([
      'Dec 28',
      'Dec 29',
      'Dec 30',
      'Dec 31',
      'Jan 1',
      'Jan 2',
      'Jan 3',
      'Jan 4',
      'Jan 5',
      'Jan 6',
    ]);
    expect(xTickPositions(svg).slice(0, 2)).toEqual([52, 145.4]);
  });

  it('labels every 7th day of a range of 11 to 45 days', () => {
    expect(xLabels(chart({ from: '2026-03-01', to: '2026-03-11' })).slice(0, -1)).toEqual(['Mar 1', 'Mar 8']);
    expect(xLabels(chart({ from: '2026-03-01', to: '2026-04-14' })).slice(0, -1)).toEqual([
      'Mar 1',
      'Mar 8',
      'Mar 15',
      'Mar 22',
      'Mar 29',
      'Apr 5',
      'Apr 12',
    ]);
  });

  it('labels only the first of each month in a range over 45 days', () => {
    expect(xLabels(chart({ from: '2026-03-01', to: '2026-04-15' })).slice(0, -1)).toEqual(['Mar 1', 'Apr 1']);
    expect(xLabels(chart({ from: '2026-05-15', to: '2026-09-20' })).slice(0, -1)).toEqual([
      'Jun 1',
      'Jul 1',
      'Aug 1',
      'Sep 1',
    ]);
  });
});

describe('speed chart: the frame', () => {
  it('is a 1000 × 280 SVG with an axis title and the plot outlined', () => {
    const svg = chart({});
    expect(
      svg.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" class="speed-chart" viewBox="0 0 1000 280" role="img" aria-label="Speed chart" font-size="13" fill="#333">',
      ),
    ).toBe(true);
    expect(svg).toContain('<text x="14" y="129" transform="rotate(-90 14 129)" text-anchor="middle">mph</text>');
    expect(svg).toContain('<rect x="52" y="12" width="934" height="234" fill="none" stroke="#999"/></svg>');
  });
});
