// Over 300 lines: the two journeys of assignments (a dispatch file to Trip review, kept snapshots to a suggestion) share their truth helpers.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { motionFromChunks } from '../../shared/drivers/motion.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { addLocalDays, createLocalIsoFormatter, localDayOfMs, localDayStartMs } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY, world } from './harness/app.ts';
import { homeZoneOf, truthChunks } from './review-truth.ts';

/**
 * Who drove, as a safety manager sets it: an assignments file from dispatch imported on the Fleet screen
 * (built here from the simulator's own drivers and trucks), the drivers then shown on the trips and events
 * of Trip review by the attribution rule, a bad file refused whole with its rows named, and the assignments
 * kept when the vehicle's days are deleted.
 */

const HOUR = 3_600_000;

/** The latest whole home-zone day of the downloaded week on which the simulator drove the truck. */
function drivenDay(carrierId: string, vehicleId: string, zone: string): string {
  const records = world.truth.history(
    carrierId.replace(/^demo-/, ''),
    vehicleId,
    addDays(TODAY, -5),
    addDays(TODAY, -1),
  );
  const days = records
    .filter((r) => Number(r.speed) >= 20)
    .map((r) => localDayOfMs(Date.parse(r.timestamp), zone))
    .filter((d) => d >= addDays(TODAY, -4) && d <= addDays(TODAY, -2));
  const day = days.sort().at(-1);
  if (!day) throw new Error(`The simulator never drove ${vehicleId} in the week: no day to review.`);
  return day;
}

async function openAssignments(page: Page, carrierId: string): Promise<void> {
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await page.getByTestId('tab-assignments').click();
  const tab = page.getByTestId('fleet-assignments');
  await expect(tab).toHaveAttribute('data-loaded', 'true');
  // The import names drivers by the roster: wait until the tab has it.
  await expect(tab).not.toHaveAttribute('data-drivers', '0');
}

async function importCsv(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('assignments-import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/** Each row's start, end and shown driver (data attributes the list sets). */
async function rowsOf(page: Page, row: string, driver: string) {
  const items = page.locator(`[data-testid="${row}"]`).locator('xpath=..');
  return items.evaluateAll(
    (lis, [rowId, driverId]) =>
      lis.map((li) => {
        const r = li.querySelector(`[data-testid="${rowId}"]`)!;
        const d = li.querySelector(`[data-testid="${driverId}"]`);
        return {
          startMs: Number(r.getAttribute('data-start-ms')),
          endMs: Number(r.getAttribute('data-end-ms')),
          driverId: d?.getAttribute('data-driver-id') ?? null,
          changed: d?.getAttribute('data-changed') ?? null,
          text: d?.textContent ?? '',
        };
      }),
    [row, driver],
  );
}

test('an assignments CSV imported on the Fleet screen names the driver of every trip and event in Trip review; a bad file is refused whole; deleting days keeps the assignments', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  const vehicleId = vehicleIds[0]!;
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  // The simulator's truth: the truck, the driver it gives the truck, and another driver of the carrier.
  const carrier = world.carriers.find((c) => `demo-${c.info.id}` === carrierId)!;
  const truck = carrier.vehicles.find((v) => v.vehicle_id === vehicleId)!;
  const regular = carrier.drivers.find((d) => d.driver_id === carrier.profiles.get(vehicleId)!.driverId)!;
  const relief = carrier.drivers.find((d) => d.driver_id !== regular.driver_id && d.active)!;
  const zone = homeZoneOf(carrierId);
  const iso = createLocalIsoFormatter(zone);
  const DAY = drivenDay(carrierId, vehicleId, zone);

  // Before any assignment: every trip of the day is shown unassigned, never guessed.
  await openReviewOf(page, DAY);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-vehicle-id', vehicleId);
  const before = await rowsOf(page, 'trip-row', 'trip-driver');
  expect(before.length).toBeGreaterThan(0);
  for (const t of before) expect(t).toMatchObject({ driverId: '', text: expect.stringContaining('Unassigned') });

  // A dated assignment of the relief driver from the day's first trip (to the minute) for three hours.
  const windowFrom = Math.floor(before[0]!.startMs / 60_000) * 60_000;
  const windowTo = windowFrom + 3 * HOUR;
  const csv = [
    'driver,vehicle,from,to',
    `${regular.username},${truck.number},,`,
    `${relief.username},${truck.vin},${iso(windowFrom)},${iso(windowTo)}`,
  ].join('\r\n');

  await openAssignments(page, carrierId);
  await importCsv(page, 'dispatch.csv', csv);
  await expect(page.getByTestId('assignments-import-done')).toHaveText('Imported 2 assignments (0 unchanged)');
  const rows = page.getByTestId('assignment-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-driver-id', regular.driver_id);
  await expect(rows.nth(0)).toHaveAttribute('data-from-ms', '');
  await expect(rows.nth(1)).toHaveAttribute('data-driver-id', relief.driver_id);
  await expect(rows.nth(1)).toHaveAttribute('data-from-ms', String(windowFrom));
  await expect(rows.nth(1)).toHaveAttribute('data-to-ms', String(windowTo));
  await expect(rows.nth(1).getByTestId('assignment-source')).toHaveText('Imported');
  await page.screenshot({ path: testInfo.outputPath('assignments-imported.png') });

  // The same file again: nothing new.
  await importCsv(page, 'dispatch-again.csv', csv);
  await expect(page.getByTestId('assignments-import-done')).toHaveText('Imported 0 assignments (2 unchanged)');

  // Exported, the file names the driver by username and the truck by unit number, with the home zone's
  // offsets; imported back it changes nothing.
  const download = page.waitForEvent('download');
  await page.getByTestId('assignments-export').click();
  const exported = readFileSync((await (await download).path())!, 'utf8');
  expect(parseCsv(exported)).toEqual([
    ['driver', 'vehicle', 'from', 'to'],
    [regular.username, truck.number, '', ''],
    [relief.username, truck.number, iso(windowFrom), iso(windowTo)],
  ]);
  await importCsv(page, 'exported.csv', exported);
  await expect(page.getByTestId('assignments-import-done')).toHaveText('Imported 0 assignments (2 unchanged)');
  await expect(rows).toHaveCount(2);

  // A bad file: a good row for another truck, an unknown driver, a row ending before it starts. Nothing kept.
  const other = carrier.vehicles.find((v) => v.vehicle_id !== vehicleId)!;
  const bad = [
    'driver,vehicle,from,to',
    `${relief.username},${other.number},,`,
    `nobody-at-all,${truck.number},${iso(windowTo + HOUR)},`,
    `${regular.username},${other.number},${iso(windowTo + 5 * HOUR)},${iso(windowTo + 4 * HOUR)}`,
  ].join('\n');
  await importCsv(page, 'bad.csv', bad);
  const refused = page.getByTestId('assignments-import-error');
  await expect(refused).toHaveCount(2);
  await expect(refused.nth(0)).toContainText('Row 3:');
  await expect(refused.nth(0)).toContainText('nobody-at-all');
  await expect(refused.nth(1)).toContainText('Row 4:');
  await expect(rows).toHaveCount(2);
  await expect(page.locator(`[data-testid="assignment-row"][data-vehicle-id="${other.vehicle_id}"]`)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('assignments-refused.png') });

  // The Vehicles tab shows the truck's regular driver; a driver's "Assign…" opens the form with them chosen.
  await page.getByTestId('tab-vehicles').click();
  const truckRow = page.locator(`[data-testid="vehicle-row"][data-vehicle-id="${vehicleId}"]`);
  await expect(truckRow.getByTestId('vehicle-regular-driver')).toHaveValue(regular.driver_id);
  await page.getByTestId('tab-drivers').click();
  await page
    .locator(`[data-testid="driver-row"][data-driver-id="${relief.driver_id}"]`)
    .getByTestId('driver-assign')
    .click();
  await expect(page.getByTestId('fleet-assignments')).toBeVisible();
  await expect(page.getByTestId('assignment-form-driver')).toHaveValue(relief.driver_id);
  await page.getByTestId('assignment-form-cancel').click();
  await expect(page.getByTestId('assignment-form')).toHaveCount(0);

  // Trip review: each trip's driver is the one at its start; a trip the window's edge falls in names both.
  const driverAt = (ms: number) => (ms >= windowFrom && ms < windowTo ? relief : regular);
  const crosses = (t: { startMs: number; endMs: number }) =>
    [windowFrom, windowTo].some((edge) => t.startMs < edge && edge <= t.endMs);
  await openReviewOf(page, DAY);
  await expect(page.getByTestId('trip-driver').first()).toHaveAttribute('data-driver-id', /.+/);
  const trips = await rowsOf(page, 'trip-row', 'trip-driver');
  expect(trips.map((t) => t.startMs)).toEqual(before.map((t) => t.startMs));
  for (const t of trips) {
    const d = driverAt(t.startMs);
    expect(t.driverId, `trip at ${iso(t.startMs)}`).toBe(d.driver_id);
    expect(t.changed, `trip at ${iso(t.startMs)}`).toBe(String(crosses(t)));
    if (!crosses(t)) expect(t.text).toContain(`(${d.username})`);
  }
  expect(trips.some((t) => t.driverId === relief.driver_id)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('review-trip-drivers.png') });

  // Events: the driver at each event's start.
  await page.getByTestId('tab-events').click();
  const events = await rowsOf(page, 'event-row', 'event-driver');
  for (const e of events) expect(e.driverId, `event at ${iso(e.startMs)}`).toBe(driverAt(e.startMs).driver_id);

  // "Assign this trip's driver" opens the form with the truck and the trip's times in the home zone.
  await page.getByTestId('tab-trips').click();
  await page.getByTestId('trip-assign').first().click();
  const form = page.getByTestId('assignment-form');
  await expect(form.getByTestId('assignment-form-vehicle')).toHaveValue(vehicleId);
  await expect(form.getByTestId('assignment-form-from')).toHaveValue(iso(before[0]!.startMs).slice(0, 16));
  // Starting inside the imported window instead: refused with the sentence, nothing kept.
  await form.getByTestId('assignment-form-driver').selectOption(regular.driver_id);
  await form.getByTestId('assignment-form-from').fill(iso(windowFrom + HOUR).slice(0, 16));
  await form.getByTestId('assignment-form-save').click();
  await expect(form.getByTestId('assignment-form-error')).toContainText('already has a driver assigned');
  await form.getByTestId('assignment-form-cancel').click();
  await expect(form).toHaveCount(0);

  // Deleting the truck's days keeps its assignments.
  await page.getByTestId('nav-storage').click();
  const stored = page.locator(`[data-testid="storage-vehicle"][data-vehicle-id="${vehicleId}"]`);
  await stored.getByTestId('storage-delete-vehicle').click();
  await stored.getByTestId('storage-delete-vehicle-confirm').click();
  await expect(stored).toHaveCount(0);
  await openAssignments(page, carrierId);
  await expect(page.getByTestId('assignment-row')).toHaveCount(2);
});

/**
 * Instants of the downloaded days when the simulator drove `target` and every other truck of the carrier
 * stood still, by the app's own motion rule over the simulator's readings as the app stores them (every
 * day downloaded, so a silent truck counts as parked): a driver Driving then can only have been in `target`.
 */
function soloDrivingTimes(carrierId: string, vehicleIds: readonly string[], target: string): number[] {
  const chunks = new Map(vehicleIds.map((v) => [v, truthChunks(carrierId, v, addDays(TODAY, -6), TODAY)]));
  const motion = motionFromChunks(chunks, () => true);
  const [from, to] = [Date.parse(addDays(TODAY, -5)), Date.parse(addDays(TODAY, -1))];
  const times = (chunks.get(target) ?? []).flatMap((c) =>
    [...c.t].filter((t, i) => c.speed[i]! >= 20 && t >= from && t < to),
  );
  return times.filter(
    (t) => motion(target, t) === 'moving' && vehicleIds.every((v) => v === target || motion(v, t) === 'still'),
  );
}

test('a suggestion from kept driver snapshots: offered as "probably T-… (n matching snapshots)", accepted into an assignment only on Accept', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(300_000);
  await openDownloads(page, shell);
  await expect(page.locator('input[data-vehicle-id]').first()).toBeVisible();
  await page.getByTestId('dl-vehicles-all').check();
  await page.getByTestId('dl-range').selectOption('7d');
  await expect(page.getByTestId('dl-carrier')).not.toHaveValue('');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  await page.getByTestId('dl-start').click();
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 240_000 });

  const carrier = world.carriers.find((c) => `demo-${c.info.id}` === carrierId)!;
  const vehicleIds = carrier.vehicles.map((v) => v.vehicle_id);
  const zone = homeZoneOf(carrierId);
  // The app keeps real snapshots too (each drivers fetch, at the pinned clock's now): the truck chosen is one
  // whose driver is not Driving now, so only the three snapshots written below can match.
  const drivingNow = new Set(
    world.truth
      .driverStatuses(carrier.info.id)
      .filter((d) => d.current_status === 'DS_D')
      .map((d) => d.driver_id),
  );
  // The first such truck with instants of driving alone; three of them, spread out.
  const [truck, solo] = carrier.vehicles
    .filter((v) => v.active && carrier.profiles.get(v.vehicle_id)?.driverId)
    .filter((v) => !drivingNow.has(carrier.profiles.get(v.vehicle_id)!.driverId!))
    .map((v) => [v, soloDrivingTimes(carrierId, vehicleIds, v.vehicle_id)] as const)
    .find(([, times]) => times.length >= 3)!;
  const times = [solo[0]!, solo[Math.floor(solo.length / 2)]!, solo[solo.length - 1]!];
  const driver = carrier.drivers.find((d) => d.driver_id === carrier.profiles.get(truck.vehicle_id)!.driverId)!;
  const resting = carrier.drivers.find((d) => d.driver_id !== driver.driver_id)!;
  const row = (d: typeof driver, status: string) => ({
    driverId: d.driver_id,
    username: d.username,
    firstName: d.first_name,
    lastName: d.last_name,
    active: true,
    hos: { status, driveMs: 3_600_000, shiftMs: 7_200_000, cycleMs: 36_000_000, breakMs: 1_800_000 },
  });
  // The snapshots the app would have kept at those instants (the ELD showing the driver Driving), written
  // into its store as the poller writes them.
  const snapshots = times.map((takenAt) => ({
    carrierId,
    kind: 'drivers',
    takenAt,
    rows: [row(driver, 'DS_D'), row(resting, 'DS_OFF')],
  }));
  await page.evaluate(async (rows) => {
    // The page's IndexedDB, typed here by what is used (the e2e project has no DOM library).
    interface Req<T> {
      result: T;
      error: unknown;
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
    }
    interface Tx {
      objectStore(name: string): { add(row: unknown): unknown };
      oncomplete: (() => void) | null;
      onerror: (() => void) | null;
      error: unknown;
    }
    interface Db {
      transaction(name: string, mode: 'readwrite'): Tx;
      close(): void;
    }
    const idb = (globalThis as unknown as { indexedDB: { open(name: string): Req<Db> } }).indexedDB;
    const db = await new Promise<Db>((resolve, reject) => {
      const req = idb.open('routelens');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error(String(req.error)));
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('snapshots', 'readwrite');
      for (const r of rows) tx.objectStore('snapshots').add(r);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(new Error(String(tx.error)));
    });
    db.close();
  }, snapshots);

  await openAssignments(page, carrierId);
  const panel = page.getByTestId('assignment-suggestions');
  await expect(panel).toHaveAttribute('data-state', 'done');
  const offered = panel.locator(`[data-testid="suggestion-row"][data-driver-id="${driver.driver_id}"]`);
  await expect(offered).toHaveCount(1);
  await expect(offered).toHaveAttribute('data-vehicle-id', truck.vehicle_id);
  await expect(offered).toContainText(`probably ${truck.number} (3 matching snapshots)`);
  // Offered only: nothing is assigned until the person accepts.
  await expect(page.getByTestId('assignments-empty')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('suggestion-offered.png') });

  await offered.getByTestId('suggestion-accept').click();
  const kept = page.getByTestId('assignment-row');
  await expect(kept).toHaveCount(1);
  await expect(kept).toHaveAttribute('data-driver-id', driver.driver_id);
  await expect(kept).toHaveAttribute('data-vehicle-id', truck.vehicle_id);
  await expect(kept).toHaveAttribute('data-source', 'suggestion');
  const firstDay = localDayOfMs(times[0]!, zone);
  const lastDay = localDayOfMs(times[2]!, zone);
  await expect(kept).toHaveAttribute('data-from-ms', String(localDayStartMs(firstDay, zone)));
  await expect(kept).toHaveAttribute('data-to-ms', String(localDayStartMs(addLocalDays(lastDay, 1), zone)));
  // Now covered by an assignment, the driver's snapshots suggest nothing more.
  await expect(panel).toHaveAttribute('data-state', 'done');
  await expect(offered).toHaveCount(0);
});
