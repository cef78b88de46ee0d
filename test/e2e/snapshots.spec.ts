import type { Page, Response } from '@playwright/test';
import type { DriverRow, FleetSnapshot, VehicleRow } from '../../shared/domain/carrier.ts';
import type { IpcReply } from '../../shared/ipc/contract.ts';
import { decodeBridge } from '../../shared/ipc/codec.ts';
import { expect, openApp, test } from './fixtures.ts';

/**
 * Every answer of the backend that was not served from its 30-s cache becomes
 * one timestamped snapshot row in IndexedDB; cached answers add none. The
 * backend's floor runs on its own clock, so this test runs the demo on the real
 * clock (a pinned one would make every forced refresh a cached answer), and the
 * page's timers on Playwright's fake clock to trigger the refreshes.
 */
test.use({ demoNow: null });

interface StoredSnapshot {
  id: number;
  carrierId: string;
  kind: 'vehicles' | 'drivers';
  takenAt: number;
  rows: (VehicleRow | DriverRow)[];
}

/** The snapshots table as IndexedDB holds it (read without the app's code). */
async function readSnapshots(page: Page): Promise<StoredSnapshot[]> {
  return page.evaluate(
    () =>
      new Promise<StoredSnapshot[]>((resolve, reject) => {
        // This project type-checks tests without DOM types; the code runs in the page.
        type Req = { result: unknown; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
        const idb = (globalThis as unknown as { indexedDB: { open(name: string): Req } }).indexedDB;
        const open = idb.open('routelens');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result as {
            transaction(s: string): { objectStore(s: string): { getAll(): Req } };
            close(): void;
          };
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onerror = () => reject(new Error(String(all.error)));
          all.onsuccess = () => {
            db.close();
            resolve(all.result as StoredSnapshot[]);
          };
        };
      }),
  );
}

type Fetched = FleetSnapshot<VehicleRow | DriverRow> & { kind: 'vehicles' | 'drivers' };

test('each non-cached fleet fetch is kept as one timestamped snapshot; cached answers add none', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.clock.install();
  const fetched: Fetched[] = [];
  page.on('response', (r: Response) => {
    const kind = r.url().endsWith(`/api/${encodeURIComponent('fleet:vehicles')}`)
      ? 'vehicles'
      : r.url().endsWith(`/api/${encodeURIComponent('fleet:drivers')}`)
        ? 'drivers'
        : null;
    if (!kind) return;
    void r.text().then((body) => {
      const reply = decodeBridge(body) as IpcReply<FleetSnapshot<VehicleRow | DriverRow>>;
      if (reply.ok) fetched.push({ ...reply.result, kind });
    });
  });
  const fresh = (kind: 'vehicles' | 'drivers') => fetched.filter((f) => f.kind === kind && !f.cached);

  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  const carrierId = (await page.getByTestId('carrier-row').first().getAttribute('data-carrier-id'))!;
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await expect(page.getByTestId('vehicle-row').first()).toBeVisible();
  await expect.poll(() => fresh('vehicles').length).toBe(1);

  // The page refreshes every 30 s of its (fake) clock; the backend answers from its cache until 30 real
  // seconds have passed since its last fetch. Stepping the page clock on each poll gives both kinds of answer.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(30_500);
        return fresh('vehicles').length;
      },
      { intervals: [3_000], timeout: 150_000 },
    )
    .toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('vehicle-row').first()).toBeVisible();
  const vehicleAnswers = fetched.filter((f) => f.kind === 'vehicles');
  expect(
    vehicleAnswers.some((f) => f.cached),
    'some refreshes came from the 30-s cache',
  ).toBe(true);

  await page.getByTestId('tab-drivers').click();
  await expect(page.getByTestId('driver-row').first()).toBeVisible();
  // The app's own regular driver snapshots (use-driver-snapshots) may have fetched this carrier's drivers too.
  await expect.poll(() => fresh('drivers').filter((f) => f.carrierId === carrierId).length).toBeGreaterThanOrEqual(1);

  // Writes go through the store worker after the answer arrives: wait for the table to settle.
  const ofCarrier = <T extends { carrierId: string }>(list: T[]) => list.filter((x) => x.carrierId === carrierId);
  const want = () => ofCarrier(fresh('vehicles')).length + ofCarrier(fresh('drivers')).length;
  await expect.poll(async () => ofCarrier(await readSnapshots(page)).length).toBe(want());
  const stored = ofCarrier(await readSnapshots(page));

  for (const kind of ['vehicles', 'drivers'] as const) {
    const answers = ofCarrier(fresh(kind));
    const rows = stored.filter((s) => s.kind === kind).sort((a, b) => a.id - b.id);
    expect(rows, `${kind}: one row per non-cached fetch`).toHaveLength(answers.length);
    // Stored in fetch order, with strictly increasing times.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.takenAt).toBeGreaterThan(rows[i - 1]!.takenAt);
    rows.forEach((row, i) => {
      const answer = answers[i]!;
      expect(row.carrierId).toBe(carrierId);
      expect(row.takenAt).toBe(answer.fetchedAt);
      expect(row.rows).toEqual(answer.rows);
      expect(row.rows.length).toBeGreaterThan(0);
    });
  }
  // The content is the screen's data: latest vehicle status and drivers' HOS.
  const lastVehicles = stored.filter((s) => s.kind === 'vehicles').at(-1)!.rows as VehicleRow[];
  expect(lastVehicles.every((v) => typeof v.vehicleId === 'string' && typeof v.number === 'string')).toBe(true);
  const drivers = stored.find((s) => s.kind === 'drivers')!.rows as DriverRow[];
  expect(drivers.some((d) => d.hos !== null && typeof d.hos.driveMs === 'number')).toBe(true);
  const shownDrivers = await page
    .getByTestId('driver-row')
    .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-driver-id')));
  expect(shownDrivers.length).toBeGreaterThan(0);
  const storedIds = new Set(drivers.map((d) => d.driverId));
  for (const id of shownDrivers) expect(storedIds.has(id ?? '')).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('snapshots-drivers.png') });
});
