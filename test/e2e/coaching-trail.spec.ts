import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parseCsv } from '../../shared/export/csv.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';

/**
 * The coaching workflow (issue 34) as a safety manager uses it: a reviewer named once in Settings, an
 * event marked "needs coaching", then "coached" with a note (refused without one), the inbox filtered by
 * status, and the fleet-wide trail exported with both decisions and who made them. Beside it, the app's
 * regular driver-status snapshot is kept shortly after start without opening the fleet screen.
 */
test.use({ saveToFolder: true });

const REVIEWER = 'Dana Ortiz';
const NOTE = 'Talked through the downgrade, "eased off" =ok';
const REASON = 'Radar glitch on the overpass';

interface KeptSnapshot {
  carrierId: string;
  kind: 'vehicles' | 'drivers';
  rows: unknown[];
}

/** The snapshots table as IndexedDB holds it (read without the app's code, as snapshots.spec.ts does). */
async function readSnapshots(page: Page): Promise<KeptSnapshot[]> {
  return page.evaluate(
    () =>
      new Promise<KeptSnapshot[]>((resolve, reject) => {
        type Req = { result: unknown; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
        const idb = (globalThis as unknown as { indexedDB: { open(name: string): Req } }).indexedDB;
        const open = idb.open('routelens');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result as {
            transaction(s: string): { objectStore(s: string): { getAll(): Req } };
            close(): void;
          };
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onerror = () => reject(new Error(String(all.error)));
          all.onsuccess = () => {
            db.close();
            resolve(all.result as KeptSnapshot[]);
          };
        };
      }),
  );
}

function eventItem(page: Page, startMs: string): Locator {
  return page
    .getByTestId('event-list')
    .locator('li')
    .filter({ has: page.locator(`[data-testid="event-row"][data-start-ms="${startMs}"]`) });
}

test('needs coaching, then coached with a note by a named reviewer; the inbox filters by status; the fleet-wide trail holds both decisions', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(180_000);
  await openDownloads(page, shell);

  // A drivers snapshot of the carriers is kept shortly after start, the fleet screen never opened.
  await expect
    .poll(async () => (await readSnapshots(page)).filter((s) => s.kind === 'drivers' && s.rows.length > 0).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);

  const { vehicleIds } = await startJob(page, 1, '7d');
  const vehicleId = vehicleIds[0]!;

  // The reviewer: the computer's user until a name is set.
  await page.getByTestId('nav-settings').click();
  const who = page.getByTestId('settings-reviewer');
  await expect(who).toHaveAttribute('data-from-computer', 'true');
  await expect(who).toContainText("(your computer's user name)");
  await page.getByTestId('settings-reviewer-name').fill(`  ${REVIEWER}  `);
  await page.getByTestId('settings-review-save').click();
  await expect(who).toHaveAttribute('data-from-computer', 'false');
  await expect(who).toHaveText(`Reviewer: ${REVIEWER}`);

  await page.getByTestId('nav-downloads').click();
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', /ready|empty/);
  await page.getByTestId('review-day').fill(addDays(TODAY, -1));
  await page.getByTestId('review-span-week').click();
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('tab-events').click();

  const speeding = page.locator('[data-testid="event-row"][data-kind="speeding"]');
  await expect(speeding.first()).toBeVisible();
  const startMs = (await speeding.first().getAttribute('data-start-ms'))!;
  const item = eventItem(page, startMs);
  const mark = item.getByTestId('event-mark');

  await item.getByTestId('event-mark-quick-needs-coaching').click();
  await expect(mark).toHaveAttribute('data-state', 'needs-coaching');
  await expect(item.getByTestId('event-mark-reviewer')).toHaveText(REVIEWER);

  // Coached needs a note: refused with a sentence, then saved with one.
  await item.getByTestId('event-mark-quick-coached').click();
  await item.getByTestId('event-mark-save').click();
  await expect(item.getByRole('alert')).toContainText('needs a note');
  await item.getByTestId('event-mark-note').fill(NOTE);
  await item.getByTestId('event-mark-save').click();
  await expect(mark).toHaveAttribute('data-state', 'coached');
  await expect(mark).toContainText(`— ${NOTE}`);
  await expect(item.getByTestId('event-mark-history')).toContainText('Earlier decisions (1)');
  await page.screenshot({ path: testInfo.outputPath('coaching-coached.png') });

  // The inbox: the status filter, kept in the address.
  await page.getByTestId('nav-inbox').click();
  const inbox = page.getByTestId('inbox-page');
  await expect(inbox).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.getByTestId('inbox-review').selectOption('coached');
  await expect(page).toHaveURL(/review=coached/);
  const rows = page.getByTestId('inbox-event');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-start-ms', startMs);
  await expect(rows.first().getByTestId('inbox-mark')).toContainText(`Coached · ${REVIEWER}`);
  await page.getByTestId('inbox-review').selectOption('needs-coaching');
  await expect(inbox).toHaveAttribute('data-shown', '0');
  await page.getByTestId('inbox-review').selectOption('open');
  await expect(page.locator(`[data-testid="inbox-event"][data-start-ms="${startMs}"]`)).toHaveCount(0);

  // A decision from the inbox itself: another event dismissed, with its reason.
  const other = page.getByTestId('inbox-list').locator('.inbox-row-wrap').first();
  const otherStart = (await other.getByTestId('inbox-event').getAttribute('data-start-ms'))!;
  await other.getByTestId('inbox-decide').click();
  const decision = page.getByTestId('inbox-decision');
  await decision.getByTestId('event-mark-quick-dismissed').click();
  await decision.getByTestId('event-mark-note').fill(REASON);
  await decision.getByTestId('event-mark-save').click();
  await expect(decision.getByTestId('event-mark')).toHaveAttribute('data-state', 'dismissed');
  await decision.getByTestId('inbox-decision-close').click();
  await page.getByTestId('inbox-review').selectOption('dismissed');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-start-ms', otherStart);

  // The fleet-wide trail: both decisions, oldest first, exported through the backend's save path.
  await page.getByTestId('inbox-trail-open').click();
  const trail = page.getByTestId('trail-page');
  await expect(trail).toHaveAttribute('data-rows', '3');
  await page.getByTestId('trail-export').click();
  const saved = trail.getByRole('status');
  await expect(saved).toContainText('Saved ');
  const text = readFileSync((await saved.textContent())!.replace(/^Saved /, ''), 'utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...all] = parseCsv(text);
  const cell = (r: string[], name: string) => r[header!.indexOf(name)];
  expect(all).toHaveLength(3);
  const dismissed = all.filter((r) => Date.parse(cell(r, 'start_time')!) === Number(otherStart));
  expect(dismissed.map((r) => [cell(r, 'state'), cell(r, 'note'), cell(r, 'reviewer'), cell(r, 'current')])).toEqual([
    ['dismissed', REASON, REVIEWER, 'true'],
  ]);
  const csv = all.filter((r) => r !== dismissed[0]);
  for (const r of csv) {
    expect(cell(r, 'vehicle_id')).toBe(vehicleId);
    expect(cell(r, 'kind')).toBe('speeding');
    expect(Date.parse(cell(r, 'start_time')!)).toBe(Number(startMs));
    expect(cell(r, 'reviewer')).toBe(REVIEWER);
  }
  expect(csv.map((r) => [cell(r, 'state'), cell(r, 'current')])).toEqual([
    ['needs-coaching', 'false'],
    ['coached', 'true'],
  ]);
  expect(cell(csv[1]!, 'note')).toBe(NOTE);
  expect(Date.parse(cell(csv[1]!, 'decided_at')!)).toBeGreaterThanOrEqual(Date.parse(cell(csv[0]!, 'decided_at')!));
  await page.screenshot({ path: testInfo.outputPath('coaching-trail.png') });

  // Print trail: the print dialog asked for, and under print media the table alone.
  await page.evaluate(() => {
    const w = globalThis as unknown as { print: () => void; printed: number };
    w.printed = 0;
    w.print = () => void w.printed++;
  });
  await page.getByTestId('trail-print').click();
  expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('trail-table')).toBeVisible();
  await expect(page.getByTestId('trail-table').getByTestId('trail-row')).toHaveCount(3);
  await expect(page.getByTestId('trail-export')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('coaching-trail-print.png') });
  await page.emulateMedia({ media: 'screen' });
});
