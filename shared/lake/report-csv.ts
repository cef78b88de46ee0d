import { PARAM_LABELS, type CompareParams } from '../compare/params.ts';
import { csvTextCell } from '../export/csv-write.ts';
import type { LakeReport } from './report.ts';

const EOL = '\r\n';
export const PARTIAL_NOTE = 'vehicle-days held in part (a day still being recorded): their figures will grow';

export const REPORT_CSV_COLUMNS = [
  'section',
  'metric_id',
  'metric',
  'unit',
  'direction',
  'carrier',
  'value',
  'shown',
  'detail',
  'rank',
  'mark',
  'note',
] as const;

type Cells = Partial<Record<(typeof REPORT_CSV_COLUMNS)[number], string | number | null>>;

/** Numbers as they are (the full double, so engines can be compared to the last digit); text neutralised. */
function line(cells: Cells): string {
  return (
    REPORT_CSV_COLUMNS.map((c) => {
      const v = cells[c];
      if (v === null || v === undefined) return '';
      return typeof v === 'number' ? String(v) : csvTextCell(v);
    }).join(',') + EOL
  );
}

/**
 * The report as one CSV (RFC 4180, CRLF) that stands alone: a `metric` row per metric and carrier (value,
 * as shown, its detail, rank and best/worst mark), then each carrier's name, the range, each carrier's vehicle-days held in part, whether road limits were applied, the
 * analysis parameters, each metric's definition, and the metrics the lake cannot answer with the reason.
 */
export function lakeReportCsv(r: LakeReport): string {
  let out = REPORT_CSV_COLUMNS.join(',') + EOL;
  for (const { def, cells } of r.rows)
    cells.forEach((cell, i) => {
      out += line({
        section: 'metric',
        metric_id: def.id,
        metric: def.label,
        unit: def.unit,
        direction: def.direction,
        carrier: r.carriers[i]!.carrierId,
        value: cell.value,
        shown: cell.text,
        detail: cell.detail,
        rank: cell.rank,
        mark: cell.mark,
      });
    });
  for (const c of r.carriers) out += line({ section: 'carrier', carrier: c.carrierId, note: c.label });
  out += line({ section: 'range', metric_id: 'from', note: r.bounds.from });
  out += line({ section: 'range', metric_id: 'to', note: r.bounds.to });
  r.partialVehicleDays.forEach((n, i) => {
    if (n > 0)
      out += line({ section: 'partial-days', carrier: r.carriers[i]!.carrierId, value: n, note: PARTIAL_NOTE });
  });
  out += line({ section: 'road-limits', note: r.bounds.roadLimits ? 'applied' : 'not applied' });
  for (const [k, v] of Object.entries(r.params)) {
    const label = PARAM_LABELS[k as keyof CompareParams];
    out += line({ section: 'parameter', metric_id: k, metric: label?.label ?? k, unit: label?.unit ?? '', note: v });
  }
  for (const { def } of r.rows)
    out += line({ section: 'definition', metric_id: def.id, metric: def.label, unit: def.unit, note: def.definition });
  for (const { def, reason } of r.notAnswered)
    out += line({ section: 'not-in-lake', metric_id: def.id, metric: def.label, note: reason });
  return out;
}
