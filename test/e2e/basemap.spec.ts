import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { rasterArchive, RASTER_COLOR, vectorArchive } from '../support/pmtiles-fixtures.ts';
import { solidPng } from '../support/png-encode.ts';
import { expect, test, type WebShell } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY } from './harness/app.ts';
import { lastDrivingDay } from './review-truth.ts';
import { colourCensus } from './screen-pixels.ts';

/**
 * Colours as drawn, restated so a palette change is a deliberate test change:
 * route (renderer/src/map/theme.ts), built-in land (scripts/build-basemap.ts),
 * the vector overlay's water fill (renderer/src/map/pmtiles-source.ts).
 */
const ROUTE = ['#2f7fd8', '#14a05a', '#f0a000', '#e0115f'];
const LAND = '#f2efe9';
const WATER = '#c9dbe6';
/** The online style's raster tiles, served by the test's own loopback server. */
const ONLINE = '#d35400';
const COLOURS = { route: ROUTE, land: LAND, water: WATER, raster: RASTER_COLOR, online: ONLINE };

/** Downloads a week of one demo vehicle and opens its review on the built-in map, on a day it drove; returns that day. */
async function reviewWithData(page: Page, shell: WebShell): Promise<string> {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const day = lastDrivingDay(carrierId, vehicleIds[0]!, TODAY);
  await openReviewOf(page, day);
  return day;
}

/** Shares of the map's pixels per colour, from a screenshot of what is on screen (legend and picker hidden). */
async function mapShares(
  page: Page,
  name: string,
): Promise<Record<keyof typeof COLOURS, number> & { routePx: number }> {
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  const png = await page.getByTestId('review-map').screenshot({
    path: test.info().outputPath(`${name}.png`),
    style: '.review-legend, .review-basemap { visibility: hidden; }',
  });
  const { total, count } = colourCensus(png, COLOURS);
  const shares = Object.fromEntries(Object.entries(count).map(([k, v]) => [k, (v as number) / total])) as Record<
    keyof typeof COLOURS,
    number
  >;
  return { ...shares, routePx: count.route };
}

async function openPicker(page: Page): Promise<void> {
  await page.getByTestId('review-basemap-toggle').click();
  await expect(page.getByTestId('basemap-picker')).toBeVisible();
}

/**
 * Picks a .pmtiles file in the open picker and waits until the choice is applied: the picker closes only
 * then (after the file is copied into app storage), so later waits on the map's state see the new basemap's.
 */
async function chooseFile(page: Page, file: string): Promise<void> {
  await page.getByTestId('basemap-pmtiles-file').setInputFiles(file);
  await expect(page.getByTestId('basemap-picker')).toHaveCount(0);
}

async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
}

test('a local .pmtiles file (vector or raster) draws under the route, survives a reload, and a corrupt one falls back to the built-in map', async ({
  page,
  shell,
}, testInfo) => {
  const vector = testInfo.outputPath('streets.pmtiles');
  const raster = testInfo.outputPath('shaded.pmtiles');
  const corrupt = testInfo.outputPath('broken.pmtiles');
  writeFileSync(vector, vectorArchive());
  writeFileSync(raster, rasterArchive());
  // A plausible start (the magic) and then noise: it must be refused, not half-drawn.
  writeFileSync(corrupt, Buffer.concat([Buffer.from('PMTiles'), randomBytes(4096)]));

  const day = await reviewWithData(page, shell);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-basemap', 'builtin');
  const builtin = await mapShares(page, 'builtin');
  expect(builtin.land).toBeGreaterThan(0.3);
  expect(builtin.water).toBeLessThan(0.2);
  expect(builtin.routePx).toBeGreaterThan(50);

  await openPicker(page);
  await chooseFile(page, vector);
  await expect(map).toHaveAttribute('data-basemap', 'pmtiles');
  const streets = await mapShares(page, 'pmtiles-vector');
  // Every generated tile is under water: the overlay's fill replaces the land; the route stays on top.
  expect(streets.water).toBeGreaterThan(0.5);
  expect(streets.land).toBeLessThan(builtin.land / 3);
  expect(streets.routePx).toBeGreaterThan(50);
  await expect(page.getByTestId('map-basemap-note')).toHaveCount(0);

  // The copy in the origin's private storage is what a reload (or restart) opens.
  await reloadApp(page);
  await openReviewOf(page, day);
  await expect(map).toHaveAttribute('data-basemap', 'pmtiles');
  expect((await mapShares(page, 'pmtiles-after-reload')).water).toBeGreaterThan(0.5);

  await openPicker(page);
  await chooseFile(page, raster);
  await expect(map).toHaveAttribute('data-basemap', 'pmtiles');
  const shaded = await mapShares(page, 'pmtiles-raster');
  expect(shaded.raster).toBeGreaterThan(0.5);
  expect(shaded.routePx).toBeGreaterThan(50);

  await openPicker(page);
  await chooseFile(page, corrupt);
  await expect(map).toHaveAttribute('data-basemap', 'builtin');
  await expect(page.getByTestId('map-basemap-note')).toContainText('"broken.pmtiles" could not be opened');
  const fallback = await mapShares(page, 'pmtiles-corrupt');
  expect(fallback.land).toBeGreaterThan(0.3);
  expect(fallback.raster).toBeLessThan(0.01);
  expect(fallback.routePx).toBeGreaterThan(50);
});

/** A second loopback server: a style whose raster source is a TileJSON, and solid-colour tiles. CORS open, as tile hosts are. */
async function startTileServer(): Promise<{ origin: string; hits: string[]; stop: () => Promise<void> }> {
  const hits: string[] = [];
  const png = solidPng(ONLINE);
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    hits.push(url);
    const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };
    if (url === '/style.json') {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      return res.end(
        JSON.stringify({
          version: 8,
          sources: { shade: { type: 'raster', url: `${origin}/tiles.json`, tileSize: 256 } },
          layers: [{ id: 'shade', type: 'raster', source: 'shade' }],
        }),
      );
    }
    if (url === '/tiles.json') {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      return res.end(
        JSON.stringify({ tilejson: '3.0.0', tiles: [`${origin}/tiles/{z}/{x}/{y}.png`], minzoom: 0, maxzoom: 12 }),
      );
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url)) {
      res.writeHead(200, { ...headers, 'Content-Type': 'image/png' });
      return res.end(png);
    }
    return res.writeHead(404, headers).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const connectSrc = async (page: Page, shell: WebShell): Promise<string> => {
  const res = await page.request.get(`${shell.origin}/`);
  return (res.headers()['content-security-policy'] ?? '').split('; ').find((d) => d.startsWith('connect-src ')) ?? '';
};

test('an online style loads only after the opt-in, which allows exactly its servers; unreachable or turned off, the built-in map is back', async ({
  page,
  shell,
}) => {
  const tiles = await startTileServer();
  try {
    const day = await reviewWithData(page, shell);
    const map = page.getByTestId('map');

    // Without the opt-in the CSP stands: the page cannot reach the tile server, and nothing arrives there.
    expect(await connectSrc(page, shell)).toBe("connect-src 'self'");
    const attempt = await page.evaluate(
      async (u) =>
        fetch(u).then(
          () => 'fetched',
          (e: unknown) => String(e),
        ),
      `${tiles.origin}/style.json`,
    );
    expect(attempt).not.toBe('fetched');
    expect(tiles.hits).toEqual([]);

    await openPicker(page);
    await page.getByTestId('basemap-online-url').fill('http://example.com/style.json');
    await expect(page.getByTestId('basemap-online-use')).toBeDisabled();
    await page.getByTestId('basemap-online-url').fill(`${tiles.origin}/style.json`);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('basemap-online-use').click()]);
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
    // The backend read the style and its TileJSON to learn the servers; the CSP now names exactly that one.
    expect(tiles.hits.slice(0, 2)).toEqual(['/style.json', '/tiles.json']);
    expect(await connectSrc(page, shell)).toBe(`connect-src 'self' ${tiles.origin}`);

    await openReviewOf(page, day);
    await expect(map).toHaveAttribute('data-basemap', 'online');
    const online = await mapShares(page, 'online');
    expect(online.online).toBeGreaterThan(0.5);
    expect(online.routePx).toBeGreaterThan(50);
    expect(tiles.hits.some((h) => h.startsWith('/tiles/'))).toBe(true);

    // The server goes away: the next load falls back to the built-in map, says so, and the route is still drawn.
    await tiles.stop();
    await reloadApp(page);
    await openReviewOf(page, day);
    await expect(map).toHaveAttribute('data-basemap', 'builtin');
    await expect(page.getByTestId('map-basemap-note')).toContainText('online basemap could not be loaded');
    const down = await mapShares(page, 'online-unreachable');
    expect(down.land).toBeGreaterThan(0.3);
    expect(down.routePx).toBeGreaterThan(50);

    // Turning the online style off takes its server out of the CSP again.
    await openPicker(page);
    await page.getByTestId('basemap-builtin').click();
    await expect(map).toHaveAttribute('data-basemap', 'builtin');
    await expect(page.getByTestId('map-basemap-note')).toHaveCount(0);
    await expect.poll(() => connectSrc(page, shell)).toBe("connect-src 'self'");
  } finally {
    await tiles.stop();
  }
});
