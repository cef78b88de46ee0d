import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { localDayOfMs } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openInboxRange, startJob, TODAY } from './harness/app.ts';
import { speedingEventsByHand } from './independent-events.ts';
import { homeZoneOf, truthLocalChunks } from './review-truth.ts';

/**
 * The safety inbox (issue #14) over two downloaded trucks: its speeding events are exactly those worked
 * out by hand from the simulator's readings (test/e2e/independent-events.ts, not the app's analysis),
 * counted per kind, filtered, sorted worst first and by vehicle; the filters live in the address (a reload
 * keeps them); an event opens Trip review on its truck and day at its moment, and back returns to the same
 * list; the scorecards rank the trucks and their sparklines are the per-day counts; a scorecard opens the
 * inbox filtered to its truck.
 */
const LIMIT = DEFAULT_ANALYSIS_PARAMS.speedingThresholdMph;
const FROM = addDays(TODAY, -5);
const TO = addDays(TODAY, -1);

test('the inbox lists, counts, filters and sorts the fleet’s events as worked out by hand; events open at their moment; scorecards rank', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 2, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  const zone = homeZoneOf(carrierId);
  const byHand = new Map(
    vehicleIds.map((v) => [
      v,
      speedingEventsByHand(
        truthLocalChunks(carrierId, v, FROM, TO),
        LIMIT,
        DEFAULT_ANALYSIS_PARAMS.speedingMinSeconds,
        DEFAULT_ANALYSIS_PARAMS.gapSeconds,
      ),
    ]),
  );
  const allSpeeding = [...byHand.values()].flat();
  // Where each event starts, read from the simulator's readings (the list's map point).
  const startPoint = new Map<number, { lat: number; lng: number }>();
  for (const v of vehicleIds)
    for (const c of truthLocalChunks(carrierId, v, FROM, TO))
      for (let i = 0; i < c.length; i++) startPoint.set(c.t[i]!, { lat: c.lat[i]!, lng: c.lng[i]! });
  expect(allSpeeding.length).toBeGreaterThan(1);

  const inbox = await openInboxRange(page, FROM, TO);
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('inbox-kind-speeding')).toHaveAttribute('data-count', String(allSpeeding.length));

  // Speeding only (the fleet threshold's events, worked out by hand here; the road limits' are checked against
  // the simulator's own record in over-limit-demo.spec.ts), worst first: the first row is the largest excess.
  await page.getByTestId('inbox-kind-gap').click();
  await page.getByTestId('inbox-kind-over-limit').click();
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(allSpeeding.length));
  const worstOver = Math.max(...allSpeeding.map((e) => e[3]! - LIMIT));
  const first = page.getByTestId('inbox-event').first();
  await expect(first).toHaveAttribute('data-over', String(worstOver));
  await page.screenshot({ path: testInfo.outputPath('inbox-speeding-worst-first.png') });

  // The map: zoomed out until the events cluster, a cluster narrows the list to the events inside its area.
  const map = page.getByTestId('inbox-map');
  await expect(map).toHaveAttribute('data-idle-zoom', /\d/);
  for (let i = 0; i < 8 && !(await map.getAttribute('data-clusters')); i++) {
    const zoom = (await map.getAttribute('data-idle-zoom'))!;
    await map.locator('.maplibregl-ctrl-zoom-out').click();
    await expect(map).not.toHaveAttribute('data-idle-zoom', zoom);
  }
  const [x, y, count] = (await map.getAttribute('data-clusters'))!.split(';')[0]!.split(',').map(Number) as [
    number,
    number,
    number,
  ];
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + x, box.y + y);
  await expect(page.getByTestId('inbox-area-clear')).toBeVisible();
  const area = new URL(page.url().replace('#', '?')).searchParams.get('area')!.split(',').map(Number);
  const [w, s, e, n] = area as [number, number, number, number];
  const inArea = allSpeeding.filter((ev) => {
    const p = startPoint.get(ev[0]!)!;
    return p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n;
  });
  expect(inArea.length).toBeGreaterThanOrEqual(count);
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(inArea.length));
  await page.screenshot({ path: testInfo.outputPath('inbox-map-area.png') });
  await page.getByTestId('inbox-area-clear').click();
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(allSpeeding.length));

  // One truck (the one with more speeding): exactly its events, with their start times.
  const [v2, v1] = [...vehicleIds].sort((a, b) => byHand.get(b)!.length - byHand.get(a)!.length) as [string, string];
  expect(byHand.get(v2)!.length).toBeGreaterThan(0);
  await page.getByTestId('inbox-vehicle').selectOption(v2);
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(byHand.get(v2)!.length));
  await page.getByTestId('inbox-sort').selectOption('time');
  await page.getByTestId('inbox-dir').click();
  await expect(page.getByTestId('inbox-dir')).toHaveAttribute('data-dir', 'ascending');
  const starts = await page
    .getByTestId('inbox-event')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-start-ms'))));
  expect(starts).toEqual(
    byHand
      .get(v2)!
      .map((e) => e[0])
      .slice(0, starts.length),
  );

  // The address holds the filters: a reload shows the same list.
  expect(page.url()).toContain('kinds=speeding');
  expect(page.url()).toContain(`vehicle=${v2}`);
  await page.reload();
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(byHand.get(v2)!.length));

  // An event opens Trip review on its truck and local day, at its moment; back returns to the same list.
  const target = byHand.get(v2)![0]!;
  const day = localDayOfMs(target[0]!, zone);
  await page.locator(`[data-testid="inbox-event"][data-start-ms="${target[0]}"]`).click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-key', new RegExp(`${v2}:${day}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('now-panel')).toHaveAttribute('data-playback-time', String(target[0]));
  await page.goBack();
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('inbox-vehicle')).toHaveValue(v2);
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(byHand.get(v2)!.length));

  // Scorecards: ranked by speeding events, sparklines are the per-day counts of the hand-worked events.
  await page.getByTestId('inbox-tab-scorecards').click();
  await page.getByTestId('scorecard-metric').selectOption('speedingEvents');
  const rows = page.getByTestId('scorecard-row');
  await expect(rows).toHaveCount(2);
  const counts = [v1, v2].map((v) => byHand.get(v)!.length);
  const worst = counts[0]! >= counts[1]! ? v1 : v2;
  if (counts[0] !== counts[1]) await expect(rows.first()).toHaveAttribute('data-vehicle-id', worst);
  for (const v of [v1, v2]) {
    const days = [];
    for (let d = FROM; d <= TO; d = addDays(d, 1)) days.push(d);
    const perDay = days.map((d) => byHand.get(v)!.filter((e) => localDayOfMs(e[0]!, zone) === d).length);
    await expect(
      page.locator(`[data-testid="scorecard-row"][data-vehicle-id="${v}"] [data-testid="scorecard-sparkline"]`),
    ).toHaveAttribute('data-values', perDay.join(','));
  }
  await page.screenshot({ path: testInfo.outputPath('inbox-scorecards.png') });
  await page.locator(`[data-testid="scorecard-row"][data-vehicle-id="${v1}"]`).getByTestId('scorecard-open').click();
  await expect(page.getByTestId('inbox-vehicle')).toHaveValue(v1);
  await expect(page.getByTestId('inbox-list')).toHaveAttribute('data-count', String(byHand.get(v1)!.length));
});
