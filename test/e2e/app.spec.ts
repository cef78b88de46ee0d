import type { Locator, Page } from '@playwright/test';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { E2E_NOW, expect, openApp, test } from './fixtures.ts';

// Ground truth: the same world the shell's demo simulator serves (same seed, same pinned clock).
const world = createSimulatorWorld({ now: () => Date.parse(E2E_NOW) });
const truth = world.truth;
const BIG = truth.carriers().reduce((a, b) => (b.vehicleCount > a.vehicleCount ? b : a));
const HOUR = 3_600_000;

/** h:mm, truncated, computed here independently of the app's formatter. */
const hm = (ms: number) => `${Math.floor(ms / HOUR)}:${String(Math.floor(ms / 60_000) % 60).padStart(2, '0')}`;

interface ShownVehicle {
  id: string;
  number: string;
  vin: string;
  active: string;
  /** Coordinates (the place's title: shown on hover). */
  location: string | null;
  place: string | null;
  speed: string | null;
  motion: string | null;
  fuel: string | null;
}

async function shownVehicles(page: Page): Promise<ShownVehicle[]> {
  return page.getByTestId('vehicle-row').evaluateAll((rows) =>
    rows.map((r) => {
      const cell = (id: string) => r.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
      return {
        id: r.getAttribute('data-vehicle-id') ?? '',
        number: cell('vehicle-number') ?? '',
        vin: cell('vehicle-vin') ?? '',
        active: cell('vehicle-active') ?? '',
        location: r.querySelector('[data-testid="vehicle-location"]')?.getAttribute('title') ?? null,
        place: cell('vehicle-location'),
        speed: cell('vehicle-speed'),
        motion: r.querySelector('[data-testid="vehicle-motion"]')?.getAttribute('data-status') ?? null,
        fuel: cell('vehicle-fuel'),
      };
    }),
  );
}

async function shownDrivers(page: Page) {
  return page.getByTestId('driver-row').evaluateAll((rows) =>
    rows.map((r) => {
      const q = (id: string) => r.querySelector(`[data-testid="${id}"]`);
      const ms = (id: string) => {
        const v = q(id)?.getAttribute('data-ms');
        return v === undefined || v === null || v === '' ? null : Number(v);
      };
      return {
        id: r.getAttribute('data-driver-id') ?? '',
        noHos: q('driver-no-hos') !== null,
        duty: q('driver-duty')?.textContent?.trim() ?? null,
        dutyCode: q('driver-duty')?.getAttribute('data-status') ?? null,
        drive: q('driver-drive')?.textContent?.trim() ?? null,
        shift: q('driver-shift')?.textContent?.trim() ?? null,
        driveMs: ms('driver-drive'),
      };
    }),
  );
}

const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - xs[i - 1]!) >= 0);

async function sortBy(header: Locator, direction: 'ascending' | 'descending') {
  for (let i = 0; i < 2; i++) {
    if ((await header.locator('xpath=..').getAttribute('aria-sort')) === direction) return;
    await header.click();
  }
  await expect(header.locator('xpath=..')).toHaveAttribute('aria-sort', direction);
}

test('first run: demo carriers, the 60-vehicle fleet with latest status, drivers with HOS, sorting and filtering', async ({
  page,
  shell,
}, testInfo) => {
  await openApp(page, shell);

  // First run offers the demo; it adds the simulator's three carriers.
  await expect(page.getByTestId('first-run')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('first-run.png') });
  await page.getByTestId('explore-demo').click();
  const rows = page.getByTestId('carrier-row');
  await expect(rows).toHaveCount(truth.carriers().length);
  await expect(page.getByTestId('carrier-label')).toHaveText(
    truth.carriers().map((c) => new RegExp(c.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
  );
  await expect(page.getByTestId('demo-badge')).toHaveCount(truth.carriers().length);
  await page.screenshot({ path: testInfo.outputPath('carriers-demo.png') });

  // The big carrier's fleet: every vehicle with the status the API reports.
  expect(BIG.vehicleCount).toBe(60);
  await page.getByTestId(`nav-fleet-demo-${BIG.id}`).click();
  await expect(page.getByTestId('vehicle-row')).toHaveCount(BIG.vehicleCount);
  const statuses = new Map(truth.vehicleStatuses(BIG.id).map((s) => [s.vehicle_id, s]));
  const vehicles = truth.vehicles(BIG.id);
  const shown = await shownVehicles(page);
  expect(new Set(shown.map((v) => v.id))).toEqual(new Set(vehicles.map((v) => v.vehicle_id)));
  for (const v of shown) {
    const t = vehicles.find((x) => x.vehicle_id === v.id)!;
    const s = statuses.get(v.id)!;
    expect(v.number).toBe(t.number);
    expect(v.vin).toBe(t.vin);
    expect(v.active).toBe(t.active ? 'Yes' : 'No');
    expect(v.location).toBe(`${Number(s.lat).toFixed(4)}, ${Number(s.lon).toFixed(4)}`);
    // The place's words are checked against the gazetteer in fleet-words.spec.ts.
    expect(v.place).toMatch(/^(in |\d+ mi [NSEW]{1,3} of ).+, [A-Z]{2}$/);
    expect(v.speed).toBe(`${s.speed} mph`);
    expect(v.motion).toBe(s.status);
    // Spec 2.6: fuel_level 0 means "no fuel data", shown as a dash, never as 0 %.
    expect(v.fuel).toBe(s.fuel_level === 0 ? '—' : `${s.fuel_level}%`);
  }
  expect(shown.some((v) => v.fuel === '—')).toBe(true);
  // Reading age is relative to the backend's clock, with the exact UTC time in a title.
  const firstReading = page.getByTestId('vehicle-reading').first().locator('time');
  await expect(firstReading).toHaveText(/^(just now|\d+ min ago|\d+ h( \d+ min)? ago|\d+ days? ago)$/);
  await expect(firstReading).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  await expect(page.getByTestId('refresh-countdown')).toHaveText(/next refresh in (\d|[12]\d|30) s/);
  await page.screenshot({ path: testInfo.outputPath('vehicles.png') });

  // Sort by number: the order a person expects (numeric-aware), both ways.
  const byNumber = vehicles.map((v) => v.number).sort(new Intl.Collator(undefined, { numeric: true }).compare);
  await sortBy(page.getByTestId('sort-vehicles-number'), 'descending');
  expect((await shownVehicles(page)).map((v) => v.number)).toEqual([...byNumber].reverse());
  await sortBy(page.getByTestId('sort-vehicles-number'), 'ascending');
  expect((await shownVehicles(page)).map((v) => v.number)).toEqual(byNumber);
  // Sort by speed, descending: fastest first.
  await sortBy(page.getByTestId('sort-vehicles-speed'), 'descending');
  const speeds = (await shownVehicles(page)).map((v) => Number.parseInt(v.speed ?? '', 10));
  expect(isSorted(speeds, -1)).toBe(true);
  expect(speeds[0]).toBe(Math.max(...[...statuses.values()].map((s) => s.speed)));

  // Filters: motion status, active flag, text.
  const inMotion = vehicles.filter((v) => statuses.get(v.vehicle_id)?.status === 'IN_MOTION');
  await page.getByTestId('vehicle-filter-motion').selectOption('IN_MOTION');
  await expect(page.getByTestId('vehicle-row')).toHaveCount(inMotion.length);
  expect(new Set((await shownVehicles(page)).map((v) => v.id))).toEqual(new Set(inMotion.map((v) => v.vehicle_id)));
  await page.getByTestId('vehicle-filter-motion').selectOption('all');
  await page.getByTestId('vehicle-filter-active').selectOption('inactive');
  await expect(page.getByTestId('vehicle-row')).toHaveCount(vehicles.filter((v) => !v.active).length);
  await page.getByTestId('vehicle-filter-active').selectOption('all');
  const probe = vehicles[17]!;
  await page.getByTestId('vehicle-filter-text').fill(probe.vin.slice(-8));
  await expect(page.getByTestId('vehicle-row')).toHaveCount(1);
  await expect(page.getByTestId('vehicle-number')).toHaveText(probe.number);
  await page.getByTestId('vehicle-filter-text').fill('');
  await expect(page.getByTestId('vehicle-row')).toHaveCount(BIG.vehicleCount);

  // Drivers & HOS (arrow keys move between the tabs).
  await page.getByTestId('tab-vehicles').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-drivers')).toHaveAttribute('aria-selected', 'true');
  const drivers = truth.drivers(BIG.id);
  const hos = new Map(truth.driverStatuses(BIG.id).map((s) => [s.driver_id, s]));
  await expect(page.getByTestId('driver-row')).toHaveCount(drivers.length);
  const shownD = await shownDrivers(page);
  const idle = (id: string) => {
    const s = hos.get(id);
    return (
      !s || (s.drive === null && s.shift === null && s.cycle === null && s.break === null && s.current_status === null)
    );
  };
  const idleIds = drivers.filter((d) => idle(d.driver_id)).map((d) => d.driver_id);
  expect(idleIds.length).toBeGreaterThan(0);
  expect(
    shownD
      .filter((d) => d.noHos)
      .map((d) => d.id)
      .sort(),
  ).toEqual([...idleIds].sort());
  await expect(page.getByTestId('driver-no-hos').first()).toHaveText('No HOS activity');
  const meaning: Record<string, string> = {
    DS_D: 'Driving',
    DS_ON: 'On duty',
    DS_SB: 'Sleeper berth',
    DS_OFF: 'Off duty',
    DR_IND_PC: 'Personal conveyance',
    DR_IND_YM: 'Yard move',
  };
  for (const d of shownD.filter((x) => !x.noHos)) {
    const s = hos.get(d.id)!;
    expect(d.dutyCode).toBe(s.current_status ?? '');
    if (s.current_status) expect(d.duty).toContain(meaning[s.current_status]!);
    expect(d.drive).toBe(s.drive === null ? '—' : hm(s.drive));
    expect(d.shift).toBe(s.shift === null ? '—' : hm(s.shift));
  }
  await page.screenshot({ path: testInfo.outputPath('drivers.png') });

  // Sort by drive time left, ascending: least first, drivers without HOS last.
  await sortBy(page.getByTestId('sort-drivers-drive'), 'ascending');
  const sortedD = await shownDrivers(page);
  const withDrive = sortedD.filter((d) => d.driveMs !== null).map((d) => d.driveMs!);
  expect(isSorted(withDrive, 1)).toBe(true);
  expect(sortedD.slice(withDrive.length).every((d) => d.driveMs === null)).toBe(true);

  // "Less than 2 h of driving left", and "no HOS activity".
  const under2h = [...hos.values()].filter((s) => s.drive !== null && s.drive < 2 * HOUR);
  await page.getByTestId('driver-filter-drive').selectOption('2');
  await expect(page.getByTestId('driver-row')).toHaveCount(under2h.length);
  expect((await shownDrivers(page)).every((d) => d.driveMs !== null && d.driveMs < 2 * HOUR)).toBe(true);
  await page.getByTestId('driver-filter-drive').selectOption('any');
  await page.getByTestId('driver-filter-duty').selectOption('none');
  await expect(page.getByTestId('driver-row')).toHaveCount(idleIds.length);
  await page.getByTestId('driver-filter-duty').selectOption('DS_D');
  await expect(page.getByTestId('driver-row')).toHaveCount(
    [...hos.values()].filter((s) => s.current_status === 'DS_D').length,
  );
});

test('navigation: landmarks, the current page marked, settings shows the keychain status', async ({
  page,
  shell,
}, testInfo) => {
  await openApp(page, shell);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('nav-carriers')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('nav-carriers')).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('keychain-status')).toBeVisible();
  await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'false');
  await page.screenshot({ path: testInfo.outputPath('settings.png') });
  for (const nav of ['nav-downloads', 'nav-storage']) {
    await page.getByTestId(nav).click();
    await expect(page.getByTestId(nav)).toHaveAttribute('aria-current', 'page');
  }
});
