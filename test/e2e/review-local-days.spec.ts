import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob } from './harness/app.ts';
import { homeZoneOf, localDayStart, truthAnalysis, truthLocalChunks } from './review-truth.ts';

/**
 * Trip review in local days of the carrier's home zone (issue #13, part B):
 * the demo's Prairie Line is in America/Chicago, where 2026-11-01 lasts 25 h
 * (clocks fall back at 02:00 CDT). What the Review shows of that day is
 * checked against the simulator's readings cut at the day's edges found in
 * the test (Intl, quarter-hour scan: review-truth.ts), never by the app's code.
 */

const CHICAGO = 'America/Chicago';
const FALL_BACK = '2026-11-01';

async function playbackTime(page: Page): Promise<number> {
  return Number(await page.getByTestId('now-panel').getAttribute('data-playback-time'));
}

async function selectDay(
  page: Page,
  zone: string,
  vehicleId: string,
  day: string,
  span: 'day' | 'week',
  from = day,
): Promise<void> {
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-day').fill(day);
  await page.getByTestId(`review-span-${span}`).click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`^${zone} ${vehicleId}:${from}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
}

async function tripStarts(page: Page): Promise<number[]> {
  return page.getByTestId('trip-row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
}

test("Review in the carrier's local days: Chicago's 25-hour day shows exactly its readings and trips, an east-of-UTC zone too, where a week keeps a trip across local midnight whole", async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '30d');
  expect(homeZoneOf(carrierId)).toBe(CHICAGO);
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  const vehicleId = vehicleIds[0]!;

  // The zone's facts: CDT (UTC−5) until 2026-11-01 02:00, then CST (UTC−6): the day runs 05:00Z to 06:00Z the next day.
  const start = localDayStart(FALL_BACK, CHICAGO);
  const end = localDayStart('2026-11-02', CHICAGO);
  expect([start, end]).toEqual([Date.parse('2026-11-01T05:00:00Z'), Date.parse('2026-11-02T06:00:00Z')]);
  const day = truthLocalChunks(carrierId, vehicleId, FALL_BACK, FALL_BACK);
  const t = [...day[0]!.t];
  // The day reads two UTC days: readings on both sides of UTC midnight.
  expect(
    t.some((x) => x < Date.parse('2026-11-02T00:00:00Z')) && t.some((x) => x >= Date.parse('2026-11-02T00:00:00Z')),
  ).toBe(true);

  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-days-zone')).toHaveText(`(days in ${CHICAGO})`);
  await selectDay(page, CHICAGO, vehicleId, FALL_BACK, 'day');
  await expect(page.getByTestId('total-points')).toHaveAttribute('data-value', String(t.length));
  await expect(page.getByTestId('total-days')).toContainText(`${FALL_BACK} (days in ${CHICAGO})`);
  expect(await playbackTime(page)).toBe(t[0]);
  const analysis = truthAnalysis(day);
  await expect(page.getByTestId('trip-row')).toHaveCount(analysis.trips.length);
  expect(await tripStarts(page)).toEqual(analysis.trips.map((x) => x.startMs));
  expect(analysis.trips.every((x) => x.startMs >= start && x.endMs < end)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('review-chicago-25h.png') });

  // The breadcrumbs export of the day: exactly its readings, in order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-breadcrumbs-csv').click(),
  ]);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toContain(FALL_BACK);
  const csv = parseBreadcrumbCsv(readFileSync(file, 'utf8'));
  expect(csv.map((p) => p.id)).toEqual(day[0]!.id);
  expect(csv.map((p) => p.t)).toEqual(t);

  // A week ending on that day: 7 local days, their readings and trips.
  const week = truthLocalChunks(carrierId, vehicleId, '2026-10-26', FALL_BACK);
  await selectDay(page, CHICAGO, vehicleId, FALL_BACK, 'week', '2026-10-26');
  await expect(page.getByTestId('total-points')).toHaveAttribute(
    'data-value',
    String(week.reduce((n, c) => n + c.length, 0)),
  );
  await expect(page.getByTestId('total-days')).toHaveAttribute('data-value', String(week.length));
  const weekTrips = truthAnalysis(week).trips;
  expect(await tripStarts(page)).toEqual(weekTrips.map((x) => x.startMs));

  // East of UTC: the carrier moved to Asia/Kolkata (UTC+05:30); its 2026-11-10 runs from 2026-11-09T18:30Z.
  await page.getByTestId('nav-carriers').click();
  const row = page.locator(`[data-testid="carrier-row"][data-carrier-id="${carrierId}"]`);
  await row.getByTestId('carrier-zone-edit').click();
  await row.getByTestId('carrier-zone-edit-input').fill('Asia/Kolkata');
  await row.getByTestId('carrier-zone-save').click();
  await expect(row.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', 'Asia/Kolkata');
  expect(localDayStart('2026-11-10', 'Asia/Kolkata')).toBe(Date.parse('2026-11-09T18:30:00Z'));
  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-days-zone')).toHaveText('(days in Asia/Kolkata)');
  await selectDay(page, 'Asia/Kolkata', vehicleId, '2026-11-10', 'day');
  const kolkata = truthLocalChunks(carrierId, vehicleId, '2026-11-10', '2026-11-10', 'Asia/Kolkata');
  await expect(page.getByTestId('total-points')).toHaveAttribute('data-value', String(kolkata[0]!.length));
  expect(await playbackTime(page)).toBe(kolkata[0]!.t[0]);
  expect(await tripStarts(page)).toEqual(truthAnalysis(kolkata).trips.map((x) => x.startMs));

  // The truck drives in Chicago's evening, across Kolkata's midnight: in a week such a trip is one trip, whole.
  const kWeek = truthLocalChunks(carrierId, vehicleId, '2026-11-04', '2026-11-10', 'Asia/Kolkata');
  await selectDay(page, 'Asia/Kolkata', vehicleId, '2026-11-10', 'week', '2026-11-04');
  await expect(page.getByTestId('total-points')).toHaveAttribute(
    'data-value',
    String(kWeek.reduce((n, c) => n + c.length, 0)),
  );
  const kTrips = truthAnalysis(kWeek).trips;
  expect(await tripStarts(page)).toEqual(kTrips.map((x) => x.startMs));
  const dateIn = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const across = kTrips.filter((x) => dateIn.format(x.startMs) !== dateIn.format(x.endMs));
  expect(across.length, 'trips across a Kolkata midnight').toBeGreaterThan(0);
  const ends = await page
    .getByTestId('trip-row')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-end-ms'))));
  for (const x of across) expect(ends[kTrips.indexOf(x)]).toBe(x.endMs);
  await page.screenshot({ path: testInfo.outputPath('review-kolkata-week.png') });
});
