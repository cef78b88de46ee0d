import type { Rejection } from '../../shared/api/validate.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import type { HistoryPage, LocationHistoryQuery } from '../../electron/node/api/client.ts';
import type { DayEmit } from '../../electron/node/sync/sync-vehicle-history.ts';

/** A scripted history source and a day sink for the sync engine's tests (not a test file itself). */
export const H = 3_600_000;
export const at = (day: string, hour: number, id: string): Breadcrumb => ({
  id,
  t: Date.parse(`${day}T00:00:00Z`) + hour * H,
  lat: 41,
  lng: -99,
  speed: 40,
  status: 'IN_MOTION',
  direction: 0,
  location: '',
  vehicleNumber: '7',
  vin: 'V',
});

export interface DayPage {
  records: Breadcrumb[];
  rejected: Rejection[];
}

/**
 * An inclusive server: one page per day from start_date to end_date (so pages = days asked), one retry event
 * per query; by default two readings a day, or what `page` scripts for a day.
 */
export function scripted(
  opts: {
    malformedOn?: string;
    refuse?: (q: LocationHistoryQuery) => Error | null;
    delayMs?: number;
    page?: (day: string) => DayPage | undefined;
  } = {},
) {
  const queries: LocationHistoryQuery[] = [];
  let active = 0;
  let maxActive = 0;
  let pages = 0;
  const source = {
    async *locationHistoryPages(q: LocationHistoryQuery): AsyncGenerator<HistoryPage> {
      queries.push(q);
      const refusal = opts.refuse?.(q);
      if (refusal) throw refusal;
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        for (
          let d = q.from, i = 0;
          d <= q.to;
          d = new Date(Date.parse(`${d}T00:00:00Z`) + 24 * H).toISOString().slice(0, 10), i++
        ) {
          await new Promise((r) => setTimeout(r, opts.delayMs ?? 0));
          pages++;
          q.onEvent?.({ type: 'request', path: '/history', attempt: 0 });
          // one retry per query (on its first page), so retries and responses count differently
          if (i === 0) q.onEvent?.({ type: 'retry', path: '/history', attempt: 1, delayMs: 0, reason: 'HTTP 503' });
          q.onEvent?.({ type: 'response', path: '/history', status: 200, ms: 1 });
          const rejected: Rejection[] =
            d === opts.malformedOn
              ? [{ reason: 'lat is not a number', id: `${d}#bad`, snippet: '{}', t: Date.parse(`${d}T12:00:00Z`) }]
              : [];
          const page = opts.page?.(d) ?? { records: [at(d, 1, `${d}#a`), at(d, 13, `${d}#b`)], rejected };
          yield { ...page, index: i + 1, nextPageToken: undefined };
        }
      } finally {
        active--;
      }
    },
  };
  return { source, queries, pagesServed: () => pages, maxActive: () => maxActive };
}

export const collect = () => {
  const emits: DayEmit[] = [];
  let inside = 0;
  let overlapped = false;
  return {
    emits,
    overlapped: () => overlapped,
    onDay: async (e: DayEmit) => {
      if (inside++ > 0) overlapped = true;
      await new Promise((r) => setTimeout(r, 1));
      emits.push(e);
      inside--;
    },
  };
};
