import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers } from './harness/app.ts';

/**
 * Typed navigation: a worst event on Compare opens the trip review on its own
 * truck, day and moment; the place is in the URL fragment, so a reload opens
 * the same truck and day, and back/forward move between the screens.
 */
test('a worst event on Compare opens its truck and moment in the review; reload and back/forward keep the place', async ({
  page,
  shell,
}, testInfo) => {
  const [first, second] = await downloadTwoCarriers(page, shell, [3, 3]);

  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  for (const id of [first.carrierId, second.carrierId]) await page.getByTestId(`compare-pick-${id}`).check();
  for (const box of await page.locator('input[data-testid^=compare-pick-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.replace('compare-pick-', '');
    if (id !== first.carrierId && id !== second.carrierId) await box.uncheck();
  }
  await page.getByTestId('compare-range').selectOption('7d');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });
  // Compare keeps its setup in the address: the two carriers picked and the range.
  await expect(page).toHaveURL(/#compare\?.*range=7d/);
  for (const id of [first.carrierId, second.carrierId]) expect(page.url()).toContain(`carrier=${id}`);

  // The last worst event listed: the second carrier's, so not the truck the review opens by default.
  const events = page.getByTestId('compare-worst-event');
  await expect(events.first()).toBeVisible();
  const event = events.last();
  const vehicleId = (await event.getAttribute('data-vehicle-id'))!;
  const day = (await event.getAttribute('data-day'))!;
  const startMs = Number(await event.getAttribute('data-start-ms'));
  const endMs = Number(await event.getAttribute('data-end-ms'));
  const carrierId = (await event.locator('xpath=ancestor::*[@data-carrier-id][1]').getAttribute('data-carrier-id'))!;
  expect([first.carrierId, second.carrierId]).toContain(carrierId);
  expect([...first.vehicleIds, ...second.vehicleIds]).toContain(vehicleId);
  await event.getByRole('button').click();

  const review = page.getByTestId('review-page');
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
  await expect(review).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('review-day')).toHaveValue(day);
  // Playback stands at the event's first reading.
  await expect(page.getByTestId('now-panel')).toHaveAttribute('data-playback-time', String(startMs));
  // The speed chart shades the event, zoomed to it (the map follows the same window: review-event-focus.spec.ts).
  const highlight = page.getByTestId('chart-event-highlight');
  await expect(highlight).toHaveAttribute('data-start-ms', String(startMs));
  await expect(highlight).toHaveAttribute('data-end-ms', String(endMs));
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'true');
  await expect(page).toHaveURL(new RegExp(`#review\\?carrier=${carrierId}&vehicle=${vehicleId}&day=${day}&span=day`));
  await page.screenshot({ path: testInfo.outputPath('review-from-compare.png') });

  // Reload: same truck and day (the bridge token survives in the tab's session).
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
  await expect(page.getByTestId('review-day')).toHaveValue(day);
  await expect(review).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });

  // Back: Compare; forward: the review again, on the same truck.
  await page.goBack();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'compare');
  await expect(page).toHaveURL(/#compare\?.*range=7d/);
  await page.goForward();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
});

test('switching screens keeps the review where it was: the sidebar opens it at the same truck and days', async ({
  page,
  shell,
}) => {
  const [first] = await downloadTwoCarriers(page, shell, [2, 1]);
  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('review-carrier').selectOption(first.carrierId);
  await page.getByTestId('review-vehicle').selectOption(first.vehicleIds[1]!);
  await page.getByTestId('review-span-week').click();
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-vehicle-id', first.vehicleIds[1]!);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
  const day = await page.getByTestId('review-day').inputValue();

  await page.getByTestId('nav-storage').click();
  await expect(page.getByTestId('storage-page')).toBeVisible();
  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-carrier')).toHaveValue(first.carrierId);
  await expect(page.getByTestId('review-vehicle')).toHaveValue(first.vehicleIds[1]!);
  await expect(page.getByTestId('review-day')).toHaveValue(day);
  await expect(page.getByTestId('review-span-week')).toHaveAttribute('aria-checked', 'true');
});
