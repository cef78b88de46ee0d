import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';

/**
 * Issue 31, item 9: a finished download leads to its days. "Open in Trip review" on the finished job opens
 * Trip review on that carrier, that vehicle and a span ending on the job's last day; each finished vehicle
 * of the job has its own button.
 */
test('a finished download opens its carrier, vehicle and days in Trip review', async ({ page, shell }) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 2, '7d');
  const job = page.getByTestId('dl-job').first();
  // Not before it has finished: there would be nothing (or not everything) to open.
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const open = job.getByTestId('dl-open-review');
  await expect(open).toHaveAttribute('data-vehicle-id', vehicleIds[0]!);

  await open.click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(page.getByTestId('review-carrier')).toHaveValue(carrierId);
  await expect(page.getByTestId('review-vehicle')).toHaveValue(vehicleIds[0]!);
  await expect(page.getByTestId('review-span-week')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('review-day')).toHaveValue(TODAY);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');

  // Back on Downloads, the second vehicle's own row opens that vehicle.
  await page.goBack();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'downloads');
  await page.getByTestId('dl-job').first().getByTestId('dl-vehicles-toggle').click();
  await page
    .locator(`[data-testid=dl-job-vehicle][data-vehicle-id="${vehicleIds[1]}"]`)
    .getByTestId('dl-job-vehicle-open-review')
    .click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(page.getByTestId('review-vehicle')).toHaveValue(vehicleIds[1]!);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
});
