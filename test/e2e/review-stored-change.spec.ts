/**
 * Days written or deleted under a shown Trip review load it again by themselves (use-stored-stamp.ts): a day
 * deleted in another tab of the same store takes its readings out of the figures on screen, with no input, and
 * the figures then shown are those a fresh load of the same selection gives. Never stale figures.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { downloadWeekOfOneTruck, TODAY } from './harness/app.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

async function figures(page: Page): Promise<{ totals: Record<string, string>; rows: string[] }> {
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
  const totals: Record<string, string> = {};
  for (const item of await page.getByTestId('review-totals').locator('[data-value]').all())
    totals[(await item.getAttribute('data-testid'))!] = (await item.getAttribute('data-value'))!;
  const rows = await page
    .getByTestId('day-row')
    .evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-day')} ${tr.getAttribute('data-miles')}`));
  return { totals, rows };
}

test('a day deleted in another tab leaves the shown week at once, as a fresh load of it shows', async ({
  page,
  shell,
}) => {
  const { carrierId, vehicleId } = await downloadWeekOfOneTruck(page, shell);
  await page.getByTestId('nav-review').click();
  await page.getByTestId('review-carrier').selectOption(carrierId);
  await page.getByTestId('review-vehicle').selectOption(vehicleId);
  await page.getByTestId('review-span-week').click();
  const before = await figures(page);
  const points = Number(before.totals['total-points']);
  expect(points).toBeGreaterThan(0);

  // A UTC day inside the week, deleted from another tab while the review shows it.
  const gone = addDays(TODAY, -3);
  const other = await page.context().newPage();
  await openHarness(other, shell.origin);
  expect(
    await h(other, (x, a) => x.deleteVehicleDays(a.carrierId, a.vehicleId, a.day, a.day), {
      carrierId,
      vehicleId,
      day: gone,
    }),
  ).toMatchObject({ ok: true });
  await other.close();

  await expect
    .poll(async () => Number((await figures(page)).totals['total-points']), { timeout: 15_000 })
    .toBeLessThan(points);
  const after = await figures(page);
  expect(after.rows).not.toEqual(before.rows);

  // A fresh page of the same selection reads the store anew: the same figures.
  await page.reload();
  await expect(page.getByTestId('review-vehicle')).toHaveValue(vehicleId);
  await expect(page.getByTestId('review-span-week')).toHaveAttribute('aria-checked', 'true');
  expect(await figures(page)).toEqual(after);
});
