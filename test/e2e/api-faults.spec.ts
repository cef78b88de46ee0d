import type { Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { E2E_NOW, expect, test, type WebShell } from './fixtures.ts';
import { addApiCarrier, downloadVehicle, dumpStore, openReviewOf, TODAY } from './harness/app.ts';

/**
 * Issue 30 in the app: an API server (the simulator, run here with faults and
 * entered as the carrier's API address) that answers a history page with an
 * error description, or whose vehicle roster shifts between pages.
 */
const HISTORY = '/v2/vehicle-location-history/{vehicle_id}';
const TIMED_OUT = 'Internal error: the query timed out';

/** Enters the simulator's address and keys, adds its first carrier (UTC days); returns the app's carrier id. */
function addSimCarrier(page: Page, shell: WebShell, sim: RunningSimulator): Promise<string> {
  return addApiCarrier(page, shell, {
    baseUrl: sim.baseUrl,
    providerKey: sim.providerKey,
    companyKey: sim.carriers[0]!.companyKey,
    label: 'Faulty API',
  });
}

/** The simulator's record ids per UTC day of one vehicle. */
function truthByDay(sim: RunningSimulator, vehicleId: string, from: string, to: string): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) byDay.set(d, []);
  for (const r of sim.truth.history(sim.carriers[0]!.id, vehicleId, from, to))
    byDay.get(dayOfMs(Date.parse(r.timestamp)))?.push(r.id);
  return byDay;
}

test('a history page answering 200 with an error description: the job fails in the server’s words, the days before it are kept, a retry completes the range', async ({
  page,
  shell,
}, testInfo) => {
  const sim = await startSimulator({ port: 0, now: () => Date.parse(E2E_NOW) });
  try {
    const carrierId = await addSimCarrier(page, shell, sim);
    const vehicle = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;
    const from = addDays(TODAY, -29);
    // The range's days are spread over four queries of 7-8 days in flight at once: only the last starts on or
    // after this day, and it holds at least the last seven days.
    const failingFrom = addDays(TODAY, -10);
    const failingDaysFrom = addDays(TODAY, -6);
    sim.setFaults({ errorDescription: { description: TIMED_OUT, endpoint: HISTORY, fromDay: failingFrom } });

    const job = await downloadVehicle(page, carrierId, vehicle.vehicle_id, '30d');
    await expect(job).toHaveAttribute('data-state', 'failed', { timeout: 90_000 });
    await expect(job.getByTestId('dl-job-failure')).toContainText(
      `${new URL(sim.baseUrl).host} answered "${TIMED_OUT}" (HTTP 200) after 5 retries; try again later.`,
    );
    await page.screenshot({ path: testInfo.outputPath('error-description-failed.png') });

    const truth = truthByDay(sim, vehicle.vehicle_id, from, TODAY);
    const kept = (await dumpStore(page, shell)).days.filter((d) => d.vehicleId === vehicle.vehicle_id);
    // At least one query's week is stored, each day exactly as the server has it; nothing of the failing query.
    expect(kept.length).toBeGreaterThanOrEqual(7);
    for (const day of kept) {
      expect(day.day < failingDaysFrom, day.day).toBe(true);
      expect(day.ids, day.day).toEqual(truth.get(day.day));
    }

    sim.setFaults({});
    await job.getByTestId('dl-resume').click();
    await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    const dump = await dumpStore(page, shell);
    const stored = dump.days.filter((d) => d.vehicleId === vehicle.vehicle_id).sort((a, b) => (a.day < b.day ? -1 : 1));
    expect(stored.map((d) => d.day)).toEqual([...truth.keys()]);
    for (const day of stored) expect(day.ids, day.day).toEqual(truth.get(day.day));
    for (const day of kept)
      expect(dump.coverage.find((c) => c.vehicleId === vehicle.vehicle_id && c.day === day.day)?.state).toBe(
        'complete',
      );
  } finally {
    await sim.close();
  }
});

test('the vehicle roster shifts between pages: the fleet screen and the download form list every vehicle once', async ({
  page,
  shell,
}, testInfo) => {
  const sim = await startSimulator({ port: 0, now: () => Date.parse(E2E_NOW) });
  try {
    // Three a page, and before each of the next two later-page requests the list's last vehicle moves to its front.
    sim.setFaults({ pageSizeCap: 3, listChanges: { kind: 'rotate', times: 2 } });
    const carrierId = await addSimCarrier(page, shell, sim);
    const expected = sim.truth
      .vehicles(sim.carriers[0]!.id)
      .map((v) => v.vehicle_id)
      .sort();
    expect(expected.length).toBeGreaterThan(6);

    await page.getByTestId(`nav-fleet-${carrierId}`).click();
    await expect(page.getByTestId('vehicle-row').first()).toBeVisible();
    const rows = await page
      .getByTestId('vehicle-row')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-vehicle-id') ?? ''));
    expect(rows.sort()).toEqual(expected);
    await page.screenshot({ path: testInfo.outputPath('fleet-shifted-roster.png') });

    await page.getByTestId('nav-downloads').click();
    await page.getByTestId('dl-carrier').selectOption(carrierId);
    await expect(page.locator('input[data-vehicle-id]').first()).toBeVisible();
    const boxes = await page
      .locator('input[data-vehicle-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-vehicle-id') ?? ''));
    expect(boxes.sort()).toEqual(expected);
  } finally {
    await sim.close();
  }
});

test('records the API sends that cannot be read are counted with their reasons in Downloads and on the day in Trip review', async ({
  page,
  shell,
}, testInfo) => {
  const sim = await startSimulator({ port: 0, now: () => Date.parse(E2E_NOW) });
  try {
    const carrierId = await addSimCarrier(page, shell, sim);
    const vehicle = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;
    const from = addDays(TODAY, -6);
    sim.setFaults({ malformedEvery: 25 });
    const corrupted = sim.truth.corruptedIds(sim.carriers[0]!.id, vehicle.vehicle_id, from, TODAY, 25);
    expect(corrupted.length).toBeGreaterThan(0);

    const job = await downloadVehicle(page, carrierId, vehicle.vehicle_id, '7d');
    await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await job.getByTestId('dl-rejected-toggle').click();
    await expect(job.getByTestId('dl-rejected-list')).toContainText(corrupted[0]!);

    await page.getByTestId('nav-review').click();
    await page.getByTestId('review-carrier').selectOption(carrierId);
    await page.getByTestId('review-vehicle').selectOption(vehicle.vehicle_id);
    // The week the download covered (a record whose time cannot be read is counted on its query's first day).
    await openReviewOf(page, TODAY);
    await page.getByTestId('review-span-week').click();
    await expect(page.getByTestId('review-page')).toHaveAttribute('data-key', new RegExp(`:${from}:${TODAY}:`));
    const note = page.getByTestId('review-rejected');
    await expect(note).toHaveAttribute('data-count', String(corrupted.length));
    await expect(note).toContainText(/could not be read and (is|are) not shown \(\d+ × /);
    await note.getByRole('button', { name: /Show them/ }).click();
    const listed = await page.getByTestId('review-rejected-list').locator('li').allTextContents();
    expect(listed.map((l) => l.split(' · ')[1]).sort()).toEqual([...corrupted].sort());
    await page.screenshot({ path: testInfo.outputPath('review-rejected.png') });
  } finally {
    await sim.close();
  }
});
