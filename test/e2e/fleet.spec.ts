import type { Request } from '@playwright/test';
import { decodeBridge } from '../../shared/ipc/codec.ts';
import { expect, openApp, test } from './fixtures.ts';

const REFRESH_S = 30;

test('fleet refresh: a countdown, the Refresh button waits for it, auto-refresh never more often than every 30 s', async ({
  page,
  shell,
}, testInfo) => {
  // The page's timers run on a controlled clock, so 30-s intervals are stepped through, not waited for.
  await page.clock.install();
  const fleetCalls: { force: boolean }[] = [];
  page.on('request', (r: Request) => {
    if (!r.url().endsWith(`/api/${encodeURIComponent('fleet:vehicles')}`)) return;
    const [, force] = decodeBridge(r.postData() ?? '[]') as [string, boolean];
    fleetCalls.push({ force });
  });

  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  const first = page.getByTestId('carrier-row').first();
  const carrierId = (await first.getAttribute('data-carrier-id'))!;
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await expect(page.getByTestId('vehicle-row').first()).toBeVisible();
  expect(fleetCalls).toHaveLength(1);
  expect(fleetCalls[0]!.force).toBe(false);

  const countdown = page.getByTestId('refresh-countdown');
  const refresh = page.getByTestId('fleet-refresh');
  await expect(countdown).toHaveText(new RegExp(`next refresh in (${REFRESH_S}|${REFRESH_S - 1}) s`));
  await expect(refresh).toBeDisabled();

  await page.clock.runFor(12_000);
  const left = Number(await countdown.getAttribute('data-seconds'));
  expect(left).toBeGreaterThan(REFRESH_S - 14);
  expect(left).toBeLessThanOrEqual(REFRESH_S - 11);
  expect(fleetCalls).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath('fleet-countdown.png') });

  // At the end of the interval the page refreshes by itself, forced, exactly once.
  await page.clock.runFor((REFRESH_S - 12) * 1000 + 500);
  await expect.poll(() => fleetCalls.length).toBe(2);
  expect(fleetCalls[1]!.force).toBe(true);
  await expect(countdown).toBeVisible();
  await expect(refresh).toBeDisabled();

  // Interval after interval: one forced refresh each, never one before the 30 s are up.
  for (let i = 0; i < 4; i++) {
    const before = fleetCalls.length;
    await expect(countdown).toBeVisible();
    await page.clock.runFor((REFRESH_S - 2) * 1000);
    expect(fleetCalls.length).toBe(before);
    await page.clock.runFor(2500);
    await expect.poll(() => fleetCalls.length).toBe(before + 1);
    expect(fleetCalls.at(-1)!.force).toBe(true);
  }
  await expect(page.getByTestId('vehicle-row').first()).toBeVisible();

  // A hidden window does not poll.
  await page.evaluate(() => {
    // This project type-checks tests without DOM types; the code runs in the page.
    const doc = (globalThis as unknown as { document: EventTarget }).document;
    Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => 'hidden' });
    doc.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(countdown).toBeVisible();
  const hiddenFrom = fleetCalls.length;
  await page.clock.runFor(3 * 60_000);
  expect(fleetCalls.length).toBe(hiddenFrom);
});
