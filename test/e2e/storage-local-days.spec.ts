import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { dumpStore, openDownloads, startJob, TODAY } from './harness/app.ts';

/**
 * Issue 31, item 5: Storage showed and deleted UTC days. Its strip now shows the carrier's home-zone days
 * (Prairie Line: America/Chicago, UTC−6 in November), and deleting home-zone days deletes the stored UTC
 * days they touch, after a question that names the neighbouring days left partly downloaded.
 */
test('Storage shows home-zone days and deletes by them, saying which neighbours become partial', async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  const firstLocal = addDays(TODAY, -6);
  const day = addDays(TODAY, -4);

  await page.getByTestId('nav-storage').click();
  await expect(page.getByTestId('storage-page')).toContainText("each carrier's home-zone days");
  const row = page.locator(
    `[data-testid=storage-carrier][data-carrier-id="${carrierId}"] [data-testid=storage-vehicle][data-vehicle-id="${vehicleId}"]`,
  );
  const cell = (d: string) => row.locator(`[data-testid=storage-day][data-day="${d}"]`);
  // The Chicago day before the range's first ends on its first UTC day (18:00 CST): partly stored, said in its title.
  await expect(cell(addDays(firstLocal, -1))).toHaveAttribute('data-state', 'partial');
  await expect(cell(addDays(firstLocal, -1))).toHaveAttribute('title', /00:00–18:00 CST not downloaded \(18 h\)/);
  await expect(cell(firstLocal)).toHaveAttribute('data-state', 'complete');
  await expect(cell(day)).toHaveAttribute('data-state', 'complete');

  // Delete one home-zone day: both UTC days it touches go; the days either side share one of them.
  await row.getByTestId('storage-range-toggle').click();
  await expect(row.getByText('From (day in America/Chicago)')).toBeVisible();
  await row.getByTestId('storage-range-from').fill(day);
  await row.getByTestId('storage-range-to').fill(day);
  await row.getByTestId('storage-delete-range').click();
  await expect(row.locator('.confirm-question')).toHaveText(
    `Delete ${await row.locator('.storage-name strong').textContent()}'s day ${day} (America/Chicago)? ` +
      `Days are stored as whole UTC days: this deletes the stored UTC days ${day} to ${addDays(day, 1)}. ` +
      `${addDays(day, -1)} and ${addDays(day, 1)} become partly downloaded (they share a UTC day with the range).`,
  );
  await row.getByTestId('storage-delete-range-confirm').click();
  await expect(cell(day)).toHaveAttribute('data-state', 'missing');
  await expect(cell(addDays(day, -1))).toHaveAttribute('data-state', 'partial');
  await expect(cell(addDays(day, 1))).toHaveAttribute('data-state', 'partial');
  await expect(cell(addDays(day, -2))).toHaveAttribute('data-state', 'complete');

  const left = (await dumpStore(page, shell)).coverage
    .filter((r) => r.carrierId === carrierId && r.vehicleId === vehicleId)
    .map((r) => r.day)
    .sort();
  expect(left).toEqual([firstLocal, addDays(firstLocal, 1), addDays(day, 2), addDays(day, 3), TODAY]);
});
