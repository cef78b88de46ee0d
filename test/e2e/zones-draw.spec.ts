import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';

/**
 * Speed zones drawn in the app: corners clicked on the map, a name and a limit, kept by the backend (so a
 * reload shows them), read back whole; an outline that crosses itself is refused with the reason and
 * nothing kept; a zone is removed again.
 */
async function clickCorners(page: Page, at: [number, number][]): Promise<void> {
  const canvas = page.getByTestId('zones-map').locator('canvas');
  const box = (await canvas.boundingBox())!;
  for (const [fx, fy] of at) await canvas.click({ position: { x: box.width * fx, y: box.height * fy } });
}

test('a zone drawn on the map is kept with its name and limit, survives a reload, and is removed', async ({
  page,
  shell,
}) => {
  await openApp(page, shell);
  await page.getByTestId('nav-zones').click();
  const map = page.getByTestId('zones-map');
  await expect(page.getByTestId('zones-none')).toBeVisible();
  await expect(map.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });

  await page.getByTestId('zones-draw').click();
  await expect(map.locator('.rl-map-canvas')).toHaveAttribute('data-drawing', 'true');
  await clickCorners(page, [
    [0.4, 0.4],
    [0.6, 0.4],
    [0.6, 0.6],
    [0.4, 0.6],
  ]);
  await expect(map).toHaveAttribute('data-corners', '4');
  await page.getByTestId('zone-undo').click();
  await expect(map).toHaveAttribute('data-corners', '3');
  await page.getByTestId('zone-name').fill('North yard');
  await page.getByTestId('zone-limit').fill('10');
  await page.getByTestId('zone-save').click();
  await expect(page.getByTestId('zones-saved')).toHaveText('Zone “North yard” saved at 10 mph.');
  await expect(map).toHaveAttribute('data-zones', '1');
  await expect(page.getByTestId('zone-row-0')).toContainText('North yard · 10 mph');

  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'zones');
  await expect(page.getByTestId('zone-row-0')).toContainText('North yard · 10 mph');

  // A bow tie: corners out of order, the outline crossing itself. Refused with the reason; nothing kept.
  await page.getByTestId('zones-draw').click();
  await expect(map.locator('.rl-map-canvas')).toHaveAttribute('data-drawing', 'true');
  await clickCorners(page, [
    [0.2, 0.2],
    [0.3, 0.3],
    [0.3, 0.2],
    [0.2, 0.3],
  ]);
  await expect(page.getByTestId('zones-outline-problem')).toContainText('crosses itself');
  await page.getByTestId('zone-name').fill('Bow tie');
  await page.getByTestId('zone-save').click();
  await expect(page.getByTestId('zones-error-message')).toContainText('crosses itself');
  await expect(map).toHaveAttribute('data-zones', '1');
  await page.getByTestId('zone-cancel').click();
  await expect(map).toHaveAttribute('data-drawing', 'false');

  await page.getByTestId('zone-remove-0').click();
  await expect(page.getByTestId('zones-saved')).toHaveText('Zone “North yard” removed.');
  await expect(page.getByTestId('zones-none')).toBeVisible();
});
