import type { SortState } from '../hooks/useSort.ts';

interface Props<K extends string> {
  label: string;
  column: K;
  sort: SortState<K>;
  onSort: (key: K) => void;
  testIdPrefix: string;
  numeric?: boolean;
}

/** A column header that sorts on click or Enter/Space, and says how it is sorted (aria-sort). */
export function SortHeader<K extends string>({ label, column, sort, onSort, testIdPrefix, numeric }: Props<K>) {
  const active = sort.key === column;
  return (
    <th scope="col" aria-sort={active ? sort.direction : 'none'} className={numeric ? 'num' : undefined}>
      <button
        type="button"
        className="sort-button"
        data-testid={`${testIdPrefix}-${column}`}
        onClick={() => onSort(column)}
      >
        {label}
        <span className="sort-indicator" aria-hidden="true">
          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
