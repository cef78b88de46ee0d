import { readFileSync } from 'node:fs';
import { parseCsv } from '../../shared/export/csv.ts';
import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers } from './harness/app.ts';
import { pickCompareCarriers } from './harness/compare-inbox.ts';

/**
 * Issue 31, item 7 (Compare's figures): required rest is never "best" or "worst" (Stationary share is a
 * neutral row, and says why), the HOS rows count drivers under the Fleet screen's one 30-minute threshold,
 * and the CSV's values are at a fixed precision (no float noise such as `23793.701808864313`).
 */
test('Compare: stationary share neutral, one 30-min HOS threshold, CSV values at a fixed precision', async ({
  page,
  shell,
}) => {
  const [first, second] = await downloadTwoCarriers(page, shell, [1, 1]);
  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  await pickCompareCarriers(page, [first.carrierId, second.carrierId]);
  await page.getByTestId('compare-range').selectOption('7d');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });

  const stationary = page.locator(
    '[data-testid=compare-row][data-metric="stationary-share"] [data-testid=compare-cell]',
  );
  await expect(stationary).toHaveCount(2);
  const values = (await stationary.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).map(Number);
  expect(values[0]).not.toBeCloseTo(values[1]!, 6);
  expect(await stationary.evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')))).toEqual(['', '']);
  await expect(stationary.first()).not.toContainText(/best|worst/);
  await expect(page.getByTestId('compare-definitions')).toContainText('rest and breaks are required by law');
  // The HOS rows name the one threshold the Fleet screen flags at.
  await expect(page.locator('[data-testid=compare-row][data-metric="hos-low-latest"]')).toContainText('< 30 min');

  const download = page.waitForEvent('download');
  await page.getByTestId('compare-export-csv').click();
  const rows = parseCsv(readFileSync((await (await download).path())!, 'utf8'));
  const header = rows[0]!;
  const valueCols = header.flatMap((h, i) => (h.endsWith(' value') ? [i] : []));
  expect(valueCols).toHaveLength(2);
  const metrics = rows.filter((r) => ['exposure', 'safety', 'operations', 'hos'].includes(r[0]!));
  expect(metrics.length).toBeGreaterThan(5);
  const raw = metrics.flatMap((r) => valueCols.map((i) => `${r[1]}: ${r[i]}`));
  // At most five decimals (a share to 0.001 %), never float noise.
  const noisy = raw.filter((v) => !/: (-?\d+(\.\d{1,5})?)?$/.test(v));
  expect(noisy, 'CSV values with float noise').toEqual([]);
  // Miles at 0.01 mi, as the README's exports.
  const miles = metrics.find((r) => r[1] === 'miles')!;
  for (const i of valueCols) expect(miles[i]).toMatch(/^\d+\.\d{2}$/);
});
