import type { Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { expect, test, type WebShell } from './fixtures.ts';
import { startJob, openDownloads, TODAY } from './harness/app.ts';
import { inboxRows } from './inbox-rows.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

/**
 * The inbox keeps each truck's day parts (issue #14's open time). After a download the last month is
 * prepared in the background, so the inbox's first open, of the default week or of any other range of those
 * days, analyses nothing; opened again (a reload: a new worker, the parts read back from IndexedDB) it lists
 * exactly the same events; after one truck's day is fetched again in place, the open inbox notices, analyses
 * that truck's day only, and still lists what it listed; a truck's days deleted while the app is closed are not
 * listed at the next start.
 */
/** Not the default week: a range nothing opened before, answered from the prepared days. */
const FROM = addDays(TODAY, -5);

async function openInbox(page: Page) {
  const inbox = page.getByTestId('inbox-page');
  await page.getByTestId('inbox-from').fill(FROM);
  await page.getByTestId('inbox-to').fill(TODAY);
  await expect(inbox).toHaveAttribute('data-key', new RegExp(`\\|${FROM}\\|${TODAY}$`));
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await showLongStops(page);
  return inbox;
}

/** Long stops are off by default; a truck that only parked lists nothing without them (kept in the address). */
async function showLongStops(page: Page) {
  const chip = page.getByTestId('inbox-kind-long-stop');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
}

/** The demo's first two trucks, the last 7 days (today partial), downloaded; their ids. */
async function downloadTwoTrucksWeek(page: Page, shell: WebShell): Promise<string[]> {
  await openDownloads(page, shell);
  const { vehicleIds } = await startJob(page, 2, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  return vehicleIds;
}

const loaded = async (page: Page) => {
  const inbox = page.getByTestId('inbox-page');
  return {
    analysed: await inbox.getAttribute('data-analysed'),
    reused: await inbox.getAttribute('data-reused'),
    rows: await inboxRows(page.getByTestId('inbox-list'), true),
  };
};

test('a range never opened is answered from the prepared days; opened again it reuses them, and analyses again only a truck whose kept rows are damaged or whose day was fetched again', async ({
  page,
  shell,
}) => {
  const vehicleIds = await downloadTwoTrucksWeek(page, shell);
  await expect(page.getByTestId('inbox-preparer')).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });

  await page.getByTestId('nav-inbox').click();
  await openInbox(page);
  const first = await loaded(page);
  expect(first).toMatchObject({ analysed: '0', reused: '2' });
  expect(first.rows.length).toBeGreaterThan(2);
  expect(new Set(first.rows.map((r) => r.split(' ')[1]))).toEqual(new Set(vehicleIds));

  // A reload keeps the address: the same query, answered from the kept rows.
  await page.reload();
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-state', 'ready');
  const again = await loaded(page);
  expect(again).toEqual({ analysed: '0', reused: '2', rows: first.rows });

  // A damaged kept row is not shown as nonsense: that truck's days are analysed again, the list unchanged.
  // Damaged once the reload's own background preparation is done, or it would repair the rows first.
  await expect(page.getByTestId('inbox-preparer')).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
  const store = await page.context().newPage();
  await openHarness(store, shell.origin);
  expect(await h(store, (x, v) => x.damageInboxDays(v), vehicleIds[1]!)).toBeGreaterThan(0);
  await store.close();
  await page.reload();
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-state', 'ready');
  expect(await loaded(page)).toEqual({ analysed: '1', reused: '1', rows: first.rows });

  // Today is partial, so downloading the first truck's week again fetches today again in place (the same
  // number of days stored). The inbox, still open in another tab of the same store, notices.
  const other = await page.context().newPage();
  await openDownloads(other, shell);
  for (const box of await other.locator('input[data-vehicle-id]:checked').all()) await box.uncheck();
  const boxes = other.locator('input[data-vehicle-id]');
  await expect(boxes.first()).toHaveAttribute('data-vehicle-id', vehicleIds[0]!);
  await startJob(other, 1, '7d');
  const jobs = other.getByTestId('dl-job');
  await expect(jobs).toHaveCount(2);
  for (const job of await jobs.all()) await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-analysed', '1');
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-reused', '1');
  expect((await loaded(page)).rows).toEqual(first.rows);

  // The second truck's days deleted while the app is closed: at the next start the inbox worker finds each
  // carrier's coverage digest under the stamp before the delete, reads the rows again, and lists the first truck only.
  const carrierId = await other.getByTestId('dl-carrier').inputValue();
  const at = page.url();
  await other.close();
  await page.goto('about:blank');
  const deleting = await page.context().newPage();
  await openHarness(deleting, shell.origin);
  const removed = await h(deleting, (x, a) => x.deleteVehicleDays(a.carrierId, a.vehicleId, null, null), {
    carrierId,
    vehicleId: vehicleIds[1]!,
  });
  expect(removed).toMatchObject({ ok: true });
  await deleting.close();
  await page.goto(at);
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-state', 'ready');
  const afterDelete = await loaded(page);
  expect(afterDelete.analysed).toBe('0');
  expect(afterDelete.rows).toEqual(first.rows.filter((r) => r.split(' ')[1] === vehicleIds[0]));
});

test('after a download the last month is prepared in the background: the inbox’s first open of the default week analyses no truck', async ({
  page,
  shell,
}) => {
  const vehicleIds = await downloadTwoTrucksWeek(page, shell);
  const preparer = page.getByTestId('inbox-preparer');
  await expect(preparer).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
  await expect(preparer).toHaveAttribute('data-analysed', '2');

  await page.getByTestId('nav-inbox').click();
  const inbox = page.getByTestId('inbox-page');
  await expect(inbox).toHaveAttribute('data-key', new RegExp(`\\|${addDays(TODAY, -6)}\\|${TODAY}$`));
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  expect(await inbox.getAttribute('data-analysed')).toBe('0');
  expect(await inbox.getAttribute('data-reused')).toBe('2');
  await showLongStops(page);
  const rows = await inboxRows(page.getByTestId('inbox-list'), true);
  expect(new Set(rows.map((r) => r.split(' ')[1]))).toEqual(new Set(vehicleIds));
});
