import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.ts';
import { openDownloads } from './harness/app.ts';

/**
 * Issue 31, item 3: Compare keeps its carriers, range and parameters in the navigation state, as Trip review
 * keeps its place: after the Safety inbox, the sidebar's Compare shows the same choice, back/forward and a
 * reload too, and Print report prints those carriers.
 */
test('Compare keeps the carriers, range and parameters picked across a visit to the inbox, and prints them', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  const boxes = page.locator('[data-testid^=compare-pick-]');
  await expect(boxes).toHaveCount(3);
  const ids = await boxes.evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-testid')!.replace('compare-pick-', '')),
  );
  // Not the default pair (the first two): the second and third carriers.
  await page.getByTestId(`compare-pick-${ids[2]}`).check();
  await page.getByTestId(`compare-pick-${ids[0]}`).uncheck();
  await page.getByTestId('compare-range').selectOption('30d');
  await page.getByTestId('compare-limit').fill('63');
  await page.getByTestId('compare-limit').press('Enter');
  await expect(page.getByTestId('compare-meta')).toContainText('63 mph');

  const expectKept = async () => {
    await expect(compare).toBeVisible();
    await expect(page.getByTestId(`compare-pick-${ids[0]}`)).not.toBeChecked();
    await expect(page.getByTestId(`compare-pick-${ids[1]}`)).toBeChecked();
    await expect(page.getByTestId(`compare-pick-${ids[2]}`)).toBeChecked();
    await expect(page.getByTestId('compare-range')).toHaveValue('30d');
    // The limit is the app's one setting (kept in the preferences, not the address): still 63.
    await expect(page.getByTestId('compare-limit')).toHaveValue('63');
    await expect(page.getByTestId('compare-meta')).toContainText('63 mph');
  };

  await page.getByTestId('nav-inbox').click();
  await expect(page.getByTestId('inbox-page')).toBeVisible();
  await page.getByTestId('nav-compare').click();
  await expectKept();
  // Back to the inbox and forward again; a reload.
  await page.goBack();
  await expect(page.getByTestId('inbox-page')).toBeVisible();
  await page.goForward();
  await expectKept();
  await page.reload();
  await expectKept();

  // The report prints the carriers picked.
  const labels = await Promise.all(
    ids.map(async (id) =>
      (await page.getByTestId(`compare-pick-${id}`).locator('xpath=..').textContent())!.replace(/\s+/g, ' ').trim(),
    ),
  );
  await expect(page.getByTestId('compare-carrier')).toHaveCount(2);
  await page.evaluate('window.printCalls = 0; window.print = () => { window.printCalls += 1; };');
  await page.getByTestId('compare-export-pdf').click();
  await expect.poll(() => page.evaluate('window.printCalls')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const pdfPath = testInfo.outputPath('compare-report.pdf');
  await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(labels[1]);
  expect(text).toContain(labels[2]);
  expect(text).not.toContain(labels[0]);
  expect(text).toContain('63 mph');
});
