/**
 * Trip review figures: `npx tsx bench/review.ts` (also run by `npm run bench`).
 * Debian Chromium via playwright-core on the browser shell with the demo
 * simulator; one truck's six months are downloaded through the app, then:
 * time from choosing the vehicle-range to a drawn map and charts (the page's
 * own measurement, `data-render-ms`) for one day and for six months, playback
 * frames per second at 600x over six months, and renderer JS heap.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const NOW = '2026-11-20T15:00:00.000Z';
const dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-bench-review-'));
execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
const shell = spawn(process.execPath, ['--import', 'tsx', 'electron/services/web-shell/main.ts', '--port', '0'], {
  cwd: ROOT,
  env: { ...process.env, ROUTELENS_DATA_DIR: dataDir, ROUTELENS_KEYCHAIN_SERVICE: `RouteLens-bench-${process.pid}`, ROUTELENS_DEMO_NOW: NOW },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => createInterface({ input: shell.stdout! }).once('line', (l) => resolve((JSON.parse(l) as { url: string }).url)));

async function attr(page: Page, testId: string, name: string): Promise<string | null> {
  return page.getByTestId(testId).getAttribute(name);
}

/** Chooses a span and waits for the page to say that selection is drawn; returns its own measurement. */
async function timeToDrawn(page: Page, span: 'day' | '6m'): Promise<number> {
  // Switch away first so the measured selection is a fresh one.
  await page.getByTestId(span === 'day' ? 'review-span-week' : 'review-span-day').click();
  await page.waitForSelector('[data-testid=review-page][data-state=ready]');
  await page.getByTestId(`review-span-${span}`).click();
  // A page-side expression (this file is typed for Node, not the DOM).
  const key = await page.waitForFunction(
    `(() => { const el = document.querySelector('[data-testid=review-page]'); return el && el.dataset.state === 'ready' && el.dataset.renderedKey === el.dataset.key ? el.dataset.renderMs : null; })()`,
    null,
    { timeout: 60_000 },
  );
  return Number(await key.jsonValue());
}

const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
try {
  // The app's CSP forbids eval; the page-side measuring snippets are strings (this file is typed for Node), so CSP is bypassed for the bench only.
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await page.goto(url);
  await page.waitForSelector('[data-testid=app-root][data-ready=true]');
  const explore = page.getByTestId('explore-demo');
  if (await explore.isVisible()) {
    await explore.click();
    await page.waitForSelector('[data-testid=first-run]', { state: 'detached' });
  }
  await page.getByTestId('nav-downloads').click();
  await page.waitForSelector('[data-testid=downloads-page]');
  await page.locator('input[data-vehicle-id]').first().check();
  await page.getByTestId('dl-range').selectOption('6m');
  await page.getByTestId('dl-start').click();
  await page.waitForSelector('[data-testid=dl-job][data-state=done]', { timeout: 300_000 });

  await page.getByTestId('nav-review').click();
  await page.waitForSelector('[data-testid=review-page][data-state=ready]', { timeout: 60_000 });
  const day: number[] = [];
  const six: number[] = [];
  for (let i = 0; i < 3; i++) {
    day.push(await timeToDrawn(page, 'day'));
    six.push(await timeToDrawn(page, '6m'));
  }
  const points = Number(await page.getByTestId('total-points').getAttribute('data-value'));

  await page.getByTestId('pb-rate').selectOption('600');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.getByTestId('pb-play').click();
  const t0 = Number(await attr(page, 'now-panel', 'data-playback-time'));
  // Count painted frames in the page while playback runs for 4 s.
  const fps = (await page.evaluate(`new Promise((resolve) => {
    let frames = 0;
    const start = performance.now();
    const loop = (now) => { frames++; if (now - start < 4000) requestAnimationFrame(loop); else resolve({ frames, ms: now - start }); };
    requestAnimationFrame(loop);
  })`)) as { frames: number; ms: number };
  const t1 = Number(await attr(page, 'now-panel', 'data-playback-time'));
  await page.getByTestId('pb-play').click();
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`review: one day, choose to drawn map + charts: ${med(day).toFixed(0)} ms (median of ${day.length}; target < 300 ms)`);
  console.log(`review: six months (${points.toLocaleString('en-US')} points), choose to drawn: ${med(six).toFixed(0)} ms (median of ${six.length}; target < 1500 ms)`);
  console.log(`review: playback at 600x over six months: ${((fps.frames * 1000) / fps.ms).toFixed(1)} frames/s (target >= 30); played ${((t1 - t0) / 60_000).toFixed(0)} min of track`);
  console.log(`review: renderer JS heap after six months + playback: ${(heap / 1048576).toFixed(1)} MB`);
} finally {
  await browser.close();
  shell.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
