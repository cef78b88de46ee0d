/**
 * What the benches do to a fresh profile before they measure: leave the demo's first-run screen, and write a
 * truck's readings into the app's IndexedDB through the store harness (the app's own putDays).
 */
import type { Page } from 'playwright-core';
import type { WireLocationRecord } from '../../shared/api/wire.ts';
import { inHarness } from '../../test/e2e/harness/serve.ts';

/** Waits for the app to be ready and leaves the demo's first-run screen if it shows. */
export async function dismissFirstRun(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=app-root][data-ready=true]');
  const explore = page.getByTestId('explore-demo');
  if (await explore.isVisible()) {
    await explore.click();
    await page.waitForSelector('[data-testid=first-run]', { state: 'detached' });
  }
}

/**
 * Writes `records` (ascending time) for one truck a calendar month per harness message, which keeps each
 * message small; returns how many readings were stored.
 */
export async function seedTruckByMonth(
  harness: Page,
  records: readonly WireLocationRecord[],
  carrierId: string,
  vehicleId: string,
): Promise<number> {
  let written = 0;
  for (let k = 0; k < records.length;) {
    const month = records[k]!.timestamp.slice(0, 7);
    let end = k;
    while (end < records.length && records[end]!.timestamp.slice(0, 7) === month) end++;
    const slice = records.slice(k, end);
    written += (
      await inHarness(harness, (h, a) => h.benchWrite(a.records, a.carrierId, a.vehicleId), {
        records: slice,
        carrierId,
        vehicleId,
      })
    ).records;
    k = end;
  }
  return written;
}
