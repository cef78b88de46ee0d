import { csvTextCell } from '../export/csv.ts';
import { formatFigure } from '../export/format.ts';
import { formatDuration } from '../util/duration.ts';
import type { ComparisonFacts } from './compare.ts';
import { metricRows } from './compare.ts';
import type { MetricDef } from './metrics.ts';
import { PARAM_LABELS, type CompareParams } from './params.ts';

const EOL = '\r\n';
const row = (cells: readonly string[]) => cells.map((c) => csvTextCell(c)).join(',') + EOL;

/**
 * The value column at a fixed precision (README: figures at 0.01 mi, 0.1 mph, 1 s), never float noise
 * (`23793.701808864313`): two decimals more than shown for a share (a fraction: 0.1 % shown to 0.001 %),
 * one more than shown and at least two for a number, a count as it is. Empty when there is no value (never NaN).
 */
function rawNumber(v: number | null, format: MetricDef['format']): string {
  if (v === null || !Number.isFinite(v)) return '';
  if (format.kind === 'number' && format.decimals === 0 && Number.isInteger(v)) return String(v); // a count
  const decimals = format.kind === 'percent' ? format.decimals + 3 : Math.max(2, format.decimals + 1);
  return v.toFixed(decimals);
}

/**
 * The comparison as CSV (RFC 4180, CRLF): one row per metric with, per
 * carrier, the raw value, the displayed value and the mark; then the
 * parameters, the coverage and the worst events (fastest above the threshold, then furthest over the
 * road's limit: tier, mph over, limit, its source, road, way), then each carrier's worst drivers (rank,
 * id, name, events, miles, per 1,000 mi), so the file stands alone.
 */
export function comparisonCsv(c: ComparisonFacts): string {
  const names = c.carriers.map((f) => f.label);
  let out = row([
    'section',
    'metric_id',
    'metric',
    'unit',
    'direction',
    ...names.flatMap((n) => [`${n} value`, `${n} shown`, `${n} detail`, `${n} mark`]),
    'definition',
  ]);
  for (const r of metricRows(c.carriers)) {
    const cells = r.cells.flatMap((cell) => [
      rawNumber(cell.value, r.def.format),
      cell.text,
      cell.detail ?? '',
      cell.mark ?? '',
    ]);
    out += row([r.def.group, r.def.id, r.def.label, r.def.unit, r.def.direction, ...cells, r.def.definition]);
  }
  out += row(['range', 'from', c.range.from]) + row(['range', 'to', c.range.to]);
  // The range's days are each carrier's home-zone days (one clock, issue 31 item 5); a day held in part says so.
  for (const f of c.carriers) {
    out += row(['days', f.carrierId, f.label, 'home-zone days', '', f.dailyZone ?? 'UTC']);
    for (const line of f.partialDays ?? []) out += row(['partial-day', f.carrierId, f.label, '', '', line]);
  }
  for (const k of Object.keys(PARAM_LABELS) as (keyof CompareParams)[])
    out += row(['parameter', k, PARAM_LABELS[k].label, PARAM_LABELS[k].unit, '', String(c.params[k])]);
  for (const f of c.carriers) {
    for (const e of f.worstEvents) {
      out += row([
        'worst-event',
        f.carrierId,
        f.label,
        e.vehicleNumber,
        e.day,
        new Date(e.startMs).toISOString(),
        String(e.peakMph),
        formatDuration(e.seconds, 'fine'),
        e.place,
      ]);
    }
  }
  // Over the road's limit, worst first by tier: the event's limit named with where it came from and the road.
  for (const f of c.carriers) {
    for (const e of f.overLimit.worst) {
      out += row([
        'worst-over-limit',
        f.carrierId,
        f.label,
        e.vehicleNumber,
        e.day,
        new Date(e.startMs).toISOString(),
        String(e.peakMph),
        formatDuration(e.seconds, 'fine'),
        e.place,
        e.tier,
        formatFigure(e.overMph, 'mph'),
        formatFigure(e.limitMph, 'mph'),
        e.limitSource,
        e.road,
        String(e.wayId),
      ]);
    }
  }
  // Who drove: each carrier's worst drivers by the table's rule (driver-facts.ts), named and with their figures.
  for (const f of c.carriers) {
    if (f.drivers === null) out += row(['top-driver', f.carrierId, f.label, 'no assignments']);
    f.drivers?.top.forEach((d, i) => {
      out += row([
        'top-driver',
        f.carrierId,
        f.label,
        String(i + 1),
        d.driverId,
        d.label,
        String(d.events),
        d.miles.toFixed(2),
        d.per1000Mi.toFixed(2),
      ]);
    });
  }
  return out;
}
