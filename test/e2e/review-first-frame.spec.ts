import { expect, test } from './fixtures.ts';
import { downloadWeekOfOneTruck } from './harness/app.ts';

/**
 * Issue 35 (the first Trip review after start): the review's map is made for the selection it first shows, at
 * the size it keeps, and opens on it, so its first frames and basemap tiles are of the route, not of the
 * continental US drawn first and then left (each frame costs hundreds of ms on a software-rendered GPU). The
 * map's own log of frames (renderer/src/map/map-counters.ts, on when `window.__routelensMapLog` is an array)
 * gives each frame's zoom.
 */
test('the first Trip review after a start draws its first map frame at the route, not at the whole country, and the route with the basemap', async ({
  page,
  shell,
}) => {
  await downloadWeekOfOneTruck(page, shell);
  await page.addInitScript('window.__routelensMapLog = []');
  await page.reload();
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const key = (await review.getAttribute('data-key'))!;
  await expect(review).toHaveAttribute('data-rendered-key', key, { timeout: 60_000 });
  const log = (await page.evaluate('window.__routelensMapLog')) as string[];
  const zooms = log
    .map((line) => /frame z(-?[\d.]+)/.exec(line)?.[1])
    .filter((z): z is string => z !== undefined)
    .map(Number);
  expect(zooms.length).toBeGreaterThan(0);
  const fitted = zooms.at(-1)!;
  // A truck's day fits far closer than the country (zoom ~3 at this size; the demo truck's day ~6).
  expect(fitted).toBeGreaterThan(5);
  expect(Math.abs(zooms[0]! - fitted), `zooms of the frames drawn: ${zooms.join(' ')}`).toBeLessThan(1);
  // Nor is it resized as the page fills in around it (totals, playback bar, notes): a resize redraws and refits.
  const resizes = log.filter((l) => l.endsWith(' resize'));
  expect(resizes, 'map resizes while the first selection filled in').toEqual([]);
  // The route is on the map while the basemap's first tiles still load: its layers are added once the style is,
  // not after MapLibre's `load` (every tile of the first view drawn, a second and ten frames here).
  const routeAt = log.findIndex((l) => / data rl-route/.test(l));
  const loadAt = log.findIndex((l) => l.endsWith(' load'));
  expect(loadAt, log.join('\n')).toBeGreaterThanOrEqual(0);
  expect(routeAt, log.join('\n')).toBeGreaterThanOrEqual(0);
  expect(routeAt, log.join('\n')).toBeLessThan(loadAt);
});
