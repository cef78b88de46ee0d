/**
 * Ranges outside the API's 6-month window are said before the click: the date inputs are bounded to the
 * window, a range partly outside is shown cut, in words, and one wholly outside disables Start with the
 * reason. The demo clock is pinned (E2E_NOW), so the window is known: 2026-05-20 → 2026-11-20.
 */
import { E2E_NOW, expect, test } from './fixtures.ts';
import { openDownloads } from './harness/app.ts';

const today = E2E_NOW.slice(0, 10);
const windowStart = '2026-05-20'; // six calendar months before 2026-11-20

test('custom download ranges: inputs bounded to the window, a cut range in words, Start disabled with the reason', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  await page.getByTestId('dl-range').selectOption('custom');
  const from = page.getByTestId('dl-from');
  const to = page.getByTestId('dl-to');
  for (const input of [from, to]) {
    await expect(input).toHaveAttribute('min', windowStart);
    await expect(input).toHaveAttribute('max', today);
  }
  await expect(page.locator('input[data-vehicle-id]').first()).toBeVisible();
  await page.getByTestId('dl-vehicles-all').check();
  const start = page.getByTestId('dl-start');
  const days = page.getByTestId('dl-range-days');

  // Inside the window: taken as asked.
  await from.fill('2026-06-01');
  await to.fill('2026-06-10');
  await expect(days).toHaveText('2026-06-01 → 2026-06-10 · 10 days');
  await expect(days).toHaveAttribute('data-clipped', 'false');
  await expect(start).toBeEnabled();

  // Partly before the window: cut to it, in words, with what was asked.
  await from.fill('2026-05-01');
  await to.fill('2026-05-25');
  await expect(days).toHaveAttribute('data-clipped', 'true');
  await expect(days).toHaveText(
    `Only ${windowStart} → 2026-05-25 · 6 days can be downloaded: the API keeps 6 months of history (2026-05-01 → 2026-05-25 asked).`,
  );
  await expect(start).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('download-range-clipped.png') });

  // Wholly outside (a March range): Start is disabled before any click, with the reason beside it.
  await from.fill('2026-03-01');
  await to.fill('2026-03-31');
  await expect(days).toHaveCount(0);
  await expect(start).toBeDisabled();
  await expect(page.getByTestId('dl-start-reason')).toHaveText(
    `The API keeps history from ${windowStart} to ${today} only: no day of this range can be downloaded.`,
  );
  await expect(page.getByTestId('dl-job')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('download-range-outside.png') });

  // No vehicle chosen: also said before the click.
  await page.getByTestId('dl-range').selectOption('7d');
  await page.getByTestId('dl-vehicles-all').uncheck();
  await expect(start).toBeDisabled();
  await expect(page.getByTestId('dl-start-reason')).toHaveText('Choose at least one vehicle.');
});
