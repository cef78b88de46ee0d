import { expect, test } from './fixtures.ts';
import { dumpStore, expectEqualsTruth, openDownloads, rangeDays, startJob } from './harness/app.ts';

test('download 7 days for 3 demo vehicles: the store equals the simulator ground truth', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 3, '7d');
  const job = page.getByTestId('dl-job').first();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await expect(job.getByTestId('dl-job-progress')).toHaveAttribute('aria-valuenow', '100');
  // A finished job shows its average rate and how long it took, not a live rate and ETA.
  await expect(job.getByTestId('dl-job-rate')).toHaveText(/^[\d,]+ records\/s$/);
  await expect(job.getByTestId('dl-job-time')).toHaveText(/^\d+ (s|min \d+ s)$/);
  await job.getByTestId('dl-vehicles-toggle').click();
  await expect(job.getByTestId('dl-job-vehicle')).toHaveCount(3);
  await expect(job.locator('[data-testid=dl-job-vehicle][data-state=done]')).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('downloads-done.png') });

  const { from, to } = rangeDays('7d');
  const points = expectEqualsTruth(await dumpStore(page, shell), carrierId, vehicleIds, from, to);
  expect(points).toBeGreaterThan(0);
  await expect(job.getByTestId('dl-job-records')).toContainText(points.toLocaleString('en-US'));
});

test('cancel mid-download, then resume: still exactly the ground truth, no duplicates', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 2, '6m');
  const job = page.getByTestId('dl-job').first();
  // Some days stored, not all.
  await expect
    .poll(async () => Number(await job.getByTestId('dl-job-progress').getAttribute('aria-valuenow')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  await job.getByTestId('dl-cancel').click();
  await expect(job).toHaveAttribute('data-state', 'cancelled');
  await page.screenshot({ path: testInfo.outputPath('cancelled.png') });
  const partial = await dumpStore(page, shell);
  const { from, to } = rangeDays('6m');
  expect(partial.counts.coverage).toBeLessThan((2 * (Date.parse(to) - Date.parse(from))) / 86_400_000);

  await job.getByTestId('dl-resume').click();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 110_000 });
  await page.screenshot({ path: testInfo.outputPath('resumed-done.png') });
  expectEqualsTruth(await dumpStore(page, shell), carrierId, vehicleIds, from, to);
});

test('reloading the page mid-job resumes the job from what is stored', async ({ page, shell }, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 2, '6m');
  const job = page.getByTestId('dl-job').first();
  await expect
    .poll(async () => Number(await job.getByTestId('dl-job-progress').getAttribute('aria-valuenow')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const jobId = await job.getAttribute('data-job-id');

  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('nav-downloads').click();
  const again = page.locator(`[data-testid=dl-job][data-job-id="${jobId}"]`);
  await expect(again).toBeVisible();
  await expect(again).toHaveAttribute('data-state', 'done', { timeout: 110_000 });
  await page.screenshot({ path: testInfo.outputPath('reloaded-done.png') });
  const { from, to } = rangeDays('6m');
  expectEqualsTruth(await dumpStore(page, shell), carrierId, vehicleIds, from, to);
});

test('after the shell restarts, the stored days are all there and the Storage screen shows them with no network', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 3, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const { from, to } = rangeDays('7d');
  const before = await dumpStore(page, shell);
  const points = expectEqualsTruth(before, carrierId, vehicleIds, from, to);

  // The restarted shell has a new token: pasting its URL into the tab adopts it with no reload.
  await page.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));
  await shell.restart();
  await page.goto(shell.url);
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
  expect(page.url()).not.toContain('token=');
  expect(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The bridge answers with the new token: the Downloads screen lists the carriers again.
  await page.getByTestId('nav-storage').click();
  await page.getByTestId('nav-downloads').click();
  await expect(page.getByTestId('dl-carrier')).toHaveValue(carrierId);
  expect(await dumpStore(page, shell)).toEqual(before);

  await page.context().setOffline(true);
  await page.getByTestId('nav-storage').click();
  const carrier = page.locator(`[data-testid=storage-carrier][data-carrier-id="${carrierId}"]`);
  await expect(carrier.getByTestId('storage-vehicle')).toHaveCount(3);
  let shown = 0;
  for (const vehicleId of vehicleIds) {
    const row = carrier.locator(`[data-testid=storage-vehicle][data-vehicle-id="${vehicleId}"]`);
    shown += Number(await row.getByTestId('storage-vehicle-points').getAttribute('data-points'));
    // Home-zone days (America/Chicago): the day before today reaches into today's UTC day, still being recorded.
    await expect(row.locator('[data-testid=storage-day][data-state=complete]')).toHaveCount(5);
    await expect(row.locator(`[data-testid=storage-day][data-day="${to}"]`)).toHaveAttribute('data-state', 'partial');
  }
  expect(shown).toBe(points);
  // One storage total: the figure at the top is the sum of the rows below, in the same words as the carrier's.
  const rowBytes = await page
    .getByTestId('storage-vehicle-bytes')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-bytes'))));
  expect(rowBytes.every((b) => b > 0)).toBe(true);
  await expect(page.getByTestId('storage-usage')).toHaveAttribute(
    'data-bytes',
    String(rowBytes.reduce((a, b) => a + b, 0)),
  );
  await expect(page.getByTestId('storage-total-bytes')).toHaveText(
    (await carrier.getByTestId('storage-carrier-bytes').textContent())!,
  );
  await page.screenshot({ path: testInfo.outputPath('storage-offline.png') });
  await page.context().setOffline(false);
});
