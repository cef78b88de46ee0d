import type { Page } from '@playwright/test';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { loadTrace, shiftedMs, traceChunks } from '../support/realdata.ts';
import { startRealdataServer } from '../support/realdata-server.ts';
import { expect, openApp, test } from './fixtures.ts';
import { TODAY } from './harness/app.ts';
import { colourCensus } from './screen-pixels.ts';

/** Trip review on one day, drawn (the Review opens on the latest stored day, here an empty one, so not harness/app.ts openReviewOf). */
async function reviewDay(page: Page, day: string): Promise<void> {
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-day').fill(day);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${day}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(review).toHaveAttribute('data-rendered-key', new RegExp(`:${day}:${day}:`));
}

/** The map's outlier rings (renderer/src/map/theme.ts OUTLIER_COLOR). */
const OUTLIER_RING = '#c2187a';

async function outlierPixels(page: Page, file: string): Promise<number> {
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  const png = await page.getByTestId('review-map').screenshot({ path: file, style: '.review-legend, .review-basemap { visibility: hidden; }' });
  return colourCensus(png, { ring: OUTLIER_RING }).count.ring;
}

/**
 * A real recording (dg100, ../shared/realdata) downloaded by the app from a
 * loopback API server as any carrier's data, then reviewed: the position
 * jump of 17:40:48 on 2020-02-15 is marked on the map and the speed chart and
 * counted in the totals; the halts of 2020-02-14 are stops between trips.
 */
test('a real trace in the review: the outlier is marked on the map and chart and counted; halts split the trips', async ({ page, shell }, testInfo) => {
  // The shell's clock is the demo's pinned one (E2E_NOW): the trace ends the day before.
  const trace = loadTrace('dg100-ontario', addDays(TODAY, -1));
  const server = await startRealdataServer([trace]);
  try {
    await openApp(page, shell);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('provider-key-input').fill(server.providerKey);
    await page.getByTestId('provider-base-url-input').fill(server.baseUrl);
    await page.getByTestId('provider-key-save').click();
    await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
    await page.getByTestId('nav-carriers').click();
    await page.getByTestId('first-run-add-carrier').click();
    await page.getByTestId('carrier-label-input').fill('Real traces');
    await page.getByTestId('carrier-key-input').fill(server.companyKey);
    await page.getByTestId('carrier-add-submit').click();
    const carrierId = (await page.getByTestId('carrier-row').filter({ hasText: 'Real traces' }).getAttribute('data-carrier-id'))!;

    await page.getByTestId('nav-downloads').click();
    await page.getByTestId('dl-carrier').selectOption(carrierId);
    await page.getByTestId(`dl-vehicle-${trace.vehicleId}`).check();
    await page.getByTestId('dl-range').selectOption('6m');
    await page.getByTestId('dl-start').click();
    await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

    const chunks = traceChunks(trace);
    const jumpMs = shiftedMs(trace, '2020-02-15T17:40:48Z');
    const jumpDay = dayOfMs(jumpMs);
    await reviewDay(page, jumpDay);
    await expect(page.getByTestId('total-outliers')).toHaveAttribute('data-value', '1');
    await expect(page.getByTestId('total-outliers')).toContainText('1 outlier ignored');
    await expect(page.getByTestId('legend-outliers')).toContainText('Outlier (1)');
    await expect(page.getByTestId('chart-outlier')).toHaveCount(1);
    await expect(page.getByTestId('chart-outlier')).toHaveAttribute('data-t', String(jumpMs));
    const ringsOnJumpDay = await outlierPixels(page, testInfo.outputPath('review-outlier-day.png'));
    expect(ringsOnJumpDay, 'outlier ring pixels').toBeGreaterThan(8);

    // The day of the halts: no outlier anywhere, and the trips and stops are the analysis of those readings.
    const haltDay = dayOfMs(shiftedMs(trace, '2020-02-14T19:57:22Z'));
    await reviewDay(page, haltDay);
    await expect(page.getByTestId('total-outliers')).toHaveCount(0);
    await expect(page.getByTestId('legend-outliers')).toHaveCount(0);
    await expect(page.getByTestId('chart-outlier')).toHaveCount(0);
    expect(await outlierPixels(page, testInfo.outputPath('review-halt-day.png'))).toBe(0);
    const analysis = analyzeTrack(chunks.filter((c) => c.day === haltDay));
    await page.getByTestId('tab-trips').click();
    await expect(page.getByTestId('trip-row')).toHaveCount(analysis.trips.length);
    const starts = await page.getByTestId('trip-row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
    expect(starts).toEqual(analysis.trips.map((t) => t.startMs));
    for (const halt of ['2020-02-14T19:57:22Z', '2020-02-14T21:40:22Z', '2020-02-14T23:05:23Z']) {
      expect(analysis.trips.some((t) => t.endMs === shiftedMs(trace, halt)), halt).toBe(true);
    }
    // avg ≤ max on every listed trip.
    const figures = await page.getByTestId('trip-row').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-avg')), Number(e.getAttribute('data-max'))]));
    for (const [avg, max] of figures) expect(avg!).toBeLessThanOrEqual(max!);
    await page.getByTestId('tab-events').click();
    await page.getByTestId('event-kind').selectOption('gap');
    await expect(page.getByTestId('event-row')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('review-realdata.png') });
  } finally {
    await server.close();
  }
});
