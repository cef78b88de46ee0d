/**
 * Days with nothing stored are said as they are: no figures of the last selection stay on screen; days
 * inside the API's window offer the button that downloads exactly them; days before it say they cannot
 * be downloaded. The demo clock is pinned (E2E_NOW 2026-11-20), so the window starts 2026-05-20.
 */
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';

test('review of days with nothing stored: no stale figures, a download of exactly those days, or why it cannot be', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  await page.getByTestId('nav-review').click();
  await page.getByTestId('review-carrier').selectOption(carrierId);
  await page.getByTestId('review-vehicle').selectOption(vehicleId);
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-totals')).toBeVisible();

  // A day weeks before anything downloaded, still inside the window.
  const empty = addDays(TODAY, -40);
  await page.getByTestId('review-day').fill(empty);
  await expect(review).toHaveAttribute('data-state', 'empty');
  await expect(page.getByTestId('review-totals')).toHaveCount(0);
  const notice = page.getByTestId('review-empty');
  await expect(notice).toHaveAttribute('data-outside', 'false');
  await expect(notice).toContainText(`Nothing is downloaded for`);
  await expect(notice).toContainText(empty);
  await page.screenshot({ path: testInfo.outputPath('review-empty-day.png') });

  // Its download: this carrier, only this truck, exactly that day.
  await page.getByTestId('review-empty-download').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'downloads');
  await expect(page.getByTestId('dl-carrier')).toHaveValue(carrierId);
  await expect(page.getByTestId(`dl-vehicle-${vehicleId}`)).toBeChecked();
  await expect(page.getByTestId('dl-range')).toHaveValue('custom');
  await expect(page.getByTestId('dl-from')).toHaveValue(empty);
  await expect(page.getByTestId('dl-to')).toHaveValue(empty);
  await expect(page.getByTestId('dl-range-days')).toHaveText(`${empty} → ${empty} · 1 day`);

  // Before the window: said so, and no button that would fail after the click.
  await page.goBack();
  await expect(review).toBeVisible();
  await page.getByTestId('review-day').fill('2026-03-02');
  await expect(review).toHaveAttribute('data-state', 'empty');
  await expect(page.getByTestId('review-empty')).toHaveAttribute('data-outside', 'true');
  await expect(page.getByTestId('review-empty-outside')).toHaveText(
    'The API keeps 6 months of history (from 2026-05-20): these days cannot be downloaded.',
  );
  await expect(page.getByTestId('review-empty-download')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('review-empty-outside.png') });
});
