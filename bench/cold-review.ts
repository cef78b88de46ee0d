/**
 * The first Trip review after the app starts: `npx tsx bench/cold-review.ts` (not in `npm run bench`: a
 * diagnostic of the cold path). Six months of a demo truck are written through the store harness, then
 * COLD_RUNS times (5) for a day and for six months: the page is reloaded (a fresh renderer: workers, Dexie, road limits and map all started again), Trip
 * review is clicked, and the time from the click to the route first drawn, to the selection loaded and to map
 * and charts drawn is taken page-side (the page's own figures start when the load starts, after what it waits
 * for, so they would miss the cold path's waits). COLD_TRACE=file traces the last run with Chrome's tracer.
 */
import { startBenchShell } from './lib/bench-shell.ts';
import { chromium, type Page } from 'playwright-core';
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import { inHarness, openHarness } from '../test/e2e/harness/serve.ts';
import { statsOf } from './lib/figures.ts';

const NOW = '2026-11-20T15:00:00.000Z';
const RUNS = Number(process.env['COLD_RUNS'] ?? 5);
const bench = await startBenchShell('cold-review', NOW);
const world = createSimulatorWorld({ now: () => Date.parse(NOW) });

/** ms from the click (window.__coldT0) until the review page shows each stage of its selection; page-side, polled per frame. */
async function stages(page: Page): Promise<{ route: number; load: number; drawn: number }> {
  const at = async (cond: string) =>
    Number(
      await (
        await page.waitForFunction(
          `(() => { const el = document.querySelector('[data-testid=review-page]'); return el && ${cond} ? performance.now() - window.__coldT0 : null; })()`,
          null,
          { polling: 'raf', timeout: 120_000 },
        )
      ).jsonValue(),
    );
  const route = await at(`el.dataset.routeKey`);
  const load = await at(`el.dataset.state === 'ready'`);
  const drawn = await at(`el.dataset.state === 'ready' && el.dataset.renderedKey === el.dataset.key`);
  return { route, load, drawn };
}

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
    '--disable-gpu-compositing',
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${String(e).slice(0, 400)}`));
  await page.goto(bench.url);
  await page.waitForSelector('[data-testid=app-root][data-ready=true]');
  const explore = page.getByTestId('explore-demo');
  if (await explore.isVisible()) {
    await explore.click();
    await page.waitForSelector('[data-testid=first-run]', { state: 'detached' });
  }
  await page.getByTestId('nav-downloads').click();
  await page.waitForSelector('[data-testid=downloads-page]');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  const vehicleId = (await page.locator('input[data-vehicle-id]').first().getAttribute('data-vehicle-id')) ?? '';
  const truth = world.truth.history(
    carrierId.replace(/^demo-/, ''),
    vehicleId,
    world.truth.windowStart(),
    world.truth.today(),
  );
  const writer = await context.newPage();
  await openHarness(writer, new URL(bench.url).origin);
  for (let k = 0; k < truth.length;) {
    const month = truth[k]!.timestamp.slice(0, 7);
    let end = k;
    while (end < truth.length && truth[end]!.timestamp.slice(0, 7) === month) end++;
    await inHarness(writer, (h, a) => h.benchWrite(a.records, a.carrierId, a.vehicleId), {
      records: truth.slice(k, end),
      carrierId,
      vehicleId,
    });
    k = end;
  }
  await writer.close();
  // The first open shows the vehicle's last day; a longer span is chosen once, so later opens show six months.
  const runs: { route: number; load: number; drawn: number }[] = [];
  for (const span of ['day', '6m'] as const) {
    await page.reload();
    await page.waitForSelector('[data-testid=app-root][data-ready=true]');
    await page.getByTestId('nav-review').click();
    await page.waitForSelector('[data-testid=review-page][data-state=ready]', { timeout: 120_000 });
    await page.getByTestId(`review-span-${span}`).click();
    await page.waitForSelector('[data-testid=review-page][data-state=ready]', { timeout: 120_000 });
    for (let i = 0; i < RUNS; i++) {
      await page.reload();
      await page.waitForSelector('[data-testid=app-root][data-ready=true]');
      const trace = process.env['COLD_TRACE'];
      if (trace && i === RUNS - 1)
        await browser.startTracing(page, {
          path: `${trace}.${span}.json`,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
        });
      await page.evaluate('window.__coldT0 = performance.now()');
      await page.getByTestId('nav-review').click();
      runs.push(await stages(page));
      if (trace && i === RUNS - 1) await browser.stopTracing();
    }
    const mine = runs.splice(0);
    for (const figure of ['route', 'load', 'drawn'] as const) {
      const s = statsOf(mine.map((r) => r[figure]));
      console.log(
        `cold review ${span}: click -> ${figure}: median ${s.median.toFixed(0)} ms (${s.min.toFixed(0)}-${s.max.toFixed(0)})`,
      );
    }
  }
} finally {
  await browser.close();
  bench.stop();
}
