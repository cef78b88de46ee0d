// Over 300 lines: one report document; its parts (map, chart, drivers, outside text) live in their own files.
import { auditDetail } from '../analysis/event-kinds.ts';
import type { AnalysisParams, SafetyEvent } from '../analysis/types.ts';
import type { AuditContent, AuditSource } from '../audit/bundle-content.ts';
import { formatDayRange } from '../export/context.ts';
import { formatFigure } from '../export/format.ts';
import { tripIds } from '../export/trip-id.ts';
import { xmlText } from '../export/xml.ts';
import { daysFromTo, localRangeInterval, type LocalDay } from '../time/local-day.ts';
import { createZoneFormatter } from '../time/zone.ts';
import { formatDuration } from '../util/duration.ts';
import { summarizeDay, summaryParamsOf } from '../track/summary.ts';
import { partialDaysText } from '../track/local-coverage.ts';
import { routeMapSvg, MAP_COLORS, type Basemap } from './route-map-svg.ts';
import { speedChartSvg } from './speed-chart-svg.ts';
import { unknownsNote } from './unknowns.ts';
import { reportDrivers } from './report-drivers.ts';
import { isolatedHtml, isolatedPlain, reportField } from './outside-text.ts';

/**
 * The audit report: one HTML document with inline CSS and SVG (no script, no
 * network, no font beyond the system's), printed by Chromium to report.pdf:
 * by the CLI through playwright-core, by the app through Electron's
 * printToPDF or the browser's print dialog. Page numbers come from CSS page
 * margin boxes, so every one of those prints them without header options.
 *
 * Contents: carrier legal name and USDOT, vehicle number and VIN, the range
 * asked and the range the data covers in the home zone, the generation time,
 * the analysis parameters, summary figures, a route map with stops and
 * speeding stretches, the speed chart, data coverage (days present, days
 * without readings, gaps, outliers, rejected records, when each day was
 * downloaded), per-day figures, and the trips and events tables with the
 * exports' ids and precision.
 */
export interface AuditReportInput {
  source: AuditSource;
  content: AuditContent;
  basemap?: Basemap;
}

const esc = (s: string) => xmlText(s);

const PARAM_LABELS: Record<keyof AnalysisParams, [string, 'mph' | 's' | 'mi']> = {
  speedingThresholdMph: ['Speed limit (speeding above)', 'mph'],
  speedingMinSeconds: ['Speeding lasts at least', 's'],
  minStopSeconds: ['A stop lasts at least', 's'],
  longStopSeconds: ['A long stop lasts at least', 's'],
  stopSpeedMph: ['Not moving at or below', 'mph'],
  gapSeconds: ['A data gap is a silence longer than', 's'],
  maxPlausibleMph: ['Outlier above (plausible maximum)', 'mph'],
  tripGapSeconds: ['A gap this long ends a trip', 's'],
  minTripMiles: ['Trips shorter than this are dropped', 'mi'],
};

function paramValue(value: number, unit: 'mph' | 's' | 'mi'): string {
  if (unit === 's') return value >= 60 ? `${formatDuration(value)} (${value} s)` : `${value} s`;
  return `${value} ${unit}`;
}

/** Days without a reading, folded into ranges: "2026-05-19 – 2026-05-21, 2026-07-04". */
function missingRanges(asked: LocalDay[], present: Set<LocalDay>): string {
  const out: string[] = [];
  let start: LocalDay | null = null;
  let prev: LocalDay | null = null;
  for (const d of asked) {
    if (present.has(d)) {
      if (start) out.push(formatDayRange({ from: start, to: prev! }));
      start = null;
    } else if (!start) start = d;
    prev = d;
  }
  if (start) out.push(formatDayRange({ from: start, to: prev! }));
  return out.join(', ');
}

/** `57 h 12 min`, `14 min`, `45 s`: durations in an audit are never rounded to days. */
function hoursMinutes(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

const STYLE = `
@page { size: Letter; margin: 0.55in 0.5in 0.6in 0.5in;
  @bottom-left { content: "__FOOTER__"; font: 8pt 'DejaVu Sans', sans-serif; color: #555; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt 'DejaVu Sans', sans-serif; color: #555; } }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 9pt/1.35 'DejaVu Sans', 'Helvetica', sans-serif; color: #111; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 2pt; }
h2 { font-size: 11.5pt; margin: 14pt 0 5pt; border-bottom: 1px solid #999; padding-bottom: 2pt; break-after: avoid; }
.sub { color: #444; margin: 0 0 8pt; }
.partial { border: 1pt solid #b45309; background: #fff7ed; padding: 4pt 6pt; margin: 0 0 8pt; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 1.5pt 4pt; vertical-align: top; }
td, h1, .sub { overflow-wrap: anywhere; }
thead th { background: #eef1f5; border-bottom: 1px solid #888; font-weight: bold; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
tbody tr:nth-child(even) td { background: #f7f7f7; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.t, td.id { white-space: nowrap; }
.facts td:first-child { color: #444; width: 34%; }
.facts td { border-bottom: 1px solid #e3e3e3; }
.cols { display: flex; gap: 14pt; }
.cols > div { flex: 1; }
figure { margin: 6pt 0; break-inside: avoid; }
figure svg { width: 100%; height: auto; display: block; }
figcaption { color: #444; font-size: 8pt; margin-top: 3pt; }
.legend span { display: inline-block; margin-right: 10pt; }
.swatch { display: inline-block; width: 14pt; height: 4pt; vertical-align: middle; margin-right: 3pt; }
.dot { display: inline-block; width: 7pt; height: 7pt; border-radius: 50%; vertical-align: middle; margin-right: 3pt; }
.small { font-size: 7.5pt; }
.none { color: #555; font-style: italic; }
`;

export function auditReportHtml({ source, content, basemap }: AuditReportInput): string {
  const { meta, params } = source;
  const { analysis, range, counts } = content;
  const zone = meta.zone;
  const zf = createZoneFormatter(zone);
  const local = (ms: number) => `${zf.dateTime(ms)} ${zf.abbreviation(ms)}`;
  // In tables: the date over the time, so a column stays narrow; the abbreviation tells a repeated fall-back hour apart.
  const cellTime = (ms: number) =>
    `<td class="t">${esc(zf.dateTime(ms).slice(0, 10))}<br>${esc(`${zf.time(ms)} ${zf.abbreviation(ms)}`)}</td>`;
  const utc = (ms: number) => `${new Date(ms).toISOString().replace('.000Z', 'Z')}`;
  const chunks = [...source.chunks];
  const interval = localRangeInterval(meta.from, meta.to, zone);
  const carrier = meta.carrierName.trim() === '' ? 'unknown (no company info from the API)' : meta.carrierName;
  const dot = meta.dotNumber.trim() === '' ? 'unknown' : meta.dotNumber;
  // Outside text isolated (isolatedPlain): the footer is a CSS string, where no element can isolate it.
  const title = `${isolatedPlain(carrier)} · USDOT ${isolatedPlain(dot)} · ${isolatedPlain(meta.vehicleNumber)} · ${formatDayRange(range.asked)} (${zone})`;
  const askedDays = daysFromTo(meta.from, meta.to);
  const present = new Set(chunks.filter((c) => c.length > 0).map((c) => c.day));
  const missing = missingRanges(askedDays, present);
  const gaps = analysis.events.filter((e) => e.kind === 'gap');
  const speeding = analysis.events.filter((e) => e.kind === 'speeding');
  const longStops = analysis.events.filter((e) => e.kind === 'long-stop');
  const ids = tripIds(analysis.trips, meta.vehicleNumber, zone);
  const t = analysis.totals;
  const downloaded = source.days
    .map((d) => d.downloadedAt)
    .filter((d): d is string => d !== null)
    .sort();
  const partial = source.days.filter((d) => !d.complete).map((d) => d.day);
  // Local days of which some hours were never downloaded (or still being recorded): their figures are not the whole day's.
  const partialDays = partialDaysText(content.coverage, zone);
  const summaryParams = summaryParamsOf(params);
  const drivers = reportDrivers(source.drivers, meta.vehicleId);

  const facts = [
    ['Carrier (legal name)', reportField(carrier)],
    ['USDOT number', reportField(dot)],
    ['Vehicle number', reportField(meta.vehicleNumber)],
    ['VIN', reportField(meta.vin)],
    ['Vehicle id (API)', reportField(meta.vehicleId)],
    ['Home time zone', zone],
    [
      'Range asked',
      `${formatDayRange(range.asked)} (${askedDays.length} day${askedDays.length === 1 ? '' : 's'}, ${local(interval.startMs)} to ${local(interval.endMs)})`,
    ],
    ['Data covers', range.covered ? formatDayRange(range.covered) : 'no readings'],
    ['Days partly downloaded', partialDays === '' ? 'none' : partialDays],
    ['Generated', `${local(meta.generatedAt)} (${utc(meta.generatedAt)})`],
    ['Source', `${source.app.name} ${source.app.version}`],
    ...drivers.facts,
  ];
  const figures = [
    ['Distance (moving)', `${formatFigure(t.distanceMiles, 'miles')} mi`],
    ['Distance across data gaps', `${formatFigure(t.unaccountedMiles, 'miles')} mi`],
    ['Moving time', hoursMinutes(t.movingSeconds)],
    ['Trips', String(analysis.trips.length)],
    ['Speeding events', String(speeding.length)],
    ...overLimitFigures(analysis.events),
    ['Long stops', String(longStops.length)],
    ['Data gaps', `${gaps.length} (${hoursMinutes(t.offlineSeconds)})`],
    ['Readings', `${counts.records} (${counts.outliers} outliers left out${unknownsNote(chunks, meta)})`],
  ];
  const factRows = (rows: string[][]) =>
    rows.map(([k, v]) => `<tr><td>${esc(k!)}</td><td>${esc(v!)}</td></tr>`).join('');

  const paramRows = (Object.keys(PARAM_LABELS) as (keyof AnalysisParams)[])
    .map(
      (k) =>
        `<tr><td>${esc(PARAM_LABELS[k][0])}</td><td class="n">${esc(paramValue(params[k], PARAM_LABELS[k][1]))}</td></tr>`,
    )
    .join('');

  const dayRows = chunks
    .filter((c) => c.length > 0)
    .map((c) => {
      const s = summarizeDay(c, summaryParams);
      const span = s.firstMs !== null && s.lastMs !== null ? `${zf.time(s.firstMs)}–${zf.time(s.lastMs)}` : '—';
      return `<tr><td>${esc(c.day)}</td><td class="n">${s.points}</td><td>${span}</td><td class="n">${formatFigure(s.distanceMiles, 'miles')}</td><td class="n">${esc(hoursMinutes(s.movingSeconds))}</td><td class="n">${s.speedingEvents}</td><td class="n">${s.gaps}</td><td class="n">${s.outliers}</td></tr>`;
    })
    .join('');

  const tripRows = analysis.trips
    .map(
      (trip, k) =>
        `<tr><td class="id">${esc(reportField(ids[k]!))}</td>${drivers.trip(trip)}${cellTime(trip.startMs)}${cellTime(trip.endMs)}<td>${esc(reportField(trip.startPlace))}</td><td>${esc(reportField(trip.endPlace))}</td>` +
        `<td class="n">${formatFigure(trip.distanceMiles, 'miles')}</td><td class="n">${esc(hoursMinutes(trip.durationSeconds))}</td><td class="n">${esc(hoursMinutes(trip.movingSeconds))}</td>` +
        `<td class="n">${Number.isNaN(trip.maxSpeedMph) ? 'unknown' : formatFigure(trip.maxSpeedMph, 'mph')}</td><td class="n">${formatFigure(trip.avgSpeedMph, 'mph')}</td></tr>`,
    )
    .join('');

  const eventRows = analysis.events
    .map(
      (e) =>
        `<tr><td>${esc(e.kind)}</td>${drivers.event(e)}${cellTime(e.startMs)}${cellTime(e.endMs)}<td class="n">${esc(hoursMinutes(e.durationSeconds))}</td><td>${esc(auditDetail(e))}</td><td>${esc(reportField(e.place))}</td></tr>`,
    )
    .join('');

  const table = (head: string, rows: string, empty: string) =>
    rows === ''
      ? `<p class="none">${esc(empty)}</p>`
      : `<table class="small"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;

  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(`Audit report — ${title}`)}</title>
<meta name="generator" content="${esc(`${source.app.name} ${source.app.version}`)}">
<style>${STYLE.replace('__FOOTER__', () => cssString(`${source.app.name} audit report · ${title}`))}</style></head>
<body>
<header>
<h1>Audit report: vehicle ${isolatedHtml(meta.vehicleNumber)}</h1>
<p class="sub">${isolatedHtml(carrier)} · USDOT ${isolatedHtml(dot)} · ${esc(formatDayRange(range.asked))} in ${esc(zone)} · data ${esc(range.covered ? formatDayRange(range.covered) : 'none')}</p>
${partialDays === '' ? '' : `<p class="partial"><b>Partly downloaded:</b> ${esc(partialDays)}. Figures of these days leave those hours out.</p>`}
</header>
<div class="cols">
<div><table class="facts"><tbody>${factRows(facts)}</tbody></table></div>
<div><table class="facts"><tbody>${factRows(figures)}</tbody></table></div>
</div>

<h2>Route</h2>
<figure>${routeMapSvg({ chunks, analysis, ...(basemap ? { basemap } : {}) })}
<figcaption class="legend"><span><i class="swatch" style="background:${MAP_COLORS.route}"></i>route</span><span><i class="swatch" style="background:${MAP_COLORS.speeding}"></i>speeding</span><span><i class="swatch" style="background:${MAP_COLORS.gap}"></i>data gap (straight line)</span><span><i class="dot" style="background:${MAP_COLORS.stop}"></i>stop</span><span><i class="dot" style="background:${MAP_COLORS.longStop}"></i>long stop</span><span><i class="dot" style="background:${MAP_COLORS.start}"></i>first reading</span><span><i class="dot" style="background:${MAP_COLORS.end};border-radius:0"></i>last reading</span><span>Outliers are not drawn.</span></figcaption></figure>

<h2>Speed (${esc(zone)})</h2>
<figure>${speedChartSvg({ chunks, analysis, interval, from: meta.from, to: meta.to, zone })}
<figcaption>Speed of every kept reading (the same pixels as all readings, reduced per column), broken at data gaps; shaded: speeding events; dashed: the limit.</figcaption></figure>

<h2>Analysis parameters</h2>
<table class="facts"><tbody>${paramRows}</tbody></table>
<p class="small">Figures are rounded to 0.01 mi, 0.1 mph and whole seconds, as in the CSV files; times are ${esc(zone)} local times (the CSV files give UTC beside them). Rules: RouteLens docs/analysis.md.</p>

<h2>Data coverage</h2>
<table class="facts"><tbody>${factRows([
    ['Days with readings', `${counts.daysWithData} of ${counts.daysAsked}`],
    ['Days without readings', missing === '' ? 'none' : missing],
    ['Readings', String(counts.records)],
    ['Outliers (kept in the files, flagged, left out of every figure)', String(counts.outliers)],
    ['Rejected records (malformed, never written)', String(counts.rejected)],
    ['Data gaps', `${gaps.length}, ${hoursMinutes(t.offlineSeconds)} in all`],
    [
      'UTC days downloaded',
      `${source.days.length}${downloaded.length > 0 ? `, from ${downloaded[0]} to ${downloaded[downloaded.length - 1]}` : ''}`,
    ],
    ['Days partly downloaded', partialDays === '' ? 'none' : partialDays],
    ['UTC days still growing when downloaded', partial.length === 0 ? 'none' : partial.join(', ')],
    [
      'Events with a review mark (review_log.csv)',
      counts.reviewed === undefined ? 'none' : `${counts.reviewed} of ${analysis.events.length}`,
    ],
  ])}</tbody></table>

<h2>Days (${esc(zone)})</h2>
${table('<th>Day</th><th class="n">Readings</th><th>First–last</th><th class="n">Miles</th><th class="n">Moving</th><th class="n">Speeding</th><th class="n">Gaps</th><th class="n">Outliers</th>', dayRows, 'No readings in this range.')}
<p class="small">A day's figures leave out the interval across its midnight (it belongs to neither day).</p>

<h2>Trips (${analysis.trips.length})</h2>
${table(`<th>Trip</th>${drivers.head}<th>Start</th><th>End</th><th>From</th><th>To</th><th class="n">Miles</th><th class="n">Duration</th><th class="n">Moving</th><th class="n">Max mph</th><th class="n">Avg mph</th>`, tripRows, 'No trips.')}

<h2>Safety events (${analysis.events.length})</h2>
${table(`<th>Kind</th>${drivers.head}<th>Start</th><th>End</th><th class="n">Duration</th><th>Detail</th><th>Place</th>`, eventRows, 'No safety events.')}
</body></html>
`;
}

// eslint-disable-next-line no-control-regex -- control characters are what it replaces
const CSS_CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** Text inside a CSS string literal: backslash, quotes and line breaks escaped. */
function cssString(s: string): string {
  return s
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(CSS_CONTROL_CHARS, ' ')
    .replace(/</g, '\\3c ');
}

/**
 * "Over the limit" events by tier, with where their limits came from; no line when the analysis had no road
 * limits (an audit without them must not claim the roads' limits were checked).
 */
function overLimitFigures(events: readonly SafetyEvent[]): string[][] {
  const over = events.filter((e) => e.kind === 'over-limit');
  if (over.length === 0) return [];
  const count = <T extends string>(values: T[]) =>
    [...new Set(values)].map((v) => `${values.filter((x) => x === v).length} ${v}`).join(', ');
  return [
    ['Over the limit', `${over.length} (${count(over.map((e) => e.tier))})`],
    ['Their limits', count(over.map((e) => e.limitSource))],
  ];
}
