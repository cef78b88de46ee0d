import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { readZip } from '../../electron/node/audit/zip.ts';
import { parseManifest } from '../../shared/audit/manifest.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';
import { cliVerify } from '../support/cli-run.ts';

/**
 * The review trail (issue #14) as a safety manager uses it: an event of the Review marked "coached" with a
 * note, still marked after a reload and after the vehicle's days are deleted and downloaded again; its
 * review_log.csv saved; and the audit bundle of the same days holding the same log, verified by the CLI.
 */
test.use({ saveToFolder: true });

const NOTE = 'Phoned the driver, "slowed down"';

/** review_log.csv times: ISO 8601 UTC, milliseconds only when there are some (written here, not imported). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

async function reviewWeek(page: Page, vehicleId: string): Promise<void> {
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', /ready|empty/);
  await page.getByTestId('review-day').fill(addDays(TODAY, -1));
  await page.getByTestId('review-span-week').click();
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('tab-events').click();
}

function eventItem(page: Page, startMs: string): Locator {
  return page
    .getByTestId('event-list')
    .locator('li')
    .filter({ has: page.locator(`[data-testid="event-row"][data-start-ms="${startMs}"]`) });
}

test('an event marked coached with a note keeps its mark across a reload and a re-download; review_log.csv and the audit bundle hold it', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  const vehicleId = vehicleIds[0]!;
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await page.getByTestId('nav-review').click();
  await reviewWeek(page, vehicleId);

  const rows = page.getByTestId('event-row');
  await expect(rows.first()).toBeVisible();
  const speeding = page.locator('[data-testid="event-row"][data-kind="speeding"]');
  const target = (await speeding.count()) > 0 ? speeding.first() : rows.first();
  const startMs = (await target.getAttribute('data-start-ms'))!;
  const kind = (await target.getAttribute('data-kind'))!;
  const item = eventItem(page, startMs);
  await expect(item.getByTestId('event-mark')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('review-log-export')).toBeDisabled();

  await item.getByTestId('event-mark-open').click();
  await item.getByTestId('event-mark-state-coached').check();
  await item.getByTestId('event-mark-note').fill(`  ${NOTE}\u0007  `);
  await item.getByTestId('event-mark-save').click();
  const mark = item.getByTestId('event-mark');
  await expect(mark).toHaveAttribute('data-state', 'coached');
  // Stored as cleaned: trimmed, the control character gone.
  await expect(mark).toContainText(`Coached · `);
  await expect(mark).toContainText(`— ${NOTE}`);
  await expect(page.getByTestId('review-log-export')).toHaveText('Review log CSV (1)');
  await page.screenshot({ path: testInfo.outputPath('review-trail-marked.png') });

  // A reload: the trail is in IndexedDB, the place in the address.
  await page.reload();
  await reviewWeek(page, vehicleId);
  await expect(eventItem(page, startMs).getByTestId('event-mark')).toHaveAttribute('data-state', 'coached');

  // The vehicle's days deleted and downloaded again: the event comes back with its mark.
  await page.getByTestId('nav-storage').click();
  const stored = page.locator(`[data-testid="storage-vehicle"][data-vehicle-id="${vehicleId}"]`);
  await stored.getByTestId('storage-delete-vehicle').click();
  await stored.getByTestId('storage-delete-vehicle-confirm').click();
  await expect(stored).toHaveCount(0);
  await page.getByTestId('nav-downloads').click();
  await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await page.getByTestId('nav-review').click();
  await reviewWeek(page, vehicleId);
  await expect(eventItem(page, startMs).getByTestId('event-mark')).toHaveAttribute('data-state', 'coached');

  // review_log.csv, saved through the backend's save path.
  await page.getByTestId('review-log-export').click();
  const saved = page.getByTestId('review-log').getByRole('status');
  await expect(saved).toContainText('Saved ');
  const logPath = (await saved.textContent())!.replace(/^Saved /, '');
  const log = parseCsv(readFileSync(logPath, 'utf8'));
  const header = log.shift()!;
  expect(log).toHaveLength(1);
  const cell = (name: string) => log[0]![header.indexOf(name)];
  expect(cell('kind')).toBe(kind);
  expect(cell('vehicle_id')).toBe(vehicleId);
  expect(cell('start_time')).toBe(isoSeconds(Number(startMs)));
  expect(cell('state')).toBe('coached');
  expect(cell('note')).toBe(NOTE);
  expect(Date.parse(cell('reviewed_at')!)).toBeGreaterThan(Date.now() - 10 * 60_000);

  // The audit bundle of the same week holds the same log, and the CLI verifies it.
  await page.getByTestId('audit-bundle-make').click();
  const status = page.getByTestId('audit-bundle-status');
  await expect(status).toContainText('Saved ', { timeout: 90_000 });
  const zipPath = /Saved (.+\.zip) \(/.exec((await status.textContent())!)![1]!;
  const entries = readZip(readFileSync(zipPath));
  const bundled = entries.find((e) => e.name === 'review_log.csv');
  expect(bundled, 'review_log.csv in the bundle').toBeDefined();
  expect(parseCsv(bundled!.data!.toString('utf8'))).toEqual([header, ...log]);
  const manifest = parseManifest(entries.find((e) => e.name === 'manifest.json')!.data!.toString('utf8'));
  expect(manifest.counts.reviewed).toBe(1);
  const verify = cliVerify(zipPath);
  expect(verify.code, verify.stderr).toBe(0);
  expect(verify.stdout.split('\n')[0]).toBe('verified');

  // Clearing the mark: the event is open again and the log has nothing to export.
  const again = eventItem(page, startMs);
  await again.getByTestId('event-mark-open').click();
  await again.getByTestId('event-mark-clear').click();
  await expect(again.getByTestId('event-mark')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('review-log-export')).toBeDisabled();
  expect(carrierId).not.toBe('');
});
