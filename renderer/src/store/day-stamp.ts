import type { CoverageRow } from './types.ts';

/**
 * Stored days as one string that changes whenever one of them is written again (a new `fetchedAt`), grows
 * or is deleted. Rows in day order.
 */
export function daysStamp(rows: readonly Pick<CoverageRow, 'day' | 'fetchedAt' | 'points'>[]): string {
  return rows.map((r) => `${r.day}:${r.fetchedAt}:${r.points}`).join(' ');
}
