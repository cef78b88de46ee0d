import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { HarnessApi } from './api.ts';
import { buildHarness } from './build.ts';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * Serves the built harness under `origin` + /__store-harness/ straight from
 * Playwright (no server): any origin works, so a test can put the harness on
 * the app's own origin (same IndexedDB) or on a throwaway one.
 */
export async function openHarness(page: Page, origin: string): Promise<void> {
  const dir = await buildHarness();
  await page.route(`${origin}/__store-harness/**`, async (route) => {
    const rel = new URL(route.request().url()).pathname.replace('/__store-harness/', '') || 'index.html';
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir)) return route.fulfill({ status: 404 });
    try {
      await route.fulfill({
        body: await readFile(file),
        contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
  await page.goto(`${origin}/__store-harness/index.html`);
  await page.waitForFunction('document.title === "store harness ready"');
}

/** Runs `fn(harness, arg)` in the page; `fn` travels as source text, so it must not close over anything. */
export function inHarness<A, R>(
  page: Page,
  fn: (h: HarnessApi, arg: A) => R | Promise<R>,
  arg: A,
): Promise<Awaited<R>> {
  return page.evaluate(
    async ({ src, arg }) => {
      const harness = (globalThis as unknown as { harness: HarnessApi }).harness;
      const f = new Function(`return (${src})`)() as (h: HarnessApi, a: unknown) => unknown;
      return (await f(harness, arg)) as Awaited<R>;
    },
    { src: fn.toString(), arg },
  ) as Promise<Awaited<R>>;
}
