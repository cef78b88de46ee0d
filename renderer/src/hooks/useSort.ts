import { useMemo, useState } from 'react';

export type SortDirection = 'ascending' | 'descending';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** A sort value; null always sorts last, whatever the direction (missing data is never "smallest"). */
export type SortValue = string | number | boolean | null;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

export function sortRows<Row, K extends string>(
  rows: readonly Row[],
  sort: SortState<K>,
  value: (row: Row, key: K) => SortValue,
): Row[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row, sort.key) }))
    .sort((x, y) => {
      if (x.v === null || y.v === null) return x.v === y.v ? x.index - y.index : x.v === null ? 1 : -1;
      return sign * compareValues(x.v, y.v) || x.index - y.index;
    })
    .map((x) => x.row);
}

/** Click a header to sort by it; click it again to reverse. */
export function useSort<Row, K extends string>(
  rows: readonly Row[],
  initial: SortState<K>,
  value: (row: Row, key: K) => SortValue,
) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const sorted = useMemo(() => sortRows(rows, sort, value), [rows, sort, value]);
  const toggle = (key: K) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
  return { sorted, sort, toggle };
}
