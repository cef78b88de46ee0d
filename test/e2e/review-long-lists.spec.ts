import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { sixMonthsBefore } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';

const DOCS_SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
/** The limit the review opens with (Limit, mph): "worst first" ranks speeding by the peak's excess over it. */
const LIMIT = 70;
/** renderer/src/map/StopsLayer.tsx STOPS_MIN_ZOOM, restated: a change is a deliberate test change. */
const STOPS_MIN_ZOOM = 8;

async function attrs(rows: Locator, names: string[]): Promise<Record<string, string>[]> {
  return rows.evaluateAll(
    (els, keys) => els.map((e) => Object.fromEntries(keys.map((k) => [k, e.getAttribute(k) ?? '']))),
    names,
  );
}

/** How many rows a tab holds, as its label says ("Trips (572)"); rows are rendered in idle slices up to it. */
async function tabTotal(page: Page, tab: 'trips' | 'events'): Promise<number> {
  const label = (await page.getByTestId(`tab-${tab}`).textContent()) ?? '';
  const total = Number(/\((\d+)\)/.exec(label)?.[1]);
  expect(total, label).toBeGreaterThan(0);
  return total;
}

function nonIncreasing<T>(xs: T[], cmp: (a: T, b: T) => number): boolean {
  return xs.every((x, i) => i === 0 || cmp(xs[i - 1]!, x) >= 0);
}

test('six months of a truck: sorted, searched, worst-first lists, a per-day table that drills down, stops only when zoomed in', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(420_000);
  await openDownloads(page, shell);
  const vehicleId = (await startJob(page, 1, '6m')).vehicleIds[0]!;
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 240_000 });

  // Six months ending yesterday (local days of the carrier's home zone).
  const last = addDays(TODAY, -1);
  const from = sixMonthsBefore(last);
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-vehicle-id', vehicleId);
  await page.getByTestId('review-day').fill(last);
  await page.getByTestId('review-span-6m').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${from}:${last}:`), { timeout: 60_000 });
  await expect(review).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true', { timeout: 90_000 });
  await expect(review).toHaveAttribute('data-rendered-key', new RegExp(`:${from}:${last}:`));
  await expect(page).toHaveURL(new RegExp(`day=${last}&span=6m`));

  // Per-day table: a row a day with readings; its columns add up to the totals strip (the same summaries).
  const table = page.getByTestId('day-table');
  await expect(table).toBeVisible();
  const days = await attrs(page.getByTestId('day-row'), ['data-day', 'data-miles', 'data-max', 'data-speeding']);
  expect(days.length).toBeGreaterThan(150);
  expect(days.map((d) => d['data-day'])).toEqual([...days.map((d) => d['data-day']!)].sort());
  expect(days.every((d) => d['data-day']! >= from && d['data-day']! <= last)).toBe(true);
  const totalMiles = Number(await page.getByTestId('total-distance').getAttribute('data-value'));
  const rowMiles = days.reduce((s, d) => s + Number(d['data-miles']), 0);
  expect(Math.abs(rowMiles - totalMiles)).toBeLessThanOrEqual(0.05 * days.length);
  const totalSpeeding = Number(await page.getByTestId('total-speeding').getAttribute('data-value'));
  expect(days.reduce((s, d) => s + Number(d['data-speeding']), 0)).toBe(totalSpeeding);
  const maxSpeed = Number(await page.getByTestId('total-max-speed').getAttribute('data-value'));
  expect(Math.max(...days.map((d) => Number(d['data-max'])))).toBe(maxSpeed);
  // The main column scrolls down to the table (below the map and charts).
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('review-six-months-per-day.png') });
  await table.screenshot({ path: testInfo.outputPath('review-per-day-table.png') });

  // Stops: at the six-month overview the stop layer draws nothing.
  const canvas = page.getByTestId('review-map').locator('.rl-map-canvas');
  await expect(canvas).toHaveAttribute('data-stops-min-zoom', String(STOPS_MIN_ZOOM));
  await expect(canvas).toHaveAttribute('data-stops-rendered', '0');
  expect(Number(await canvas.getAttribute('data-zoom'))).toBeLessThan(STOPS_MIN_ZOOM);

  // Trips sorted by distance: biggest first, then smallest first, the header saying so.
  const trips = page.getByTestId('trip-row');
  const tripCount = await tabTotal(page, 'trips');
  await page.getByTestId('list-sort-distance').click();
  await expect(page.getByTestId('list-sort-distance').locator('..')).toHaveAttribute('aria-sort', 'descending');
  await expect(trips).toHaveCount(tripCount);
  const byDistance = (await attrs(trips, ['data-miles'])).map((r) => Number(r['data-miles']));
  expect(nonIncreasing(byDistance, (a, b) => a - b)).toBe(true);
  expect(byDistance[0]).toBeGreaterThan(byDistance.at(-1)!);
  await page.getByTestId('list-sort-distance').click();
  await expect(page.getByTestId('list-sort-distance').locator('..')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('list-sort-time').locator('..')).toHaveAttribute('aria-sort', 'none');
  await expect(trips).toHaveCount(tripCount);
  const ascending = (await attrs(trips, ['data-miles'])).map((r) => Number(r['data-miles']));
  expect(ascending).toEqual([...byDistance].reverse().sort((a, b) => a - b));
  await page.getByTestId('list-sort-distance').click();
  await expect(page.getByTestId('list-sort-distance').locator('..')).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('review-map').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: testInfo.outputPath('review-six-months-lists.png') });
  await expect(trips).toHaveCount(tripCount);

  // Search by place: a town of the longest trip's start; the rows are exactly those naming it.
  const every = await attrs(trips, ['data-start-ms', 'data-start-place', 'data-end-place']);
  const place = every[0]!['data-start-place']!;
  const town = (place.includes(' of ') ? place.slice(place.lastIndexOf(' of ') + 4) : place.replace(/^in /, '')).split(
    ',',
  )[0]!;
  const expected = every
    .filter((r) => `${r['data-start-place']} ${r['data-end-place']}`.toLowerCase().includes(town.toLowerCase()))
    .map((r) => r['data-start-ms']);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(tripCount);
  await page.getByTestId('list-search').fill(town.toUpperCase());
  await expect(page.getByTestId('list-count')).toHaveAttribute('data-shown', String(expected.length));
  await expect(trips).toHaveCount(expected.length);
  expect((await attrs(trips, ['data-start-ms'])).map((r) => r['data-start-ms']).sort()).toEqual([...expected].sort());
  await page.screenshot({ path: testInfo.outputPath('review-six-months-search.png') });
  await page.getByTestId('list-search').fill('');
  await expect(trips).toHaveCount(tripCount);

  // Worst first, events: furthest over the limit at the peak, then the longest.
  await page.getByTestId('tab-events').click();
  const eventCount = await tabTotal(page, 'events');
  const events = page.getByTestId('event-row');
  await expect(events).toHaveCount(eventCount);
  const eventStarts = (await attrs(events, ['data-start-ms'])).map((r) => Number(r['data-start-ms']));
  await page.getByTestId('list-worst').click();
  await expect(page.getByTestId('list-worst')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-list')).toHaveAttribute('data-sort', 'worst-descending');
  await expect(events).toHaveCount(eventCount);
  // Over what: a speeding event's peak over the fleet threshold, an over-the-limit event's mph over its road's limit.
  const worst = (await attrs(events, ['data-kind', 'data-peak', 'data-over', 'data-duration'])).map((r) => ({
    over:
      r['data-kind'] === 'speeding'
        ? Math.max(0, Number(r['data-peak']) - LIMIT)
        : r['data-kind'] === 'over-limit'
          ? Number(r['data-over'])
          : 0,
    seconds: Number(r['data-duration']),
  }));
  expect(worst[0]!.over).toBeGreaterThan(0);
  expect(nonIncreasing(worst, (a, b) => a.over - b.over || a.seconds - b.seconds)).toBe(true);

  // Worst first, trips: most events inside the trip (counted here from the events' start times), then the peak.
  await page.getByTestId('tab-trips').click();
  await expect(page.getByTestId('trip-list')).toHaveAttribute('data-sort', 'worst-descending');
  await expect(trips).toHaveCount(tripCount);
  const worstTrips = (await attrs(trips, ['data-start-ms', 'data-end-ms', 'data-max'])).map((r) => {
    const [a, b] = [Number(r['data-start-ms']), Number(r['data-end-ms'])];
    return { n: eventStarts.filter((t) => t >= a && t < b).length, max: Number(r['data-max']) };
  });
  expect(worstTrips[0]!.n).toBeGreaterThan(0);
  expect(nonIncreasing(worstTrips, (a, b) => a.n - b.n || a.max - b.max)).toBe(true);

  // Zoomed in on a stop, its marker is drawn: seek to the first stop, then double-click beside the vehicle.
  await page.getByTestId('tab-stops').click();
  await page.getByTestId('stop-row').first().click();
  const marker = page.getByTestId('vehicle-marker');
  // The main column was scrolled down to the table: the map back in view, where the clicks go.
  await page.getByTestId('review-map').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const mapBox = (await page.getByTestId('review-map').boundingBox())!;
  for (let k = 0; k < 8 && Number(await canvas.getAttribute('data-zoom')) < STOPS_MIN_ZOOM + 0.5; k++) {
    const before = await canvas.getAttribute('data-zoom');
    const box = (await marker.boundingBox())!;
    expect(box.y).toBeGreaterThan(mapBox.y);
    expect(box.y + box.height).toBeLessThan(mapBox.y + mapBox.height);
    await page.mouse.dblclick(box.x + box.width / 2 + 6, box.y + box.height / 2 + 6);
    await expect(canvas).not.toHaveAttribute('data-zoom', before ?? '');
  }
  expect(Number(await canvas.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(STOPS_MIN_ZOOM);
  await expect.poll(async () => Number(await canvas.getAttribute('data-stops-rendered'))).toBeGreaterThan(0);
  await page.getByTestId('review-map').screenshot({ path: testInfo.outputPath('review-six-months-stops-zoomed.png') });

  // A day of the table opens alone, as a navigation: the address names it, back returns to the six months.
  const pick = days.reduce((a, d) => (Number(d['data-speeding']) > Number(a['data-speeding']) ? d : a), days[0]!);
  const day = pick['data-day']!;
  await page.locator(`[data-testid=day-row][data-day="${day}"]`).getByTestId('day-open').click();
  await expect(page).toHaveURL(new RegExp(`day=${day}&span=day`));
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${day}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-day')).toHaveValue(day);
  await expect(page.getByTestId('review-span-day')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('day-table')).toHaveCount(0);
  // The day's totals are its row's figures.
  expect(Number(await page.getByTestId('total-distance').getAttribute('data-value')).toFixed(1)).toBe(
    pick['data-miles'],
  );
  await expect(page.getByTestId('total-max-speed')).toHaveAttribute('data-value', pick['data-max']!);
  await expect(page.getByTestId('total-speeding')).toHaveAttribute('data-value', pick['data-speeding']!);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`day=${last}&span=6m`));
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${from}:${last}:`));
  await expect(review).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('day-table')).toBeVisible();

  for (const name of ['review-six-months-lists.png', 'review-six-months-per-day.png', 'review-per-day-table.png'])
    if (process.env['REVIEW_DOCS_SHOTS']) copyFileSync(testInfo.outputPath(name), path.join(DOCS_SHOTS, name));
});
