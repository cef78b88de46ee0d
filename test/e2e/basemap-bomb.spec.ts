import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { metadataBombArchive } from '../support/pmtiles-fixtures.ts';
import { expect, test, type WebShell } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY } from './harness/app.ts';

/**
 * Issue 32, 4: a 1.5 MB .pmtiles whose metadata gzip expands to 1.5 GiB. It
 * is refused with a sentence within the decompression bound (the renderer's
 * heap, ArrayBuffer backing stores included, sampled through the DevTools
 * protocol while it is read, grows by far less than the expansion), the
 * built-in map stays, and the choice is not applied again after a reload.
 */
const DAY = addDays(TODAY, -1);
const HEAP_GROWTH_MAX = 256 * 1024 * 1024;

async function reviewWithData(page: Page, shell: WebShell): Promise<void> {
  await openDownloads(page, shell);
  await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await openReviewOf(page, DAY);
}

/** JS heap plus ArrayBuffer backing stores (where decompressed bytes live) of the page's renderer. */
async function heapBytes(cdp: CDPSession): Promise<number> {
  const u = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  return u.usedSize + (u.backingStorageSize ?? 0);
}

test('a gzip-bomb .pmtiles is refused with a sentence, within a memory bound, and not applied again after a reload', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(180_000);
  const bomb = testInfo.outputPath('bomb.pmtiles');
  writeFileSync(bomb, await metadataBombArchive());

  await reviewWithData(page, shell);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-basemap', 'builtin');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const before = await heapBytes(cdp);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await heapBytes(cdp).catch(() => 0));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  await page.getByTestId('review-basemap-toggle').click();
  const started = Date.now();
  await page.getByTestId('basemap-pmtiles-file').setInputFiles(bomb);
  await expect(page.getByTestId('map-basemap-note')).toContainText(
    '"bomb.pmtiles" could not be opened (its metadata or tile directory expands past 32 MB',
    { timeout: 60_000 },
  );
  testInfo.annotations.push({ type: 'refused after', description: `${Date.now() - started} ms` });
  console.log(`refused after ${Date.now() - started} ms`);
  sampling = false;
  await sampler;
  await expect(map).toHaveAttribute('data-basemap', 'builtin');
  console.log(`heap grew by ${Math.round((peak - before) / 2 ** 20)} MB at most while the file was read`);
  expect(peak - before, `heap grew by ${Math.round((peak - before) / 2 ** 20)} MB`).toBeLessThan(HEAP_GROWTH_MAX);
  expect(await page.evaluate(() => localStorage.getItem('routelens.basemap'))).toBe('{"kind":"builtin"}');

  // The next open uses the built-in map without reading the file again.
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
  await openReviewOf(page, DAY);
  await expect(map).toHaveAttribute('data-basemap', 'builtin');
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(page.getByTestId('map-basemap-note')).toHaveCount(0);
});
