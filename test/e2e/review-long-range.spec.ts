/**
 * A long selection in Trip review (issue 15, item 5): beyond a week the speed chart draws a band per day
 * (moving min–max) with the daily mean and the status chart each day's shares; press-drag-release across a
 * chart zooms to that window and the totals follow it; a plain click seeks; "Reset zoom" goes back.
 * Every expected figure comes from the simulator's ground truth, measured here without the app's code.
 */
import type { Page } from '@playwright/test';
import { MotionCode } from '../../shared/domain/status.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { sixMonthsBefore } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY } from './harness/app.ts';
import { truthLocalChunks } from './review-truth.ts';

/** Plot geometry of the charts (renderer/src/features/review/ChartFrame.tsx), restated. */
const PLOT_LEFT = 44;
const PLOT_RIGHT_MARGIN = 12;
/** The gap rule's defaults (shared/track/gaps.ts), restated: a moving reading is IN_MOTION above 3 mph; over 20 min of silence breaks the record. */
const STOP_MPH = 3;
const GAP_MS = 20 * 60_000;

/** Great-circle miles (mean earth radius), written here rather than imported from the app. */
function miles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Readings, highest speed and driven miles of the truth's local days within [a, b] (an interval crossing midnight belongs to neither day). */
function truthWindow(days: readonly DayChunk[], a: number, b: number) {
  let points = 0;
  let max = 0;
  let distance = 0;
  for (const c of days)
    for (let i = 0; i < c.length; i++) {
      if (c.t[i]! < a || c.t[i]! > b) continue;
      points++;
      max = Math.max(max, c.speed[i]!);
      const j = i + 1;
      if (j >= c.length || c.t[j]! > b) continue;
      const moving = c.status[i] === MotionCode.IN_MOTION && c.speed[i]! > STOP_MPH && c.t[j]! - c.t[i]! <= GAP_MS;
      if (moving) distance += miles(c.lat[i]!, c.lng[i]!, c.lat[j]!, c.lng[j]!);
    }
  return { points, max, distance };
}

const num = async (page: Page, testId: string, attr = 'data-value') =>
  Number(await page.getByTestId(testId).getAttribute(attr));

async function chartWindow(page: Page): Promise<[number, number]> {
  return [await num(page, 'chart-speed', 'data-from'), await num(page, 'chart-speed', 'data-to')];
}

test('six months in Trip review: a band per day, drag to zoom with totals of the window, click to seek, reset', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(240_000);
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '6m');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const vehicleId = vehicleIds[0]!;
  const last = addDays(TODAY, -1);
  await openReviewOf(page, last);
  await page.getByTestId('review-span-6m').click();
  const review = page.getByTestId('review-page');
  const from = sixMonthsBefore(last);
  await expect(review).toHaveAttribute('data-rendered-key', new RegExp(`:${from}:${last}:`));
  const days = truthLocalChunks(carrierId, vehicleId, from, last);
  expect(days.length).toBeGreaterThan(100);

  // A band per day with readings, and each day's status shares; the readings' line is not drawn.
  const speed = page.getByTestId('chart-speed');
  await expect(speed).toHaveAttribute('data-mode', 'daily');
  await expect(page.getByTestId('speed-day-band')).toHaveCount(days.length);
  const bandDays = await page.getByTestId('speed-day-band').evaluateAll((els) => els.map((e) => e.dataset['day']));
  expect(bandDays).toEqual(days.map((d) => d.day));
  // Each band's top is that day's highest reading.
  const bandMax = await page
    .getByTestId('speed-day-band')
    .evaluateAll((els) => els.map((e) => Number(e.dataset['max'])));
  expect(bandMax).toEqual(days.map((d) => Math.max(...d.speed)));
  await expect(page.getByTestId('chart-status')).toHaveAttribute('data-mode', 'daily');
  expect(await page.getByTestId('status-day-share').count()).toBeGreaterThanOrEqual(days.length);
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'false');
  await expect(page.getByTestId('review-totals')).toHaveAttribute('data-scope', 'selection');
  const whole = { distance: await num(page, 'total-distance'), points: await num(page, 'total-points') };
  const [full0, full1] = await chartWindow(page);

  // The charts sit below the map (issue 31, item 6: the map fills the first screen); scrolled to, everything
  // to zoom with is on screen at once at 1400×900: the charts, the brush's handles and Reset zoom.
  await page.getByTestId('chart-overview').scrollIntoViewIfNeeded();
  for (const id of ['zoom-reset', 'chart-speed', 'chart-status', 'chart-overview']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y, `${id} top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${id} bottom`).toBeLessThanOrEqual(900);
  }
  await page.screenshot({ path: testInfo.outputPath('review-six-months.png') });

  // Press, drag across 3 % of the plot (five and a half days), release: the charts zoom to the window under the drag (under a week: the readings' line).
  const box = (await speed.boundingBox())!;
  const plotW = box.width - PLOT_LEFT - PLOT_RIGHT_MARGIN;
  const [xa, xb] = [PLOT_LEFT + plotW * 0.5, PLOT_LEFT + plotW * 0.53];
  const timeAt = (x: number) => full0 + ((x - PLOT_LEFT) / plotW) * (full1 - full0);
  const msPerPx = (full1 - full0) / plotW;
  await page.mouse.move(box.x + xa, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + xb, box.y + 60, { steps: 6 });
  await expect(page.getByTestId('chart-drag-selection')).toBeVisible();
  await page.mouse.up();
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'true');
  await expect(speed).toHaveAttribute('data-mode', 'detail');
  const [a, b] = await chartWindow(page);
  expect(Math.abs(a - timeAt(xa))).toBeLessThanOrEqual(msPerPx);
  expect(Math.abs(b - timeAt(xb))).toBeLessThanOrEqual(msPerPx);
  await expect(page.getByTestId('speed-day-band')).toHaveCount(0);
  // The brush's handles moved to the dragged window (the overview's plot has the charts' geometry).
  const traveller = page.locator('[data-testid=chart-overview] .recharts-brush-traveller').first();
  await expect.poll(async () => Math.abs((await traveller.boundingBox())!.x - (box.x + xa))).toBeLessThanOrEqual(10);

  // The totals are the window's: readings and top speed exactly, miles by an independent sum.
  const totals = page.getByTestId('review-totals');
  await expect(totals).toHaveAttribute('data-scope', 'window');
  expect([await num(page, 'review-totals', 'data-from'), await num(page, 'review-totals', 'data-to')]).toEqual([a, b]);
  await expect(page.getByTestId('total-days')).toContainText('In the zoomed window');
  const truth = truthWindow(days, a, b);
  expect(truth.points).toBeGreaterThan(0);
  expect(await num(page, 'total-points')).toBe(truth.points);
  expect(await num(page, 'total-max-speed')).toBe(truth.max);
  expect(Math.abs((await num(page, 'total-distance')) - truth.distance)).toBeLessThanOrEqual(
    truth.distance * 0.01 + 0.1,
  );
  expect(await num(page, 'total-distance')).toBeLessThan(whole.distance * 0.2);
  expect(await num(page, 'total-points')).toBeLessThan(whole.points);
  await page.screenshot({ path: testInfo.outputPath('review-zoomed.png') });

  // A plain click seeks playback to the time under the pointer and leaves the window alone.
  const zoomed = (await speed.boundingBox())!;
  const x = PLOT_LEFT + plotW * 0.3;
  await speed.click({ position: { x, y: 60 } });
  const expected = a + ((x - PLOT_LEFT) / plotW) * (b - a);
  const playback = async () => Number(await page.getByTestId('now-panel').getAttribute('data-playback-time'));
  await expect.poll(async () => Math.abs((await playback()) - expected)).toBeLessThanOrEqual((b - a) / plotW + 1);
  expect(zoomed.width).toBe(box.width);
  expect(await chartWindow(page)).toEqual([a, b]);

  // The keyboard's way: "Zoom in" halves the window around the playback time.
  await page.getByTestId('zoom-in').focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await chartWindow(page)).reduce((p, q) => q - p)).toBeCloseTo((b - a) / 2, -1);

  // Reset: the whole selection, its bands and its totals again.
  await page.getByTestId('zoom-reset').click();
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'false');
  expect(await chartWindow(page)).toEqual([full0, full1]);
  await expect(page.getByTestId('speed-day-band')).toHaveCount(days.length);
  await expect(totals).toHaveAttribute('data-scope', 'selection');
  expect(await num(page, 'total-distance')).toBe(whole.distance);
});
