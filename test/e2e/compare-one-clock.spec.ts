import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseCsv } from '../../shared/export/csv.ts';
import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers } from './harness/app.ts';
import {
  downloadPartialChicagoDay,
  PARTIAL_DAY,
  PARTIAL_NOTE,
  pickCompareCarriers,
  setAnalysisParam,
} from './harness/compare-inbox.ts';

/**
 * Issue 31, item 5 on Compare: one set of analysis settings (Trip review's, in its units) and one clock (each
 * carrier's home-zone days, every time with its zone's abbreviation); item 1: a home-zone day held only in
 * part is said so, with the hours missing, on the page, in the CSV and in the printed report.
 */

async function metricValues(page: Page, metric: string): Promise<number[]> {
  const cells = page.locator(`[data-testid=compare-row][data-metric="${metric}"] [data-testid=compare-cell]`);
  return (await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''))).map(Number);
}

test("Compare edits Trip review's own analysis settings, in Trip review's units, and its figures follow them", async ({
  page,
  shell,
}) => {
  const [first, second] = await downloadTwoCarriers(page, shell, [1, 1]);
  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  await pickCompareCarriers(page, [first.carrierId, second.carrierId]);
  await page.getByTestId('compare-range').selectOption('7d');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });
  const before = await metricValues(page, 'speeding-time-share');

  // The limit (mph) and the data gap (minutes, as on Trip review), changed on Compare.
  await page.getByTestId('compare-limit').fill('55');
  await page.getByTestId('compare-limit').press('Enter');
  await expect(page.getByTestId('compare-meta')).toContainText('Speeding threshold 55 mph');
  await expect.poll(async () => (await metricValues(page, 'speeding-time-share'))[0]).toBeGreaterThan(before[0]!);
  await setAnalysisParam(page, 'gapSeconds', '5');
  await expect(page.getByTestId('compare-meta')).toContainText('gap > 5 min');

  // Trip review shows the same values in the same units.
  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-page')).toBeVisible();
  await expect(page.getByTestId('review-threshold')).toHaveValue('55');
  await page.getByTestId('analysis-settings-toggle').click();
  await expect(page.getByTestId('analysis-param-gapSeconds')).toHaveValue('5');
  await expect(page.getByTestId('analysis-settings').getByText('(min)').first()).toBeVisible();
  await page.getByTestId('analysis-settings-toggle').click();

  // And the other way: a limit set on Trip review is Compare's.
  await page.getByTestId('review-threshold').fill('60');
  await page.getByTestId('review-threshold').press('Enter');
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('compare-limit')).toHaveValue('60');
  await expect(page.getByTestId('compare-meta')).toContainText('Speeding threshold 60 mph');
  // The address carries the carriers and range, never settings of its own.
  expect(page.url()).not.toMatch(/speeding|gapSeconds/);
});

test("Compare counts each carrier's home-zone days, labels its times with the zone, and states a partly downloaded day", async ({
  page,
  shell,
}, testInfo) => {
  const { carrierId, otherCarrierId } = await downloadPartialChicagoDay(page, shell);
  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  await pickCompareCarriers(page, [carrierId, otherCarrierId]);
  await page.getByTestId('compare-range').selectOption('custom');
  await expect(page.locator('label[for=compare-from]')).toHaveText('From (home-zone day)');
  await page.getByTestId('compare-from').fill(PARTIAL_DAY);
  await page.getByTestId('compare-to').fill(PARTIAL_DAY);
  // A low limit, so the day has speeding events whose times are listed.
  await page.getByTestId('compare-limit').fill('45');
  await page.getByTestId('compare-limit').press('Enter');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });

  const meta = page.getByTestId('compare-meta');
  await expect(meta).toContainText(`${PARTIAL_DAY} → ${PARTIAL_DAY} (each carrier's home-zone days: America/Chicago`);
  await expect(meta).not.toContainText('UTC days');
  const warning = page.locator(`[data-testid=compare-warning][data-kind=partial-days][data-carrier-id="${carrierId}"]`);
  await expect(warning).toContainText(`${PARTIAL_NOTE} — T-103`);
  await page.screenshot({ path: testInfo.outputPath('compare-partial-day.png'), fullPage: true });

  // The worst events: in Chicago's clock, with its abbreviation, all on the local day compared.
  const worst = page.locator(
    `[data-testid=compare-worst] [data-carrier-id="${carrierId}"] [data-testid=compare-worst-event]`,
  );
  await expect(worst.first()).toBeVisible();
  for (const text of await worst.allTextContents()) expect(text).toMatch(/ · 2026-10-01 \d{2}:\d{2} CDT/);
  expect(await worst.evaluateAll((els) => els.map((e) => e.getAttribute('data-day')))).toEqual(
    (await worst.allTextContents()).map(() => PARTIAL_DAY),
  );

  // The CSV names whose days the range counts and the partial day.
  const download = page.waitForEvent('download');
  await page.getByTestId('compare-export-csv').click();
  const rows = parseCsv(readFileSync((await (await download).path())!, 'utf8'));
  expect(rows.find((r) => r[0] === 'days' && r[1] === carrierId)?.[5]).toBe('America/Chicago');
  expect(rows.find((r) => r[0] === 'partial-day' && r[1] === carrierId)?.[5]).toBe(`${PARTIAL_NOTE} — T-103`);

  // The printed report says so too.
  await page.emulateMedia({ media: 'print' });
  const pdfPath = testInfo.outputPath('compare-report.pdf');
  await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain("each carrier's home-zone days");
  expect(text).toContain(`${PARTIAL_NOTE} — T-103`);
  expect(text).not.toContain('UTC days');
});
