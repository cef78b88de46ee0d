import { expect, test } from './fixtures.ts';
import { dumpStore, openDownloads, startJob } from './harness/app.ts';

/**
 * Issue 31, item 9: removing a carrier said nothing of its data (which stayed stored). The question now
 * says exactly what goes (its downloaded days, counted, its snapshots, jobs and inbox results) and what
 * stays, and removing does that: afterwards the store holds no day of the carrier and Storage lists none.
 */
test('removing a carrier says what goes and what stays, and its downloaded days are gone', async ({ page, shell }) => {
  await openDownloads(page, shell);
  const { carrierId } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const stored = (await dumpStore(page, shell)).coverage.filter((r) => r.carrierId === carrierId);
  expect(stored.length).toBeGreaterThanOrEqual(7);
  const points = stored.reduce((n, r) => n + r.points, 0);

  await page.getByTestId('nav-carriers').click();
  const rows = page.getByTestId('carrier-row');
  await expect(rows).toHaveCount(3);
  const row = page.locator(`[data-testid="carrier-row"][data-carrier-id="${carrierId}"]`);
  await row.getByTestId('carrier-remove').click();
  const question = row.locator('.confirm-question');
  await expect(question).toContainText(
    `This deletes its ${stored.length} downloaded days (1 vehicle, ${points.toLocaleString('en-US')} readings), ` +
      'its fleet snapshots, download jobs and inbox and Compare results from this computer.',
  );
  await expect(question).toContainText('Files you exported and audit bundles you saved stay');
  await row.getByTestId('carrier-remove-confirm').click();
  await expect(rows).toHaveCount(2);
  await expect(row).toHaveCount(0);

  const after = await dumpStore(page, shell);
  expect(after.coverage.filter((r) => r.carrierId === carrierId)).toEqual([]);
  expect(after.days.filter((d) => d.carrierId === carrierId)).toEqual([]);
  await page.getByTestId('nav-storage').click();
  await expect(page.getByTestId('storage-page')).toBeVisible();
  await expect(page.getByTestId('storage-empty')).toBeVisible();
  await expect(page.locator(`[data-testid="storage-carrier"][data-carrier-id="${carrierId}"]`)).toHaveCount(0);
});
