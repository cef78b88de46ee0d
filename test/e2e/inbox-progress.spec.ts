import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, TODAY } from './harness/app.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

/**
 * A first open of a range nothing has prepared reads and analyses every truck, which takes seconds for a
 * large fleet: meanwhile the inbox says how many trucks are done of all the chosen carriers' trucks (counted
 * before the first is read, so the total never grows). Two demo carriers get TRUCKS generated trucks each
 * (the inbox bench's fleet, written through the store's own putDays) on days before the month the
 * background preparation covers, so it has nothing of them.
 */
const TRUCKS = 100;
const DAYS = 14;
/** Before the prepared month (PREPARED_DAYS, 31, in renderer/src/features/inbox/inbox-query.ts). */
const FROM = addDays(TODAY, -45);

test('the first open of a large range counts the trucks done of every chosen carrier’s trucks, and keeps every day: a reload analyses none', async ({
  page,
  shell,
}) => {
  // Seeding 2,800 truck-days through the store and analysing them all takes about two minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  await openDownloads(page, shell);
  const carrierIds = await page
    .locator('[data-testid^=nav-fleet-]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace('nav-fleet-', '')));
  const store = await page.context().newPage();
  await openHarness(store, shell.origin);
  for (const [carrier, carrierId] of carrierIds.slice(0, 2).entries()) {
    const seeded = await h(store, (x, a) => x.benchSeedFleet(a), {
      carrierId,
      carrier,
      first: 0,
      vehicles: TRUCKS,
      from: FROM,
      days: DAYS,
    });
    expect(seeded.vehicleDays).toBe(TRUCKS * DAYS);
  }
  await store.close();

  await page.getByTestId('nav-inbox').click();
  const inbox = page.getByTestId('inbox-page');
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('inbox-from').fill(FROM);

  const loading = page.getByTestId('inbox-loading');
  await expect(loading).toHaveAttribute('data-total', String(2 * TRUCKS));
  await expect(loading).toContainText(`of ${2 * TRUCKS} trucks`);
  const done = Number(await loading.getAttribute('data-done'));
  expect(done).toBeGreaterThanOrEqual(0);
  expect(done).toBeLessThanOrEqual(2 * TRUCKS);

  // The key is shown once the new range is ready: the analysis of every truck may take longer than a default wait.
  await expect(inbox).toHaveAttribute('data-key', new RegExp(`\\|${FROM}\\|${TODAY}$`), { timeout: 60_000 });
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(inbox).toHaveAttribute('data-analysed', String(2 * TRUCKS));
  await expect(loading).toHaveCount(0);

  // Every day's part was kept (written in batches while the analysis went on): a reload analyses nothing.
  const events = await inbox.getAttribute('data-events');
  await page.reload();
  await expect(inbox).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(inbox).toHaveAttribute('data-reused', String(2 * TRUCKS));
  await expect(inbox).toHaveAttribute('data-analysed', '0');
  await expect(inbox).toHaveAttribute('data-events', events!);
});
