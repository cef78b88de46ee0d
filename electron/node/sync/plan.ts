/**
 * Which days to download, grouped into queries. Consecutive days share one
 * query (fewer requests: a page holds up to 1000 points, about a day of a
 * truck), and long runs are cut into chunks so several can page in parallel
 * (a token-paginated query can only be read sequentially).
 */
import { daysBetween, type UtcDay } from '../../../shared/util/day.ts';

export type DayState = 'complete' | 'partial' | 'missing';

export interface PlanInput {
  from: UtcDay;
  to: UtcDay;
  today: UtcDay;
  /** What the store already holds for a day. */
  states: ReadonlyMap<UtcDay, DayState>;
  chunkDays: number;
}

/** Today and later days are always refetched: they may still grow. */
export function needsFetch(day: UtcDay, today: UtcDay, state: DayState | undefined): boolean {
  return day >= today || state !== 'complete';
}

/** Runs of consecutive days to fetch, each at most `chunkDays` long, in ascending order. */
export function planRuns(input: PlanInput): UtcDay[][] {
  if (input.from > input.to) return [];
  const size = Math.max(1, Math.floor(input.chunkDays));
  const runs: UtcDay[][] = [];
  let current: UtcDay[] = [];
  const flush = (): void => {
    if (current.length > 0) runs.push(current);
    current = [];
  };
  for (const day of daysBetween(input.from, input.to)) {
    if (!needsFetch(day, input.today, input.states.get(day))) {
      flush();
      continue;
    }
    current.push(day);
    if (current.length >= size) flush();
  }
  flush();
  return runs;
}
