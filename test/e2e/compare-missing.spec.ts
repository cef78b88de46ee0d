/**
 * "Download the missing days" never skips a compared carrier silently: a carrier whose vehicle list was
 * never loaded (never opened on Fleet or Downloads) has its roster fetched first, and its days are
 * downloaded with the others'.
 */
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob } from './harness/app.ts';

test('compare: the missing days of a carrier whose roster was never loaded are downloaded too', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const first = await startJob(page, 2, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const labels = await page.getByTestId('dl-carrier').locator('option').allTextContents();
  const ids = await page
    .getByTestId('dl-carrier')
    .locator('option')
    .evaluateAll((els) => els.map((e) => e.getAttribute('value')!));
  const other = ids.findIndex((id) => id !== first.carrierId);
  const [otherId, otherLabel] = [ids[other]!, labels[other]!];
  const firstLabel = labels[ids.indexOf(first.carrierId)]!;

  await page.getByTestId('nav-compare').click();
  for (const box of await page.locator('[data-testid^=compare-pick-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.replace('compare-pick-', '');
    if (id === first.carrierId || id === otherId) await box.check();
    else await box.uncheck();
  }
  await expect(page.getByTestId('compare-table')).toBeVisible();
  // The other carrier was never opened: its coverage cannot be measured, and the page says so.
  await expect(
    page.locator(`[data-testid=compare-warning][data-kind=no-roster][data-carrier-id="${otherId}"]`),
  ).toBeVisible();
  await page.getByTestId('compare-download-missing').click();
  const message = page.getByTestId('compare-message');
  await expect(message).toContainText('Download started for');
  await expect(message).toContainText(firstLabel);
  await expect(message).toContainText(otherLabel);
  // Its roster is now known, so the warning is about missing days, not a missing list.
  await expect(
    page.locator(`[data-testid=compare-warning][data-kind=no-roster][data-carrier-id="${otherId}"]`),
  ).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('compare-missing.png') });

  await page.getByTestId('nav-downloads').click();
  const titles = page.getByTestId('dl-job').locator('.dl-job-title strong');
  await expect(titles).toHaveCount(3);
  expect(await titles.allTextContents()).toEqual(expect.arrayContaining([firstLabel, otherLabel]));
});
