import { expect, test } from './fixtures.ts';
import { downloadPartialChicagoDay, PARTIAL_DAY, PARTIAL_NOTE } from './harness/compare-inbox.ts';

/**
 * Issue 31 on the Safety inbox: every time carries its carrier's home-zone abbreviation (item 5), the limit
 * is the app's one setting (edited here as on Trip review), and a home-zone day held only in part is said so
 * with the hours missing, so its events are not read as the whole day's (item 1).
 */
test("the inbox states a partly downloaded home-zone day and shows each event's time in the carrier's zone", async ({
  page,
  shell,
}) => {
  await downloadPartialChicagoDay(page, shell);
  await page.getByTestId('nav-inbox').click();
  const inbox = page.getByTestId('inbox-page');
  await page.getByTestId('inbox-from').fill(PARTIAL_DAY);
  await page.getByTestId('inbox-to').fill(PARTIAL_DAY);
  // A low limit (the app's one setting, edited here), so the day surely has speeding events to list.
  await page.getByTestId('inbox-limit').fill('45');
  await page.getByTestId('inbox-limit').press('Enter');
  await expect(page.getByTestId('inbox-meta')).toContainText('limit 45 mph');
  await expect(inbox).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });

  const note = page.getByTestId('inbox-partial');
  await expect(note).toContainText('Partly downloaded days: their events may be incomplete');
  await expect(note).toContainText(`${PARTIAL_NOTE} — T-103`);
  await expect(note).toHaveAttribute('data-days', PARTIAL_DAY);
  await expect(page.getByTestId('inbox-meta')).toContainText('home-zone days, times in its zone: America/Chicago');

  const when = page.getByTestId('inbox-when');
  await expect(when.first()).toBeVisible();
  for (const text of await when.allTextContents()) expect(text.trim()).toMatch(/^2026-10-01 \d{2}:\d{2} CDT$/);

  // The limit set here is Trip review's.
  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-threshold')).toHaveValue('45');
});
