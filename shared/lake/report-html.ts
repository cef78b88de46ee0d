import { GROUP_LABELS, type MetricGroup } from '../compare/metrics.ts';
import { PARAM_LABELS, type CompareParams } from '../compare/params.ts';
import { xmlText } from '../export/xml.ts';
import { reportField } from '../report/outside-text.ts';
import type { LakeReport, LakeReportCell } from './report.ts';

/**
 * The lake report as one self-contained HTML document (inline CSS, no script, no network), printed to PDF
 * the way the audit report is (electron/node/audit/chromium-pdf.ts). One table per metric group with a row
 * per carrier, so hundreds of carriers run down the pages; then the parameters and every definition.
 */
const esc = (s: string) => xmlText(s);

const STYLE = `
@page { size: Letter landscape; margin: 12mm; @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; } }
body { font-family: sans-serif; font-size: 9pt; color: #111; }
h1 { font-size: 14pt; margin: 0 0 4pt; } h2 { font-size: 11pt; margin: 12pt 0 4pt; break-after: avoid; page-break-after: avoid; }
table { border-collapse: collapse; width: 100%; page-break-inside: auto; }
thead { display: table-header-group; } tr { page-break-inside: avoid; }
th, td { border: 1px solid #bbb; padding: 2pt 4pt; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
td.best { background: #dff0d8; } td.worst { background: #f8d7da; }
.detail { color: #555; font-size: 7.5pt; } dl dt { font-weight: bold; margin-top: 4pt; } dl dd { margin-left: 12pt; }
`;

function cellHtml(c: LakeReportCell): string {
  const rank = c.rank === null ? '' : ` <span class="detail">#${c.rank}</span>`;
  const detail = c.detail ? `<div class="detail">${esc(c.detail)}</div>` : '';
  return `<td${c.mark ? ` class="${c.mark}"` : ''}>${esc(c.text)}${rank}${detail}</td>`;
}

/** The carrier's name, with its partition value (DOT number) when that differs. */
function carrierCell(c: LakeReport['carriers'][number]): string {
  const name = esc(reportField(c.label));
  return c.label === c.carrierId ? name : `${name} <span class="detail">${esc(c.carrierId)}</span>`;
}

function groupTable(r: LakeReport, group: MetricGroup): string {
  const rows = r.rows.filter((row) => row.def.group === group);
  if (rows.length === 0) return '';
  const head = rows.map(({ def }) => `<th>${esc(def.label)}${def.unit ? ` (${esc(def.unit)})` : ''}</th>`).join('');
  const body = r.carriers
    .map((c, i) => `<tr><td>${carrierCell(c)}</td>${rows.map((row) => cellHtml(row.cells[i]!)).join('')}</tr>`)
    .join('\n');
  return `<h2>${esc(GROUP_LABELS[group])}</h2><table><thead><tr><th>Carrier</th>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function lakeReportHtml(r: LakeReport, generatedAt: string): string {
  const groups = [...new Set(r.rows.map((row) => row.def.group))];
  const params = Object.entries(r.params)
    .map(([k, v]) => {
      const label = PARAM_LABELS[k as keyof CompareParams];
      return `<tr><td>${esc(label?.label ?? k)}</td><td>${esc(String(v))} ${esc(label?.unit ?? '')}</td></tr>`;
    })
    .join('');
  const definitions = r.rows
    .map(({ def }) => `<dt>${esc(def.label)}</dt><dd>${esc(def.definition)} (${esc(def.direction)})</dd>`)
    .join('');
  const partial = r.partialVehicleDays.flatMap((n, i) =>
    n > 0 ? [`${esc(reportField(r.carriers[i]!.label))}: ${n}`] : [],
  );
  const partialNote =
    partial.length > 0
      ? `<p>Vehicle-days held in part (still being recorded; their figures will grow): ${partial.join(', ')}.</p>`
      : '';
  const missing = r.notAnswered.map(({ def, reason }) => `<li>${esc(def.label)}: ${esc(reason)}</li>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>RouteLens lake report</title><style>${STYLE}</style></head><body>
<h1>RouteLens lake report: ${r.carriers.length} carriers, ${esc(r.bounds.from)} to ${esc(r.bounds.to)}</h1>
<p>Home-zone days of each carrier, both ends included. Road limits ${r.bounds.roadLimits ? 'applied' : 'not applied (over-the-limit metrics have no value, shown —)'}. Generated ${esc(generatedAt)}. Green: best, red: worst by the metric's direction; #n: rank.</p>
${partialNote}
${groups.map((g) => groupTable(r, g)).join('\n')}
<h2>Analysis parameters</h2><table><tbody>${params}</tbody></table>
<h2>Definitions</h2><dl>${definitions}</dl>
<h2>Not in the lake</h2><ul>${missing}</ul>
</body></html>`;
}
