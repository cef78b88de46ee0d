import { SortHeader } from '../../components/SortHeader.tsx';
import type { ListSort, ListSortKey } from './list-order.ts';

const COLUMNS: { key: Exclude<ListSortKey, 'worst'>; label: string }[] = [
  { key: 'time', label: 'Time' },
  { key: 'distance', label: 'Distance' },
  { key: 'duration', label: 'Duration' },
  { key: 'peak', label: 'Peak' },
];

/** Click a column to sort by it (again to reverse); "Worst first" is its own order. */
export function nextSort(current: ListSort, key: ListSortKey): ListSort {
  if (key === 'worst') return { key, direction: 'descending' };
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  // Time reads oldest first; a figure reads biggest first (the question is "which was longest").
  return { key, direction: key === 'time' ? 'ascending' : 'descending' };
}

/** Search by place, sort headers and "Worst first" above the trips and events lists. */
export function ListControls({
  what,
  sort,
  onSort,
  query,
  onQuery,
  shown,
  total,
}: {
  what: 'trips' | 'events';
  sort: ListSort;
  onSort: (next: ListSort) => void;
  query: string;
  onQuery: (q: string) => void;
  shown: number;
  total: number;
}) {
  const worst = sort.key === 'worst';
  return (
    <div className="list-controls" data-testid="list-controls">
      <div className="list-search-row">
        <input
          type="search"
          data-testid="list-search"
          placeholder="Search places"
          aria-label={`Search ${what} by place`}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
        <button
          type="button"
          className={`btn btn-small${worst ? ' btn-active' : ''}`}
          data-testid="list-worst"
          aria-pressed={worst}
          title={
            what === 'events'
              ? 'Furthest over the limit first, then the longest'
              : 'Most safety events first, then the highest peak speed'
          }
          onClick={() => onSort(worst ? { key: 'time', direction: 'ascending' } : nextSort(sort, 'worst'))}
        >
          Worst first
        </button>
      </div>
      <table className="list-sort" aria-label={`Sort ${what}`}>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <SortHeader
                key={c.key}
                label={c.label}
                column={c.key}
                sort={sort}
                onSort={(k) => onSort(nextSort(sort, k))}
                testIdPrefix="list-sort"
              />
            ))}
          </tr>
        </thead>
      </table>
      {query.trim() !== '' && (
        <p className="muted list-count" data-testid="list-count" data-shown={shown} data-total={total}>
          {shown} of {total} {what} match “{query.trim()}”
        </p>
      )}
    </div>
  );
}
