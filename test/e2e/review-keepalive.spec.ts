import type { Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openInboxRange, openReviewOf, startJob, TODAY } from './harness/app.ts';

/**
 * Issue 35: Trip review, once opened, stays mounted behind the other screens. An inbox event opened in it is
 * drawn by the very map it already had (no map created: the map counter, and the same canvas element), at
 * its container's size, and with no frame of the review's last place first; while away the review is hidden
 * and nothing in it takes focus; Back and forward still move between the screens and open each place afresh.
 */
const FROM = addDays(TODAY, -6);
const TO = addDays(TODAY, -1);

// Page-side expressions (these tests are typed without the DOM).
const mapsCreated = async (page: Page) => Number(await page.evaluate('window.__routelensMapsCreated ?? 0'));

/** Remembers the review's map canvas: while it is the same element, the same MapLibre map draws. */
const STASH_CANVAS = "window.__reviewCanvas = document.querySelector('[data-testid=review-map] canvas')";
const sameCanvas = (page: Page) =>
  page.evaluate("document.querySelector('[data-testid=review-map] canvas') === window.__reviewCanvas");

/** How many elements of the kept review take focus when asked to (none may while it is away; -1: none to ask). */
const FOCUSABLE_IN_KEPT = `(() => {
  const kept = document.querySelector('[data-testid=kept-review]');
  if (!kept) return -1;
  const candidates = kept.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex], canvas');
  let took = 0;
  for (const el of candidates) {
    el.focus();
    if (document.activeElement === el) took++;
  }
  document.activeElement?.blur?.();
  return candidates.length > 0 ? took : -1;
})()`;
const focusableInKept = async (page: Page) => Number(await page.evaluate(FOCUSABLE_IN_KEPT));

/** The map's drawing buffer and its element both fill the map's container (the map was resized to it). */
const CANVAS_FITS = `(() => {
  const box = document.querySelector('[data-testid=review-map] .rl-map-canvas');
  const canvas = box?.querySelector('canvas');
  if (!box || !canvas || box.clientWidth === 0) return null;
  const ratio = window.devicePixelRatio;
  return (
    Math.abs(canvas.clientWidth - box.clientWidth) <= 1 &&
    Math.abs(canvas.clientHeight - box.clientHeight) <= 1 &&
    Math.abs(canvas.width - canvas.clientWidth * ratio) <= ratio &&
    Math.abs(canvas.height - canvas.clientHeight * ratio) <= ratio
  );
})()`;
const canvasFitsContainer = (page: Page) => page.evaluate(CANVAS_FITS);

async function reviewDrawn(page: Page, vehicleId: string, day: string): Promise<void> {
  const review = page.getByTestId('review-page');
  const key = new RegExp(`${vehicleId}:${day}:${day}:`);
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'review');
  await expect(review).toBeVisible();
  await expect(review).toHaveAttribute('data-key', key);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(review).toHaveAttribute('data-route-key', key);
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(review).toHaveAttribute('data-rendered-key', key);
}

async function expectAway(page: Page): Promise<void> {
  const kept = page.getByTestId('kept-review');
  await expect(kept).toHaveAttribute('hidden', '');
  await expect(kept).toHaveAttribute('inert', '');
  await expect(page.getByTestId('review-page')).toBeHidden();
  await expect(page.getByTestId('review-map')).toBeHidden();
  await expect(page.getByTestId('review-map').getByTestId('map')).toHaveAttribute('data-paused', 'true');
  expect(await focusableInKept(page)).toBe(0);
}

/** The cameras (zoom and centre) of the frames in the maps' log (map-counters.ts) between two of its lines. */
function camerasBetween(log: readonly string[], from: string | null, to?: string): string[] {
  const lines = log.slice(from === null ? 0 : log.indexOf(from), to === undefined ? undefined : log.indexOf(to));
  return lines.map((line) => / frame (z[-\d.]+ @[-\d.]+,[-\d.]+)$/.exec(line)?.[1]).filter((c) => c !== undefined);
}

test('an inbox event opens in the Trip review kept behind the inbox: same map, resized, nothing focusable while away', async ({
  page,
  shell,
}) => {
  // The maps' own log of frames (map-counters.ts): on for maps made from now on.
  await page.addInitScript('window.__routelensMapLog = []');
  await openDownloads(page, shell);
  await startJob(page, 2, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  await openReviewOf(page, TO);
  const review = page.getByTestId('review-page');
  const firstVehicle = (await review.getAttribute('data-vehicle-id')) ?? '';
  await reviewDrawn(page, firstVehicle, TO);
  await page.evaluate(STASH_CANVAS);
  const mapsAtReview = await mapsCreated(page);
  expect(mapsAtReview).toBeGreaterThan(0);

  // The inbox over the week: the review kept behind it, hidden, inert, its map paused.
  await page.evaluate("window.__routelensMapLog.push('inbox opened')");
  const inbox = await openInboxRange(page, FROM, TO);
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(inbox.getByTestId('map')).toHaveAttribute('data-map-ready', 'true');
  await expectAway(page);
  // The inbox's own map is counted (the counter sees maps made; the inbox makes one per range it shows).
  const mapsAtInbox = await mapsCreated(page);
  expect(mapsAtInbox).toBeGreaterThan(mapsAtReview);

  // An event of another place than the review shows (another truck, or another day).
  const rows = await page
    .getByTestId('inbox-event')
    .evaluateAll((els) => els.map((el) => ({ vehicle: el.dataset['vehicleId']!, day: el.dataset['day']! })));
  const target = rows.find((r) => r.vehicle !== firstVehicle || r.day !== TO);
  expect(target, 'an inbox event away from the review’s place').toBeDefined();
  await page.evaluate("window.__routelensMapLog.push('event opened')");
  await page
    .locator(`[data-testid=inbox-event][data-vehicle-id="${target!.vehicle}"][data-day="${target!.day}"]`)
    .first()
    .click();

  // Drawn by the map it had: no map created, the same canvas, sized to its container.
  await reviewDrawn(page, target!.vehicle, target!.day);
  // No frame it drew since is of the review's last place, as the map shows again: the review holds its map paused
  // until the event's day reaches it.
  const log = (await page.evaluate('window.__routelensMapLog')) as string[];
  const last = camerasBetween(log, null, 'inbox opened').at(-1);
  const since = camerasBetween(log, 'event opened');
  expect(last).toBeDefined();
  expect(since.length).toBeGreaterThan(0);
  expect(since, `frames since the event was opened; the last place's camera: ${last}`).not.toContain(last);
  expect(await mapsCreated(page)).toBe(mapsAtInbox);
  expect(await sameCanvas(page)).toBe(true);
  await expect(page.getByTestId('kept-review')).not.toHaveAttribute('hidden');
  await expect(page.getByTestId('review-map').getByTestId('map')).not.toHaveAttribute('data-paused');
  expect(await canvasFitsContainer(page)).toBe(true);
  // Shown, its controls take focus again (the check above can fail).
  expect(await focusableInKept(page)).toBeGreaterThan(0);

  // Back: the inbox again, the review away; Back again: the review's first place, on the same map.
  await page.goBack();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'inbox');
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expectAway(page);
  await page.goBack();
  await reviewDrawn(page, firstVehicle, TO);
  expect(await sameCanvas(page)).toBe(true);
  expect(await canvasFitsContainer(page)).toBe(true);

  // Forward twice: the inbox, then the event's place again.
  await page.goForward();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'inbox');
  await expectAway(page);
  await page.goForward();
  await reviewDrawn(page, target!.vehicle, target!.day);
  expect(await sameCanvas(page)).toBe(true);
  expect(await canvasFitsContainer(page)).toBe(true);
});
