import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';

/**
 * Issue 31, item 9: "6 months" was 183 days in Trip review and 181–185 (calendar months) in Downloads.
 * One rule now (the API's "last 6 months", calendar months): the Review's 6-month span ending today and
 * Downloads' "Last 6 months" cover the same days, and both say how many.
 */
test('the Review\'s "6 months" and Downloads\' "Last 6 months" are the same days, counted', async ({ page, shell }) => {
  await openDownloads(page, shell);
  await startJob(page, 1, '7d');
  const job = page.getByTestId('dl-job').first();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  // Downloads' words for "Last 6 months": "<from> → <today> · N days".
  await page.getByTestId('dl-range').selectOption('6m');
  const words = (await page.getByTestId('dl-range-days').textContent()) ?? '';
  const m = /^(\d{4}-\d{2}-\d{2}) → (\d{4}-\d{2}-\d{2}) · (\d+) days$/.exec(words.trim());
  expect(m, words).not.toBeNull();
  const [, from, to, days] = m!;
  expect(to).toBe(TODAY);

  // The Review on the downloaded truck, then its 6-month span ending today.
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('review-day').fill(TODAY);
  await page.getByTestId('review-span-6m').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${from}:${TODAY}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  // Its first day is the first of the days it says have nothing stored: Downloads' first day.
  await expect(page.getByTestId('review-coverage')).toHaveAttribute('data-missing', new RegExp(`^${from},`));
  const range = page.getByTestId('export-range');
  await expect(range).toHaveAttribute('data-from', from!);
  await expect(range).toHaveAttribute('data-to', TODAY);
  await expect(range).toHaveText(`${from} → ${TODAY} · ${days} days`);
  // The span button says the same days, counted.
  await expect(page.getByTestId('review-span-6m')).toHaveAttribute('title', `${from} → ${TODAY} (${days} days)`);
});
