// Over 300 lines: one benchmark whole (seeding the profile, the cold walks, the trace and map-log diagnostics, the report).
/**
 * Interaction latency as a person feels it (issue 35): `npx tsx bench/interaction.ts` (also run by `npm run
 * bench`). The built app on the browser shell in Debian Chromium at 1400×900. One profile is seeded once
 * through the store harness on the app's origin: six months of a demo truck (the simulator's readings), 30
 * days of the generated fleet (test/support/fleet-templates.ts) for the 60-truck carrier, and 30 days of a
 * few trucks for the other (with the six-month truck's carrier, what Compare of three carriers needs), and each
 * carrier's vehicle roster (as a download stores it). Then each run starts cold: a new
 * browser on the same user-data-dir, so nothing is in the page's memory, and walks the steps of
 * test/e2e/harness/interaction-steps.ts, timing each from its input event to the frame it settles at, with
 * the page's own clock (bench/lib/step-clock.ts). Runs: INTERACTION_RUNS (default 5) on a quiet machine
 * and as many under a steady load that keeps one core busy (bench/lib/cpu-load.ts);
 * INTERACTION_LOAD=quiet|loaded|both (default both). Per step: median and range, the target, and
 * the loaded/quiet ratio (target <= 2).
 * Diagnostics: INTERACTION_UNTIL=<text> stops each walk after the first step whose name holds that text (e.g.
 * "playback" for the Trip review steps only); INTERACTION_ONLY=compare,list walks the start and only the steps
 * of those targets; INTERACTION_PROFILE=<dir> writes a main-thread CPU profile (CDP Profiler, .cpuprofile) of
 * each step there, run and step numbered; INTERACTION_TRACE=prefix traces the first run's steps named by
 * INTERACTION_TRACE_STEPS (1-based numbers, default "1,8": the app's start and the per-day table's day) with
 * Chrome's tracer, every thread, into prefix.step<n>.json (bench/trace-summary.ts); INTERACTION_MAPLOG=1 logs
 * what each step's map frames followed and the page's element counts; INTERACTION_GPU_COMPOSITING=1 composites
 * the page in the GPU process (SwiftShader) instead of in software. Each Trip review step that changes the
 * selection is printed beside its map floor (bench/lib/interaction-floor.ts; INTERACTION_FLOOR=0 leaves it out).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import type { WireLocationRecord } from '../shared/api/wire.ts';
import { addDays } from '../shared/util/day.ts';
import {
  INTERACTION_STEPS,
  LOADED_RATIO_TARGET,
  SNAPSHOT,
  TARGETS,
  waitSettled,
  type StepContext,
} from '../test/e2e/harness/interaction-steps.ts';
import { inHarness, openHarness } from '../test/e2e/harness/serve.ts';
import { startBenchShell } from './lib/bench-shell.ts';
import { dismissFirstRun, seedTruckByMonth } from './lib/demo-profile.ts';
import { benchLaunch } from './lib/chromium.ts';
import { startCpuLoad } from './lib/cpu-load.ts';
import { measureFloors, REVIEW_VIEW, type ReviewView } from './lib/interaction-floor.ts';
import { report } from './lib/figures.ts';
import { armStart, armStep } from './lib/step-clock.ts';

const NOW = '2026-11-20T15:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const DAYS = 30;
/** The fleet's 30 UTC days, ending yesterday: inside Compare's "Last 30 days" and the inbox's range. */
const FROM = addDays(TODAY, -DAYS);
const TO = addDays(TODAY, -1);
/** The 60-truck carrier's roster size (the simulator's great-lakes), and trucks seeded for the two others. */
const FLEET_TRUCKS = 60;
const OTHER_TRUCKS = 8;
const STEP_TIMEOUT_MS = 120_000;
/** The background load ends by itself after this, whatever happens to the bench. */
const LOAD_MAX_MS = 30 * 60_000;

const runsText = process.env['INTERACTION_RUNS'] ?? '5';
const RUNS = Number(runsText);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 50)
  throw new Error(`INTERACTION_RUNS must be a whole number from 1 to 50, not "${runsText}"`);
const LOAD = process.env['INTERACTION_LOAD'] ?? 'both';
if (!['quiet', 'loaded', 'both'].includes(LOAD))
  throw new Error(`INTERACTION_LOAD must be quiet, loaded or both, not "${LOAD}"`);
const UNTIL = process.env['INTERACTION_UNTIL'];
const untilAt = UNTIL ? INTERACTION_STEPS.findIndex((s) => s.name.includes(UNTIL)) : INTERACTION_STEPS.length - 1;
if (untilAt < 0) throw new Error(`INTERACTION_UNTIL "${UNTIL}" names no step`);
const PROFILE_DIR = process.env['INTERACTION_PROFILE'];
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const TRACE = process.env['INTERACTION_TRACE'];
const TRACED = new Set((process.env['INTERACTION_TRACE_STEPS'] ?? '1,8').split(',').map(Number));
/**
 * INTERACTION_MAPLOG=1: print what each step's map frames followed (renderer/src/map/map-counters.ts's log),
 * and how many elements the page and its largest test-id'd parts hold after it (what a commit adds or removes).
 */
const MAPLOG = process.env['INTERACTION_MAPLOG'] === '1';
/**
 * INTERACTION_FLOOR=0 leaves out each Trip review step's floor (bench/lib/interaction-floor.ts: a bare MapLibre
 * page doing only the step's map work, 5 times, after the walks); it is measured by default.
 */
const FLOOR = process.env['INTERACTION_FLOOR'] !== '0';
const FLOOR_RUNS = 5;
const DOM_SIZES = `(() => {
  const parts = [...document.querySelectorAll('[data-testid]')].map((el) => [el.dataset.testid, el.getElementsByTagName('*').length]);
  const big = parts.filter(([, n]) => n >= 200).sort((a, b) => b[1] - a[1]).slice(0, 8);
  return document.getElementsByTagName('*').length + ' in all; ' + big.map(([k, n]) => k + ' ' + n).join(', ');
})()`;
const modes = (LOAD === 'both' ? ['quiet', 'loaded'] : [LOAD]) as ('quiet' | 'loaded')[];
/**
 * INTERACTION_ONLY=compare,list (targets of interaction-steps.ts TARGETS): walk the app's start and only the
 * steps of those targets, for working on one step; a step then follows others than in the full walk.
 */
const onlyText = process.env['INTERACTION_ONLY'] ?? '';
const ONLY = onlyText.split(',').filter(Boolean);
for (const t of ONLY)
  if (!(t in TARGETS)) throw new Error(`INTERACTION_ONLY: "${t}" is not one of ${Object.keys(TARGETS).join(', ')}`);
const STEPS = INTERACTION_STEPS.slice(0, untilAt + 1).filter(
  (step, i) => ONLY.length === 0 || i === 0 || (ONLY as readonly string[]).includes(step.target),
);

const LAUNCH = {
  // As bench/review.ts: the map's WebGL through SwiftShader, the page composited in software; the browser's own
  // address-bar pages off, as Electron has none (bench/lib/chromium.ts).
  ...(await benchLaunch([
    '--no-sandbox',
    '--use-gl=angle',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    // INTERACTION_GPU_COMPOSITING=1 composites the page in the GPU process too (SwiftShader), as bench/review.ts can.
    ...(process.env['INTERACTION_GPU_COMPOSITING'] === '1' ? [] : ['--disable-gpu-compositing']),
    ...(process.env['INTERACTION_ARGS'] ?? '').split(' ').filter(Boolean),
  ])),
  viewport: { width: 1400, height: 900 },
  // The app's CSP forbids eval; the page-side clock is source text, so CSP is bypassed for the bench only.
  bypassCSP: true,
};

const t0 = Date.now();
const bench = await startBenchShell('interaction', NOW);
const profileDir = mkdtempSync(path.join(tmpdir(), 'routelens-bench-interaction-profile-'));
const world = createSimulatorWorld({ now: () => Date.parse(NOW) });

const open = (): Promise<BrowserContext> => chromium.launchPersistentContext(profileDir, LAUNCH);

function watch(page: Page): void {
  page.on('pageerror', (e) => console.error(`page error: ${String(e).slice(0, 400)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`page console: ${m.text().slice(0, 400)}`);
  });
}

/** The review truck's readings as seeded (the floors draw their routes). */
let truckRecords: readonly WireLocationRecord[] = [];
/** Each step's review view before and after it, from the first walk (the floors take these views). */
const stepViews: { before: ReviewView | null; after: ReviewView | null }[] = [];

/** Seeds the profile once and returns what the steps need to know of it. */
async function seed(): Promise<StepContext> {
  const context = await open();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    watch(page);
    await page.goto(bench.url);
    await dismissFirstRun(page);
    const carrierIds = await page
      .locator('[data-testid^=nav-fleet-]')
      .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace('nav-fleet-', '')));
    const sim = (id: string) => id.replace(/^demo-/, '');
    const sizes = carrierIds.map((id) => world.truth.vehicles(sim(id)).length);
    const fleetAt = sizes.indexOf(FLEET_TRUCKS);
    if (carrierIds.length !== 3 || fleetAt < 0)
      throw new Error(
        `expected 3 demo carriers, one of ${FLEET_TRUCKS} trucks: ${carrierIds.join(', ')} (${sizes.join(', ')})`,
      );
    if (fleetAt === 0) throw new Error('the review truck needs the first carrier, not the 60-truck one');
    const reviewCarrier = carrierIds[0]!;
    const vehicleId = world.truth.vehicles(sim(reviewCarrier))[0]!.vehicle_id;
    const records = world.truth.history(sim(reviewCarrier), vehicleId, world.truth.windowStart(), world.truth.today());
    truckRecords = records;
    const harness = await context.newPage();
    await openHarness(harness, new URL(bench.url).origin);
    await seedTruckByMonth(harness, records, reviewCarrier, vehicleId);
    for (const [c, carrierId] of carrierIds.entries()) {
      // The review truck's carrier holds it alone: Trip review opens on it at start (the first carrier's first truck).
      if (carrierId === reviewCarrier) continue;
      const vehicles = c === fleetAt ? FLEET_TRUCKS : OTHER_TRUCKS;
      const s = await inHarness(harness, (h, a) => h.benchSeedFleet(a), {
        carrierId,
        carrier: c,
        first: 0,
        vehicles,
        from: FROM,
        days: DAYS,
      });
      console.log(
        `interaction: stored ${vehicles} trucks × ${DAYS} days for ${carrierId}: ${s.points.toLocaleString('en-US')} points`,
      );
    }
    console.log(`interaction: stored six months of ${vehicleId} (${reviewCarrier}): ${records.length} readings`);
    await harness.close();
    // A download stores its carrier's vehicle roster (the Downloads page lists it to choose the trucks); the days
    // above were written through the store harness, so each roster is stored as the Fleet screen stores it.
    for (const carrierId of carrierIds) {
      await page.getByTestId(`nav-fleet-${carrierId}`).click();
      await waitSettled(
        page,
        `document.querySelector('[data-testid=fleet-page]')?.dataset.carrierId === ${JSON.stringify(carrierId)} && document.querySelectorAll('[data-testid=vehicle-row]').length > 0`,
        STEP_TIMEOUT_MS,
      );
    }
    // The app prepares the inbox's last month in the background after stored days change: runs start after it.
    await waitSettled(
      page,
      `document.querySelector('[data-testid=inbox-preparer]')?.dataset.state === 'idle'`,
      600_000,
    );
    // The review's latest local day of the truck, as the app works it out: Trip review opens there at start.
    await page.getByTestId('nav-review').click();
    await waitSettled(
      page,
      `(() => { const el = document.querySelector('[data-testid=review-page]'); return el?.dataset.state === 'ready' && el.dataset.renderedKey === el.dataset.key && el.dataset.vehicleId === ${JSON.stringify(vehicleId)}; })()`,
      STEP_TIMEOUT_MS,
    );
    const day = await page.getByTestId('review-day').inputValue();
    return {
      url: bench.url,
      review: { carrierId: reviewCarrier, vehicleId, day },
      inbox: { carrierId: carrierIds[fleetAt]!, from: FROM, to: TO },
      compare: { carrierIds },
      fleet: { carrierId: carrierIds[fleetAt]!, trucks: FLEET_TRUCKS },
      limits: [55, 60],
    };
  } finally {
    await context.close();
  }
}

/** Starts Chrome's tracer (every thread, JS sampled) through the page's CDP session; the returned stop writes `file`. */
async function startTrace(page: Page, file: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown[])));
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'gpu', 'toplevel'];
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: [...categories, 'disabled-by-default-v8.cpu_profiler'] },
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    writeFileSync(file, JSON.stringify({ traceEvents: events }));
    console.log(`interaction: trace written to ${file}`);
  };
}

/** What a step cost the maps (renderer/src/map/map-counters.ts): frames drawn and basemap tiles loaded. */
interface MapCost {
  frames: number;
  tiles: number;
}
const mapCounts = (page: Page): Promise<MapCost> =>
  page.evaluate(
    '({ frames: window.__routelensMapFrames ?? 0, tiles: window.__routelensBasemapTiles ?? 0 })',
  ) as Promise<MapCost>;

/** One cold walk: a new browser on the seeded profile, every step timed with the page's clock; ms and map cost per step. */
async function walk(ctx: StepContext, run: number): Promise<{ times: number[]; costs: MapCost[] }> {
  const context = await open();
  try {
    const first = STEPS[0]!;
    await context.addInitScript(armStart(first.settled(ctx), STEP_TIMEOUT_MS));
    if (MAPLOG) await context.addInitScript('window.__routelensMapLog = []');
    const page = context.pages()[0] ?? (await context.newPage());
    watch(page);
    const times: number[] = [];
    const costs: MapCost[] = [];
    let counted: MapCost = { frames: 0, tiles: 0 };
    const cdp = PROFILE_DIR ? await context.newCDPSession(page) : null;
    if (cdp) await cdp.send('Profiler.enable');
    const recordViews = FLOOR && stepViews.length === 0;
    const viewOf = async () => (await page.evaluate(REVIEW_VIEW)) as ReviewView | null;
    const views: typeof stepViews = [];
    for (const [i, step] of STEPS.entries()) {
      const before = recordViews && step.clock !== 'start' ? await viewOf() : null;
      if (step.clock !== 'start') {
        await step.prepare?.(page, ctx);
        await page.evaluate(SNAPSHOT);
        await page.evaluate(armStep(step.clock, step.settled(ctx), STEP_TIMEOUT_MS));
      }
      if (cdp && step.clock !== 'start') await cdp.send('Profiler.start');
      const traced = TRACE && run === 0 && TRACED.has(i + 1);
      const stopTrace = traced ? await startTrace(page, `${TRACE}.step${i + 1}.json`) : null;
      await step.act(page, ctx);
      if (stopTrace) {
        await page.evaluate('window.__stepDone');
        await stopTrace();
      }
      const r = (await page.evaluate('window.__stepDone')) as { inputAt: number | null; settledAt: number | null };
      if (cdp && step.clock !== 'start') {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(path.join(PROFILE_DIR!, `run${run + 1}-step${i + 1}.cpuprofile`), JSON.stringify(profile));
      }
      if (r.inputAt === null || r.settledAt === null)
        throw new Error(`"${step.name}" did not settle in ${STEP_TIMEOUT_MS} ms (input at ${r.inputAt})`);
      times.push(r.settledAt - r.inputAt);
      const now = await mapCounts(page);
      costs.push({ frames: now.frames - counted.frames, tiles: now.tiles - counted.tiles });
      if (MAPLOG) {
        const log = (await page.evaluate('window.__routelensMapLog.splice(0)')) as string[];
        console.log(
          `interaction: map log of "${step.name}" (input at ${r.inputAt.toFixed(0)}, settled at ${r.settledAt.toFixed(0)}):\n  ${log.join('\n  ')}`,
        );
        console.log(`interaction: elements after it: ${String(await page.evaluate(DOM_SIZES))}`);
      }
      counted = now;
      if (recordViews) views.push({ before, after: await viewOf() });
    }
    if (recordViews) stepViews.push(...views);
    return { times, costs };
  } finally {
    await context.close();
  }
}

/** Each step's map floor (bench/lib/interaction-floor.ts) in a fresh browser, quiet, after the walks. */
async function floorsOfSteps(): Promise<(number[] | null)[]> {
  const context = await open();
  try {
    const floors = await measureFloors(context, new URL(bench.url).origin, truckRecords, stepViews, FLOOR_RUNS);
    floors.forEach((f, i) => {
      if (f) console.log(`interaction: map floor of "${STEPS[i]!.name}": ${f.map((t) => t.toFixed(0)).join(' ')} ms`);
    });
    return floors;
  } finally {
    await context.close();
  }
}

const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[s.length >> 1]!.toFixed(0)} (${s[0]!.toFixed(0)}–${s[s.length - 1]!.toFixed(0)})`;
};

try {
  const ctx = await seed();
  console.log(`interaction: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const samples: Record<string, number[][]> = { quiet: [], loaded: [] };
  const costs: Record<string, MapCost[][]> = { quiet: [], loaded: [] };
  for (const mode of modes) {
    const load = mode === 'loaded' ? startCpuLoad(LOAD_MAX_MS) : null;
    try {
      for (let r = 0; r < RUNS; r++) {
        const before = loadavg()[0]!.toFixed(2);
        const { times, costs: cost } = await walk(ctx, r);
        samples[mode]!.push(times);
        costs[mode]!.push(cost);
        console.log(
          `interaction: ${mode} run ${r + 1}/${RUNS} (load average ${before}): ${times.map((t) => t.toFixed(0)).join(' ')} ms; map frames ${cost.map((c) => c.frames).join(' ')}; basemap tiles ${cost.map((c) => c.tiles).join(' ')}`,
        );
      }
    } finally {
      await load?.stop();
    }
  }
  const column = (mode: string, i: number) => samples[mode]!.map((run) => run[i]!);
  const floors = FLOOR ? await floorsOfSteps() : STEPS.map(() => null);
  console.log(`\ninteraction: ms from input to settled frame, median (range) of ${RUNS} cold runs`);
  console.log(
    `${'step'.padEnd(64)} ${'target'.padStart(6)}  ${'quiet'.padEnd(22)} ${'one core busy'.padEnd(22)} ${'ratio'.padEnd(6)} ${'frames/tiles'.padEnd(13)} map floor`,
  );
  STEPS.forEach((step, i) => {
    const quiet = samples['quiet']!.length ? column('quiet', i) : null;
    const loaded = samples['loaded']!.length ? column('loaded', i) : null;
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const ratio = quiet && loaded ? `${(med(loaded) / med(quiet)).toFixed(2)}×` : '';
    // Frames and tiles, medians over every walk: counts a loaded machine does not blur.
    const walked = [...costs['quiet']!, ...costs['loaded']!].map((run) => run[i]!);
    const cost = `${med(walked.map((c) => c.frames))}/${med(walked.map((c) => c.tiles))}`;
    console.log(
      `${step.name.padEnd(64)} ${String(TARGETS[step.target].ms).padStart(6)}  ${(quiet ? fmt(quiet) : '').padEnd(22)} ${(loaded ? fmt(loaded) : '').padEnd(22)} ${ratio.padEnd(6)} ${cost.padEnd(13)} ${floors[i] ? fmt(floors[i]) : ''}`,
    );
  });
  console.log('');
  STEPS.forEach((step, i) => {
    const target = `<= ${TARGETS[step.target].ms}`;
    const quiet = samples['quiet']!.length ? column('quiet', i) : null;
    const floor = floors[i];
    const floorBaseline = floor
      ? [{ name: 'its map floor (a bare MapLibre page doing its map work alone)', samples: floor }]
      : [];
    if (quiet)
      report({
        bench: 'interaction',
        name: `${step.name}, quiet`,
        unit: 'ms',
        samples: quiet,
        target,
        baselines: floorBaseline,
      });
    if (samples['loaded']!.length)
      report({
        bench: 'interaction',
        name: `${step.name}, one core busy`,
        unit: 'ms',
        samples: column('loaded', i),
        ...(quiet
          ? { baselines: [{ name: 'the same step quiet', samples: quiet, target: `<= ${LOADED_RATIO_TARGET}` }] }
          : { target: `<= ${LOADED_RATIO_TARGET * TARGETS[step.target].ms}` }),
      });
  });
  console.log(`interaction: whole bench ${((Date.now() - t0) / 1000).toFixed(0)} s`);
} finally {
  bench.stop();
  rmSync(profileDir, { recursive: true, force: true });
}
