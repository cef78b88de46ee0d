import type { Page } from '@playwright/test';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { dayOfMs } from '../../shared/util/day.ts';
import { startTwinCarrierServer } from '../support/twin-carrier-server.ts';
import { E2E_NOW, expect, openApp, test } from './fixtures.ts';
import type { Dump } from './harness/api.ts';
import { dumpStore, rangeDays, TODAY } from './harness/app.ts';

/** Adds a carrier with `companyKey` (the API address and provider key already set); its id. */
async function addCarrier(page: Page, label: string, companyKey: string, first: boolean): Promise<string> {
  await page.getByTestId('nav-carriers').click();
  await page.getByTestId(first ? 'first-run-add-carrier' : 'add-carrier').click();
  await page.getByTestId('carrier-label-input').fill(label);
  await page.getByTestId('carrier-key-input').fill(companyKey);
  await page.getByTestId('carrier-zone-input').fill('UTC');
  await page.getByTestId('carrier-add-submit').click();
  const row = page.getByTestId('carrier-row').filter({ hasText: label });
  await expect(row).toHaveCount(1);
  return (await row.getAttribute('data-carrier-id'))!;
}

/**
 * Downloads the last 7 days of one vehicle of a carrier, chosen through the address (the Downloads screen
 * opens on that carrier with the vehicle ticked once its list is in), and waits for the job to end.
 */
async function downloadWeek(page: Page, carrierId: string, vehicleId: string, jobs: number) {
  await page.getByTestId('nav-carriers').click();
  // Page-side source: the Node project has no DOM types.
  await page.evaluate(`location.hash = ${JSON.stringify(`#downloads?carrier=${carrierId}&vehicle=${vehicleId}`)}`);
  await expect(page.getByTestId('dl-carrier')).toHaveValue(carrierId);
  await expect(page.getByTestId(`dl-vehicle-${vehicleId}`)).toBeChecked();
  await expect(page.getByTestId('dl-summary')).toHaveText(/^1 of \d+ vehicles × 7 days$/);
  await page.getByTestId('dl-start').click();
  await expect(page.getByTestId('dl-job')).toHaveCount(jobs);
  // The newest job first.
  const job = page.getByTestId('dl-job').first();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  return job;
}

/** A carrier's vehicle's stored readings: ids per day, and each day's coverage. */
function storedOf(dump: Dump, carrierId: string, vehicleId: string) {
  const own = <T extends { carrierId: string; vehicleId: string }>(rows: T[]) =>
    rows.filter((r) => r.carrierId === carrierId && r.vehicleId === vehicleId);
  return {
    ids: Object.fromEntries(own(dump.days).map((d) => [d.day, d.ids])),
    coverage: Object.fromEntries(own(dump.coverage).map((c) => [c.day, c])),
  };
}

/**
 * Issue 30, problem 8: the store keyed days by vehicle and day only, so a second carrier whose truck has the
 * id of the first one's found the first carrier's days "already complete" (its job skipped them, its count
 * stayed at today's readings) and its today replaced the first carrier's. Keyed by carrier, each keeps its own.
 */
test('two carriers whose vehicles share an id: the second downloads every day in full, the first keeps its own days', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(240_000);
  const sim = await startSimulator({ now: () => Date.parse(E2E_NOW) });
  const demo = sim.carriers[0]!;
  const server = await startTwinCarrierServer(sim.baseUrl, demo.companyKey, ['twin-key-a', 'twin-key-b']);
  try {
    const vehicleId = sim.truth.vehicles(demo.id).find((v) => v.active)!.vehicle_id;
    const { from, to } = rangeDays('7d');
    const truth: Record<string, string[]> = {};
    for (const r of sim.truth.history(demo.id, vehicleId, from, to))
      (truth[dayOfMs(Date.parse(r.timestamp))] ??= []).push(r.id);
    const records = Object.values(truth).reduce((n, ids) => n + ids.length, 0);
    expect(Object.keys(truth)).toHaveLength(7);

    await openApp(page, shell);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('provider-key-input').fill(sim.providerKey);
    await page.getByTestId('provider-base-url-input').fill(server.baseUrl);
    await page.getByTestId('provider-key-save').click();
    await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
    const a = await addCarrier(page, 'Twin A', 'twin-key-a', true);
    const b = await addCarrier(page, 'Twin B', 'twin-key-b', false);

    const jobA = await downloadWeek(page, a, vehicleId, 1);
    await expect(jobA.getByTestId('dl-job-days')).toHaveText('7/7');
    await expect(jobA.getByTestId('dl-job-records')).toHaveText(records.toLocaleString('en-US'));
    const before = storedOf(await dumpStore(page, shell), a, vehicleId);
    expect(before.ids).toEqual(truth);

    // The second carrier: none of its days is stored, so every one is fetched, whatever the first carrier holds.
    const jobB = await downloadWeek(page, b, vehicleId, 2);
    await expect(jobB.getByTestId('dl-job-days')).toHaveText('7/7');
    await expect(jobB.getByTestId('dl-job-records')).toHaveText(records.toLocaleString('en-US'));
    await page.screenshot({ path: testInfo.outputPath('twin-downloads.png'), fullPage: true });

    const dump = await dumpStore(page, shell);
    const after = { a: storedOf(dump, a, vehicleId), b: storedOf(dump, b, vehicleId) };
    expect(after.b.ids, "the second carrier's days").toEqual(truth);
    for (const [day, c] of Object.entries(after.b.coverage))
      expect(c).toMatchObject({ points: truth[day]!.length, state: day < TODAY ? 'complete' : 'partial' });
    // The first carrier's days are the ones it downloaded, untouched: same readings, same fetch times.
    expect(after.a.ids, "the first carrier's days").toEqual(truth);
    expect(after.a.coverage).toEqual(before.coverage);
    expect(dump.days.every((d) => d.day >= from && d.day <= to && (d.carrierId === a || d.carrierId === b))).toBe(true);

    // The Storage screen shows each carrier the truck with all its readings.
    await page.getByTestId('nav-storage').click();
    for (const carrierId of [a, b])
      await expect(
        page
          .locator(`[data-testid="storage-carrier"][data-carrier-id="${carrierId}"]`)
          .locator(`[data-testid="storage-vehicle"][data-vehicle-id="${vehicleId}"]`)
          .getByTestId('storage-vehicle-points'),
      ).toHaveAttribute('data-points', String(records));
    await page.screenshot({ path: testInfo.outputPath('twin-storage.png'), fullPage: true });
  } finally {
    await server.close();
    await sim.close();
  }
});
