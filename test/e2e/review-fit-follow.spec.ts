import { expect, test } from './fixtures.ts';
import { addDays } from '../../shared/util/day.ts';
import { downloadWeekOfOneTruck, openReviewOf, TODAY } from './harness/app.ts';

/**
 * Issue 31, item 6 (in part): Trip review's map has a "Fit route" control that brings the whole route back
 * after the camera was moved, and Follow ends when the span changes (the new route is fitted, not the old
 * moment chased off screen). Item 7 (in part): a trip row's times and speeds are never cut.
 */
test('Trip review: "Fit route" shows the route again after a zoom; Follow ends on a span change', async ({
  page,
  shell,
}) => {
  await downloadWeekOfOneTruck(page, shell);
  // A day the truck drove (a demo truck rests some days).
  let day = '';
  for (const back of [2, 3, 4, 5, 1]) {
    day = addDays(TODAY, -back);
    await openReviewOf(page, day);
    if ((await page.getByTestId('trip-row').count()) > 0) break;
  }
  // Item 7: each trip's times and speeds are whole, never cut to "avg 53 · max 6…".
  const figures = page.getByTestId('trip-figures');
  await expect(figures.first()).toContainText(/max \d+ mph/);
  const cut = await figures.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
  );
  expect(cut, 'trip figures cut off').toEqual([]);

  const map = page.getByTestId('review-map');
  const mapElement = map.locator('[data-bounds]').first();
  await expect(mapElement).toHaveAttribute('data-bounds', /,/);
  const fitted = (await mapElement.getAttribute('data-bounds'))!;

  // Zoomed in by hand: the route is partly out of view; "Fit route" brings the same view back.
  await map.locator('.maplibregl-ctrl-zoom-in').click();
  await map.locator('.maplibregl-ctrl-zoom-in').click();
  await expect(mapElement).not.toHaveAttribute('data-bounds', fitted);
  await page.getByTestId('review-fit-route').click();
  await expect(mapElement).toHaveAttribute('data-bounds', fitted);

  // Follow on, then a week: Follow is off again.
  await page.getByTestId('pb-follow').check();
  await expect(page.getByTestId('pb-follow')).toBeChecked();
  await page.getByTestId('review-span-week').click();
  const review = page.getByTestId('review-page');
  await expect(review).not.toHaveAttribute('data-key', new RegExp(`:${day}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(page.getByTestId('pb-follow')).not.toBeChecked();
});
