import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers, IDB_REQUEST as request, inAppStore as inStore } from './harness/app.ts';
import { pickCompareCarriers } from './harness/compare-inbox.ts';

/**
 * Issue 35 (Compare within 1.5 s): the first Compare after the app starts answers with the per-carrier results
 * a previous session kept in IndexedDB (store/compare-cache.ts) while nothing they read has changed, and
 * computes a carrier afresh when one of its days is downloaded again. To show where an answer came from,
 * the readings are taken out of the store behind the app's back: a kept result still shows the first
 * figures, a result computed afresh cannot. Removing a carrier forgets its kept results.
 */

/**
 * Every Compare cell's value by metric, one value per carrier in the table's order; not the HOS rows: they come
 * from the driver snapshots the app takes at every start, worked out on every answer (kept or not).
 */
async function figures(page: Page): Promise<Record<string, (string | null)[]>> {
  await expect(page.getByTestId('compare-page')).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });
  return page
    .locator('[data-testid=compare-row]')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows
          .filter((r) => !(r.getAttribute('data-metric') ?? '').startsWith('hos-'))
          .map((r) => [
            r.getAttribute('data-metric') ?? '',
            [...r.querySelectorAll('[data-testid=compare-cell]')].map((c) => c.getAttribute('data-value')),
          ]),
      ),
    );
}

/** Kept compare results by kind and carrier. */
const keptRows = (page: Page) =>
  inStore<{ kind: string; carrierId: string }[]>(
    page,
    `${request}
     const rows = await done(db.transaction('compareResults').objectStore('compareResults').getAll());
     return rows.map((r) => ({ kind: r.kind, carrierId: r.carrierId }));`,
  );

test('the first Compare after a start answers from kept results; a day downloaded again is computed afresh', async ({
  page,
  shell,
}) => {
  const [first, second] = await downloadTwoCarriers(page, shell, [1, 1]);
  await page.getByTestId('nav-compare').click();
  await pickCompareCarriers(page, [first.carrierId, second.carrierId]);
  await page.getByTestId('compare-range').selectOption('7d');
  const computed = await figures(page);
  const carriers = await page
    .getByTestId('compare-carrier')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-carrier-id')));
  expect([...carriers].sort()).toEqual([first.carrierId, second.carrierId].sort());
  // Both carriers drove: the trip analysis (the readings) gave each an average trip.
  expect(computed['avg-trip-miles']?.map(Number).every((m) => m > 0)).toBe(true);
  const keptAll = () => keptRows(page).then((rows) => rows.map((r) => `${r.kind}:${r.carrierId}`).sort());
  const both = [first, second].flatMap((c) => [`metrics:${c.carrierId}`, `trips:${c.carrierId}`]).sort();
  await expect.poll(keptAll).toEqual(both);

  // The readings go (their coverage stays, so the stored state is unchanged): only kept results can show the figures.
  await inStore(
    page,
    `${request}
     const tx = db.transaction(['dayChunks', 'dayAnalysisColumns'], 'readwrite');
     await Promise.all([done(tx.objectStore('dayChunks').clear()), done(tx.objectStore('dayAnalysisColumns').clear())]);`,
  );
  await page.reload();
  await expect(page.getByTestId('compare-page')).toBeVisible();
  expect(await figures(page)).toEqual(computed);

  // One of the first carrier's days downloaded again (a new fetchedAt): that carrier is computed afresh, from
  // no readings now, so its trip figures change; the second carrier's kept results still answer.
  await inStore(
    page,
    `${request}
     const store = db.transaction('dayCoverage', 'readwrite').objectStore('dayCoverage');
     const rows = await done(store.getAll());
     const row = rows.find((r) => r.carrierId === ${JSON.stringify(first.carrierId)} && r.points > 0);
     await done(store.put({ ...row, fetchedAt: row.fetchedAt + 1 }));`,
  );
  await page.reload();
  await expect(page.getByTestId('compare-page')).toBeVisible();
  const afresh = await figures(page);
  const column = (f: Record<string, (string | null)[]>, i: number) => Object.values(f).map((v) => v[i]);
  const firstAt = carriers.indexOf(first.carrierId);
  const secondAt = carriers.indexOf(second.carrierId);
  expect(column(afresh, secondAt)).toEqual(column(computed, secondAt));
  expect(column(afresh, firstAt)).not.toEqual(column(computed, firstAt));
  expect(Number(afresh['avg-trip-miles']?.[firstAt] || 0)).toBe(0);

  // Removing the first carrier forgets its kept results; the second's stay.
  await page.getByTestId('nav-carriers').click();
  const row = page.locator(`[data-testid="carrier-row"][data-carrier-id="${first.carrierId}"]`);
  await row.getByTestId('carrier-remove').click();
  await row.getByTestId('carrier-remove-confirm').click();
  await expect(row).toHaveCount(0);
  expect((await keptRows(page)).filter((r) => r.carrierId === first.carrierId)).toEqual([]);
  expect((await keptRows(page)).filter((r) => r.carrierId === second.carrierId).length).toBeGreaterThanOrEqual(2);
});
