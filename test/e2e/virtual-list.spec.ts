import { expect, test } from '@playwright/test';
import type { MapHarnessApi } from './map-harness/api.ts';
import { openMapHarness } from './map-harness/serve.ts';

/**
 * The inbox's virtual list in real Chromium, which clamps an element's height at 33,554,428 px: a million
 * rows of 58 px (58 million px) would leave everything past row ~578,000 out of reach. The list scrolls
 * through a capped height instead (renderer/src/components/rows-window.ts); the scrollbar's bottom shows
 * the last row and its middle the middle rows.
 */
test('a million-row virtual list reaches its last row in Chromium', async ({ page, context }) => {
  await openMapHarness(context, page);
  await page.evaluate((n) => (globalThis as unknown as { mapHarness: MapHarnessApi }).mapHarness.list(n), 1_000_000);
  const list = page.getByTestId('harness-list');
  await expect(list.getByRole('listitem').first()).toHaveText('row 0');

  const scrollHeight = await list.evaluate((el) => el.scrollHeight);
  expect(scrollHeight).toBeLessThan(33_554_428);

  // The scrollbar dragged to the bottom: the last row is in view, whole, its bottom at the list's.
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const last = list.getByRole('listitem').filter({ hasText: /^row 999999$/ });
  await expect(last).toBeInViewport({ ratio: 1 });
  const [listBox, rowBox] = [await list.boundingBox(), await last.boundingBox()];
  expect(Math.abs(rowBox!.y + rowBox!.height - (listBox!.y + listBox!.height))).toBeLessThan(3);

  // Halfway down: the rows halfway through the list (the scroll event arrives with the next frame; the list
  // says which row it renders first, six before the first in view).
  await list.evaluate((el) => el.scrollTo(0, (el.scrollHeight - el.clientHeight) / 2));
  // Polled down from the bottom's rows, then checked from below.
  await expect.poll(async () => Number(await list.getAttribute('data-first'))).toBeLessThan(500_000);
  expect(Number(await list.getAttribute('data-first'))).toBeGreaterThan(499_980);
});
