import type { Locator } from '@playwright/test';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { localDayOfMs } from '../../shared/time/local-day.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openInboxRange, startJob, TODAY } from './harness/app.ts';
import { speedingEventsByHand } from './independent-events.ts';
import { homeZoneOf, truthLocalChunks } from './review-truth.ts';

/**
 * Issue 14, "open in review, at the moment": an event opened from the Safety inbox, and an event row of
 * Trip review's own list, zoom the map to the event's readings (with context around them) and shade the
 * event on the speed chart. The events and the route are worked out from the simulator's readings
 * (independent-events.ts, review-truth.ts); the camera is read from the map's `data-bounds`.
 */
const LIMIT = DEFAULT_ANALYSIS_PARAMS.speedingThresholdMph;
const FROM = addDays(TODAY, -5);
const TO = addDays(TODAY, -1);

type Box = [number, number, number, number];
interface Point {
  lat: number;
  lng: number;
}

const points = (chunks: readonly DayChunk[], fromMs: number, toMs: number): Point[] =>
  chunks.flatMap((c) =>
    [...c.t].flatMap((t, i) => (t >= fromMs && t <= toMs ? [{ lat: c.lat[i]!, lng: c.lng[i]! }] : [])),
  );
const boxOf = (ps: readonly Point[]): Box => [
  Math.min(...ps.map((p) => p.lng)),
  Math.min(...ps.map((p) => p.lat)),
  Math.max(...ps.map((p) => p.lng)),
  Math.max(...ps.map((p) => p.lat)),
];
const area = ([w, s, e, n]: Box) => (e - w) * (n - s);
const inside = ([w, s, e, n]: Box, p: Point) => p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n;

async function boundsOf(canvas: Locator): Promise<Box | null> {
  const text = await canvas.getAttribute('data-bounds');
  return text ? (text.split(',').map(Number) as Box) : null;
}

/** Waits until the map shows every one of `ps` (the camera moves after the window changes), then returns what it shows. */
async function boundsShowing(canvas: Locator, ps: readonly Point[]): Promise<Box> {
  await expect
    .poll(async () => {
      const b = await boundsOf(canvas);
      return b !== null && ps.every((p) => inside(b, p));
    })
    .toBe(true);
  return (await boundsOf(canvas))!;
}

test('an event opened from the inbox, or from the review’s own list, zooms the map to it and shades it on the speed chart', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 2, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  const zone = homeZoneOf(carrierId);
  const truth = new Map(vehicleIds.map((v) => [v, truthLocalChunks(carrierId, v, FROM, TO)]));
  const byHand = new Map(
    vehicleIds.map((v) => [
      v,
      speedingEventsByHand(
        truth.get(v)!,
        LIMIT,
        DEFAULT_ANALYSIS_PARAMS.speedingMinSeconds,
        DEFAULT_ANALYSIS_PARAMS.gapSeconds,
      ),
    ]),
  );
  const vehicleId = [...vehicleIds].sort((a, b) => byHand.get(b)!.length - byHand.get(a)!.length)[0]!;
  const [startMs, endMs] = byHand.get(vehicleId)![0]! as [number, number];
  const day = localDayOfMs(startMs, zone);
  const dayChunks = truth.get(vehicleId)!.filter((c) => c.day === day);
  const route = points(dayChunks, -Infinity, Infinity);
  const routeBox = boxOf(route);
  const eventPoints = points(dayChunks, startMs, endMs);
  expect(eventPoints.length).toBeGreaterThan(1);

  // The inbox: speeding only, the truck's events in time order; its first one opens the review.
  const inbox = await openInboxRange(page, FROM, TO);
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('inbox-kind-gap').click();
  await page.getByTestId('inbox-vehicle').selectOption(vehicleId);
  await page.getByTestId('inbox-sort').selectOption('time');
  await page.getByTestId('inbox-dir').click();
  await expect(page.getByTestId('inbox-dir')).toHaveAttribute('data-dir', 'ascending');
  await page.locator(`[data-testid="inbox-event"][data-start-ms="${startMs}"]`).click();

  // The review: that truck and day, playback at the event's first reading.
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
  await expect(review).toHaveAttribute('data-key', new RegExp(`${vehicleId}:${day}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-day')).toHaveValue(day);
  await expect(page.getByTestId('now-panel')).toHaveAttribute('data-playback-time', String(startMs));

  // The speed chart shades exactly the event, inside a window zoomed around it.
  const highlight = page.getByTestId('chart-event-highlight');
  await expect(highlight).toHaveAttribute('data-start-ms', String(startMs));
  await expect(highlight).toHaveAttribute('data-end-ms', String(endMs));
  const speed = page.getByTestId('chart-speed');
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'true');
  expect(Number(await speed.getAttribute('data-from'))).toBeLessThan(startMs);
  expect(Number(await speed.getAttribute('data-to'))).toBeGreaterThan(endMs);

  // The map: every reading of the event in view, and a view smaller than the day's route (part of which is out of it).
  const map = page.getByTestId('review-map');
  const canvas = map.locator('.rl-map-canvas');
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  const eventView = await boundsShowing(canvas, eventPoints);
  expect(area(eventView)).toBeLessThan(area(routeBox));
  expect(route.some((p) => !inside(eventView, p))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('review-event-from-inbox.png') });

  // Reset zoom: the whole day's route in view again.
  await page.getByTestId('zoom-reset').click();
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'false');
  const dayView = await boundsShowing(canvas, route);

  // The review's own event list: a row (another event when the day has one) zooms the map to that event.
  await page.getByTestId('tab-events').click();
  const rows = page.getByTestId('event-row');
  await expect(rows.first()).toBeVisible();
  const starts = await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-start-ms'))));
  const pick = starts.findIndex((s) => s !== startMs);
  const row = rows.nth(Math.max(0, pick));
  const rowStart = Number(await row.getAttribute('data-start-ms'));
  const rowEnd = Number(await row.getAttribute('data-end-ms'));
  await row.click();
  await expect(highlight).toHaveAttribute('data-start-ms', String(rowStart));
  await expect(highlight).toHaveAttribute('data-end-ms', String(rowEnd));
  await expect(page.getByTestId('now-panel')).toHaveAttribute('data-playback-time', String(rowStart));
  await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'true');
  const rowPoints = points(dayChunks, rowStart, rowEnd);
  expect(rowPoints.length).toBeGreaterThan(0);
  const rowView = await boundsShowing(canvas, rowPoints);
  expect(area(rowView)).toBeLessThan(area(dayView));
  expect(area(rowView)).toBeLessThan(area(routeBox));
  expect(route.some((p) => !inside(rowView, p))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('review-event-from-list.png') });
});
