// Over 300 lines: one benchmark of the review (choose, draw, playback, follow) and its bare-MapLibre baseline on one page setup.
/**
 * Trip review figures: `npx tsx bench/review.ts` (also run by `npm run bench`).
 * Debian Chromium via playwright-core on the browser shell. The demo trucks
 * hold ~91k readings over six months; the review is measured on a denser one:
 * a demo truck's six months with a reading added halfway between each pair of
 * consecutive readings (same roads, time order kept, > 150k points), written
 * through the app's store worker on the app's own origin (store harness). Then:
 * time from choosing the vehicle-range to a drawn map and charts (the page's
 * own measurement, `data-render-ms`) for one day and for six months, playback
 * frames per second at 600x over six months, and renderer JS heap.
 * REVIEW_PROFILE=file.cpuprofile also records a CPU profile of the playback
 * seconds and prints the functions with the most self time; REVIEW_DAY_PROFILE=file
 * does the same for five more day selections. REVIEW_TRACE=prefix
 * traces one more day and six-month selection with Chrome's tracer (all
 * threads) into prefix.day.json / prefix.6m.json (bench/trace-summary.ts reads
 * them). REVIEW_SHOTS=dir saves screenshots of the six months and a day.
 * The page is composited in software (see the launch flags); REVIEW_GPU_COMPOSITING=1
 * composites it through SwiftShader instead, REVIEW_ARGS adds Chromium flags.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBenchShell } from './lib/bench-shell.ts';
import { chromium, type Page } from 'playwright-core';
import type { WireLocationRecord } from '../shared/api/wire.ts';
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import { openHarness } from '../test/e2e/harness/serve.ts';
import { dismissFirstRun, seedTruckByMonth } from './lib/demo-profile.ts';
import { report } from './lib/figures.ts';
import { bareDrawTimes, routeOf } from './lib/review-baseline.ts';
import { benchLaunch } from './lib/chromium.ts';

const NOW = '2026-11-20T15:00:00.000Z';
const bench = await startBenchShell('review', NOW);
const { url } = bench;
const world = createSimulatorWorld({ now: () => Date.parse(NOW) });

/** Readings closer than this are consecutive samples of one drive or stop (the app's default gap is 20 min). */
const DENSIFY_WITHIN_MS = 20 * 60_000;

/**
 * Adds a reading halfway (time and position) between consecutive readings of
 * the same stretch: a denser track along the same roads, still in time order.
 */
function densify(records: readonly WireLocationRecord[]): WireLocationRecord[] {
  const out: WireLocationRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    const a = records[i]!;
    out.push(a);
    const b = records[i + 1];
    if (!b || a.status === 'OFFLINE') continue;
    const ta = Date.parse(a.timestamp);
    const tb = Date.parse(b.timestamp);
    if (tb - ta > DENSIFY_WITHIN_MS || tb - ta < 2000) continue;
    const mid = (x: string, y: string, d: number) => ((Number(x) + Number(y)) / 2).toFixed(d);
    out.push({
      ...a,
      id: `${a.id.slice(0, -12)}${(i % 1e12).toString(16).padStart(12, '0')}`,
      timestamp: new Date(Math.round((ta + tb) / 2)).toISOString(),
      lat: mid(a.lat, b.lat, 6),
      lng: mid(a.lng, b.lng, 6),
    });
  }
  return out;
}

/** What printProfile reads of a CDP CPU profile. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions with the most self time in a CDP CPU profile. */
function printProfile(profile: CpuProfile): void {
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, k) => {
    const f = byId.get(id)?.callFrame;
    const name = f ? `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}` : '?';
    self.set(name, (self.get(name) ?? 0) + (dt[k] ?? 0) / 1000);
  });
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

async function attr(page: Page, testId: string, name: string): Promise<string | null> {
  return page.getByTestId(testId).getAttribute(name);
}

/** The page's own measurements of one selection, ms from choosing it: data read + analysed, route first drawn on the map, map (stops too) + charts drawn. */
interface Drawn {
  load: number;
  route: number;
  drawn: number;
  /** What the route first drawn came from: 'overviews' (stored, before the raw days were read) or 'readings'. */
  routeFrom: string;
  /** The selection shown before this one ([from, to] days): where the camera was. */
  away?: [string, string];
}
type Figure = 'load' | 'route' | 'drawn';

/** Waits until the page shows a selection other than `before`, loaded and drawn; returns the page's own measurements. */
async function drawnAfter(page: Page, before: string | null): Promise<Drawn> {
  // A page-side expression (this file is typed for Node, not the DOM).
  const res = await page
    .waitForFunction(
      `(() => { const el = document.querySelector('[data-testid=review-page]'); return el && el.dataset.key !== ${JSON.stringify(before)} && el.dataset.state === 'ready' && el.dataset.renderedKey === el.dataset.key && el.dataset.routeKey === el.dataset.key ? [el.dataset.loadMs, el.dataset.routeMs, el.dataset.renderMs, el.dataset.routeFrom] : null; })()`,
      null,
      { timeout: 60_000 },
    )
    .catch(async (err: unknown) => {
      const state = await page.evaluate(
        `JSON.stringify({ page: document.querySelector('[data-testid=review-page]')?.dataset, map: document.querySelector('[data-testid=review-map]')?.dataset, span: [...document.querySelectorAll('[role=radio]')].map((b) => b.getAttribute('aria-checked')).join() })`,
      );
      console.error(
        `review: state log: ${String(await page.evaluate('JSON.stringify(window.__reviewLog?.slice(-40))'))}`,
      );
      if (process.env['REVIEW_FAIL_SHOT']) await page.screenshot({ path: process.env['REVIEW_FAIL_SHOT'] });
      throw new Error(`not drawn after ${before}: ${String(state)}`, { cause: err });
    });
  const [load, route, drawn, routeFrom] = (await res.jsonValue()) as [string, string, string, string];
  return { load: Number(load), route: Number(route), drawn: Number(drawn), routeFrom };
}

/** Chooses a span (after switching away, so the measured selection is a fresh one) and returns the page's measurements for it. */
async function timeToDrawn(page: Page, span: 'day' | '6m'): Promise<Drawn> {
  const key = () => page.getByTestId('review-page').getAttribute('data-key');
  const away = await key();
  // Switch to a span that is neither the one shown nor the one to measure (clicking the shown one changes nothing, and the wait would time out).
  const other = (await page.getByTestId('review-span-week').getAttribute('aria-checked')) === 'true' ? 'month' : 'week';
  await page.getByTestId(`review-span-${other}`).click();
  await drawnAfter(page, away);
  const before = await key();
  await page.getByTestId(`review-span-${span}`).click();
  const drawn = await drawnAfter(page, before);
  return { ...drawn, away: (before ?? '').split(':').slice(1, 3) as [string, string] };
}

const browser = await chromium.launch(
  // The map's WebGL through SwiftShader; the page composited in software, as in bench/inbox.ts. With SwiftShader
  // compositing each change to the page costs the one GPU thread a 40-100 ms frame that the map's WebGL then waits
  // behind, a cost a GPU-composited desktop does not have and the bare map page (no other DOM) hardly pays.
  // Both pages run with the same flags. REVIEW_GPU_COMPOSITING=1 measures the other setup; REVIEW_ARGS adds flags.
  await benchLaunch([
    '--no-sandbox',
    '--use-gl=angle',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    ...(process.env['REVIEW_GPU_COMPOSITING'] === '1' ? [] : ['--disable-gpu-compositing']),
    ...(process.env['REVIEW_ARGS'] ?? '').split(' ').filter(Boolean),
  ]),
);
try {
  // The app's CSP forbids eval; the page-side measuring snippets are strings (this file is typed for Node), so CSP is bypassed for the bench only.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`page console: ${m.text().slice(0, 600)}`);
  });
  page.on('pageerror', (e) => console.error(`page error: ${String(e).slice(0, 400)}`));
  await page.goto(url);
  await dismissFirstRun(page);
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
  const dense = densify(truth);
  // Written through the store worker on the app's origin (same IndexedDB), a month at a time to keep each message small.
  const writer = await context.newPage();
  await openHarness(writer, new URL(url).origin);
  const written = await seedTruckByMonth(writer, dense, carrierId, vehicleId);
  await writer.close();
  console.log(
    `review: seeded ${written.toLocaleString('en-US')} readings (demo truck ${truth.length.toLocaleString('en-US')}, densified) for ${vehicleId}`,
  );
  await page.reload();
  await page.waitForSelector('[data-testid=app-root][data-ready=true]');

  // On failure the bench prints how the selection and map state moved (a page-side log of attribute changes).
  await page.evaluate(
    `(() => { window.__reviewLog = []; const t0 = performance.now(); const q = (s) => document.querySelector(s); window.__reviewObs = new MutationObserver(() => { const p = q('[data-testid=review-page]'); const e = [Math.round(performance.now() - t0), p?.dataset.key?.split(':').slice(1, 3).join('/'), p?.dataset.state, q('[data-testid=review-map]')?.dataset.mapReady, [...document.querySelectorAll('[role=radio]')].map((b) => b.getAttribute('aria-checked')?.[0]).join('')].join(' '); if (window.__reviewLog.at(-1)?.slice(e.indexOf(' ')) !== e.slice(e.indexOf(' '))) window.__reviewLog.push(e); }).observe(document.body, { attributes: true, subtree: true, childList: true }); })()`,
  );
  await page.getByTestId('nav-review').click();
  await page.waitForSelector('[data-testid=review-page][data-state=ready]', { timeout: 60_000 });
  const day: Drawn[] = [];
  const six: Drawn[] = [];
  const selected = { day: '', six: '' };
  const selection = async () =>
    ((await page.getByTestId('review-page').getAttribute('data-key')) ?? '').split(':').slice(1, 3) as [string, string];
  // The map's size as each span shows it: a span of several days has its per-day table below the map, which then gives up height.
  const mapSize = async () => {
    const box = await page.getByTestId('review-map').boundingBox();
    return { width: Math.round(box?.width ?? 800), height: Math.round(box?.height ?? 600) };
  };
  const sizes = { day: { width: 0, height: 0 }, six: { width: 0, height: 0 } };
  for (let i = 0; i < 5; i++) {
    day.push(await timeToDrawn(page, 'day'));
    selected.day = (await selection()).join(':');
    sizes.day = await mapSize();
    six.push(await timeToDrawn(page, '6m'));
    selected.six = (await selection()).join(':');
    sizes.six = await mapSize();
  }
  const traceFile = process.env['REVIEW_TRACE'];
  if (traceFile) {
    // One more of each span under Chrome's tracer (every thread: main, workers, GPU), summarised by scripts/trace-summary.ts.
    for (const span of ['day', '6m'] as const) {
      const away = await page.getByTestId('review-page').getAttribute('data-key');
      await page.getByTestId(`review-span-${span === 'day' ? 'week' : 'month'}`).click();
      await drawnAfter(page, away);
      const before = await page.getByTestId('review-page').getAttribute('data-key');
      await browser.startTracing(page, {
        path: `${traceFile}.${span}.json`,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'gpu',
        ],
      });
      await page.getByTestId(`review-span-${span}`).click();
      console.log(`review: traced ${span}: ${JSON.stringify(await drawnAfter(page, before))}`);
      await browser.stopTracing();
    }
  }
  const dayProfile = process.env['REVIEW_DAY_PROFILE'];
  if (dayProfile) {
    // Five more day selections under the CPU profiler (page main thread), printed like REVIEW_PROFILE's.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    for (let i = 0; i < 5; i++) await timeToDrawn(page, 'day');
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(dayProfile, JSON.stringify(profile));
    console.log(`review: CPU profile of 5 day selections (each after a week or month one) in ${dayProfile}:`);
    printProfile(profile);
    // Playback and the heap figure below are of the six months.
    await timeToDrawn(page, '6m');
  }
  const points = Number(await page.getByTestId('total-points').getAttribute('data-value'));
  const shownKey = (await page.getByTestId('review-page').getAttribute('data-key')) ?? '';
  console.log(`review: measured selection ${shownKey.split(':').slice(1, 3).join(' to ')}`);

  // Not during playback: the log's observer would cost frames.
  await page.evaluate('window.__reviewObs?.disconnect()');
  await page.getByTestId('pb-rate').selectOption('600');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const profileFile = process.env['REVIEW_PROFILE'];
  if (profileFile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  /** Frames the page painted per second while playback ran for 4 s, and how much track time went by. */
  const playFor4s = async () => {
    await page.getByTestId('pb-play').click();
    const t0 = Number(await attr(page, 'now-panel', 'data-playback-time'));
    const f = (await page.evaluate(`new Promise((resolve) => {
      let frames = 0;
      const start = performance.now();
      const loop = (now) => { frames++; if (now - start < 4000) requestAnimationFrame(loop); else resolve({ frames, ms: now - start }); };
      requestAnimationFrame(loop);
    })`)) as { frames: number; ms: number };
    const t1 = Number(await attr(page, 'now-panel', 'data-playback-time'));
    await page.getByTestId('pb-play').click();
    return { fps: (f.frames * 1000) / f.ms, trackMin: (t1 - t0) / 60_000 };
  };
  const play = await playFor4s();
  if (profileFile) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    printProfile(profile);
  }
  // Following the vehicle moves the camera every frame: the whole map is redrawn each time, the heavier case.
  await page.getByTestId('pb-follow').check();
  const follow = await playFor4s();
  await page.getByTestId('pb-follow').uncheck();
  // Two more of each, alternating: following is judged against plain playback of the same run.
  const plays = [play.fps];
  const follows = [follow.fps];
  for (let i = 0; i < 2; i++) {
    plays.push((await playFor4s()).fps);
    await page.getByTestId('pb-follow').check();
    follows.push((await playFor4s()).fps);
    await page.getByTestId('pb-follow').uncheck();
  }
  const heapNow = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const heap = await heapNow();
  // What stays after a full collection is what the open review really holds; the figure before it depends on when V8 last collected.
  await cdp.send('HeapProfiler.collectGarbage');
  const retained = await heapNow();
  const shotDir = process.env['REVIEW_SHOTS'];
  if (shotDir) {
    mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: path.join(shotDir, 'review-six-months.png') });
    await timeToDrawn(page, 'day');
    await page.screenshot({ path: path.join(shotDir, 'review-day.png') });
    console.log(`review: screenshots in ${shotDir}`);
  }
  const med = (xs: Drawn[], k: Figure) => xs.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const all = (xs: Drawn[], k: Figure) => xs.map((x) => x[k].toFixed(0)).join(', ');
  console.log(`review: every run, drawn ms: day ${all(day, 'drawn')}; six months ${all(six, 'drawn')}`);
  console.log(
    `review: every run, route on the map ms: day ${all(day, 'route')}; six months ${all(six, 'route')} (from ${six.map((x) => x.routeFrom).join(', ')})`,
  );
  console.log(
    `review: one day, choose to drawn map + charts: ${med(day, 'drawn').toFixed(0)} ms (data read + analysed at ${med(day, 'load').toFixed(0)} ms; median of ${day.length}; target < 300 ms)`,
  );
  console.log(
    `review: six months (${points.toLocaleString('en-US')} points), choose to route drawn on the map: ${med(six, 'route').toFixed(0)} ms; map (stops too) + charts at ${med(six, 'drawn').toFixed(0)} ms (data at ${med(six, 'load').toFixed(0)} ms; median of ${six.length}; target < 1500 ms)`,
  );
  console.log(
    `review: playback at 600x over six months: ${play.fps.toFixed(1)} frames/s (target >= 30); played ${play.trackMin.toFixed(0)} min of track`,
  );
  console.log(
    `review: same with the camera following the vehicle: ${follow.fps.toFixed(1)} frames/s; played ${follow.trackMin.toFixed(0)} min of track`,
  );
  // Baselines: a bare MapLibre page drawing the same route GeoJSON over the same basemap, in a map of the size the span had.
  const bare = await context.newPage();
  const origin = new URL(url).origin;
  /** The bare page drawing a measured selection's route: moved there from the view before it, and added in place. */
  const bareRuns = async (runs: Drawn[], [from, to]: string[], size: { width: number; height: number }) => {
    const route = routeOf(dense, vehicleId, from!, to!);
    const [awayFrom, awayTo] = runs.at(-1)!.away!;
    const moved = await bareDrawTimes(bare, origin, size, route, 5, routeOf(dense, vehicleId, awayFrom, awayTo));
    const inPlace = await bareDrawTimes(bare, origin, size, route, 5);
    return { moved, inPlace };
  };
  console.log(
    `review: map size, one day ${sizes.day.width}×${sizes.day.height}, six months ${sizes.six.width}×${sizes.six.height} (the bare page takes each)`,
  );
  const bareDay = await bareRuns(day, selected.day.split(':'), sizes.day);
  const bareSix = await bareRuns(six, selected.six.split(':'), sizes.six);
  await bare.close();
  // The targets are against the bare page doing the review's work: the camera leaves the last selection's view for the route's.
  const bareBaselines = (b: { moved: number[]; inPlace: number[] }, target: string, what: string) => [
    {
      name: `bare MapLibre page drawing the same ${what} GeoJSON, moved there from the previous selection's view`,
      samples: b.moved,
      target,
    },
    { name: `bare MapLibre page adding the same ${what} GeoJSON to a map already at its view`, samples: b.inPlace },
  ];
  // A route is drawn before the charts (and a long one from the stored overviews before the raw days are read):
  // the moment it is on the map is the one a bare page's draw compares with.
  report({
    bench: 'review',
    name: 'one day, choose to route drawn on the map',
    unit: 'ms',
    samples: day.map((x) => x.route),
    baselines: bareBaselines(bareDay, '<= 1.3', 'route'),
  });
  report({
    bench: 'review',
    name: 'one day, choose to drawn map + charts',
    unit: 'ms',
    samples: day.map((x) => x.drawn),
    target: '<= 300',
  });
  report({
    bench: 'review',
    name: `six months (${points.toLocaleString('en-US')} points), choose to route drawn on the map`,
    unit: 'ms',
    samples: six.map((x) => x.route),
    target: '<= 1500',
    baselines: bareBaselines(bareSix, '<= 0.5', 'full route'),
  });
  report({
    bench: 'review',
    name: `six months (${points.toLocaleString('en-US')} points), choose to drawn map (stops too) + charts`,
    unit: 'ms',
    samples: six.map((x) => x.drawn),
    target: '<= 1500',
  });
  report({ bench: 'review', name: 'playback at 600x over six months', unit: 'fps', samples: plays, target: '>= 30' });
  report({
    bench: 'review',
    name: 'playback at 600x over six months, following the vehicle',
    unit: 'fps',
    samples: follows,
    target: '>= 30',
    baselines: [{ name: 'the same playback without following', samples: plays }],
  });
  console.log(
    `review: renderer JS heap after six months + playback: ${(retained / 1048576).toFixed(1)} MB retained after a full GC (${(heap / 1048576).toFixed(1)} MB before it)`,
  );
} finally {
  await browser.close();
  bench.stop();
}
