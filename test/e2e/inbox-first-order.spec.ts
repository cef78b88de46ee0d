import type { Page } from '@playwright/test';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers } from './harness/app.ts';

/** The page's frame clock (the e2e typings leave out the DOM's globals). */
type Raf = { requestAnimationFrame(cb: (time: number) => void): number };

/** ISSUE31_DOCS_SHOTS=1: the screenshots go to docs/screenshots too. */
const DOCS = process.env['ISSUE31_DOCS_SHOTS'] ? path.resolve(import.meta.dirname, '../../docs/screenshots') : null;

/** The list's rows in the order shown (scrolled top to bottom), each as its data attributes. */
async function rowsInOrder(page: Page) {
  const list = page.getByTestId('inbox-list');
  const seen = new Map<
    string,
    { key: string; kind: string; tier: string; over: number; duration: number; atLeast: boolean; text: string }
  >();
  await list.evaluate((el) => (el.scrollTop = 0));
  for (let i = 0; i < 300; i++) {
    const rows = await list.getByTestId('inbox-event').evaluateAll((els) =>
      els
        .map((e) => ({
          top: e.getBoundingClientRect().top,
          key: `${e.getAttribute('data-vehicle-id')}|${e.getAttribute('data-key')}`,
          kind: e.getAttribute('data-kind') ?? '',
          tier: e.getAttribute('data-tier') ?? '',
          over: Number(e.getAttribute('data-over') || 0),
          duration: Number(e.getAttribute('data-duration')),
          atLeast: e.getAttribute('data-at-least') === 'true',
          text: (e.textContent ?? '').replace(/\s+/g, ' '),
        }))
        .sort((a, b) => a.top - b.top),
    );
    for (const r of rows) if (!seen.has(r.key)) seen.set(r.key, r);
    const done = await list.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollTop += el.clientHeight;
      return end;
    });
    if (done) break;
    await list.evaluate(
      () =>
        new Promise((r) =>
          (globalThis as unknown as Raf).requestAnimationFrame(() =>
            (globalThis as unknown as Raf).requestAnimationFrame(r),
          ),
        ),
    );
  }
  return [...seen.values()];
}

/**
 * Issue 31, item 4: the Safety inbox opens on what a safety manager acts on. Its default order is over the
 * road's limit, worst tier first (issue 33), then speeding, worst excess first, then data gaps, longest first; long stops are off with their count beside the filter;
 * a long stop reaching the range's first or last reading says "at least"; rows never print over each other
 * (two carriers: the carrier's name beside each truck); the Vehicle filter is grouped by carrier, sorted.
 */
test('the inbox: over the limit, then speeding, then gaps by default, long stops off and counted, cut stops "at least", rows on their lines, vehicles grouped by carrier', async ({
  page,
  shell,
}, testInfo) => {
  await downloadTwoCarriers(page, shell, [2, 2]);
  await page.getByTestId('nav-inbox').click();
  const inbox = page.getByTestId('inbox-page');
  await expect(inbox).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });

  // Long stops: off, with their count beside the filter.
  const stops = page.getByTestId('inbox-kind-long-stop');
  await expect(stops).toHaveAttribute('aria-pressed', 'false');
  const stopCount = Number(await stops.getAttribute('data-count'));
  expect(stopCount).toBeGreaterThan(0);
  await expect(stops).toContainText(stopCount.toLocaleString('en-US'));
  await expect(page.getByTestId('inbox-kind-speeding')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('inbox-kind-gap')).toHaveAttribute('aria-pressed', 'true');

  // The default order (docs/analysis.md): over-the-limit events first, worst tier first, then mph over;
  // then speeding, worst excess first; then gaps, longest first.
  const rows = await rowsInOrder(page);
  expect(rows.some((r) => r.kind === 'over-limit')).toBe(true);
  expect(rows.some((r) => r.kind === 'speeding')).toBe(true);
  expect(rows.every((r) => r.kind !== 'long-stop')).toBe(true);
  const ORDER = ['over-limit', 'speeding', 'gap'];
  const kinds = rows.map((r) => r.kind);
  expect(kinds).toEqual([...kinds].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
  const TIERS = ['severe', 'heavy', 'moderate', 'light'];
  const over = rows.filter((r) => r.kind === 'over-limit');
  const byTier = (r: (typeof rows)[number]) => TIERS.indexOf(r.tier);
  expect(over.map(byTier)).toEqual(over.map(byTier).sort((a, b) => a - b));
  for (const tier of TIERS) {
    const inTier = over.filter((r) => r.tier === tier).map((r) => r.over);
    expect(inTier).toEqual([...inTier].sort((a, b) => b - a));
  }
  const speeding = rows.filter((r) => r.kind === 'speeding');
  expect(speeding.map((r) => r.over)).toEqual([...speeding.map((r) => r.over)].sort((a, b) => b - a));
  const gaps = rows.filter((r) => r.kind === 'gap');
  expect(gaps.map((r) => r.duration)).toEqual([...gaps.map((r) => r.duration)].sort((a, b) => b - a));

  // Rows never overprint: every cell inside its row, no two cells over each other; the figures never cut.
  const overlaps = await page
    .getByTestId('inbox-list')
    .getByTestId('inbox-event')
    .evaluateAll((els) =>
      els.flatMap((row) => {
        const box = row.getBoundingClientRect();
        const cells = [...row.children].map((c) => ({ cls: c.className, r: c.getBoundingClientRect(), el: c }));
        const bad: string[] = [];
        for (const [i, c] of cells.entries()) {
          if (c.r.bottom > box.bottom + 0.5 || c.r.top < box.top - 0.5 || c.r.right > box.right + 0.5)
            bad.push(`${c.cls} outside its row`);
          for (const d of cells.slice(i + 1)) {
            const apart =
              c.r.right <= d.r.left + 0.5 ||
              d.r.right <= c.r.left + 0.5 ||
              c.r.bottom <= d.r.top + 0.5 ||
              d.r.bottom <= c.r.top + 0.5;
            if (!apart) bad.push(`${c.cls} over ${d.cls}`);
          }
          if (c.cls.includes('inbox-detail') && c.el.scrollWidth > c.el.clientWidth + 1)
            bad.push(`figures cut: ${c.el.textContent}`);
        }
        return bad;
      }),
    );
  expect(overlaps).toEqual([]);
  // Two carriers listed: the carrier's name beside each truck.
  await expect(page.getByTestId('inbox-event').first().locator('.inbox-vehicle')).toContainText('·');

  // The vehicle filter: one group per carrier, carriers by name, trucks by number.
  const groups = await page.getByTestId('inbox-vehicle').evaluate((sel) =>
    [...sel.querySelectorAll('optgroup')].map((g) => ({
      label: g.label,
      numbers: [...g.querySelectorAll('option')].map((o) => o.textContent ?? ''),
    })),
  );
  expect(groups).toHaveLength(2);
  const collator = new Intl.Collator('en-US', { numeric: true });
  expect(groups.map((g) => g.label)).toEqual([...groups.map((g) => g.label)].sort(collator.compare));
  for (const g of groups) {
    expect(g.numbers).toHaveLength(2);
    expect(g.numbers).toEqual([...g.numbers].sort(collator.compare));
  }
  // Back at the top (the rows of the new position come with the next frames).
  await page.getByTestId('inbox-list').evaluate(
    (el) =>
      new Promise((r) => {
        el.scrollTop = 0;
        (globalThis as unknown as Raf).requestAnimationFrame(() =>
          (globalThis as unknown as Raf).requestAnimationFrame(r),
        );
      }),
  );
  await expect(
    page.locator(`[data-testid=inbox-event][data-key="${rows[0]!.key.split('|').slice(1).join('|')}"]`),
  ).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('inbox-default.png') });
  if (DOCS) copyFileSync(testInfo.outputPath('inbox-default.png'), path.join(DOCS, 'inbox-default.png'));

  // Long stops on: one reaching the range's edge reads "at least …"; the others their plain duration.
  await stops.click();
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(rows.length + stopCount));
  const withStops = await rowsInOrder(page);
  const longStops = withStops.filter((r) => r.kind === 'long-stop');
  expect(longStops).toHaveLength(stopCount);
  const cut = longStops.filter((r) => r.atLeast);
  expect(cut.length).toBeGreaterThan(0);
  for (const r of cut) expect(r.text).toMatch(/at least \d/);
  for (const r of longStops.filter((x) => !x.atLeast)) expect(r.text).not.toContain('at least');
  // Still after every speeding event and gap.
  expect(withStops.slice(-stopCount).every((r) => r.kind === 'long-stop')).toBe(true);
});
