/**
 * The map's floor under a Trip review step of the interaction bench: a bare MapLibre page (bare-map.ts: no
 * React, no app code, the same basemap and the selection's route as one line layer) doing only that step's map
 * work in the same Chromium, at the review map's size. A fresh page is made at the first selection's view (the
 * app's start), then taken through every later step's view in the walk's order, so its tile cache holds what the
 * app's did. What a step takes beyond its floor is the app's own (reads, analysis, renders, the other
 * overlays); the floor itself is MapLibre's drawing on this machine.
 */
import type { BrowserContext } from 'playwright-core';
import type { WireLocationRecord } from '../../shared/api/wire.ts';
import { localRangeInterval } from '../../shared/time/local-day.ts';
import { serveBareMap } from './bare-map.ts';
import { routeWithin } from './review-baseline.ts';

type Box = [[number, number], [number, number]];

/** What the review showed before or after a step: the map's view, the selection, the map's size. */
export interface ReviewView {
  bounds: string;
  key: string;
  width: number;
  height: number;
}

/** Page-side: the shown review's map view (its `data-bounds`) and selection key, or null when none shows. */
export const REVIEW_VIEW = `(() => {
  const page = document.querySelector('[data-testid=review-page]');
  const el = page?.querySelector('[data-bounds]');
  if (!page || !el || page.closest('[hidden]') || !el.clientWidth) return null;
  return { bounds: el.dataset.bounds, key: page.dataset.key ?? '', width: el.clientWidth, height: el.clientHeight };
})()`;

/** The longest selection the floor draws from readings: a longer one the app draws from stored overviews. */
const MAX_FLOOR_DAYS = 31;

const boxOf = (bounds: string): Box => {
  const [w, s, e, n] = bounds.split(',').map(Number) as [number, number, number, number];
  return [
    [w, s],
    [e, n],
  ];
};

/** The selection's readings' route, from its key (`zone vehicle:from:to:…`); null for an unreadable one or one over `maxDays`. */
function routeOfKey(records: readonly WireLocationRecord[], key: string, maxDays = MAX_FLOOR_DAYS) {
  const m = /^(\S+) ([^:]+):(\d{4}-\d{2}-\d{2}):(\d{4}-\d{2}-\d{2}):/.exec(key);
  if (!m) return null;
  const [, zone, vehicleId, from, to] = m as unknown as [string, string, string, string, string];
  const { startMs, endMs } = localRangeInterval(from, to, zone);
  if (endMs - startMs > maxDays * 86_400_000) return null;
  return routeWithin(records, vehicleId, (t) => t >= startMs && t < endMs);
}

/**
 * One pass of the walk on a fresh bare page: made at the first step's view with its route (ms from navigation to
 * its first idle), then taken through every later step's view and route in order, so its tile cache holds what the
 * app's did; each step that changed the selection is timed, the others are only followed.
 */
async function floorPass(
  context: BrowserContext,
  origin: string,
  records: readonly WireLocationRecord[],
  views: readonly { before: ReviewView | null; after: ReviewView | null }[],
): Promise<(number | null)[]> {
  const page = await context.newPage();
  try {
    await serveBareMap(page, origin);
    const first = views[0]?.after;
    const firstRoute = first && routeOfKey(records, first.key);
    if (!first || !firstRoute) return views.map(() => null);
    const start = { width: first.width, height: first.height, box: boxOf(first.bounds), route: firstRoute.route };
    await page.addInitScript(`window.__bareStart = ${JSON.stringify(start)}`);
    await page.goto(`${origin}/__bare-map/index.html`);
    await page.waitForFunction('window.__bareStartMs !== undefined', null, { timeout: 120_000 });
    const out: (number | null)[] = [(await page.evaluate('window.__bareStartMs')) as number];
    for (const { before, after } of views.slice(1)) {
      // Off Trip review (the inbox, Compare) the review's map stays as it was.
      if (!after) {
        out.push(null);
        continue;
      }
      const timed = before !== null && before.key !== after.key && routeOfKey(records, after.key);
      const route = timed || routeOfKey(records, after.key, Infinity);
      if (!route) throw new Error(`the floor cannot read the selection key "${after.key}"`);
      const ms = (await page.evaluate(
        `window.bareMap.go(${JSON.stringify(route.route)}, ${JSON.stringify(boxOf(after.bounds))})`,
      )) as number;
      out.push(timed ? ms : null);
    }
    return out;
  } finally {
    await page.close();
  }
}

/**
 * Each step's floor (ms samples over `runs` passes), or null where there is none: a step that changes no
 * selection, one off Trip review, or one whose selection is longer than MAX_FLOOR_DAYS (the app draws it from
 * stored overviews). `views[i]` is step i's review view before and after it.
 */
export async function measureFloors(
  context: BrowserContext,
  origin: string,
  records: readonly WireLocationRecord[],
  views: readonly { before: ReviewView | null; after: ReviewView | null }[],
  runs: number,
): Promise<(number[] | null)[]> {
  const passes: (number | null)[][] = [];
  for (let r = 0; r < runs; r++) passes.push(await floorPass(context, origin, records, views));
  return views.map((_, i) => (passes[0]![i] === null ? null : passes.map((p) => p[i]!)));
}
