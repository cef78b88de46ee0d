import type { Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openInboxRange, startJob, TODAY } from './harness/app.ts';
import { inboxRows } from './inbox-rows.ts';

/**
 * The Safety inbox lists exactly the union of each vehicle's Trip review events (issue #14): for a week of
 * three downloaded trucks, every event (kind and start) the inbox shows for a truck is one the Review shows
 * for the same truck and week, and the other way round, and the inbox's total is the sum over the trucks.
 * Both screens are read as the user sees them (rows of the lists), not through the analysis code.
 */
const TO = addDays(TODAY, -1);
const FROM = addDays(TO, -6);

async function reviewRows(page: Page, vehicleId: string): Promise<string[]> {
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-vehicle').selectOption(vehicleId);
  await page.getByTestId('review-day').fill(TO);
  await page.getByTestId('review-span-week').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`${vehicleId}:${FROM}:${TO}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('tab-events').click();
  const total = Number(/\((\d+)\)/.exec((await page.getByTestId('tab-events').textContent()) ?? '')?.[1]);
  // Rows come in idle slices: wait for all of them.
  await expect(page.getByTestId('event-row')).toHaveCount(total);
  const rows = await page
    .getByTestId('event-row')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}@${e.getAttribute('data-start-ms')}`));
  return rows.sort();
}

test('the inbox lists exactly the union of each truck’s Trip review events for the same week', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { vehicleIds } = await startJob(page, 3, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  const byReview = new Map<string, string[]>();
  await page.getByTestId('nav-review').click();
  for (const v of vehicleIds) byReview.set(v, await reviewRows(page, v));
  const union = [...byReview.values()].flat();
  expect(union.length, 'a week of three demo trucks has events').toBeGreaterThan(3);
  expect(new Set(union.map((r) => r.split('@')[0])).size, 'more than one kind of event').toBeGreaterThan(1);

  const inbox = await openInboxRange(page, FROM, TO);
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  // Long stops are off by default: the union has every kind.
  await page.getByTestId('inbox-kind-long-stop').click();
  const list = page.getByTestId('inbox-list');
  await expect(list).toHaveAttribute('data-count', String(union.length));
  for (const v of vehicleIds) {
    await page.getByTestId('inbox-vehicle').selectOption(v);
    await expect(list).toHaveAttribute('data-count', String(byReview.get(v)!.length));
    expect(await inboxRows(list), `vehicle ${v}`).toEqual(byReview.get(v));
  }
  await page.screenshot({ path: testInfo.outputPath('inbox-one-truck-week.png') });
});
