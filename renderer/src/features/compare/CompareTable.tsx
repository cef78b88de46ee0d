import { Fragment } from 'react';
import { metricRows, type MetricCell } from '../../../../shared/compare/compare.ts';
import type { CarrierFacts } from '../../../../shared/compare/facts.ts';
import { GROUP_LABELS, type Direction, type MetricGroup } from '../../../../shared/compare/metrics.ts';

const DIRECTION_TEXT: Record<Direction, string> = {
  'higher-is-better': 'Higher is better.',
  'lower-is-better': 'Lower is better.',
  neutral: 'Neither end is better.',
};

function Cell({ cell }: { cell: MetricCell }) {
  return (
    <td
      className={`num compare-cell${cell.mark ? ` compare-${cell.mark}` : ''}`}
      data-testid="compare-cell"
      data-value={cell.value ?? ''}
      data-mark={cell.mark ?? ''}
    >
      {cell.mark === 'best' && (
        <span className="compare-mark" aria-label="best">
          ▲ best{' '}
        </span>
      )}
      {cell.mark === 'worst' && (
        <span className="compare-mark" aria-label="worst">
          ▼ worst{' '}
        </span>
      )}
      <span className="compare-value">{cell.text}</span>
      {cell.detail && <span className="compare-detail">{cell.detail}</span>}
    </td>
  );
}

/** One column per carrier, one row per metric, grouped; the definition is the label's tooltip. */
export function CompareTable({ carriers, trips }: { carriers: CarrierFacts[]; trips: boolean }) {
  const rows = metricRows(carriers);
  const groups: MetricGroup[] = ['coverage', 'exposure', 'safety', 'drivers', 'operations', 'hos'];
  return (
    <div className="table-wrap">
      <table className="data-table compare-table" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            {carriers.map((c) => (
              <th
                key={c.carrierId}
                scope="col"
                className="num"
                data-testid="compare-carrier"
                data-carrier-id={c.carrierId}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <Fragment key={g}>
              <tr className="compare-group">
                <th scope="rowgroup" colSpan={carriers.length + 1}>
                  {GROUP_LABELS[g]}
                </th>
              </tr>
              {rows
                .filter((r) => r.def.group === g)
                .map((r) => (
                  <tr
                    key={r.def.id}
                    data-testid="compare-row"
                    data-metric={r.def.id}
                    data-pending={r.def.needsAnalysis && !trips ? 'true' : undefined}
                  >
                    <th scope="row" title={`${r.def.definition} ${DIRECTION_TEXT[r.def.direction]}`}>
                      <span className="compare-label">{r.def.label}</span>
                      {r.def.unit && r.def.unit !== '%' && <span className="muted"> ({r.def.unit})</span>}
                      <span className="visually-hidden"> — {r.def.definition}</span>
                    </th>
                    {r.cells.map((cell, i) => (
                      <Cell
                        key={carriers[i]!.carrierId}
                        cell={r.def.needsAnalysis && !trips ? { ...cell, text: '…', detail: 'analysing trips' } : cell}
                      />
                    ))}
                  </tr>
                ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
