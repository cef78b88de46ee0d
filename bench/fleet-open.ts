/**
 * Time to open the vehicle list of the 60-vehicle demo carrier in the browser
 * shell, in Debian Chromium: from the click on the carrier in the nav to all
 * its rows rendered. `npx tsx bench/fleet-open.ts` (needs `npx electron-vite build`
 * once; done here when out/renderer is missing).
 *  - cold: the shell's first fetch of that list (a new shell process each run, so
 *    the backend has no cached answer and the demo API is asked);
 *  - warm: the same list reopened within 30 s (the backend answers from its cache).
 * Median of 5 runs each. The clock runs in the page (performance.now), so
 * Playwright's round trips are not counted.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Page } from 'playwright-core';
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import { report } from './lib/figures.ts';
import { benchLaunch } from './lib/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 5;
const NOW = '2026-11-20T15:00:00.000Z';

const world = createSimulatorWorld({ now: () => Date.parse(NOW) });
const big = world.truth.carriers().find((c) => c.vehicleCount === 60);
if (!big) throw new Error('the demo world has no 60-vehicle carrier');
const carrierId = `demo-${big.id}`;

if (!existsSync(path.join(ROOT, 'out/renderer/index.html')))
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-bench-'));
const keychainService = `RouteLens-bench-${randomBytes(4).toString('hex')}`;

async function startShell(port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/node/web-shell/main.ts', '--port', String(port)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ROUTELENS_DATA_DIR: dataDir,
        ROUTELENS_KEYCHAIN_SERVICE: keychainService,
        ROUTELENS_DEMO_NOW: NOW,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`web shell exited early (${code})`)));
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

const stopShell = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * Clicks the carrier in the nav from inside the page and resolves when `rows`
 * rows are rendered. Passed as source text: tsx would wrap named functions in a
 * helper that does not exist in the page.
 */
const OPEN_IN_PAGE = `([id, rows]) => new Promise((resolve, reject) => {
  const nav = document.querySelector('[data-testid="nav-fleet-' + id + '"]');
  if (!nav) return reject(new Error('no nav entry for ' + id));
  const t0 = performance.now();
  const mo = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="vehicle-row"]').length < rows) return;
    mo.disconnect();
    resolve(performance.now() - t0);
  });
  mo.observe(document.body, { childList: true, subtree: true });
  nav.click();
  setTimeout(() => { mo.disconnect(); reject(new Error('the vehicle list did not render in 60 s')); }, 60000);
})`;

async function timeOpen(page: Page, rows: number): Promise<number> {
  const fn = await page.evaluateHandle(OPEN_IN_PAGE);
  try {
    return await fn.evaluate((f, args) => (f as unknown as (a: [string, number]) => Promise<number>)(args), [
      carrierId,
      rows,
    ] as [string, number]);
  } finally {
    await fn.dispose();
  }
}

/** Leaves the fleet screen so the next click mounts the list anew. */
async function leave(page: Page): Promise<void> {
  await page.getByTestId('nav-downloads').click();
  await page.getByTestId('vehicle-row').first().waitFor({ state: 'detached' });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const browser = await chromium.launch(await benchLaunch(['--no-sandbox', '--disable-gpu']));
let shell = await startShell(0);
const port = Number(new URL(shell.url).port);
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const open = async (url: string) => {
    await page.goto('about:blank');
    await page.goto(url);
    await page.locator('[data-testid=app-root][data-ready=true]').waitFor();
  };
  await open(shell.url);
  const explore = page.getByTestId('explore-demo');
  if (await explore.isVisible()) {
    await explore.click();
    await explore.waitFor({ state: 'detached' });
  }
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i > 0) {
      // A new shell process: its fleet cache is empty, so the next open asks the demo API.
      await stopShell(shell.child);
      shell = await startShell(port);
      await open(shell.url);
    }
    await page.getByTestId(`nav-fleet-${carrierId}`).waitFor();
    cold.push(await timeOpen(page, big.vehicleCount));
    await leave(page);
    warm.push(await timeOpen(page, big.vehicleCount));
    await leave(page);
  }
  const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`cold runs (ms): ${fmt(cold)}`);
  console.log(`warm runs (ms): ${fmt(warm)}`);
  console.log(
    `fleet-open: ${big.vehicleCount} vehicles, cold ${median(cold).toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms (median of ${RUNS}, click to rows rendered)`,
  );
  report({
    bench: 'fleet-open',
    name: `${big.vehicleCount}-vehicle demo carrier's vehicle list, cold (new shell), click to rows`,
    unit: 'ms',
    samples: cold,
    target: '<= 1000',
  });
  report({
    bench: 'fleet-open',
    name: `${big.vehicleCount}-vehicle demo carrier's vehicle list, warm (cached), click to rows`,
    unit: 'ms',
    samples: warm,
  });
} finally {
  await browser.close();
  await stopShell(shell.child);
  rmSync(dataDir, { recursive: true, force: true });
}
