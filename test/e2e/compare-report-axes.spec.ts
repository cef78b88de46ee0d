import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers } from './harness/app.ts';

/**
 * Issue 31, item 2: the printed Compare report. Every axis label of the per-day charts is whole on paper
 * (inside its chart's box under the print stylesheet, and in the PDF's text as the page shows it), thousands
 * are abbreviated ("1.5k", "30k") so they fit a small chart's axis, and speeding per day is printed per
 * 1,000 mi, not as counts that grow with the fleet.
 */
test('the printed Compare report: axis labels whole and abbreviated, speeding per day as a rate per 1,000 mi', async ({
  page,
  shell,
}, testInfo) => {
  const [first, second] = await downloadTwoCarriers(page, shell, [3, 2]);
  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  for (const box of await page.locator('[data-testid^=compare-pick-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.replace('compare-pick-', '');
    if (id === first.carrierId || id === second.carrierId) await box.check();
    else await box.uncheck();
  }
  await page.getByTestId('compare-range').selectOption('7d');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });
  // Daily miles of three trucks pass a thousand: the case where a long figure meets a narrow axis.
  const miles = (
    await page
      .locator('[data-testid=compare-chart-miles]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.getAttribute('data-daily') ?? '[]') as (number | null)[]))
  ).flat();
  expect(Math.max(...miles.map((m) => m ?? 0))).toBeGreaterThan(1000);

  // Print: the page under its print stylesheet (the shell's "Print report" is the print dialog).
  await page.evaluate('window.printCalls = 0; window.print = () => { window.printCalls += 1; };');
  await page.getByTestId('compare-export-pdf').click();
  await expect.poll(() => page.evaluate('window.printCalls')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  // What prints: each chart's axis labels, and whether each lies wholly inside its chart (an SVG clips the rest).
  const printed = await page.locator('[data-testid=compare-multiples]').evaluate((root) => {
    const out: { measure: string; axis: string; text: string; inside: boolean }[] = [];
    for (const m of root.querySelectorAll('[data-testid=compare-measure]')) {
      if (m.getClientRects().length === 0) continue; // not printed (display: none)
      for (const svg of m.querySelectorAll('svg.recharts-surface')) {
        const box = svg.getBoundingClientRect();
        for (const t of svg.querySelectorAll('.recharts-cartesian-axis-tick-value')) {
          const axis = t.closest('[class*="xAxis"]') ? 'x' : 'y';
          const r = t.getBoundingClientRect();
          const inside =
            r.left >= box.left - 0.5 &&
            r.right <= box.right + 0.5 &&
            r.top >= box.top - 0.5 &&
            r.bottom <= box.bottom + 0.5;
          out.push({ measure: m.getAttribute('data-measure') ?? '', axis, text: t.textContent ?? '', inside });
        }
      }
    }
    return out;
  });
  const pdfPath = testInfo.outputPath('compare-report.pdf');
  await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });

  expect(new Set(printed.map((p) => p.measure))).toEqual(new Set(['miles', 'rate']));
  expect(
    printed.filter((p) => !p.inside),
    'axis labels cut by their chart',
  ).toEqual([]);
  const yLabels = printed.filter((p) => p.axis === 'y').map((p) => p.text);
  // Thousands abbreviated: no axis figure of four or more digits.
  expect(yLabels.filter((t) => !/^\d{1,3}(\.\d+)?k?$/.test(t))).toEqual([]);
  expect(yLabels.some((t) => t.endsWith('k'))).toBe(true);

  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  const words = new Set(text.split(/\s+/));
  for (const p of printed)
    expect(words.has(p.text), `"${p.text}" (${p.measure} ${p.axis}) whole in the PDF`).toBe(true);
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Speeding events per 1,000 mi, per day');
  expect(flat).not.toContain('Speeding events per day');

  // docs/screenshots/compare-report-p-N.png (ISSUE31_DOCS_SHOTS=1): every page of this report.
  if (process.env['ISSUE31_DOCS_SHOTS']) {
    const docs = path.resolve(import.meta.dirname, '../../docs/screenshots');
    for (const f of readdirSync(docs)) if (/^compare-report-p-\d+\.png$/.test(f)) rmSync(path.join(docs, f));
    execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, path.join(docs, 'compare-report-p')]);
  }
});
