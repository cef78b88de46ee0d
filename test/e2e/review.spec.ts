import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { eventsCsv } from '../../shared/export/events-csv.ts';
import { tripsCsv } from '../../shared/export/trips-csv.ts';
import { addDays } from '../../shared/util/day.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { withoutOutliers } from '../../shared/track/outliers.ts';
import { expect, test } from './fixtures.ts';
import { xmlText } from '../../shared/export/xml.ts';
import { openDownloads, openReviewOf, startJob, TODAY, world } from './harness/app.ts';
import { demoRoadLimits, lastDrivingDay, truthAnalysis, truthExportContext, truthLocalChunks } from './review-truth.ts';
import { decodePng } from './screen-pixels.ts';

/** The official schema, provided next to the repository (../shared is read-only project input). */
const GPX_XSD = path.resolve(import.meta.dirname, '../../../shared/schemas/gpx-1.1.xsd');

/** Route colours as drawn (renderer/src/map/theme.ts) and the built-in basemap's land, restated so a palette change is a deliberate test change. */
const ROUTE_COLORS = ['#2f7fd8', '#14a05a', '#f0a000', '#e0115f'];
const LAND = '#f2efe9';
/** Stop markers (renderer/src/map/theme.ts STOP_COLOR). */
const STOP = '#5b2bb5';

/** Counts the map's pixels near the route colours, the stop markers' colour and the basemap's land colour, from what is on screen. */
async function mapCensus(page: Page, file: string): Promise<{ route: number; stops: number; landShare: number }> {
  const { width, height, px } = decodePng(
    await page
      .getByTestId('review-map')
      .screenshot({ path: file, style: '.review-legend, .review-basemap { visibility: hidden; }' }),
  );
  const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) as [number, number, number];
  const near = (i: number, [r, g, b]: [number, number, number]) =>
    Math.abs(px[i]! - r) + Math.abs(px[i + 1]! - g) + Math.abs(px[i + 2]! - b) <= 24;
  const routes = ROUTE_COLORS.map(rgb);
  const land = rgb(LAND);
  const stop = rgb(STOP);
  let route = 0,
    landPx = 0,
    stops = 0;
  for (let i = 0; i < px.length; i += 4) {
    if (routes.some((c) => near(i, c))) route++;
    if (near(i, stop)) stops++;
    if (near(i, land)) landPx++;
  }
  return { route, stops, landShare: landPx / (width * height) };
}

async function playbackTime(page: Page): Promise<number> {
  return Number(await page.getByTestId('now-panel').getAttribute('data-playback-time'));
}

test('trip review of a downloaded vehicle-day: play, seek, step, follow, lists and exports match the data', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  // A day the truck drove (a demo truck rests on some days, and a rest day has no trips to list, seek or export).
  const day = lastDrivingDay(carrierId, vehicleId, TODAY);
  // The carrier's local day (demo carriers have home zones): the simulator's readings cut at its edges.
  const chunks = truthLocalChunks(carrierId, vehicleId, day, day);
  const t = chunks.flatMap((c) => [...c.t]);
  const analysis = truthAnalysis(chunks, 70, {}, await demoRoadLimits());
  expect(analysis.trips.length).toBeGreaterThan(0);

  await openReviewOf(page, day);
  await page.screenshot({ path: testInfo.outputPath('review-day.png') });

  // Lists equal the analysis of the same readings.
  await expect(page.getByTestId('trip-row')).toHaveCount(analysis.trips.length);
  const tripStarts = await page
    .getByTestId('trip-row')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
  expect(tripStarts).toEqual(analysis.trips.map((x) => x.startMs));
  await page.getByTestId('tab-events').click();
  await page.getByTestId('event-kind').selectOption('speeding');
  const speeding = analysis.events.filter((e) => e.kind === 'speeding');
  await expect(page.getByTestId('event-row')).toHaveCount(speeding.length);
  const shown = await page
    .getByTestId('event-row')
    .evaluateAll((els) =>
      els.map((e) => [
        Number(e.getAttribute('data-start-ms')),
        Number(e.getAttribute('data-end-ms')),
        Number(e.getAttribute('data-peak')),
      ]),
    );
  expect(shown).toEqual(speeding.map((e) => [e.startMs, e.endMs, e.kind === 'speeding' ? e.peakSpeedMph : NaN]));

  // Playback starts at the first reading and advances when playing.
  expect(await playbackTime(page)).toBe(t[0]);
  // The charts open on the whole day's kept readings, first to last (the worker's series of its own read, sent
  // with its analysis, span the same readings as the page's).
  const kept = chunks.flatMap((c) => [...withoutOutliers(c, DEFAULT_ANALYSIS_PARAMS.maxPlausibleMph).chunk.t]);
  const speedChart = page.getByTestId('chart-speed');
  expect(Number(await speedChart.getAttribute('data-from'))).toBe(kept[0]);
  expect(Number(await speedChart.getAttribute('data-to'))).toBe(kept[kept.length - 1]);
  await page.getByTestId('pb-play').click();
  await expect(page.getByTestId('playback-bar')).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => playbackTime(page)).toBeGreaterThan(t[0]! + 60_000);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('playback-bar')).toHaveAttribute('data-playing', 'false');

  // Clicking the speed chart seeks to the time under the pointer (within one pixel).
  const chart = page.getByTestId('chart-speed');
  const from = Number(await chart.getAttribute('data-from'));
  const to = Number(await chart.getAttribute('data-to'));
  const box = (await chart.boundingBox())!;
  const left = 44;
  const right = box.width - 12;
  const x = left + (right - left) * 0.5;
  await chart.click({ position: { x, y: 60 } });
  const expected = from + ((x - left) / (right - left)) * (to - from);
  await expect
    .poll(async () => Math.abs((await playbackTime(page)) - expected))
    .toBeLessThan((to - from) / (right - left) + 1);

  // Step to the next and previous reading.
  const at = await playbackTime(page);
  const next = t.find((v) => v > at)!;
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => playbackTime(page)).toBe(next);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => playbackTime(page)).toBe(next);
  await expect(page.getByTestId('now-panel')).toHaveAttribute('data-index', String(t.indexOf(next)));

  // Follow the vehicle while playing fast.
  await page.keyboard.press('f');
  await expect(page.getByTestId('playback-bar')).toHaveAttribute('data-follow', 'true');
  await page.getByTestId('pb-rate').selectOption('3600');
  await page.getByTestId('pb-play').click();
  const before = await playbackTime(page);
  await expect.poll(() => playbackTime(page)).toBeGreaterThan(before + 3_600_000);
  await page.getByTestId('pb-play').click();
  await page.screenshot({ path: testInfo.outputPath('review-follow.png') });

  // A trip in the list seeks to its start.
  await page.getByTestId('tab-trips').click();
  await page.getByTestId('trip-row').last().click();
  await expect.poll(() => playbackTime(page)).toBe(analysis.trips[analysis.trips.length - 1]!.startMs);

  // Exports (browser shell: downloads) equal the stored data and the CLI writers.
  const save = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const path = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(path);
    await expect(page.getByTestId('export-status')).toContainText('Downloaded');
    return path;
  };
  const csvText = readFileSync(await save('export-breadcrumbs-csv'), 'utf8');
  const csv = parseBreadcrumbCsv(csvText);
  expect(csv.map((p) => p.id)).toEqual(chunks.flatMap((c) => c.id));
  expect(csv.map((p) => p.t)).toEqual(t);
  // Local times in the carrier's home zone, next to UTC, in every export that has times.
  const context = truthExportContext(carrierId, chunks);
  expect(csvText.slice(0, csvText.indexOf('\r\n'))).toContain('id,timestamp,local_time,');
  expect(readFileSync(await save('export-trips-csv'), 'utf8')).toBe([...tripsCsv(analysis, context)].join(''));
  expect(readFileSync(await save('export-events-csv'), 'utf8')).toBe([...eventsCsv(analysis, context)].join(''));

  // "GPX" is the CLI's (`export --tz` of the home zone): every reading, one track per local day.
  const gpxPath = await save('export-gpx');
  execFileSync('xmllint', ['--noout', '--schema', GPX_XSD, gpxPath], { stdio: 'pipe' });
  const gpx = readFileSync(gpxPath, 'utf8');
  expect((gpx.match(/<trk>/g) ?? []).length).toBe(chunks.length);
  expect([...gpx.matchAll(/<trkpt [^>]*><time>([^<]+)<\/time>/g)].map((m) => Date.parse(m[1]!))).toEqual(t);
  // "GPX (per-trip tracks)": one track per trip, the readings inside trips.
  const tripsGpx = readFileSync(await save('export-gpx-trips'), 'utf8');
  expect((tripsGpx.match(/<trk>/g) ?? []).length).toBe(analysis.trips.length);
  const inTrips = analysis.trips.reduce((s, x) => s + x.points, 0);
  expect((tripsGpx.match(/<trkpt /g) ?? []).length).toBe(inTrips);
  const tripTimes = [...tripsGpx.matchAll(/<trkpt [^>]*><time>([^<]+)<\/time>/g)].map((m) => Date.parse(m[1]!));
  expect(tripTimes.every((v) => t.includes(v))).toBe(true);
  // Audit metadata as the CLI writes it: the carrier's legal name and USDOT number from company-info.
  const company = world.truth.company(carrierId.replace(/^demo-/, ''));
  const metadata = /<metadata>([\s\S]*?)<\/metadata>/.exec(gpx)?.[1] ?? '';
  expect(metadata).toContain(`Carrier: ${xmlText(company.company_name)}. USDOT: ${company.dot_number}.`);
  expect(metadata).toMatch(new RegExp(`<keywords>[^<]*USDOT ${company.dot_number}[^<]*</keywords>`));
  await page.screenshot({ path: testInfo.outputPath('review-exported.png') });
});

test('a week: display time zone changes the shown times, not the data; brush zooms the charts', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // From here on the simulator is out of reach (the app's backend calls fail, nothing leaves the machine): review works on stored data.
  const offline: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === shell.origin && !url.pathname.startsWith('/api/')) return route.continue();
    offline.push(url.href);
    return route.abort('internetdisconnected');
  });
  await openReviewOf(page, addDays(TODAY, -1));
  await page.getByTestId('review-span-week').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${addDays(TODAY, -7)}:${addDays(TODAY, -1)}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'builtin');
  // The map is drawn: the muted basemap's land around a route in its speed colours. A week's route paints at
  // least 150 pixels of its colours (fewer where stop markers cover it), a route not drawn none.
  const census = await mapCensus(page, testInfo.outputPath('review-week-map.png'));
  expect(census.route, 'route pixels').toBeGreaterThan(150);
  // A week is long enough for the route to be drawn while the analysis runs; "map ready" waits for the stops it finds (overnight rests are filled circles).
  expect(census.stops, 'stop marker pixels').toBeGreaterThan(40);
  expect(census.landShare, 'basemap land share').toBeGreaterThan(0.2);
  expect(
    offline.every((u) => new URL(u).origin === shell.origin),
    `requests off the machine: ${offline.join(', ')}`,
  ).toBe(true);

  // Every event of the week ends up in the list.
  await page.getByTestId('tab-events').click();
  const eventsTotal = Number(/\((\d+)\)/.exec((await page.getByTestId('tab-events').textContent()) ?? '')?.[1]);
  expect(eventsTotal).toBeGreaterThan(0);
  await expect(page.getByTestId('event-row')).toHaveCount(eventsTotal);
  await page.getByTestId('tab-trips').click();

  await page.getByTestId('review-zone').selectOption('UTC');
  const ms = await playbackTime(page);
  await expect(page.getByTestId('now-time')).toHaveText(new Date(ms).toISOString().slice(0, 19).replace('T', ' '));
  await page.getByTestId('review-zone').selectOption('America/Chicago');
  const chicago = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(ms)
    .replace(', ', ' ');
  await expect(page.getByTestId('now-time')).toHaveText(chicago);
  expect(await playbackTime(page)).toBe(ms);

  // Drag the brush's left handle to the middle: the charts show a narrower window.
  const chart = page.getByTestId('chart-speed');
  const spanBefore = Number(await chart.getAttribute('data-to')) - Number(await chart.getAttribute('data-from'));
  await page.getByTestId('chart-overview').scrollIntoViewIfNeeded();
  const handle = page.locator('[data-testid=chart-overview] .recharts-brush-traveller').first();
  const hb = (await handle.boundingBox())!;
  const ob = (await page.getByTestId('chart-overview').boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(ob.x + ob.width / 2, hb.y + hb.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => Number(await chart.getAttribute('data-to')) - Number(await chart.getAttribute('data-from')))
    .toBeLessThan(spanBefore * 0.7);
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await page.screenshot({ path: testInfo.outputPath('review-week-brushed.png') });
});
