import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openDownloads, setHomeZone, world } from './harness/app.ts';

/**
 * Issue 31, item 1 (exports): a range holding a partly downloaded local day says so before saving (the
 * export menu's note: which day, which hours) and in the GPX's <metadata><desc>, which still validates;
 * the CSV stays a plain CSV (no comment line for readers to trip on). Prairie Line's home zone is
 * America/Chicago; with only UTC 2026-10-01 stored, its 10-01 lacks 19:00–24:00 CDT.
 */
test.use({ saveToFolder: true });

const GPX_XSD = path.resolve(import.meta.dirname, '../../../shared/schemas/gpx-1.1.xsd');
const CHICAGO = 'America/Chicago';
const DAY = '2026-10-01';
const NOTE = '2026-10-01: 19:00–24:00 CDT not downloaded (5 h)';

async function downloadUtcDay(page: Page, vehicleId: string): Promise<void> {
  await page.getByTestId('dl-range').selectOption('custom');
  await page.getByTestId('dl-from').fill(DAY);
  await page.getByTestId('dl-to').fill(DAY);
  await page.getByTestId(`dl-vehicle-${vehicleId}`).check();
  await expect(page.getByTestId('dl-range-utc')).toHaveAttribute('data-to', DAY);
  await page.getByTestId('dl-start').click();
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
}

test('exporting a partly downloaded local day: the page says which hours are missing and that exports leave them out, the GPX says it in its description', async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  await expect(page.getByTestId('dl-carrier')).not.toHaveValue('');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  const vehicle = world.truth.vehicles(carrierId.replace(/^demo-/, '')).find((v) => v.number === 'T-103')!;
  // Only UTC 10-01: downloaded while the carrier's days were UTC days.
  await setHomeZone(page, carrierId, 'UTC');
  await page.getByTestId('nav-downloads').click();
  await downloadUtcDay(page, vehicle.vehicle_id);
  await setHomeZone(page, carrierId, CHICAGO);

  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-vehicle').selectOption(vehicle.vehicle_id);
  await page.getByTestId('review-day').fill(DAY);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`^${CHICAGO} ${vehicle.vehicle_id}:${DAY}:${DAY}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');

  // Before saving: the page's note names the day and the hours missing, and says the exports leave them out.
  const note = page.getByTestId('review-coverage');
  await expect(note).toHaveAttribute('data-partial', DAY);
  await expect(note).toContainText(`Partly downloaded: ${NOTE}. The figures and exports leave those hours out`);
  await expect(note).toBeInViewport({ ratio: 1 });

  const save = async (testId: string, name: string) => {
    await page.getByTestId(testId).click();
    const file = path.join(shell.saveDir!, name);
    await expect(page.getByTestId('export-status')).toContainText(`Saved ${file} (`);
    return readFileSync(file, 'utf8');
  };
  const gpx = await save('export-gpx', `T-103-${DAY}-track.gpx`);
  const desc = /<metadata>[\s\S]*?<desc>([\s\S]*?)<\/desc>/.exec(gpx)?.[1] ?? '';
  expect(desc).toContain(
    `Partly downloaded days (${CHICAGO} days; their readings cover only part of the day): ${NOTE}.`,
  );
  execFileSync('xmllint', ['--noout', '--schema', GPX_XSD, path.join(shell.saveDir!, `T-103-${DAY}-track.gpx`)], {
    stdio: 'pipe',
  });
  // The CSV stays a CSV: its first line is the header.
  const csv = await save('export-breadcrumbs-csv', `T-103-${DAY}-breadcrumbs.csv`);
  expect(csv.split('\n')[0]).toMatch(/^[a-z_]+(,[a-z_]+)+\r?$/);
});
