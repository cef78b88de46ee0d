import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { hosConflictTruth } from '../../electron/node/simulator/hos-truth.ts';
import { localDayOfMs, localDayStartMs } from '../../shared/time/local-day.ts';
import { expect, test } from './fixtures.ts';
import { openApp } from './fixtures.ts';

/**
 * A probable HOS conflict by construction, seen where a safety manager looks: the simulator's carried hours
 * run cyoung (Prairie Line's T-103) out of drive time while driving on 20 Nov 2026. The shell's demo clock is
 * pinned to such an instant, so the app's first regular driver snapshot (taken shortly after it starts) shows
 * cyoung at 0:00 drive; with T-103 assigned to cyoung and its week downloaded, Trip review shows the conflict
 * on the trip it falls in, the driver scorecards count it, and the printed scorecard is one Letter page per driver.
 */
const CARRIER = 'prairie-line';
const ZONE = 'America/Chicago';
const DAY = '2026-11-20';
const truthWorld = createSimulatorWorld({ now: () => localDayStartMs('2026-11-21', ZONE) });
const carrier = truthWorld.carrier(CARRIER);
const driver = carrier.drivers.find((d) => d.username === 'cyoung')!;
/** The first instant of the home-zone day at which cyoung's ELD shows 0:00 drive while T-103 is moving. */
const conflict = hosConflictTruth(
  truthWorld,
  CARRIER,
  localDayStartMs(DAY, ZONE),
  localDayStartMs('2026-11-21', ZONE) - 1,
  60_000,
).find((x) => x.driverId === driver.driver_id && x.clocks.includes('drive') && x.status === 'DS_D')!;
const truck = carrier.vehicles.find((v) => v.vehicle_id === conflict.vehicleId)!;

test.use({ demoNow: new Date(conflict.atMs).toISOString() });

async function importAssignments(page: Page, carrierId: string, csv: string): Promise<void> {
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await page.getByTestId('tab-assignments').click();
  const tab = page.getByTestId('fleet-assignments');
  await expect(tab).toHaveAttribute('data-loaded', 'true');
  // The roster comes with the drivers snapshot the app keeps: once the tab names drivers, one is kept.
  await expect(tab).not.toHaveAttribute('data-drivers', '0');
  await page
    .getByTestId('assignments-import')
    .setInputFiles({ name: 'dispatch.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('assignments-import-done')).toHaveText('Imported 1 assignment (0 unchanged)');
}

test('a probable HOS conflict from the first kept snapshot shows on its trip and in the driver scorecards, which print one Letter page per driver', async ({
  page,
  shell,
}, testInfo) => {
  expect(truck.number).toBe('T-103');
  expect(localDayOfMs(conflict.atMs, ZONE)).toBe(DAY);
  const carrierId = `demo-${CARRIER}`;
  await openApp(page, shell);
  const explore = page.getByTestId('explore-demo');
  if (await explore.isVisible()) await explore.click();

  await page.getByTestId('nav-downloads').click();
  await page.getByTestId('dl-carrier').selectOption(carrierId);
  await page.getByTestId(`dl-vehicle-${truck.vehicle_id}`).check();
  await page.getByTestId('dl-range').selectOption('7d');
  await page.getByTestId('dl-start').click();
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // After the download: the Downloads screen keeps the vehicles roster the import names T-103 by.
  await importAssignments(page, carrierId, `driver,vehicle,from,to\r\ncyoung,T-103,,\r\n`);

  // Trip review of the day: the conflict's row in the events names the trip holding the instant, and that
  // trip's row carries the sentence, with the snapshot's time (home zone) and values, worded as probable.
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('review-day').fill(DAY);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${DAY}:${DAY}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(review).toHaveAttribute('data-vehicle-id', truck.vehicle_id);
  const wall = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(
    conflict.atMs,
  );
  const sentence = `Probable HOS conflict: cyoung's ELD showed 0:00 drive`;
  const line = page.getByTestId('trip-hos-conflict');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(sentence);
  await expect(line).toContainText(`at ${wall} while T-103 was moving`);
  const trip = page.locator('li', { has: line }).getByTestId('trip-row');
  const start = Number(await trip.getAttribute('data-start-ms'));
  const end = Number(await trip.getAttribute('data-end-ms'));
  expect(start).toBeLessThanOrEqual(conflict.atMs);
  // The download ends at the pinned now, the instant itself: the trip's last reading is at most a minute before.
  expect(conflict.atMs - end).toBeLessThanOrEqual(2 * 60_000);
  await page.getByTestId('tab-events').click();
  const row = page.getByTestId('hos-conflict-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-at-ms', String(conflict.atMs));
  await expect(row).toHaveAttribute('data-trip-start-ms', String(start));
  await expect(row).toContainText(sentence);
  await page.screenshot({ path: testInfo.outputPath('review-hos-conflict.png') });

  // The driver scorecards of the inbox's range (the last 7 days): cyoung with that one conflict.
  await page.getByTestId('nav-inbox').click();
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('inbox-drivers-open').click();
  const cards = page.getByTestId('driver-scorecards');
  await expect(cards).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const young = page.locator('[data-testid="driver-scorecard-row"][data-username="cyoung"]');
  await expect(young).toHaveCount(1);
  await expect(young.getByTestId('driver-cell-hos-conflicts')).toHaveText(/^1/);
  const miles = (await young.getByTestId('driver-cell-miles').textContent())!.trim().split(/\s/)[0]!;
  expect(Number(miles)).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('driver-scorecards.png') });

  // Printed: one US Letter page per driver (cyoung alone drove T-103), with the name, range and figures.
  const pdfPath = testInfo.outputPath('driver-scorecards.pdf');
  await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  expect(info).toMatch(/Pages:\s+1\n/);
  expect(info).toMatch(/Page size:\s+612 x 792 pts/);
  const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`${driver.first_name} ${driver.last_name} (cyoung)`);
  expect(text).toContain('Probable HOS conflicts 1');
  expect(text).toContain(`Miles ${miles}`);
  expect(text).toContain('RouteLens driver scorecard');
  expect(text).not.toContain('Back to the inbox');
});
