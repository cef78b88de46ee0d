import type { Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, startJob } from './harness/app.ts';
import { decodePng } from './screen-pixels.ts';

/** Route colours as drawn (renderer/src/map/theme.ts), restated so a palette change is a deliberate test change. */
const ROUTE_COLORS = ['#2f7fd8', '#14a05a', '#f0a000', '#e0115f'];
/** A pixel differs when a channel moves by more than this (anti-aliasing of the same line moves a few units). */
const CHANNEL_TOLERANCE = 48;
/** At most this share of the map's pixels may differ between the overview and the full line. */
const MAX_DIFFERING_SHARE = 0.002;

async function mapShot(page: Page, file?: string): Promise<ReturnType<typeof decodePng>> {
  return decodePng(
    await page
      .getByTestId('review-map')
      .screenshot({ path: file, style: '.review-legend, .review-basemap { visibility: hidden; }' }),
  );
}

const ROUTE_RGB = ROUTE_COLORS.map((h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16)));

/** A pixel in a route colour (a few units off for anti-aliasing). */
const isRoutePixel = (px: Uint8Array, i: number) =>
  ROUTE_RGB.some(([r, g, b]) => Math.abs(px[i]! - r!) + Math.abs(px[i + 1]! - g!) + Math.abs(px[i + 2]! - b!) <= 24);

function routePixels({ px }: ReturnType<typeof decodePng>): number {
  let n = 0;
  for (let i = 0; i < px.length; i += 4) if (isRoutePixel(px, i)) n++;
  return n;
}

function differingShare(a: ReturnType<typeof decodePng>, b: ReturnType<typeof decodePng>): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let n = 0;
  for (let i = 0; i < a.px.length; i += 4) {
    const d = Math.max(
      Math.abs(a.px[i]! - b.px[i]!),
      Math.abs(a.px[i + 1]! - b.px[i + 1]!),
      Math.abs(a.px[i + 2]! - b.px[i + 2]!),
    );
    if (d > CHANNEL_TOLERANCE) n++;
  }
  return n / (a.width * a.height);
}

/**
 * The pixel of the route (map coordinates) nearest the middle of the map, away from its edges and controls:
 * where to zoom in next so the route stays in view (a zoom keeps the clicked point where it is; asked anew
 * before each click, as one pixel off the line at a country's zoom is far off it nine zooms later).
 */
function pointOnRoute(shot: ReturnType<typeof decodePng>): { x: number; y: number } {
  const [cx, cy] = [shot.width / 2, shot.height / 2];
  let best: { x: number; y: number; d: number } | null = null;
  for (let y = Math.round(shot.height * 0.2); y < shot.height * 0.8; y++)
    for (let x = Math.round(shot.width * 0.15); x < shot.width * 0.8; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if ((!best || d < best.d) && isRoutePixel(shot.px, (y * shot.width + x) * 4)) best = { x, y, d };
    }
  expect(best, 'a route pixel in the middle of the map').not.toBeNull();
  return { x: best!.x, y: best!.y };
}

/**
 * Zooms in by one level around `at` (a double click, which keeps that point
 * where it is), then waits until the map stands still: two consecutive
 * screenshots equal (the zoom animates).
 */
async function zoomIn(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.getByTestId('review-map').locator('canvas').dblclick({ position: at });
  let prev: Buffer | null = null;
  await expect
    .poll(
      async () => {
        const shot = await page.getByTestId('review-map').screenshot();
        const same = prev !== null && shot.equals(prev);
        prev = shot;
        return same;
      },
      { intervals: [150, 300, 500], timeout: 30_000 },
    )
    .toBe(true);
}

/** The shown selection drawn: returns its key. */
async function drawn(page: Page, key?: string): Promise<string> {
  const review = page.getByTestId('review-page');
  if (key) await expect(review).toHaveAttribute('data-key', key);
  await expect(review).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
  const k = (await review.getAttribute('data-key'))!;
  await expect(review).toHaveAttribute('data-rendered-key', k, { timeout: 60_000 });
  return k;
}

/** Rows of a store of the app's database, read (and with `clear` emptied) with plain IndexedDB, no app code. A page-side string: this file is typed for Node. */
async function storeRows(page: Page, store: string, clear = false): Promise<{ day: string; rule?: number }[]> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const req = indexedDB.open('routelens');
    req.onerror = () => reject(new Error(String(req.error)));
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(${JSON.stringify(store)}, ${clear ? "'readwrite'" : "'readonly'"});
      const os = tx.objectStore(${JSON.stringify(store)});
      const all = os.getAll();
      all.onsuccess = () => {
        const rows = all.result.map((r) => (r.overview ? { day: r.day, rule: r.overview.rule } : { day: r.day }));
        if (${clear}) os.clear();
        tx.oncomplete = () => { db.close(); resolve(rows); };
      };
    };
  })`)) as { day: string; rule?: number }[];
}

test('six months drawn from the day overviews look like the full line at the overview zoom; days stored without overviews get them on first read', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(300_000);
  await openDownloads(page, shell);
  await startJob(page, 1, '6m');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const chunkDays = (await storeRows(page, 'dayChunks')).map((r) => r.day).sort();
  expect(chunkDays.length).toBeGreaterThan(150);
  // Ingest stored an overview with every day; removing them leaves the data as a database from before schema version 5 holds it.
  expect((await storeRows(page, 'dayOverviews', true)).map((r) => r.day).sort()).toEqual(chunkDays);
  expect(await storeRows(page, 'dayOverviews')).toEqual([]);

  await page.getByTestId('nav-review').click();
  const dayKey = await drawn(page);
  await page.getByTestId('review-span-6m').click();
  // The day's selection stays ready until the six months' load starts: its key must go first.
  await expect(page.getByTestId('review-page')).not.toHaveAttribute('data-key', dayKey);
  const key = await drawn(page);
  expect(key).toMatch(/:\d{4}-\d\d-\d\d:\d{4}-\d\d-\d\d:/);
  const mapEl = page.getByTestId('review-map').locator('[data-route-view]');
  await expect(mapEl).toHaveAttribute('data-route-view', 'level 0');
  // No stored overviews to draw before the raw days are read: the route came from the readings.
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-route-key', key);
  await expect(review).toHaveAttribute('data-route-from', 'readings');
  const lazy = await mapShot(page, testInfo.outputPath('six-months-overview-built-on-read.png'));
  // Built on read and written back for every UTC day wholly inside the selection: surely the days strictly between its first
  // and last local day, whatever the carrier's zone; at most the days touching it.
  const [from, to] = key.split(':').slice(1, 3) as [string, string];
  const inner = chunkDays.filter((d) => d > from && d < to);
  expect(inner.length).toBeGreaterThan(150);
  await expect
    .poll(async () => (await storeRows(page, 'dayOverviews')).map((r) => r.day), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(inner));
  for (const r of await storeRows(page, 'dayOverviews')) {
    expect(r.day >= addDays(from, -1) && r.day <= addDays(to, 1), r.day).toBe(true);
    expect(chunkDays).toContain(r.day);
    expect(r.rule).toBe(1);
  }

  // The same selection (kept in the address), from the stored overviews; then zoomed in past the finest level (11) with the
  // map's double-click zoom on a point of the route: full detail of the days in view, the finest level elsewhere.
  await page.reload();
  await drawn(page, key);
  await expect(mapEl).toHaveAttribute('data-route-view', 'level 0');
  // Stored overviews are drawn as soon as they are read, usually before the raw days are (the two reads race).
  await expect(review).toHaveAttribute('data-route-key', key);
  const storedRouteFrom = await review.getAttribute('data-route-from');
  expect(['overviews', 'readings']).toContain(storedRouteFrom);
  const fromStore = await mapShot(page, testInfo.outputPath('six-months-overview-stored.png'));
  // Each click's point, replayed on the full line below: the same clicks from the same camera give the same view.
  const clicks: { x: number; y: number }[] = [];
  while (!/^detail /.test((await mapEl.getAttribute('data-route-view')) ?? '')) {
    expect(clicks.length, 'zoom clicks to pass zoom 11').toBeLessThan(14);
    const at = pointOnRoute(clicks.length === 0 ? fromStore : await mapShot(page));
    await zoomIn(page, at);
    clicks.push(at);
  }
  const storedZoomed = await mapShot(page, testInfo.outputPath('six-months-detail-zoomed.png'));

  // And with the full line forced, at the overview zoom and zoomed in the same way.
  await page.evaluate(() => localStorage.setItem('routelens.routeDetail', 'full'));
  await page.reload();
  await drawn(page, key);
  await expect(mapEl).toHaveAttribute('data-route-view', '');
  const full = await mapShot(page, testInfo.outputPath('six-months-full-line.png'));
  for (const at of clicks) await zoomIn(page, at);
  const fullZoomed = await mapShot(page, testInfo.outputPath('six-months-full-line-zoomed.png'));

  const routePx = { overviewZoom: routePixels(full), zoomed: routePixels(fullZoomed) };
  expect(routePx.overviewZoom, 'route pixels of the full line').toBeGreaterThan(2000);
  expect(routePx.zoomed, 'route pixels of the full line zoomed in').toBeGreaterThan(500);
  const shares = {
    lazy: differingShare(lazy, full),
    stored: differingShare(fromStore, full),
    zoomed: differingShare(storedZoomed, fullZoomed),
  };
  testInfo.annotations.push({
    type: 'pixels',
    description: `route px ${JSON.stringify(routePx)} of ${full.width * full.height}; ${clicks.length} zoom clicks; differing share ${JSON.stringify(shares)}; stored route first drawn from ${storedRouteFrom}`,
  });
  console.log(`review-overview: ${testInfo.annotations.at(-1)!.description}`);
  expect(shares.lazy).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
  expect(shares.stored).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
  expect(shares.zoomed).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
});
