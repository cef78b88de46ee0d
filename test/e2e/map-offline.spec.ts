import { expect, test, type Page } from '@playwright/test';
import type { Leg } from '../support/tracks.ts';
import type { PixelCensus } from './map-harness/api.ts';
import { census, openMapHarness, renderScene } from './map-harness/serve.ts';

// Colours as drawn: renderer/src/map/theme.ts (route) and scripts/build-basemap.ts (basemap), restated
// here so a change of palette is a deliberate test change.
const COLORS = {
  over: '#e0115f',
  near: '#f0a000',
  normal: '#14a05a',
  slow: '#2f7fd8',
  land: '#f2efe9',
  water: '#c9dbe6',
  gap: '#6f6a80',
};

/**
 * Kansas, eastbound: every speed class against a 70 mph threshold, a stop,
 * then the tracker goes quiet for an hour while the truck moves on (a data gap
 * with a visible jump).
 */
const PLAN: Leg[] = [
  { kind: 'drive', minutes: 60, mph: 55, heading: 80 },
  { kind: 'stop', minutes: 30 },
  { kind: 'drive', minutes: 45, mph: 80, heading: 85 },
];
const THEN = {
  plan: [
    { kind: 'drive', minutes: 45, mph: 68, heading: 95 },
    { kind: 'drive', minutes: 40, mph: 35, heading: 60 },
  ] satisfies Leg[],
  startLat: 38.2,
  startLng: -96.6,
  afterMinutes: 60,
};
const START = { startLat: 38.3, startLng: -99.2, then: THEN };

async function snapshot(page: Page, name: string): Promise<string> {
  const file = test.info().outputPath(`${name}.png`);
  await page.getByTestId('map').screenshot({ path: file });
  return file;
}

function share(c: PixelCensus, key: keyof typeof COLORS): number {
  return (c.byColor[key] ?? 0) / (c.width * c.height);
}

test.describe('map offline', () => {
  test('built-in basemap and a route render from local files only, with no network at all', async ({
    context,
    page,
  }) => {
    const net = await openMapHarness(context, page);
    const info = await renderScene(page, { plan: PLAN, ...START, speedingThresholdMph: 70 });
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true');
    await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'builtin');
    await expect(page.getByTestId('map-basemap-note')).toHaveCount(0);
    expect(info.notes).toEqual([]);
    expect(info.gapFeatures).toBe(1);
    expect(info.stops).toBe(1);
    await snapshot(page, 'route-kansas');

    const c = await census(page, COLORS);
    // The basemap is there: mostly land around Kansas, in the muted land colour.
    expect(share(c, 'land')).toBeGreaterThan(0.3);
    // Every speed class of the plan shows, in its own colour, on top of the basemap.
    for (const k of ['over', 'near', 'normal', 'slow'] as const) expect(c.byColor[k], k).toBeGreaterThan(40);
    // The speeding overlay is wider than the line: more "over" than "near" pixels for a similar distance.
    expect(c.byColor.over).toBeGreaterThan(c.byColor.near ?? 0);
    expect(c.byColor.gap, 'dashed gap line').toBeGreaterThan(10);
    // Place labels, drawn from local fonts (the style has no glyphs URL).
    expect(c.dark, 'label text pixels').toBeGreaterThan(60);
    await expect(page.getByTestId('vehicle-marker')).toHaveCount(0);
    // Nothing left the page: no tile, glyph or style request to anywhere.
    expect(net.blocked).toEqual([]);
  });

  test('country view shows water, land, state lines and city labels', async ({ context, page }) => {
    const net = await openMapHarness(context, page);
    await renderScene(page, {
      plan: PLAN,
      ...START,
      speedingThresholdMph: 70,
      vehicleAt: 30,
      view: { center: [-96, 38.5], zoom: 4.2 },
    });
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true');
    await expect(page.getByTestId('vehicle-marker')).toBeVisible();
    await snapshot(page, 'country');
    const c = await census(page, COLORS);
    expect(share(c, 'land')).toBeGreaterThan(0.35);
    expect(share(c, 'water')).toBeGreaterThan(0.05);
    expect(c.dark).toBeGreaterThan(500);
    expect(net.blocked).toEqual([]);
  });

  test('an online style that cannot load falls back to the built-in map with a note, route intact', async ({
    context,
    page,
  }) => {
    const net = await openMapHarness(context, page);
    const info = await renderScene(page, {
      plan: PLAN,
      ...START,
      speedingThresholdMph: 70,
      basemap: { kind: 'online', styleUrl: 'https://tiles.example.invalid/style.json' },
    });
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true');
    await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'builtin');
    await expect(page.getByTestId('map-basemap-note')).toContainText('online basemap could not be loaded');
    expect(info.notes.length).toBe(1);
    const c = await census(page, COLORS);
    expect(share(c, 'land')).toBeGreaterThan(0.3);
    expect(c.byColor.over).toBeGreaterThan(40);
    // Only the opted-in URL was tried — and the app's CSP stops it before the network.
    expect(net.blocked.every((u) => u.startsWith('https://tiles.example.invalid/'))).toBe(true);
  });

  test('a missing built-in basemap never hides the route', async ({ context, page }) => {
    await openMapHarness(context, page);
    // Page routes win over the context's: the style file is gone.
    await page.route('**/basemap/style.json', (r) => r.fulfill({ status: 404, body: 'gone' }));
    await renderScene(page, { plan: PLAN, ...START, speedingThresholdMph: 70 });
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true');
    await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'none');
    await expect(page.getByTestId('map-basemap-note')).toContainText('built-in basemap could not be loaded');
    await snapshot(page, 'no-basemap');
    const c = await census(page, COLORS);
    expect(share(c, 'land')).toBeLessThan(0.01);
    for (const k of ['over', 'near', 'normal', 'slow'] as const) expect(c.byColor[k], k).toBeGreaterThan(40);
  });

  test('six months of readings render as one route', async ({ context, page }) => {
    await openMapHarness(context, page);
    const info = await renderScene(page, { randomDays: 182, seed: 7, speedingThresholdMph: 70 });
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true');
    console.log(
      `six months: ${info.points} points, ${info.routeFeatures} route lines, ${info.gapFeatures} gaps, built in ${info.buildMs.toFixed(0)} ms`,
    );
    expect(info.points).toBeGreaterThan(50_000);
    await snapshot(page, 'six-months');
    const c = await census(page, COLORS);
    expect(c.vivid).toBeGreaterThan(500);
  });
});
