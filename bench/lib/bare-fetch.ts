/** The download baseline: the same history pages fetched with nothing around them but JSON.parse. */
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER } from '../../shared/api/wire.ts';

/** The sync engine's default number of runs paged in parallel (electron/node/sync/sync-vehicle-history.ts). */
export const SYNC_CONCURRENCY = 4;

/**
 * Fetches every run from its first page, following `next_page_token`, with
 * `concurrency` runs at a time (a run's pages are sequential, as for the engine).
 */
export async function bareFetchParse(
  firstPages: readonly string[],
  keys: { providerKey: string; companyKey: string },
  concurrency: number,
): Promise<{ pages: number; records: number; seconds: number }> {
  const headers = {
    [PROVIDER_KEY_HEADER]: keys.providerKey,
    [COMPANY_KEY_HEADER]: keys.companyKey,
    Accept: 'application/json',
  };
  let next = 0;
  let pages = 0;
  let records = 0;
  const worker = async (): Promise<void> => {
    while (next < firstPages.length) {
      const first = firstPages[next++]!;
      for (let url = first; ;) {
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        const body = JSON.parse(await res.text()) as { data: unknown[]; next_page_token?: string };
        pages++;
        records += body.data.length;
        if (!body.next_page_token) break;
        const u = new URL(first);
        u.searchParams.set('next_page_token', body.next_page_token);
        url = u.href;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { pages, records, seconds: (performance.now() - t0) / 1000 };
}
