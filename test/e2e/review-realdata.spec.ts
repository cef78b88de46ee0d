import type { Page } from '@playwright/test';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { loadTrace, shiftedMs, traceChunks } from '../support/realdata.ts';
import { startRealdataServer } from '../support/realdata-server.ts';
import { expect, openApp, test } from './fixtures.ts';
import { downloadVehicle, openDownloads, startJob, TODAY } from './harness/app.ts';
import { truthAnalysis, truthLocalChunks } from './review-truth.ts';
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
  const png = await page
    .getByTestId('review-map')
    .screenshot({ path: file, style: '.review-legend, .review-basemap { visibility: hidden; }' });
  return colourCensus(png, { ring: OUTLIER_RING }).count.ring;
}

/**
 * A real recording (dg100, ../shared/realdata) downloaded by the app from a
 * loopback API server as any carrier's data, then reviewed: the position
 * jump of 17:40:48 on 2020-02-15 is marked on the map and the speed chart and
 * counted in the totals; the halts of 2020-02-14 are stops between trips.
 */
test('a real trace in the review: the outlier is marked on the map and chart and counted; halts split the trips', async ({
  page,
  shell,
}, testInfo) => {
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
    // The truth below is in UTC days: the carrier's days are UTC whatever this machine's zone is.
    await page.getByTestId('carrier-zone-input').fill('UTC');
    await page.getByTestId('carrier-add-submit').click();
    const carrierId = (await page
      .getByTestId('carrier-row')
      .filter({ hasText: 'Real traces' })
      .getAttribute('data-carrier-id'))!;

    await expect(await downloadVehicle(page, carrierId, trace.vehicleId, '6m')).toHaveAttribute('data-state', 'done', {
      timeout: 90_000,
    });

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
    // No ring: one draws more than 8 pixels of its colour (above); a pixel or two where the speeding band's
    // edge blends with the route can come near it, at some map sizes.
    expect(await outlierPixels(page, testInfo.outputPath('review-halt-day.png'))).toBeLessThanOrEqual(2);
    const analysis = analyzeTrack(chunks.filter((c) => c.day === haltDay));
    await page.getByTestId('tab-trips').click();
    await expect(page.getByTestId('trip-row')).toHaveCount(analysis.trips.length);
    const starts = await page
      .getByTestId('trip-row')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
    expect(starts).toEqual(analysis.trips.map((t) => t.startMs));
    for (const halt of ['2020-02-14T19:57:22Z', '2020-02-14T21:40:22Z', '2020-02-14T23:05:23Z']) {
      expect(
        analysis.trips.some((t) => t.endMs === shiftedMs(trace, halt)),
        halt,
      ).toBe(true);
    }
    // avg ≤ max on every listed trip.
    const figures = await page
      .getByTestId('trip-row')
      .evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-avg')), Number(e.getAttribute('data-max'))]));
    for (const [avg, max] of figures) expect(avg!).toBeLessThanOrEqual(max!);
    await page.getByTestId('tab-events').click();
    await page.getByTestId('event-kind').selectOption('gap');
    await expect(page.getByTestId('event-row')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('review-realdata.png') });
  } finally {
    await server.close();
  }
});

/**
 * The demo's OFFLINE spells happen while the truck drives on: in the review
 * such a stretch is a data gap only (never also a long stop), and the speed
 * chart's line breaks there instead of joining the speeds on either side.
 */
test('an OFFLINE stretch across which the truck drove: a gap in the list, no stop over it, a break in the speed line', async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 4, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // A downloaded vehicle-day (a local day of the demo carrier's home zone) with an OFFLINE gap, found in the ground truth.
  let found: { vehicleId: string; day: string } | null = null;
  for (const vehicleId of vehicleIds) {
    for (let k = 1; k <= 6 && !found; k++) {
      const day = addDays(TODAY, -k);
      const a = truthAnalysis(truthLocalChunks(carrierId, vehicleId, day, day));
      if (a.events.some((e) => e.kind === 'gap' && e.reason === 'offline')) found = { vehicleId, day };
    }
    if (found) break;
  }
  expect(found, 'a downloaded day with an OFFLINE gap').not.toBeNull();
  const { vehicleId, day } = found!;
  const analysis = truthAnalysis(truthLocalChunks(carrierId, vehicleId, day, day));
  await page.getByTestId('nav-review').click();
  await page.getByTestId('review-vehicle').selectOption(vehicleId);
  await reviewDay(page, day);

  await page.getByTestId('tab-events').click();
  const rows = page.getByTestId('event-row');
  await expect(rows).toHaveCount(analysis.events.length);
  const listed = await rows.evaluateAll((els) =>
    els.map((e) => ({
      kind: e.getAttribute('data-kind'),
      reason: e.getAttribute('data-reason'),
      start: Number(e.getAttribute('data-start-ms')),
      end: Number(e.getAttribute('data-end-ms')),
    })),
  );
  const gaps = listed.filter((e) => e.kind === 'gap' && e.reason === 'offline');
  expect(gaps.length).toBeGreaterThan(0);
  for (const g of gaps)
    expect(
      listed.some((e) => e.kind === 'long-stop' && e.start < g.end && e.end > g.start),
      'a long stop over an offline gap',
    ).toBe(false);
  for (const s of analysis.stops) for (const g of gaps) expect(s.startMs < g.end && s.endMs > g.start).toBe(false);
  // The line breaks (a new "M" in its path) where the series has a gap.
  const d = await page.locator('[data-testid=chart-speed] path.chart-speed-line').first().getAttribute('d');
  expect((d ?? '').match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual(
    analysis.events.filter((e) => e.kind === 'gap').length + 1,
  );
});
