import { csvTextCell } from '../export/csv.ts';
import { formatDuration } from '../util/duration.ts';
import type { ComparisonFacts } from './compare.ts';
import { metricRows } from './compare.ts';
import { PARAM_LABELS, type CompareParams } from './params.ts';

const EOL = '\r\n';
const row = (cells: readonly string[]) => cells.map((c) => csvTextCell(c)).join(',') + EOL;

/** Raw number for the CSV: full precision, empty when there is no value (never NaN). */
function rawNumber(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '' : String(v);
}

/**
 * The comparison as CSV (RFC 4180, CRLF): one row per metric with, per
 * carrier, the raw value, the displayed value and the mark; then the
 * parameters, the coverage and the worst events, so the file stands alone.
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
    const cells = r.cells.flatMap((cell) => [rawNumber(cell.value), cell.text, cell.detail ?? '', cell.mark ?? '']);
    out += row([r.def.group, r.def.id, r.def.label, r.def.unit, r.def.direction, ...cells, r.def.definition]);
  }
  out += row(['range', 'from', c.range.from]) + row(['range', 'to', c.range.to]);
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
  return out;
}
