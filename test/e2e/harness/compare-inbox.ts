import type { Page } from '@playwright/test';
import { expect, type WebShell } from '../fixtures.ts';
import { openDownloads, setHomeZone, world } from './app.ts';

/** Helpers of the Compare and Safety inbox specs (issue 31: one clock, one set of settings, partial days). */

export const CHICAGO = 'America/Chicago';
/** Chicago's 2026-10-01 runs 05:00Z on UTC 10-01 to 05:00Z on UTC 10-02. */
export const PARTIAL_DAY = '2026-10-01';
export const PARTIAL_NOTE = `${PARTIAL_DAY}: 19:00–24:00 CDT not downloaded (5 h)`;

/**
 * The first demo carrier's T-103 with only UTC 2026-10-01 downloaded (done while the carrier's days were UTC
 * days), then its home zone set to Chicago: its Chicago 10-01 is held in part, five hours missing.
 */
export async function downloadPartialChicagoDay(
  page: Page,
  shell: WebShell,
): Promise<{ carrierId: string; vehicleId: string; otherCarrierId: string }> {
  await openDownloads(page, shell);
  await expect(page.getByTestId('dl-carrier')).not.toHaveValue('');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  const ids = await page
    .getByTestId('dl-carrier')
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
  const otherCarrierId = ids.find((id) => id !== '' && id !== carrierId)!;
  const sim = carrierId.replace(/^demo-/, '');
  const vehicleId = world.truth.vehicles(sim).find((v) => v.number === 'T-103')!.vehicle_id;
  await setHomeZone(page, carrierId, 'UTC');
  await page.getByTestId('nav-downloads').click();
  const jobs = page.getByTestId('dl-job');
  await page.getByTestId('dl-range').selectOption('custom');
  await page.getByTestId('dl-from').fill(PARTIAL_DAY);
  await page.getByTestId('dl-to').fill(PARTIAL_DAY);
  await page.getByTestId(`dl-vehicle-${vehicleId}`).check();
  await expect(page.getByTestId('dl-range-utc')).toHaveAttribute('data-to', PARTIAL_DAY);
  await page.getByTestId('dl-start').click();
  await expect(jobs).toHaveCount(1);
  await expect(jobs.first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await setHomeZone(page, carrierId, CHICAGO);
  return { carrierId, vehicleId, otherCarrierId };
}

/** On Compare: exactly `ids` ticked. */
export async function pickCompareCarriers(page: Page, ids: readonly string[]): Promise<void> {
  for (const id of ids) await page.getByTestId(`compare-pick-${id}`).check();
  for (const box of await page.locator('[data-testid^=compare-pick-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.replace('compare-pick-', '');
    if (!ids.includes(id)) await box.uncheck();
  }
}

/** Types a value into one of the shared Analysis settings fields (opening the panel) and applies it. */
export async function setAnalysisParam(page: Page, key: string, typed: string): Promise<void> {
  const toggle = page.getByTestId('analysis-settings-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const input = page.getByTestId(`analysis-param-${key}`);
  await input.fill(typed);
  await input.press('Enter');
  await expect(input).toHaveValue(typed);
  await toggle.click();
}
