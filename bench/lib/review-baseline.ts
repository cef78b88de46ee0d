/** The same route GeoJSON the review draws, built in Node from the same readings, drawn by the bare MapLibre page. */
import type { Page } from 'playwright-core';
import type { WireLocationRecord } from '../../shared/api/wire.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { routeGeoJSON, type RouteGeoJSON } from '../../shared/map/route-geojson.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { dayOfMs, type UtcDay } from '../../shared/util/day.ts';
import { openBareMap } from './bare-map.ts';

/** The review's route for the readings of days `from`..`to` (the app's default threshold and gap rule). */
export function routeOf(
  records: readonly WireLocationRecord[],
  vehicleId: string,
  from: UtcDay,
  to: UtcDay,
): RouteGeoJSON {
  return routeWithin(records, vehicleId, (t) => dayOfMs(t) >= from && dayOfMs(t) <= to);
}

/** The review's route for the readings whose time `keep` takes (a local day's interval, say). */
export function routeWithin(
  records: readonly WireLocationRecord[],
  vehicleId: string,
  keep: (t: number) => boolean,
): RouteGeoJSON {
  const byDay = new Map<UtcDay, Breadcrumb[]>();
  for (const raw of records) {
    const p = parseLocationRecord(raw);
    if (!p.ok || !keep(p.value.t)) continue;
    const d = dayOfMs(p.value.t);
    const list = byDay.get(d) ?? [];
    list.push(p.value);
    byDay.set(d, list);
  }
  const chunks = [...byDay.keys()].sort().map((d) => buildDayChunk(vehicleId, d, byDay.get(d)!));
  return routeGeoJSON(chunks, { speedingThresholdMph: 70, ...DEFAULT_GAP_PARAMS });
}

type Box = [[number, number], [number, number]];

const boxOf = (route: RouteGeoJSON): Box => {
  const [w, s, e, n] = route.bounds ?? [-125, 24, -66, 50];
  return [
    [w, s],
    [e, n],
  ];
};

/**
 * ms for the bare page to draw `route` over the basemap in a map of the review's size, `runs` times.
 * With `from` (the selection the review was showing before) each run starts at that view and jumps to the
 * route's, as the review does; without it the map stays at the route's view and only the route is added.
 */
export async function bareDrawTimes(
  page: Page,
  origin: string,
  size: { width: number; height: number },
  route: RouteGeoJSON,
  runs: number,
  from?: RouteGeoJSON,
): Promise<number[]> {
  await openBareMap(page, origin);
  const fit = boxOf(route);
  await page.evaluate(`window.bareMap.open(${size.width}, ${size.height}, ${JSON.stringify(fit)})`);
  const handle = await page.evaluateHandle((text: string) => JSON.parse(text) as unknown, JSON.stringify(route.route));
  const call = from
    ? `return window.bareMap.draw(r, ${JSON.stringify(boxOf(from))}, ${JSON.stringify(fit)})`
    : 'return window.bareMap.draw(r)';
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const drawn = handle.evaluate((r, src) => (new Function('r', src) as (r: unknown) => Promise<number>)(r), call);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the bare MapLibre page did not draw in 120 s')), 120_000).unref(),
    );
    out.push(await Promise.race([drawn, timeout]));
  }
  await handle.dispose();
  return out;
}
