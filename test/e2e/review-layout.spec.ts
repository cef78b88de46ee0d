import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addDays } from '../../shared/util/day.ts';
import { downloadWeekOfOneTruck } from './harness/app.ts';
import {
  clippers,
  expectReviewOf,
  innerScrollers,
  nextPaints,
  openDrivenDay,
  REVIEW_SIZES,
  uncoveredAtCentre,
} from './harness/review-layout.ts';

/** ISSUE31_DOCS_SHOTS=1: Trip review's screenshots go to docs/screenshots too. */
const DOCS = process.env['ISSUE31_DOCS_SHOTS'] ? path.resolve(import.meta.dirname, '../../docs/screenshots') : null;

/**
 * Issue 31, item 6: Trip review's map is large at first sight (not a 768×218 strip), its Basemap menu is
 * never clipped or covered, the per-day table is reached without a scroll box inside the page, and a day
 * opened from that table has a Back in the app to the range it came from.
 */
test('Trip review layout: a large map, whole menus, the per-day table in the page, Back from a drilled-down day', async ({
  page,
  shell,
}) => {
  await downloadWeekOfOneTruck(page, shell);
  const day = await openDrivenDay(page);
  const mapWrap = page.getByTestId('review-map');

  for (const size of REVIEW_SIZES) {
    await page.setViewportSize(size);
    const label = `${size.width}×${size.height}`;
    // The map is at least half the window at first sight: ≥ 45 % of its height and ≥ 50 % of its width.
    await expect
      .soft(async () => {
        const box = (await mapWrap.boundingBox())!;
        expect(box.height, `map height at ${label}`).toBeGreaterThanOrEqual(0.45 * size.height);
        expect(box.width, `map width at ${label}`).toBeGreaterThanOrEqual(0.5 * size.width);
      })
      .toPass({ timeout: 10_000 });
    const box = (await mapWrap.boundingBox())!;
    expect.soft(box.y + box.height * 0.5, `map's upper half above the fold at ${label}`).toBeLessThan(size.height);

    if (DOCS) {
      await expect(mapWrap).toHaveAttribute('data-map-ready', 'true');
      await nextPaints(page);
      await page.screenshot({ path: path.join(DOCS, `review-day-${label.replace('×', 'x')}.png`) });
    }

    // The Basemap menu: wholly in view, clipped by no box, and its online "Use" button not covered (by "‹ Prev" or else).
    await page.getByTestId('review-basemap-toggle').click();
    const picker = page.getByTestId('basemap-picker');
    await expect(picker).toBeVisible();
    await page.getByTestId('basemap-online-url').fill('https://tiles.example.com/style.json');
    const use = page.getByTestId('basemap-online-use');
    await expect(use).toBeEnabled();
    expect.soft(await clippers(picker), `basemap menu clipped at ${label}`).toEqual([]);
    expect.soft(await uncoveredAtCentre(use), `"Use" covered at ${label}`).toBe(true);
    await use.click({ trial: true, timeout: 5_000 }).catch((e: unknown) => expect.soft(String(e)).toBe(''));
    await page.getByTestId('review-basemap-toggle').click();
    await expect(picker).toHaveCount(0);
  }

  // The map's size is the window's alone: a week's longer totals, its partly downloaded note and a drilled
  // day's Back never resize it (each resize is a full redraw and a refit of the route).
  const mapSize = async () => {
    const b = (await mapWrap.boundingBox())!;
    return { width: Math.round(b.width), height: Math.round(b.height) };
  };
  const daySize = await mapSize();
  // A day with nothing stored shows no totals and no playback bar: the map keeps its size all the same (so
  // the map made from a first selection's route, before its playback bar is there, is never resized).
  const nothing = addDays(day, -20);
  await page.getByTestId('review-day').fill(nothing);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'empty');
  await expect(page.getByTestId('playback-bar')).toHaveCount(0);
  expect.soft(await mapSize(), 'map size of a day with nothing stored').toEqual(daySize);
  await page.getByTestId('review-day').fill(day);
  await expectReviewOf(page, new RegExp(`:${day}:${day}:`));

  // A week: its per-day table grows with the page (no scroll box of its own); a day opened from it has Back.
  await page.getByTestId('review-span-week').click();
  const week = new RegExp(`:${addDays(day, -6)}:${day}:`);
  await expectReviewOf(page, week);
  expect.soft(await mapSize(), 'map size of the week').toEqual(daySize);
  // This week has a partly downloaded day: its note is in the first screen, beside the map.
  await expect(page.getByTestId('review-coverage')).toBeInViewport({ ratio: 1 });
  const rows = page.getByTestId('day-row');
  await expect(rows.first()).toBeVisible();
  expect.soft(await innerScrollers(rows.last()), 'per-day rows inside a scroll box').toEqual([]);
  const drilled = (await rows.first().getAttribute('data-day'))!;
  await rows.first().getByTestId('day-open').scrollIntoViewIfNeeded();
  expect(await mainScrollTop(page), 'the per-day table is below the first screen').toBeGreaterThan(0);
  const rowAt = async () => Math.round((await rows.first().boundingBox())!.y);
  const rowBefore = await rowAt();
  await rows.first().getByTestId('day-open').click();
  await expectReviewOf(page, new RegExp(`:${drilled}:${drilled}:`));
  const back = page.getByTestId('review-back');
  await expect(back).toBeVisible();
  await expect(back).toHaveText(`‹ Back to week ${addDays(day, -6)} – ${day}`);
  // The day opened is shown from the page's top (its map and Back), at the same map size.
  expect(await mainScrollTop(page), 'the drilled day shown from the top').toBe(0);
  await expect(back).toBeInViewport({ ratio: 1 });
  expect.soft(await mapSize(), 'map size of the drilled day').toEqual(daySize);
  await back.click();
  await expectReviewOf(page, week);
  // Back returns to the table where it was in the window, at the same map size.
  await expect(rows.first()).toBeInViewport();
  expect(await rowAt(), "Back puts the table's row where it was").toBe(rowBefore);
  expect.soft(await mapSize(), 'map size after Back').toEqual(daySize);
  await expect(page.getByTestId('review-span-week')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('review-day')).toHaveValue(day);
  await expect(page.getByTestId('day-row')).toHaveCount(await rows.count());
  await expect(back).toHaveCount(0);
});

/** How far the app's main column (the page's scroll box) is scrolled. */
function mainScrollTop(page: Page): Promise<number> {
  return page.locator('main.main').evaluate((el) => Math.round(el.scrollTop));
}
