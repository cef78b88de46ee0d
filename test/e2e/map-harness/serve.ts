import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '../../../shared/ipc/csp.ts';
import type { MapHarnessApi, MapScene, PixelCensus, SceneInfo } from './api.ts';
import { BASEMAP_DIR, buildMapHarness } from './build.ts';

/** A made-up origin: nothing listens there, Playwright answers every request from disk. */
export const HARNESS_ORIGIN = 'http://routelens-map.test';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

async function fulfillFrom(dir: string, rel: string): Promise<{ body: Buffer; contentType: string } | null> {
  const file = path.join(dir, path.normalize(rel));
  if (!file.startsWith(dir)) return null;
  try {
    return { body: await readFile(file), contentType: TYPES[path.extname(file)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/**
 * Cuts the context off the network: only the harness origin answers (from
 * disk, with the app's CSP); every other request is aborted and recorded.
 */
export async function openMapHarness(context: BrowserContext, page: Page): Promise<{ blocked: string[] }> {
  const dir = await buildMapHarness();
  const blocked: string[] = [];
  await context.route('**', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== HARNESS_ORIGIN) {
      blocked.push(url.href);
      return route.abort('internetdisconnected');
    }
    const rel = url.pathname.replace(/^\/+/, '') || 'index.html';
    const hit = rel.startsWith('basemap/')
      ? await fulfillFrom(BASEMAP_DIR, rel.slice('basemap/'.length))
      : await fulfillFrom(dir, rel);
    if (!hit) return route.fulfill({ status: 404 });
    await route.fulfill({ ...hit, headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } });
  });
  await page.goto(`${HARNESS_ORIGIN}/index.html`);
  await page.waitForFunction('document.title === "map harness ready"');
  return { blocked };
}

export function renderScene(page: Page, scene: MapScene): Promise<SceneInfo> {
  return page.evaluate((s) => (globalThis as unknown as { mapHarness: MapHarnessApi }).mapHarness.render(s), scene);
}

export function census(page: Page, colors: Record<string, string>): Promise<PixelCensus> {
  return page.evaluate((c) => (globalThis as unknown as { mapHarness: MapHarnessApi }).mapHarness.census(c), colors);
}
