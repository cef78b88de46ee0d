import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_ADJUSTABLE_PARAMS, type AdjustableAnalysisParams } from '../../shared/analysis/adjustable.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { eventsCsv } from '../../shared/export/events-csv.ts';
import { tripsCsv } from '../../shared/export/trips-csv.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, openApp, test, type WebShell } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY } from './harness/app.ts';
import { demoRoadLimits, truthAnalysis, truthLocalChunks, truthExportContext } from './review-truth.ts';
import { colourCensus } from './screen-pixels.ts';

/** Trip and stop start times as listed (every row, once the list has rendered them all). */
async function listed(page: Page): Promise<{ trips: number[]; stops: number[] }> {
  const starts = async (tab: string, row: string) => {
    await page.getByTestId(`tab-${tab}`).click();
    const count = Number(/\((\d+)\)/.exec((await page.getByTestId(`tab-${tab}`).textContent()) ?? '')?.[1]);
    await expect(page.getByTestId(row)).toHaveCount(count);
    return page.getByTestId(row).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
  };
  const trips = await starts('trips', 'trip-row');
  const stops = await starts('stops', 'stop-row');
  await page.getByTestId('tab-trips').click();
  return { trips, stops };
}

const expectListsOf = (page: Page, a: TrackAnalysis) =>
  expect
    .poll(() => listed(page), { timeout: 30_000 })
    .toEqual({ trips: a.trips.map((t) => t.startMs), stops: a.stops.map((s) => s.startMs) });

const storedAnalysisPrefs = (shell: WebShell): unknown =>
  (
    JSON.parse(readFileSync(path.join(shell.dataDir, 'settings.json'), 'utf8')) as {
      preferences: { analysis?: unknown };
    }
  ).preferences.analysis;

async function setParam(page: Page, key: string, text: string) {
  const input = page.getByTestId(`analysis-param-${key}`);
  await input.fill(text);
  await input.press('Enter');
}

/** The reason resolveAnalysisParams gives for a value, without the parameter's name and the value (the screen says those in its own units). */
function reasonFor(patch: Partial<AdjustableAnalysisParams>): string {
  try {
    resolveAnalysisParams(patch);
  } catch (e) {
    return (e as Error).message.replace(/^Analysis parameter \w+ /, '').replace(/ \(got [^)]*\)$/, '');
  }
  throw new Error(`${JSON.stringify(patch)} is valid`);
}

/**
 * The most recent of the downloaded days (yesterday back to six days ago) on which `pick` finds what a
 * test needs in the truck's own readings: a truck may rest on any given day.
 */
function lastDayWith<T>(
  carrierId: string,
  vehicleId: string,
  pick: (chunks: ReturnType<typeof truthLocalChunks>) => T | undefined,
): { day: string; chunks: ReturnType<typeof truthLocalChunks>; value: T } | undefined {
  for (let back = 1; back <= 6; back++) {
    const day = addDays(TODAY, -back);
    const chunks = truthLocalChunks(carrierId, vehicleId, day, day);
    const value = pick(chunks);
    if (value !== undefined) return { day, chunks, value };
  }
  return undefined;
}

const sameStarts = (a: TrackAnalysis, b: TrackAnalysis) =>
  JSON.stringify(a.trips.map((t) => t.startMs)) === JSON.stringify(b.trips.map((t) => t.startMs)) &&
  JSON.stringify(a.stops.map((s) => s.startMs)) === JSON.stringify(b.stops.map((s) => s.startMs));

test('analysis settings: stop duration and trip distance change the lists and exports, are validated, persist and reset', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  // The demo carriers come with the demo roads: the screen judges over-the-limit events with them.
  const roads = await demoRoadLimits();
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // Settings whose analysis differs from the defaults' in both lists, found on a vehicle-day's own readings.
  const candidates = [15, 20, 30, 45, 60].flatMap((stopMin) => [3, 5, 10, 25].map((miles) => ({ stopMin, miles })));
  const found = lastDayWith(carrierId, vehicleIds[0]!, (chunks) => {
    const defaults = truthAnalysis(chunks, 70, {}, roads);
    const chosen = candidates
      .map((c) => ({
        ...c,
        analysis: truthAnalysis(chunks, 70, { minStopSeconds: c.stopMin * 60, minTripMiles: c.miles }, roads),
      }))
      .find(
        (c) =>
          c.analysis.stops.length !== defaults.stops.length &&
          c.analysis.trips.length !== defaults.trips.length &&
          c.analysis.trips.length > 0,
      );
    return chosen && { ...chosen, defaults };
  });
  expect(found, 'a day and a setting that changes both lists of that day').toBeDefined();
  const { day, chunks, value: chosen } = found!;
  const { stopMin, miles, analysis: expected, defaults } = chosen;
  const expectedPrefs: AdjustableAnalysisParams = {
    ...DEFAULT_ADJUSTABLE_PARAMS,
    minStopSeconds: stopMin * 60,
    minTripMiles: miles,
  };

  await openReviewOf(page, day);
  await expectListsOf(page, defaults);

  const review = page.getByTestId('review-page');
  await page.getByTestId('analysis-settings-toggle').click();
  await expect(page.getByTestId('analysis-settings')).toBeVisible();
  await expect(page.getByTestId('analysis-param-minStopSeconds')).toHaveValue(
    String(DEFAULT_ADJUSTABLE_PARAMS.minStopSeconds / 60),
  );
  await setParam(page, 'minStopSeconds', String(stopMin));
  await setParam(page, 'minTripMiles', String(miles));
  await page.screenshot({ path: testInfo.outputPath('analysis-settings-open.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('analysis-settings')).toHaveCount(0);
  await expect(page.getByTestId('analysis-settings-toggle')).toHaveAttribute('data-custom', 'true');
  await expectListsOf(page, expected);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => storedAnalysisPrefs(shell)).toEqual(expectedPrefs);

  // The exports of the screen use the same parameters.
  const save = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    await expect(page.getByTestId('export-status')).toContainText('Downloaded');
    return readFileSync(file, 'utf8');
  };
  expect(await save('export-trips-csv')).toBe([...tripsCsv(expected, truthExportContext(carrierId, chunks))].join(''));
  expect(await save('export-events-csv')).toBe(
    [...eventsCsv(expected, truthExportContext(carrierId, chunks))].join(''),
  );

  // A value the analysis refuses shows its reason beside the field and changes nothing.
  const key = await review.getAttribute('data-key');
  await page.getByTestId('analysis-settings-toggle').click();
  await setParam(page, 'minTripMiles', '-2');
  await expect(page.getByTestId('analysis-error-minTripMiles')).toContainText(reasonFor({ minTripMiles: -2 }));
  await expect(page.getByTestId('analysis-param-minTripMiles')).toHaveAttribute('aria-invalid', 'true');
  await setParam(page, 'tripGapSeconds', '0');
  await expect(page.getByTestId('analysis-error-tripGapSeconds')).toContainText(reasonFor({ tripGapSeconds: 0 }));
  // The plausible maximum has a range of its own.
  await setParam(page, 'maxPlausibleMph', '79');
  await expect(page.getByTestId('analysis-error-maxPlausibleMph')).toContainText('must be from 80 to 250 mph');
  await page.screenshot({ path: testInfo.outputPath('analysis-settings-invalid.png') });
  await page.keyboard.press('Escape');
  await expect(review).toHaveAttribute('data-key', key!);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expectListsOf(page, expected);
  expect(storedAnalysisPrefs(shell)).toEqual(expectedPrefs);

  // After a reload the values are those kept.
  await page.reload();
  await openApp(page, shell);
  await openReviewOf(page, day);
  await expectListsOf(page, expected);
  await page.getByTestId('analysis-settings-toggle').click();
  await expect(page.getByTestId('analysis-param-minStopSeconds')).toHaveValue(String(stopMin));
  await expect(page.getByTestId('analysis-param-minTripMiles')).toHaveValue(String(miles));
  await expect(page.getByTestId('analysis-error-minTripMiles')).toHaveCount(0);

  // Reset to defaults.
  await page.getByTestId('analysis-reset').click();
  await expect(page.getByTestId('analysis-param-minStopSeconds')).toHaveValue(
    String(DEFAULT_ADJUSTABLE_PARAMS.minStopSeconds / 60),
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('analysis-settings-toggle')).toHaveAttribute('data-custom', 'false');
  expect(sameStarts(defaults, expected)).toBe(false);
  await expectListsOf(page, defaults);
  await expect.poll(() => storedAnalysisPrefs(shell)).toEqual(DEFAULT_ADJUSTABLE_PARAMS);

  // A one-minute data gap makes a day's sampling jitter into many gap events: more than the first
  // screenful the list renders at once (40, components/use-progressive-count.ts); the rest follow in idle
  // slices, and the list ends up with every event the analysis found.
  const key2 = await review.getAttribute('data-key');
  await page.getByTestId('analysis-settings-toggle').click();
  await setParam(page, 'gapSeconds', '1');
  await page.keyboard.press('Escape');
  await expect(review).not.toHaveAttribute('data-key', key2!);
  await expect(review).toHaveAttribute('data-state', 'ready');
  const dense = truthAnalysis(chunks, 70, { gapSeconds: 60 }, roads);
  expect(dense.events.length).toBeGreaterThan(40);
  await page.getByTestId('tab-events').click();
  await expect(page.getByTestId('tab-events')).toContainText(`(${dense.events.length})`);
  await expect(page.getByTestId('event-row')).toHaveCount(dense.events.length);
  const listedStarts = await page
    .getByTestId('event-row')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
  expect(listedStarts).toEqual(dense.events.map((e) => e.startMs));
});

/** Route pixels drawn in the "speeding" colour (renderer/src/map/theme.ts SPEED_COLORS.over), from a screenshot of the map. */
async function speedingPixels(page: Page, file: string): Promise<number> {
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  const png = await page
    .getByTestId('review-map')
    .screenshot({ path: file, style: '.review-legend, .review-basemap { visibility: hidden; }' });
  return colourCensus(png, { over: '#e0115f' }).count.over;
}

const speedingStarts = (a: TrackAnalysis) => a.events.filter((e) => e.kind === 'speeding').map((e) => e.startMs);

async function listedSpeeding(page: Page): Promise<number[]> {
  await page.getByTestId('tab-events').click();
  await page.getByTestId('event-kind').selectOption('speeding');
  const rows = page.locator('[data-testid=event-row][data-kind=speeding]');
  await expect(rows).toHaveCount(await page.getByTestId('event-row').count());
  return rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
}

test('speed limit: the route colours, speeding events and totals follow it; out of range is refused; it persists', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  // The demo carriers come with the demo roads: the screen judges over-the-limit events with them.
  const roads = await demoRoadLimits();
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // A day and a lower limit that day's own readings exceed more often (found from the data, not assumed).
  const found = lastDayWith(carrierId, vehicleIds[0]!, (chunks) => {
    const atDefault = truthAnalysis(chunks, 70, {}, roads);
    const limit = [65, 60, 55, 50, 45].find(
      (mph) => speedingStarts(truthAnalysis(chunks, mph, {}, roads)).length > speedingStarts(atDefault).length,
    );
    return limit === undefined ? undefined : { limit, atDefault };
  });
  expect(found, 'a day and a lower limit with more speeding events on that day').toBeDefined();
  const { day, chunks, value } = found!;
  const { limit, atDefault } = value;
  const lowered = truthAnalysis(chunks, limit, {}, roads);

  await openReviewOf(page, day);
  expect(await listedSpeeding(page)).toEqual(speedingStarts(atDefault));
  // With road limits the route is coloured by mph over them; the fleet threshold's colouring is one click away.
  const colouring = page.getByTestId('review-route-colouring');
  await colouring.click();
  await expect(colouring).toHaveAttribute('data-colouring', 'speed');
  const before = await speedingPixels(page, testInfo.outputPath('limit-70.png'));

  const review = page.getByTestId('review-page');
  const input = page.getByTestId('review-threshold');
  await input.fill(String(limit));
  await input.press('Enter');
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${day}:${day}:${limit},`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => listedSpeeding(page)).toEqual(speedingStarts(lowered));
  await expect(page.getByTestId('total-speeding')).toHaveAttribute(
    'data-value',
    String(speedingStarts(lowered).length),
  );
  // More of the route is over the limit, so more of it is drawn in the speeding colour.
  expect(await speedingPixels(page, testInfo.outputPath(`limit-${limit}.png`))).toBeGreaterThan(before);
  await expect
    .poll(
      () =>
        (
          JSON.parse(readFileSync(path.join(shell.dataDir, 'settings.json'), 'utf8')) as {
            preferences: { speedingThresholdMph: number };
          }
        ).preferences.speedingThresholdMph,
    )
    .toBe(limit);

  // Out of range: said on the field, nothing changes.
  const key = await review.getAttribute('data-key');
  await input.fill('5');
  await input.press('Enter');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(review).toHaveAttribute('data-key', key!);

  await page.reload();
  await openApp(page, shell);
  await openReviewOf(page, day);
  await expect(page.getByTestId('review-threshold')).toHaveValue(String(limit));
  await expect.poll(() => listedSpeeding(page)).toEqual(speedingStarts(lowered));
});
