import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';

/**
 * Every screen walked with stored data, Trip review of a day with nothing stored included (issue 31,
 * item 8: the analysis worker was handed `null` for such a day and threw "Cannot use 'in' operator to
 * search for 'speed' in null"). Any page error, or an uncaught error a worker logs, fails the walk.
 */
test('walking every screen, an empty day of Trip review included, raises no page or worker error', async ({
  page,
  shell,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Uncaught|in operator/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  page.on('worker', (w) => {
    w.on('console', (m) => {
      if (m.type() === 'error') errors.push(`worker ${w.url()}: ${m.text()}`);
    });
  });

  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const root = page.getByTestId('app-root');

  await page.getByTestId('nav-carriers').click();
  await expect(root).toHaveAttribute('data-page', 'carriers');
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await expect(page.getByTestId('fleet-page')).toBeVisible();
  await page.getByTestId('nav-storage').click();
  await expect(page.getByTestId('storage-page')).toBeVisible();

  // Trip review: a stored day, then a day with nothing stored, then a stored one again.
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-carrier').selectOption(carrierId);
  await page.getByTestId('review-vehicle').selectOption(vehicleIds[0]!);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('review-day').fill(addDays(TODAY, -40));
  await expect(review).toHaveAttribute('data-state', 'empty');
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await page.getByTestId('review-day').fill(addDays(TODAY, -2));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('total-points')).toBeVisible();

  await page.getByTestId('nav-inbox').click();
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('compare-page')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.getByTestId('nav-settings').click();
  await expect(root).toHaveAttribute('data-page', 'settings');
  await page.getByTestId('nav-downloads').click();
  await expect(page.getByTestId('downloads-page')).toBeVisible();

  expect(errors).toEqual([]);
});
