// Over 300 lines: one audit report from a hand-made analysis, read back section by section.
import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { AnalysisParams, SafetyEvent, Trip, TrackAnalysis, TrackTotals } from '../../shared/analysis/types.ts';
import type { AuditContent, AuditSource } from '../../shared/audit/bundle-content.ts';
import type { AuditCounts, DownloadedDayFact } from '../../shared/audit/manifest.ts';
import { auditReportHtml } from '../../shared/report/audit-report.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import type { LocalDayCoverage } from '../../shared/track/local-coverage.ts';

/** A report built from a hand-made analysis, so every figure it prints is known. Zone UTC throughout. */
const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 14, 12);

const TOTALS: TrackTotals = {
  movingSeconds: 57 * 3600 + 12 * 60,
  stationarySeconds: 0,
  offlineSeconds: 14 * 60,
  distanceMiles: 1234.5,
  unaccountedMiles: 3.25,
  movingSecondsOutsideTrips: 0,
  outliers: 2,
};

interface Opts {
  carrierName?: string;
  dotNumber?: string;
  from?: string;
  to?: string;
  generatedAt?: number;
  params?: Partial<AnalysisParams>;
  chunks?: DayChunk[];
  days?: DownloadedDayFact[];
  trips?: Partial<Trip>[];
  events?: Partial<SafetyEvent>[];
  totals?: Partial<TrackTotals>;
  covered?: { from: string; to: string } | null;
  counts?: Partial<AuditCounts>;
  appName?: string;
  coverage?: LocalDayCoverage[];
}

function report(o: Opts = {}): string {
  const from = o.from ?? '2026-03-14';
  const to = o.to ?? '2026-03-16';
  const params = resolveAnalysisParams(o.params ?? {});
  const source: AuditSource = {
    app: { name: o.appName ?? 'RouteLens', version: '1.2.3' },
    apiBaseUrl: 'https://api.example.com/v2',
    meta: {
      carrierName: o.carrierName ?? 'Prairie Line',
      dotNumber: o.dotNumber ?? '3148272',
      vehicleId: 'veh-1',
      vehicleNumber: 'T-101',
      vin: 'VIN1',
      zone: 'UTC',
      dayZone: 'UTC',
      from,
      to,
      generatedAt: o.generatedAt ?? Date.UTC(2026, 2, 20, 12),
    },
    chunks: o.chunks ?? [],
    params,
    days: o.days ?? [],
    rejected: 0,
  };
  const analysis: TrackAnalysis = {
    params,
    trips: (o.trips ?? []) as Trip[],
    stops: [],
    events: (o.events ?? []) as SafetyEvent[],
    totals: { ...TOTALS, ...o.totals },
  };
  const content: AuditContent = {
    analysis,
    range: { zone: 'UTC', asked: { from, to }, covered: o.covered === undefined ? { from, to } : o.covered },
    counts: {
      records: 420,
      outliers: 2,
      trips: analysis.trips.length,
      events: analysis.events.length,
      rejected: 3,
      daysAsked: 3,
      daysWithData: 2,
      ...o.counts,
    },
    coverage: o.coverage ?? [],
    files: {} as AuditContent['files'],
  };
  return auditReportHtml({ source, content });
}

/** The value cell of a facts row. */
function fact(html: string, key: string): string | undefined {
  const k = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<tr><td>${k}</td><td(?: class="n")?>([^<]*)</td></tr>`).exec(html)?.[1];
}

function chunkOn(day: string, n = 2): DayChunk {
  const start = Date.parse(`${day}T12:00:00Z`);
  return buildDayChunk(
    'veh-1',
    day,
    Array.from({ length: n }, (_, i) => ({
      id: `${day}-${i}`,
      t: start + i * 60_000,
      lat: 40,
      lng: -100 + i * 0.01,
      speed: 30,
      status: 'IN_MOTION' as const,
      direction: 90,
      location: 'Omaha, NE',
      vehicleNumber: 'T-101',
      vin: 'VIN1',
    })),
  );
}

describe('audit report: who and when', () => {
  it('names the carrier and USDOT, or says they are unknown', () => {
    const html = report();
    expect(fact(html, 'Carrier (legal name)')).toBe('Prairie Line');
    expect(fact(html, 'USDOT number')).toBe('3148272');
    const unknown = report({ carrierName: '  ', dotNumber: ' ' });
    expect(fact(unknown, 'Carrier (legal name)')).toBe('unknown (no company info from the API)');
    expect(fact(unknown, 'USDOT number')).toBe('unknown');
    expect(unknown).toContain(
      '<title>Audit report — unknown (no company info from the API) · USDOT unknown · T-101 · 2026-03-14 – 2026-03-16 (UTC)</title>',
    );
  });

  it('gives the range asked with its day count and its first and last instant', () => {
    expect(fact(report(), 'Range asked')).toBe(
      '2026-03-14 – 2026-03-16 (3 days, 2026-03-14 00:00:00 UTC to 2026-03-17 00:00:00 UTC)',
    );
    expect(fact(report({ from: '2026-03-14', to: '2026-03-14' }), 'Range asked')).toBe(
      '2026-03-14 (1 day, 2026-03-14 00:00:00 UTC to 2026-03-15 00:00:00 UTC)',
    );
  });

  it('gives the range the data covers, or says there are no readings', () => {
    expect(fact(report({ covered: { from: '2026-03-15', to: '2026-03-16' } }), 'Data covers')).toBe(
      '2026-03-15 – 2026-03-16',
    );
    const none = report({ covered: null });
    expect(fact(none, 'Data covers')).toBe('no readings');
    expect(none).toContain('· data none</p>');
  });

  it('gives the generation time local and in UTC, milliseconds only when there are some', () => {
    expect(fact(report(), 'Generated')).toBe('2026-03-20 12:00:00 UTC (2026-03-20T12:00:00Z)');
    expect(fact(report({ generatedAt: Date.UTC(2026, 2, 20, 12, 0, 0, 500) }), 'Generated')).toBe(
      '2026-03-20 12:00:00 UTC (2026-03-20T12:00:00.500Z)',
    );
    expect(fact(report(), 'Source')).toBe('RouteLens 1.2.3');
  });
});

describe('audit report: figures', () => {
  it('prints distances to 0.01 mi and durations in hours and minutes', () => {
    const html = report();
    expect(fact(html, 'Distance (moving)')).toBe('1234.50 mi');
    expect(fact(html, 'Distance across data gaps')).toBe('3.25 mi');
    expect(fact(html, 'Moving time')).toBe('57 h 12 min');
    expect(fact(html, 'Readings')).toBe('420 (2 outliers left out)');
  });

  it('writes durations under a minute in seconds, under an hour in minutes, and never below zero', () => {
    expect(fact(report({ totals: { movingSeconds: 45 } }), 'Moving time')).toBe('45 s');
    expect(fact(report({ totals: { movingSeconds: 59.4 } }), 'Moving time')).toBe('59 s');
    expect(fact(report({ totals: { movingSeconds: 59.6 } }), 'Moving time')).toBe('1 min');
    expect(fact(report({ totals: { movingSeconds: 3599 } }), 'Moving time')).toBe('59 min');
    expect(fact(report({ totals: { movingSeconds: 3600 } }), 'Moving time')).toBe('1 h 00 min');
    expect(fact(report({ totals: { movingSeconds: 3600 * 30 + 5 * 60 } }), 'Moving time')).toBe('30 h 05 min');
    expect(fact(report({ totals: { movingSeconds: -5 } }), 'Moving time')).toBe('0 s');
  });

  it('counts trips, speeding events, long stops and gaps separately', () => {
    const html = report({
      trips: [],
      events: [
        { kind: 'speeding', startMs: T0, endMs: T0 + 60_000, durationSeconds: 60, peakSpeedMph: 81.25, place: 'A' },
        {
          kind: 'speeding',
          startMs: T0 + H,
          endMs: T0 + H + 60_000,
          durationSeconds: 60,
          peakSpeedMph: 75,
          place: 'B',
        },
        { kind: 'long-stop', startMs: T0 + 2 * H, endMs: T0 + 5 * H, durationSeconds: 3 * 3600, place: 'C' },
        {
          kind: 'gap',
          startMs: T0 + 6 * H,
          endMs: T0 + 7 * H,
          durationSeconds: 3600,
          reason: 'silence',
          miles: 5,
          place: 'D',
        },
      ],
    });
    expect(fact(html, 'Trips')).toBe('0');
    expect(fact(html, 'Speeding events')).toBe('2');
    expect(fact(html, 'Long stops')).toBe('1');
    expect(fact(html, 'Data gaps')).toBe('1 (14 min)');
    expect(html).toContain('<h2>Safety events (4)</h2>');
  });
});

describe('audit report: analysis parameters', () => {
  it('prints speeds in mph, distances in mi, and durations of a minute or more also as a duration', () => {
    const html = report({ params: { speedingMinSeconds: 59 } });
    expect(fact(html, 'Speed limit (speeding above)')).toBe('70 mph');
    expect(fact(html, 'Speeding lasts at least')).toBe('59 s');
    expect(fact(html, 'A stop lasts at least')).toBe('5 min (300 s)');
    expect(fact(html, 'A long stop lasts at least')).toBe('2 h 00 min (7200 s)');
    expect(fact(html, 'Not moving at or below')).toBe('3 mph');
    expect(fact(html, 'A data gap is a silence longer than')).toBe('20 min (1200 s)');
    expect(fact(html, 'Outlier above (plausible maximum)')).toBe('110 mph');
    expect(fact(html, 'A gap this long ends a trip')).toBe('1 h 00 min (3600 s)');
    expect(fact(html, 'Trips shorter than this are dropped')).toBe('1 mi');
    expect(fact(report({ params: { speedingMinSeconds: 60 } }), 'Speeding lasts at least')).toBe('1 min (60 s)');
  });
});

describe('audit report: data coverage', () => {
  it('folds the days without readings into ranges', () => {
    const mid = report({ chunks: [chunkOn('2026-03-15')] });
    expect(fact(mid, 'Days without readings')).toBe('2026-03-14, 2026-03-16');
    const first = report({ chunks: [chunkOn('2026-03-14')] });
    expect(fact(first, 'Days without readings')).toBe('2026-03-15 – 2026-03-16');
    const last = report({ chunks: [chunkOn('2026-03-16')] });
    expect(fact(last, 'Days without readings')).toBe('2026-03-14 – 2026-03-15');
    const all = report({ chunks: [chunkOn('2026-03-14'), chunkOn('2026-03-15'), chunkOn('2026-03-16')] });
    expect(fact(all, 'Days without readings')).toBe('none');
    expect(fact(report(), 'Days without readings')).toBe('2026-03-14 – 2026-03-16');
    const emptyChunk = report({ chunks: [chunkOn('2026-03-14', 0), chunkOn('2026-03-15')] });
    expect(fact(emptyChunk, 'Days without readings')).toBe('2026-03-14, 2026-03-16');
  });

  it('gives the counts of days, readings, outliers and rejected records', () => {
    const html = report();
    expect(fact(html, 'Days with readings')).toBe('2 of 3');
    expect(fact(html, 'Readings')).toBe('420 (2 outliers left out)');
    expect(fact(html, 'Outliers (kept in the files, flagged, left out of every figure)')).toBe('2');
    expect(fact(html, 'Rejected records (malformed, never written)')).toBe('3');
    expect(fact(html, 'Data gaps')).toBe('0 (14 min)');
    expect(html).toContain('<tr><td>Data gaps</td><td>0, 14 min in all</td></tr>');
  });

  it('gives the UTC days downloaded with the first and last download time, and the days still growing', () => {
    const days: DownloadedDayFact[] = [
      { day: '2026-03-15', downloadedAt: '2026-03-20T10:00:00.000Z', records: 1, rejected: 0, complete: false },
      { day: '2026-03-14', downloadedAt: '2026-03-19T08:00:00.000Z', records: 1, rejected: 0, complete: true },
      { day: '2026-03-16', downloadedAt: null, records: 0, rejected: 0, complete: false },
    ];
    const html = report({ days });
    expect(fact(html, 'UTC days downloaded')).toBe('3, from 2026-03-19T08:00:00.000Z to 2026-03-20T10:00:00.000Z');
    expect(fact(html, 'UTC days still growing when downloaded')).toBe('2026-03-15, 2026-03-16');
    const unknownTimes = report({ days: [{ ...days[2]!, complete: true }] });
    expect(fact(unknownTimes, 'UTC days downloaded')).toBe('1');
    expect(fact(unknownTimes, 'UTC days still growing when downloaded')).toBe('none');
  });

  it('counts the reviewed events out of all, or says none', () => {
    const events = [
      { kind: 'long-stop', startMs: T0, endMs: T0 + 3 * H, durationSeconds: 3 * 3600, place: '' },
    ] as const;
    expect(fact(report({ events: [...events] }), 'Events with a review mark (review_log.csv)')).toBe('none');
    expect(
      fact(report({ events: [...events], counts: { reviewed: 1 } }), 'Events with a review mark (review_log.csv)'),
    ).toBe('1 of 1');
  });
});

describe('audit report: tables', () => {
  it('says so when there are no days, trips or events', () => {
    const html = report();
    expect(html).toContain('<p class="none">No readings in this range.</p>');
    expect(html).toContain('<h2>Trips (0)</h2>\n<p class="none">No trips.</p>');
    expect(html).toContain('<h2>Safety events (0)</h2>\n<p class="none">No safety events.</p>');
  });

  it('lists each day with readings: count, first–last time, miles, moving time, events, gaps, outliers', () => {
    const html = report({ chunks: [chunkOn('2026-03-15', 3)] });
    // Three readings a minute apart at 30 mph: 2 minutes moving; 0.02° of longitude at 40°N is 1.0586 mi.
    expect(html).toMatch(
      /<tr><td>2026-03-15<\/td><td class="n">3<\/td><td>12:00:00–12:02:00<\/td><td class="n">1\.06<\/td><td class="n">2 min<\/td><td class="n">0<\/td><td class="n">0<\/td><td class="n">0<\/td><\/tr>/,
    );
  });

  it('lists each event with its local times, duration and detail', () => {
    const html = report({
      events: [
        {
          kind: 'speeding',
          startMs: T0,
          endMs: T0 + 90_000,
          durationSeconds: 90,
          peakSpeedMph: 81.25,
          place: 'I-80 <W>',
        },
        {
          kind: 'gap',
          startMs: T0 + H,
          endMs: T0 + 2 * H,
          durationSeconds: 3600,
          reason: 'offline',
          miles: 12.5,
          place: '',
        },
        { kind: 'long-stop', startMs: T0 + 3 * H, endMs: T0 + 6 * H, durationSeconds: 3 * 3600, place: 'Yard' },
      ],
    });
    expect(html).toContain(
      '<tr><td>speeding</td><td class="t">2026-03-14<br>12:00:00 UTC</td><td class="t">2026-03-14<br>12:01:30 UTC</td><td class="n">1 min</td><td>peak 81.3 mph</td><td>I-80 &lt;W&gt;</td></tr>',
    );
    expect(html).toContain('<td class="n">1 h 00 min</td><td>offline, 12.50 mi across</td><td></td></tr>');
    expect(html).toContain('<td class="n">3 h 00 min</td><td></td><td>Yard</td></tr>');
  });

  it('lists each trip with its id, times, places, miles, durations and speeds', () => {
    const html = report({
      trips: [
        {
          startMs: T0,
          endMs: T0 + 2 * H,
          startPlace: 'Omaha, NE',
          endPlace: 'Lincoln, NE',
          distanceMiles: 57.126,
          durationSeconds: 7200,
          movingSeconds: 6000,
          maxSpeedMph: 71.25,
          avgSpeedMph: 34.3,
        },
      ],
    });
    expect(html).toContain('<h2>Trips (1)</h2>');
    expect(html).toContain(
      '<tr><td class="id">T-101-2026-03-14-1</td><td class="t">2026-03-14<br>12:00:00 UTC</td><td class="t">2026-03-14<br>14:00:00 UTC</td><td>Omaha, NE</td><td>Lincoln, NE</td><td class="n">57.13</td><td class="n">2 h 00 min</td><td class="n">1 h 40 min</td><td class="n">71.3</td><td class="n">34.3</td></tr>',
    );
  });
});

describe('audit report: page footer', () => {
  it('puts the app and title in the footer as a CSS string: quotes, backslashes, controls and < escaped', () => {
    const html = report({ carrierName: 'A "B" \\ C\n<x>' });
    expect(html).toContain(
      '@bottom-left { content: "RouteLens audit report · A \\"B\\" \\\\ C \\3c x> · USDOT 3148272 · T-101 · 2026-03-14 – 2026-03-16 (UTC)";',
    );
  });

  it('keeps $ patterns in the footer text as they are', () => {
    const html = report({ appName: 'Route$&Lens' });
    expect(html).toContain('@bottom-left { content: "Route$&Lens audit report ·');
  });
});
