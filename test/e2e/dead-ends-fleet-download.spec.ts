import type { Locator } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';

/**
 * Issue 31, item 9: the vehicles table's "Download" button was clipped by the table's scroll box at
 * 1400×900. At both window sizes the Trips and Download buttons of every row shown lie wholly inside the
 * table's visible box (no horizontal scrolling needed) and are what a click at their centre reaches.
 */

/** The part of the scroll box the user sees, in page pixels (its client box, without scrollbars). */
interface Box {
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  clientLeft: number;
  clientWidth: number;
  contains(other: unknown): boolean;
}

const visibleBox = (wrap: Locator) =>
  wrap.evaluate((node) => {
    const el = node as unknown as Box;
    const r = el.getBoundingClientRect();
    return { left: r.left + el.clientLeft, right: r.left + el.clientLeft + el.clientWidth };
  });

/** Whether a click at the button's centre lands on the button itself (nothing covers it). */
const hitByClick = (button: Locator) =>
  button.evaluate((node) => {
    const el = node as unknown as Box;
    const r = el.getBoundingClientRect();
    const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
    const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });

for (const size of [
  { width: 1400, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`vehicles table at ${size.width}×${size.height}: Download and Trips buttons are wholly visible and clickable`, async ({
    page,
    shell,
  }) => {
    await page.setViewportSize(size);
    await openApp(page, shell);
    await page.getByTestId('explore-demo').click();
    await expect(page.getByTestId('first-run')).toHaveCount(0);
    await page.locator('[data-testid^="nav-fleet-"]').first().click();
    const rows = page.getByTestId('vehicle-row');
    await expect(rows.first()).toBeVisible();
    const wrap = page.locator('.table-wrap').filter({ has: page.getByTestId('vehicles-table') });
    const box = await visibleBox(wrap);
    for (const row of (await rows.all()).slice(0, 5)) {
      for (const id of ['vehicle-open-downloads', 'vehicle-open-review']) {
        const button = row.getByTestId(id);
        const b = (await button.boundingBox())!;
        expect(b.x, `${id} starts inside the table`).toBeGreaterThanOrEqual(box.left);
        expect(b.x + b.width, `${id} ends inside the table's visible box`).toBeLessThanOrEqual(box.right + 0.5);
        expect(b.x + b.width, `${id} ends inside the window`).toBeLessThanOrEqual(size.width);
      }
    }
    const download = rows.first().getByTestId('vehicle-open-downloads');
    await download.scrollIntoViewIfNeeded();
    expect(await hitByClick(download)).toBe(true);
    await download.click();
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'downloads');
  });
}
