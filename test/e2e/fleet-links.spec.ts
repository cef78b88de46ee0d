/**
 * A fleet row leads somewhere: "Trips" opens that truck in Trip review (only when something of it is
 * downloaded), "Download" opens Downloads with its carrier chosen and only that truck ticked.
 */
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob } from './harness/app.ts';

test('fleet rows open their trips in Trip review and their downloads', async ({ page, shell }, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const [downloaded] = vehicleIds as [string];

  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  const rows = page.getByTestId('vehicle-row');
  await expect(rows.first()).toBeVisible();
  const row = page.locator(`[data-testid=vehicle-row][data-vehicle-id="${downloaded}"]`);
  const other = page.locator(`[data-testid=vehicle-row]:not([data-vehicle-id="${downloaded}"])`).first();
  const otherId = (await other.getAttribute('data-vehicle-id'))!;
  expect(otherId).not.toBe(downloaded);
  // Nothing of the other truck is stored: no trips to open, and the button says why.
  await expect(other.getByTestId('vehicle-open-review')).toBeDisabled();
  await expect(other.getByTestId('vehicle-open-review')).toHaveAttribute('title', /Nothing is downloaded/);
  await expect(row.getByTestId('vehicle-open-review')).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('fleet-row-links.png') });

  await row.getByTestId('vehicle-open-review').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(page.getByTestId('review-carrier')).toHaveValue(carrierId);
  await expect(page.getByTestId('review-vehicle')).toHaveValue(downloaded);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-span-week')).toHaveAttribute('aria-checked', 'true');
  // The address names the place, so a reload opens the same truck.
  expect(decodeURIComponent(page.url())).toContain(`vehicle=${downloaded}`);

  await page.goBack();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'fleet');
  await page
    .locator(`[data-testid=vehicle-row][data-vehicle-id="${otherId}"]`)
    .getByTestId('vehicle-open-downloads')
    .click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'downloads');
  await expect(page.getByTestId('dl-carrier')).toHaveValue(carrierId);
  await expect(page.getByTestId(`dl-vehicle-${otherId}`)).toBeChecked();
  const ticked = await page
    .locator('input[data-vehicle-id]')
    .evaluateAll((els) =>
      els.filter((e) => (e as unknown as { checked: boolean }).checked).map((e) => e.getAttribute('data-vehicle-id')),
    );
  expect(ticked).toEqual([otherId]);
});
