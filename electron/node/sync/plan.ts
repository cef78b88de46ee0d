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

/**
 * Runs for `lanes` queries paged at once: each run of consecutive days is cut
 * into `lanes` pieces of near-equal length (or a multiple of `lanes` when one
 * would be longer than `maxDays`: a run's days are held in memory until its
 * query ends), fewer when that would make one shorter than `minDays`. A query's last page is
 * usually part-full and each query pays for it, so as few pieces as keep every
 * lane busy ask the fewest pages.
 */
export function spreadRuns(
  runs: readonly UtcDay[][],
  lanes: number,
  { minDays, maxDays }: { minDays: number; maxDays: number },
): UtcDay[][] {
  const out: UtcDay[][] = [];
  const most = Math.max(1, Math.floor(lanes));
  const least = Math.max(1, Math.floor(minDays));
  const longest = Math.max(least, Math.floor(maxDays));
  for (const run of runs) {
    // A multiple of the lanes, so the last pieces still page side by side rather than one lane finishing alone.
    const byLanes = most * Math.ceil(run.length / (most * longest));
    const pieces = Math.max(1, Math.ceil(run.length / longest), Math.min(byLanes, Math.floor(run.length / least)));
    for (let i = 0; i < pieces; i++) {
      const piece = run.slice(Math.floor((i * run.length) / pieces), Math.floor(((i + 1) * run.length) / pieces));
      if (piece.length > 0) out.push(piece);
    }
  }
  return out;
}
