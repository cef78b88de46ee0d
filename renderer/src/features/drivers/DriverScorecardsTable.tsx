import { useState } from 'react';
import {
  DRIVER_SCREEN_COLUMNS,
  figureText,
  TREND_ARROW,
  trendOf,
  type DriverFigureColumn,
} from './driver-figure-columns.ts';
import type { DriverCard } from './driver-scorecards-data.ts';

/** The column a table is sorted by: the driver's name or a figure's id. */
export interface DriverSort {
  key: string;
  direction: 'asc' | 'desc';
}

export const DEFAULT_DRIVER_SORT: DriverSort = { key: 'driver', direction: 'asc' };

const label = (c: DriverCard) => c.card.name || c.card.username;

/**
 * The cards in a sort's order; the unassigned row stays last whatever the order (it is not a person to rank),
 * and a figure nobody knows (—) sorts after every known one either way.
 */
export function sortDriverCards(cards: readonly DriverCard[], sort: DriverSort): DriverCard[] {
  const column = DRIVER_SCREEN_COLUMNS.find((c) => c.id === sort.key);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byFigure = (a: DriverCard, b: DriverCard) => {
    const x = column!.value(a.card.current);
    const y = column!.value(b.card.current);
    if (x === null || y === null) return Number(x === null) - Number(y === null);
    return sign * (x - y);
  };
  const byName = (a: DriverCard, b: DriverCard) =>
    sign * label(a).localeCompare(label(b), 'en', { numeric: true }) || a.card.username.localeCompare(b.card.username);
  return [...cards].sort((a, b) => {
    const unassigned = Number(a.card.driverId === null) - Number(b.card.driverId === null);
    return unassigned || (column ? byFigure(a, b) || byName(a, b) : byName(a, b));
  });
}

function TrendCell({ column, card }: { column: DriverFigureColumn; card: DriverCard }) {
  const trend = trendOf(column, card.card.current, card.card.previous);
  const before = figureText(column, card.card.previous);
  return (
    <td className="num" data-testid={`driver-cell-${column.id}`}>
      {figureText(column, card.card.current)}
      {trend !== 'none' && (
        <span
          className={`driver-trend driver-trend-${trend}`}
          data-testid={`driver-trend-${column.id}`}
          data-trend={trend}
          title={`Range before: ${before}`}
          aria-label={`${trend === 'same' ? 'same as' : trend === 'up' ? 'up from' : 'down from'} ${before} the range before`}
        >
          {' '}
          {TREND_ARROW[trend]}
        </span>
      )}
    </td>
  );
}

/** Drivers' figures over the range with their trend against the range before; a header sorts by its column. */
export function DriverScorecardsTable({
  cards,
  carrierLabel,
  showCarrier,
  sort: controlledSort,
  onSort,
}: {
  cards: readonly DriverCard[];
  carrierLabel: (carrierId: string) => string;
  showCarrier: boolean;
  sort?: DriverSort;
  onSort?: (s: DriverSort) => void;
}) {
  const [ownSort, setOwnSort] = useState(DEFAULT_DRIVER_SORT);
  const sort = controlledSort ?? ownSort;
  const setSort = onSort ?? setOwnSort;
  const rows = sortDriverCards(cards, sort);
  const header = (key: string, text: string, numeric: boolean) => {
    const active = sort.key === key;
    const next: DriverSort = { key, direction: active && sort.direction === 'desc' ? 'asc' : 'desc' };
    return (
      <th
        key={key}
        className={numeric ? 'num' : undefined}
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button
          type="button"
          className="btn-link"
          data-testid={`driver-sort-${key}`}
          onClick={() => setSort(key === 'driver' && !active ? DEFAULT_DRIVER_SORT : next)}
        >
          {text}
          {active ? (sort.direction === 'asc' ? ' ↑' : ' ↓') : ''}
        </button>
      </th>
    );
  };
  return (
    <div className="table-wrap driver-scorecards-scroll">
      <table className="data-table driver-scorecards-table" data-testid="driver-scorecards-table">
        <thead>
          <tr>
            {header('driver', 'Driver', false)}
            {DRIVER_SCREEN_COLUMNS.map((c) => header(c.id, c.label, true))}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr
              key={`${c.card.carrierId}|${c.card.driverId ?? ''}`}
              data-testid="driver-scorecard-row"
              data-driver-id={c.card.driverId ?? ''}
              data-username={c.card.username}
            >
              <td className={c.card.driverId === null ? 'muted' : undefined}>
                {label(c)}
                {c.card.driverId !== null && c.card.name && <span className="muted"> ({c.card.username})</span>}
                {showCarrier && <span className="muted"> · {carrierLabel(c.card.carrierId)}</span>}
              </td>
              {DRIVER_SCREEN_COLUMNS.map((col) => (
                <TrendCell key={col.id} column={col} card={c} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
