import type { Locator, Page } from '@playwright/test';
import { createSimulatorWorld } from '../../../electron/node/simulator/index.ts';
import { addDays, dayOfMs } from '../../../shared/util/day.ts';
import { E2E_NOW, expect, openApp, type WebShell } from '../fixtures.ts';
import type { Dump } from './api.ts';
import { inHarness, openHarness } from './serve.ts';

/** Ground truth of the shell's demo carriers (same clock, same default seed). */
export const world = createSimulatorWorld({ now: () => Date.parse(E2E_NOW) });
export const TODAY = dayOfMs(Date.parse(E2E_NOW));

/** Opens the app with demo carriers and lands on the Downloads screen. */
export async function openDownloads(page: Page, shell: WebShell): Promise<void> {
  await openApp(page, shell);
  const explore = page.getByTestId('explore-demo');
  if (await explore.isVisible()) {
    await explore.click();
    await expect(page.getByTestId('first-run')).toHaveCount(0);
  }
  await page.getByTestId('nav-downloads').click();
  await expect(page.getByTestId('downloads-page')).toBeVisible();
}

/** Picks the first carrier and `n` vehicles, sets the range, starts; returns what was chosen. */
export async function startJob(
  page: Page,
  n: number,
  range: '7d' | '30d' | '6m',
): Promise<{ carrierId: string; vehicleIds: string[] }> {
  // The carrier list arrives after the page: read the choice once there is one.
  await expect(page.getByTestId('dl-carrier')).not.toHaveValue('');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  const boxes = page.locator('input[data-vehicle-id]');
  await expect(boxes.first()).toBeVisible();
  const vehicleIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const box = boxes.nth(i);
    await box.check();
    vehicleIds.push((await box.getAttribute('data-vehicle-id')) ?? '');
  }
  await page.getByTestId('dl-range').selectOption(range);
  await page.getByTestId('dl-start').click();
  return { carrierId, vehicleIds };
}

/** Downloads a week of the first and second demo carriers (`counts` vehicles each) and waits for both jobs. */
export async function downloadTwoCarriers(
  page: Page,
  shell: WebShell,
  counts: [number, number],
): Promise<[{ carrierId: string; vehicleIds: string[] }, { carrierId: string; vehicleIds: string[] }]> {
  await openDownloads(page, shell);
  const first = await startJob(page, counts[0], '7d');
  const firstBox = await page.locator('input[data-vehicle-id]').first().getAttribute('data-vehicle-id');
  await page.getByTestId('dl-carrier').selectOption({ index: 1 });
  await expect(page.locator('input[data-vehicle-id]').first()).not.toHaveAttribute('data-vehicle-id', firstBox ?? '');
  const second = await startJob(page, counts[1], '7d');
  const jobs = page.getByTestId('dl-job');
  await expect(jobs).toHaveCount(2);
  for (let i = 0; i < 2; i++) await expect(jobs.nth(i)).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  return [first, second];
}

export function rangeDays(range: '7d' | '30d' | '6m'): { from: string; to: string } {
  if (range === '7d') return { from: addDays(TODAY, -6), to: TODAY };
  if (range === '30d') return { from: addDays(TODAY, -29), to: TODAY };
  return { from: world.truth.windowStart(), to: TODAY };
}

/** Everything stored on the shell's origin, read from a second page (same origin, same IndexedDB). */
export async function dumpStore(page: Page, shell: WebShell): Promise<Dump> {
  const other = await page.context().newPage();
  try {
    await openHarness(other, shell.origin);
    return await inHarness(other, (h) => h.dump(), null);
  } finally {
    await other.close();
  }
}

/**
 * The store holds exactly the simulator's points for every day of the range
 * and each chosen vehicle: same ids per day, ascending time, no duplicates,
 * nothing outside the range, coverage complete before today and partial today.
 */
export function expectEqualsTruth(
  dump: Dump,
  carrierId: string,
  vehicleIds: string[],
  from: string,
  to: string,
): number {
  const simCarrier = carrierId.replace(/^demo-/, '');
  let points = 0;
  for (const vehicleId of vehicleIds) {
    const truth = new Map<string, string[]>();
    for (const r of world.truth.history(simCarrier, vehicleId, from, to)) {
      const day = dayOfMs(Date.parse(r.timestamp));
      truth.set(day, [...(truth.get(day) ?? []), r.id]);
    }
    const stored = dump.days.filter((d) => d.carrierId === carrierId && d.vehicleId === vehicleId);
    const storedDays = stored.map((d) => d.day).sort();
    let expectedDays: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) expectedDays.push(d);
    expectedDays = expectedDays.filter((d) => d <= TODAY);
    expect(storedDays, `days stored for ${vehicleId}`).toEqual(expectedDays);
    const allIds: string[] = [];
    for (const day of stored) {
      expect(day.carrierId).toBe(carrierId);
      expect(day.ids, `${vehicleId} ${day.day}`).toEqual(truth.get(day.day) ?? []);
      expect(day.t).toEqual([...day.t].sort((a, b) => a - b));
      expect(day.summaryPoints).toBe(day.ids.length);
      allIds.push(...day.ids);
      const cov = dump.coverage.find(
        (c) => c.carrierId === carrierId && c.vehicleId === vehicleId && c.day === day.day,
      );
      expect(cov?.points).toBe(day.ids.length);
      expect(cov?.state).toBe(day.day < TODAY ? 'complete' : 'partial');
    }
    expect(new Set(allIds).size, `duplicates for ${vehicleId}`).toBe(allIds.length);
    points += allIds.length;
  }
  expect(dump.days.filter((d) => d.carrierId === carrierId).every((d) => d.day >= from && d.day <= to)).toBe(true);
  return points;
}

/**
 * Opens Trip review on one day of the selected vehicle and waits until that day is loaded, its map drawn
 * and its charts painted (the page's own state attributes, never a sleep).
 */
export async function openReviewOf(page: Page, day: string): Promise<void> {
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('review-day').fill(day);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${day}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(review).toHaveAttribute('data-rendered-key', new RegExp(`:${day}:${day}:`));
}

/** Sets a carrier's home zone on the Carriers screen (the days the Review selects are that zone's). */
export async function setHomeZone(page: Page, carrierId: string, zone: string): Promise<void> {
  await page.getByTestId('nav-carriers').click();
  const row = page.locator(`[data-testid="carrier-row"][data-carrier-id="${carrierId}"]`);
  await row.getByTestId('carrier-zone-edit').click();
  await row.getByTestId('carrier-zone-edit-input').fill(zone);
  await row.getByTestId('carrier-zone-save').click();
  await expect(row.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', zone);
}

/** Enters an API address and its keys in Settings, adds its carrier (UTC days); returns the app's carrier id. */
export async function addApiCarrier(
  page: Page,
  shell: WebShell,
  api: { baseUrl: string; providerKey: string; companyKey: string; label: string },
): Promise<string> {
  await openApp(page, shell);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('provider-key-input').fill(api.providerKey);
  await page.getByTestId('provider-base-url-input').fill(api.baseUrl);
  await page.getByTestId('provider-key-save').click();
  await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
  await page.getByTestId('nav-carriers').click();
  await page.getByTestId('first-run-add-carrier').click();
  await page.getByTestId('carrier-label-input').fill(api.label);
  await page.getByTestId('carrier-key-input').fill(api.companyKey);
  await page.getByTestId('carrier-zone-input').fill('UTC');
  await page.getByTestId('carrier-add-submit').click();
  const row = page.getByTestId('carrier-row').filter({ hasText: api.label });
  await expect(row).toHaveCount(1);
  return (await row.getAttribute('data-carrier-id'))!;
}

/** The Downloads screen's first truck, its last 7 days downloaded (the job done): most review specs' start. */
export async function downloadWeekOfOneTruck(
  page: Page,
  shell: WebShell,
): Promise<{ carrierId: string; vehicleId: string }> {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  return { carrierId, vehicleId: vehicleIds[0]! };
}

/** Starts a download of one vehicle of `carrierId` for a preset range; returns the new job's row. */
export async function downloadVehicle(
  page: Page,
  carrierId: string,
  vehicleId: string,
  range: '7d' | '30d' | '6m',
): Promise<Locator> {
  await page.getByTestId('nav-downloads').click();
  await page.getByTestId('dl-carrier').selectOption(carrierId);
  await page.getByTestId(`dl-vehicle-${vehicleId}`).check();
  await page.getByTestId('dl-range').selectOption(range);
  await page.getByTestId('dl-start').click();
  return page.getByTestId('dl-job').first();
}

/** The Safety inbox over [from, to], once it shows that range (its state may still be loading). */
export async function openInboxRange(page: Page, from: string, to: string): Promise<Locator> {
  await page.getByTestId('nav-inbox').click();
  const inbox = page.getByTestId('inbox-page');
  await page.getByTestId('inbox-from').fill(from);
  await page.getByTestId('inbox-to').fill(to);
  await expect(inbox).toHaveAttribute('data-key', new RegExp(`\\|${from}\\|${to}$`));
  return inbox;
}

/** Runs `body` (source text) on the app's IndexedDB in the page, the app's own connection left open. */
export function inAppStore<R>(page: Page, body: string): Promise<R> {
  return page.evaluate(
    `new Promise((resolve, reject) => {
      const open = indexedDB.open('routelens');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const run = async () => { ${body} };
        run().then((r) => { db.close(); resolve(r); }, (e) => { db.close(); reject(e); });
      };
    })`,
  ) as Promise<R>;
}

/** Page-side source text: `done(req)` awaits an IndexedDB request, for inAppStore's bodies. */
export const IDB_REQUEST = `const done = (req) => new Promise((ok, no) => { req.onsuccess = () => ok(req.result); req.onerror = () => no(req.error); });`;
